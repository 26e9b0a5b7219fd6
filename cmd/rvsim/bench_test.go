package main

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"encoding/xml"
	"image/png"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"
)

func TestBenchTable(t *testing.T) {
	dir := kernelsForTest(t)
	start := time.Now()
	st, out, errs := rvsim("bench", "--core", "rocket", "--kernels", dir, "--mode", "cbc", "--variant", "c,zksed,zksed-zbkb", "--detail")
	if st != 0 {
		t.Fatalf("status %d: %s", st, errs)
	}
	// A full table (6 sizes, 3 variants, 1 mode) must take under 5 seconds.
	if d := time.Since(start); d > 5*time.Second && !testing.Short() {
		t.Errorf("bench took %v", d)
	}
	lines := strings.Split(out, "\n")
	if lines[1] != "type             16 bytes     64 bytes    256 bytes   1024 bytes   8192 bytes  16384 bytes" {
		t.Errorf("header %q", lines[1])
	}
	row := regexp.MustCompile(`^SM4-CBC/c( +[0-9]+\.[0-9]{2}k){6}$`)
	if !row.MatchString(lines[2]) {
		t.Errorf("row %q is not in openssl speed's format", lines[2])
	}
	for _, want := range []string{"speedup", "SM4-CBC/zksed/c", "fit: cycles = ", "R² "} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
}

func TestBenchJSONCSVExplain(t *testing.T) {
	dir := kernelsForTest(t)
	st, out, errs := rvsim("bench", "--core", "u74", "--kernels", dir, "--mode", "ecb", "--variant", "zksed", "--sizes", "64,1024", "--json")
	if st != 0 {
		t.Fatalf("status %d: %s", st, errs)
	}
	var recs []benchRecord
	if err := json.Unmarshal([]byte(out), &recs); err != nil || len(recs) != 2 {
		t.Fatalf("json: %v %q", err, out)
	}
	if r := recs[1]; r.Alg != "sm4" || r.Mode != "ecb" || r.Variant != "zksed" || r.XLEN != 64 || r.Size != 1024 || r.Cycles == 0 || r.BytesPerSec <= 0 {
		t.Errorf("record %+v", r)
	}
	st, out, _ = rvsim("bench", "--core", "u74", "--kernels", dir, "--mode", "gcm", "--variant", "zksed", "--ghash", "zbc", "--sizes", "256", "--csv")
	rows, err := csv.NewReader(strings.NewReader(out)).ReadAll()
	if st != 0 || err != nil || len(rows) != 2 || rows[0][4] != "ghash" || rows[1][4] != "zbc" {
		t.Fatalf("csv: %d %v %q", st, err, out)
	}
	st, out, _ = rvsim("bench", "--core", "p670", "--kernels", dir, "--mode", "ctr", "--variant", "c,zksed", "--sizes", "256", "--explain", "--decrypt")
	for _, want := range []string{"explain SM4-CTR/c, 256 bytes", "issue", "loops:", "instructions:", "sm4ed"} {
		if st != 0 || !strings.Contains(out, want) {
			t.Errorf("--explain output lacks %q (status %d):\n%s", want, st, out)
		}
	}
}

func TestBenchErrors(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"bench"}, "--core is required"},
		{[]string{"bench", "--core", "rocket", "--kernels", ".", "--mode", "xyz"}, `--mode "xyz"`},
		{[]string{"bench", "--core", "rocket", "--kernels", ".", "--sizes", "0"}, "--sizes"},
		{[]string{"bench", "--core", "rocket", "--kernels", ".", "--variant", "nope", "--mode", "ecb"}, `variant "nope"`},
		{[]string{"bench", "--core", "rocket", "--kernels", ".", "--reference", "log.txt", "--profile", "p.pprof"}, "--profile does not go with --reference"},
		{[]string{"bench", "--core", "rocket", "--kernels", ".", "--profile", "no/such/dir/p.pprof"}, "bench: --profile: open no/such/dir/p.pprof: no such file or directory"},
	} {
		st, _, errs := rvsim(tc.args...)
		if st != exitUsage || !strings.Contains(errs, tc.want) {
			t.Errorf("%v: status %d, %q, want %q", tc.args, st, errs, tc.want)
		}
	}
}

func TestBenchReference(t *testing.T) {
	dir := kernelsForTest(t)
	st, out, errs := rvsim("bench", "--core", "rocket", "--kernels", dir, "--reference", "../../testdata/reference/sm4-openssl-speed.txt")
	if st != 0 {
		t.Fatalf("--reference testdata/reference/sm4-openssl-speed.txt: status %d: %s", st, errs)
	}
	for _, want := range []string{"ECB   zksed ", "CBC   zksed-zbkb", "GCM   zksed       zbc", "largest error"} {
		if !strings.Contains(out, want) {
			t.Errorf("--reference output lacks %q:\n%s", want, out)
		}
	}
	t.Logf("\n%s", out)
}

// BenchmarkRunWithModel compares `rvsim run` with and without a cycle model on the
// interpreter benchmark loop (scripts/bench/loop.s, 10 instructions per iteration): the MIPS
// metric of each sub-benchmark is the emulator's speed; the modelled runs must keep 40% of
// the plain one (the README's "Speed with the model on" has the figures).
func BenchmarkRunWithModel(b *testing.B) {
	clang, err := exec.LookPath("clang-19")
	if err != nil {
		b.Skip("needs clang-19 to build scripts/bench/loop.s")
	}
	const iters = 2000000
	elf := filepath.Join(b.TempDir(), "loop")
	out, err := exec.Command(clang, "--target=riscv64-unknown-linux-gnu", "-march=rv64imac_zksed", "-nostdlib", "-static",
		"-fuse-ld=lld", "-DITERS="+strconv.Itoa(iters), "-x", "assembler-with-cpp", "../../scripts/bench/loop.s", "-o", elf).CombinedOutput()
	if err != nil {
		b.Skipf("cannot build the loop: %v\n%s", err, out)
	}
	for _, core := range []string{"", "rocket", "u74", "p670"} {
		name := core
		if name == "" {
			name = "plain"
		}
		b.Run(name, func(b *testing.B) {
			args := []string{"run", elf}
			if core != "" {
				args = []string{"run", "--core", core, elf}
			}
			for i := 0; i < b.N; i++ {
				rvsim(args...)
			}
			b.ReportMetric(float64(10*iters)*float64(b.N)/b.Elapsed().Seconds()/1e6, "MIPS")
		})
	}
}

// TestBestGHASH checks --ghash auto's choice: the best kernel the variant's extensions allow.
func TestBestGHASH(t *testing.T) {
	for variant, want := range map[string]string{
		"c": "c", "zksed": "c", "zksed-zbkb": "c", "zkn": "zbc", "zksed-zbc": "zbc",
		"zvksed-zvkb": "zvkg", "zvkned": "zvkg", "zvkned-x8": "zvkg",
	} {
		if got := bestGHASH(variant); got != want {
			t.Errorf("bestGHASH(%q) = %q, want %q", variant, got, want)
		}
	}
}

// TestBenchPlot draws a bench as SVG and PNG: the SVG is well-formed XML naming every mode
// and variant in its text, the PNG decodes; a file name of another kind is one error line.
func TestBenchPlot(t *testing.T) {
	dir := kernelsForTest(t)
	work := t.TempDir()
	svgPath, pngPath := filepath.Join(work, "b.svg"), filepath.Join(work, "b.png")
	args := []string{"bench", "--core", "u74", "--kernels", dir, "--mode", "cbc,ctr", "--variant", "c,zksed,zksed-zbkb", "--sizes", "16,256,4096"}
	if st, _, errs := rvsim(append(args, "--plot", svgPath)...); st != 0 {
		t.Fatalf("--plot svg: status %d: %s", st, errs)
	}
	data, err := os.ReadFile(svgPath)
	if err != nil {
		t.Fatal(err)
	}
	var text strings.Builder
	dec := xml.NewDecoder(bytes.NewReader(data))
	root := ""
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatalf("the SVG is not well-formed XML: %v", err)
		}
		switch tok := tok.(type) {
		case xml.StartElement:
			if root == "" {
				root = tok.Name.Local
			}
		case xml.CharData:
			text.Write(tok)
		}
	}
	if root != "svg" {
		t.Errorf("root element %q, want svg", root)
	}
	for _, want := range []string{"SM4-CBC/c", "SM4-CBC/zksed", "SM4-CBC/zksed-zbkb", "SM4-CTR/c", "SM4-CTR/zksed", "SM4-CTR/zksed-zbkb", "speedup", "u74"} {
		if !strings.Contains(text.String(), want) {
			t.Errorf("the SVG's text lacks %q", want)
		}
	}
	if st, _, errs := rvsim(append(args, "--plot", pngPath)...); st != 0 {
		t.Fatalf("--plot png: status %d: %s", st, errs)
	}
	f, err := os.Open(pngPath)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		t.Fatalf("the PNG does not decode: %v", err)
	}
	if b := img.Bounds(); b.Dx() < 300 || b.Dy() < 300 {
		t.Errorf("PNG of %v", b)
	}
	st, _, errs := rvsim(append(args, "--plot", filepath.Join(work, "b.pdf"))...)
	if st != exitUsage || strings.Count(strings.TrimSpace(errs), "\n") != 0 || !strings.Contains(errs, "want a .svg or .png") {
		t.Errorf("--plot b.pdf: status %d, %q", st, errs)
	}
}
