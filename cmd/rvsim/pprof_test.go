package main

import (
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/google/pprof/profile"

	"rvsim/cyclemodel"
)

// The profiles rvsim writes, read back by `go tool pprof` as a Go user would.

// goPprof runs `go tool pprof args...` (the go command of the toolchain running the test)
// and returns its output.
func goPprof(t *testing.T, args ...string) string {
	t.Helper()
	goCmd := filepath.Join(runtime.GOROOT(), "bin", "go")
	if _, err := os.Stat(goCmd); err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("the go command is needed to read profiles: %v", err)
		}
		t.Skipf("skipping: no go command at %s to read profiles: %v", goCmd, err)
	}
	cmd := exec.Command(goCmd, append([]string{"tool", "pprof"}, args...)...)
	cmd.Env = append(os.Environ(), "PPROF_TMPDIR="+t.TempDir(), "PPROF_NO_BROWSER=1")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("go tool pprof %s: %v\n%s", strings.Join(args, " "), err, out)
	}
	return string(out)
}

var (
	pprofTotalRE = regexp.MustCompile(`(?m)^Duration: .*, Total samples = ([0-9]+) *$`)
	pprofRowRE   = regexp.MustCompile(`(?m)^ *([0-9]+) +([0-9.]+)% +[0-9.]+% +([0-9]+) +[0-9.]+% +(.+)$`)
)

// pprofTop parses `go tool pprof -top`: the total and the rows (flat, flat%, cum, name).
type pprofTopRow struct {
	flat    uint64
	flatPct float64
	cum     uint64
	name    string
}

func parsePprofTop(t *testing.T, out string) (uint64, []pprofTopRow) {
	t.Helper()
	m := pprofTotalRE.FindStringSubmatch(out)
	if m == nil {
		t.Fatalf("no total in pprof -top output:\n%s", out)
	}
	total, _ := strconv.ParseUint(m[1], 10, 64)
	var rows []pprofTopRow
	for _, r := range pprofRowRE.FindAllStringSubmatch(out, -1) {
		flat, _ := strconv.ParseUint(r[1], 10, 64)
		pct, _ := strconv.ParseFloat(r[2], 64)
		cum, _ := strconv.ParseUint(r[3], 10, 64)
		rows = append(rows, pprofTopRow{flat, pct, cum, strings.TrimSpace(r[4])})
	}
	if len(rows) == 0 {
		t.Fatalf("no rows in pprof -top output:\n%s", out)
	}
	return total, rows
}

// The profile of an SM4 kernel: pprof's total is the model's cycle count of the measured
// call, and its hottest function and share are the model's.
func TestPprofTopOfKernel(t *testing.T) {
	dir := kernelsForTest(t)
	const size = 1024
	bc := benchCase{alg: "sm4", mode: "cbc", variant: "zksed", ghash: bestGHASH("zksed")}

	// What the model reports of the same call, in-process.
	core, err := cyclemodel.Load("u74")
	if err != nil {
		t.Fatal(err)
	}
	ro := &benchRunOptions{dir: dir, xlen: 64, freq: core.FreqMHz, profile: true}
	r, err := measureCase(bc, core, ro, []int{size})
	if err != nil {
		t.Fatal(err)
	}
	cycles := r.results[0].cycles
	if st := r.model.Stats(); st.Cycles != cycles {
		t.Fatalf("the model's stats say %d cycles, the measurement %d", st.Cycles, cycles)
	}
	hottest := topFunctions(r.model, r.objs, 1)[0]

	file := filepath.Join(t.TempDir(), "sm4.pprof")
	st, out, errs := rvsim("bench", "--core", "u74", "--kernels", dir, "--mode", bc.mode, "--variant", bc.variant,
		"--sizes", strconv.Itoa(size), "--json", "--profile", file)
	if st != 0 {
		t.Fatalf("bench: status %d: %s", st, errs)
	}
	if !strings.Contains(out, `"cycles": `+strconv.FormatUint(cycles, 10)+",") {
		t.Fatalf("bench reports other cycles than %d:\n%s", cycles, out)
	}
	top := goPprof(t, "-top", file)
	total, rows := parsePprofTop(t, top)
	if total != cycles {
		t.Errorf("pprof's total is %d cycles, the model's %d", total, cycles)
	}
	if rows[0].name != hottest.name || rows[0].flat != hottest.cycles {
		t.Errorf("pprof's hottest function is %s with %d cycles, the model's %s with %d:\n%s",
			rows[0].name, rows[0].flat, hottest.name, hottest.cycles, top)
	}
	// pprof rounds its percentages to two places.
	if want := pct(hottest.cycles, cycles); math.Abs(rows[0].flatPct-want) > 0.006 {
		t.Errorf("pprof gives %s %.2f%% of the cycles, the model %.4f%%", rows[0].name, rows[0].flatPct, want)
	}
	if !strings.Contains(top, "File: sm4-zksed-rv64.elf\n") {
		t.Errorf("the mapping does not name the kernel:\n%s", top)
	}
	t.Logf("pprof -top:\n%s", top)
}

// hotC has a hot loop with a function inlined into it and a colder one.
const hotC = `typedef unsigned long u64;

static u64 mix(u64 x) {
	x ^= x >> 31;
	x *= 0x9e3779b97f4a7c15ull;
	return x ^ (x >> 29);
}

__attribute__((noinline)) u64 hot(u64 n) {
	u64 s = 0;
	for (u64 i = 0; i < n; i++) {
		s += mix(i);
		s ^= s << 7;
	}
	return s;
}

__attribute__((noinline)) u64 cold(u64 n) {
	u64 s = 1;
	for (u64 i = 0; i < n; i++)
		s = s * 3 + i;
	return s;
}

void _start(void) {
	u64 r = hot(3000) + cold(300);
	register long a0 __asm__("a0") = (long)(r & 0);
	register long a7 __asm__("a7") = 93;
	__asm__ volatile("ecall" : : "r"(a0), "r"(a7));
	for (;;) {
	}
}
`

// profileHotC builds hotC with -g, runs it on core with --stats and --profile, and returns
// the program's path, the profile's and rvsim's stderr.
func profileHotC(t *testing.T, core string) (prog, file, stderr string) {
	t.Helper()
	clang := clangOrSkip(t)
	dir := t.TempDir()
	src := filepath.Join(dir, "hot.c")
	prog = filepath.Join(dir, "hot")
	if err := os.WriteFile(src, []byte(hotC), 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(clang, "--target=riscv64-unknown-elf", "-march=rv64imac", "-g", "-O1", "-nostdlib",
		"-static", "-fuse-ld=lld", "-o", prog, src)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("clang-19: %v\n%s", err, out)
	}
	file = filepath.Join(dir, "hot.pprof")
	st, _, errs := rvsim("run", "--core", core, "--stats", "--profile", file, prog)
	if st != 0 {
		t.Fatalf("run: status %d: %s", st, errs)
	}
	return prog, file, errs
}

// -list shows the C source of a function with the cycles of its lines, and inlined code
// under the function it came from.
func TestPprofListShowsSource(t *testing.T) {
	_, file, _ := profileHotC(t, "u74")
	list := goPprof(t, "-list", "^hot$", file)
	head := regexp.MustCompile(`(?m)^ROUTINE =+ hot in (.*)/hot\.c\n +([0-9]+) +([0-9]+) \(flat, cum\)`).FindStringSubmatch(list)
	if head == nil {
		t.Fatalf("no routine hot in hot.c:\n%s", list)
	}
	flat, _ := strconv.ParseUint(head[2], 10, 64)
	// Every source line of hot with its cycles: they add up to the function's flat cycles.
	lineRE := regexp.MustCompile(`(?m)^ +([0-9]+|\.) +([0-9]+|\.) +([0-9]+):(.*)$`)
	var sum uint64
	shown := map[int]string{}
	for _, m := range lineRE.FindAllStringSubmatch(list, -1) {
		n, _ := strconv.Atoi(m[3])
		shown[n] = strings.TrimSpace(m[4])
		if m[1] != "." {
			c, _ := strconv.ParseUint(m[1], 10, 64)
			sum += c
			if n < 9 || n > 16 {
				t.Errorf("cycles on line %d, outside hot:\n%s", n, list)
			}
		}
	}
	// The rest is code DWARF gives line 0 (no source line: clang's loop set-up here), which
	// the profile keeps as it is and -list cannot show.
	if line0 := line0Cycles(t, file, "hot"); sum+line0 != flat || sum == 0 {
		t.Errorf("the lines of hot add up to %d cycles and %d are on line 0; its flat is %d:\n%s", sum, line0, flat, list)
	}
	if shown[13] != "s ^= s << 7;" || !regexp.MustCompile(`(?m)^ +[1-9][0-9]* +[1-9][0-9]* +13:`).MatchString(list) {
		t.Errorf("line 13 (s ^= s << 7) is not shown with its cycles:\n%s", list)
	}
	// mix is inlined into hot: its lines have cycles of their own, and hot's cumulative
	// cycles include them.
	mixList := goPprof(t, "-list", "^mix$", file)
	if !regexp.MustCompile(`(?m)^ +[1-9][0-9]* +[1-9][0-9]* +5:\s+x \*= 0x9e3779b97f4a7c15ull;$`).MatchString(mixList) {
		t.Errorf("mix's multiply (line 5) has no cycles:\n%s", mixList)
	}
	cum, _ := strconv.ParseUint(head[3], 10, 64)
	if cum <= flat {
		t.Errorf("hot's cumulative cycles (%d) do not include the inlined mix (flat %d)", cum, flat)
	}
	// -disasm (and the web UI's source view) reads the instructions from the mapped file:
	// the mapping's start and offset must give the right load base, so that the multiply
	// shows with its cycles (pprof disassembles in Go's syntax).
	dis := goPprof(t, "-disasm", "hot", file)
	if !regexp.MustCompile(`(?m)^ +[1-9][0-9]* +[1-9][0-9]* +[0-9a-f]+: MUL `).MatchString(dis) {
		t.Errorf("-disasm does not show hot's multiply with its cycles:\n%s", dis)
	}
}

// line0Cycles returns the cycles of the profile's samples whose innermost frame is
// function fn at line 0.
func line0Cycles(t *testing.T, file, fn string) uint64 {
	t.Helper()
	p := readProfile(t, file)
	var c uint64
	for _, s := range p.Sample {
		if l := s.Location[0].Line; len(l) > 0 && l[0].Function.Name == fn && l[0].Line == 0 {
			c += uint64(s.Value[0])
		}
	}
	return c
}

func readProfile(t *testing.T, file string) *profile.Profile {
	t.Helper()
	f, err := os.Open(file)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	p, err := profile.Parse(f)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// The sample types are cycles, instructions and the reasons --stats lists; the reasons of
// every sample add up to its cycles, and each type's total is --stats's figure.
func TestPprofSampleTypes(t *testing.T) {
	prog, file, stderr := profileHotC(t, "u74")
	p := readProfile(t, file)
	// --stats: "core u74: N cycles", "N instructions retired", "cycles by reason: R N (P%), ...".
	want := map[string]uint64{}
	m := regexp.MustCompile(`rvsim: core u74: ([0-9]+) cycles`).FindStringSubmatch(stderr)
	n := regexp.MustCompile(`rvsim: ([0-9]+) instructions retired`).FindStringSubmatch(stderr)
	br := regexp.MustCompile(`rvsim: cycles by reason: (.*)`).FindStringSubmatch(stderr)
	if m == nil || n == nil || br == nil {
		t.Fatalf("--stats lacks cycles, instructions or reasons:\n%s", stderr)
	}
	want["cycles"], _ = strconv.ParseUint(m[1], 10, 64)
	want["instructions"], _ = strconv.ParseUint(n[1], 10, 64)
	var reasons []string
	for _, part := range strings.Split(br[1], ", ") {
		f := strings.Fields(part)
		c, _ := strconv.ParseUint(f[1], 10, 64)
		want[f[0]] = c
		reasons = append(reasons, f[0])
	}
	var types []string
	for _, st := range p.SampleType {
		types = append(types, st.Type)
		if st.Unit != "count" {
			t.Errorf("sample type %s has unit %q", st.Type, st.Unit)
		}
	}
	if len(types) < 3 || types[0] != "cycles" || types[1] != "instructions" || p.DefaultSampleType != "cycles" {
		t.Fatalf("sample types %v (default %q)", types, p.DefaultSampleType)
	}
	got := slices.Clone(types[2:])
	slices.Sort(got)
	slices.Sort(reasons)
	if !slices.Equal(got, reasons) {
		t.Fatalf("reason sample types %v, --stats lists %v", types[2:], reasons)
	}
	if types[2] != "issue" {
		t.Errorf("reasons are not in the model's order (issue first): %v", types[2:])
	}
	totals := make([]uint64, len(types))
	for _, s := range p.Sample {
		var sum int64
		for i, v := range s.Value {
			if v < 0 {
				t.Fatalf("negative value %d of %s", v, types[i])
			}
			totals[i] += uint64(v)
			if i >= 2 {
				sum += v
			}
		}
		if sum != s.Value[0] {
			t.Fatalf("sample at %#x: reasons add up to %d, cycles %d", s.Location[0].Address, sum, s.Value[0])
		}
	}
	for i, typ := range types {
		if totals[i] != want[typ] {
			t.Errorf("%s: the profile has %d, --stats %d", typ, totals[i], want[typ])
		}
	}
	// One mapping, the program's, holding every location.
	if len(p.Mapping) != 1 || p.Mapping[0].File != prog || !p.Mapping[0].HasFunctions {
		t.Fatalf("mappings %+v", p.Mapping)
	}
	for _, loc := range p.Location {
		if mp := p.Mapping[0]; loc.Mapping != mp || loc.Address < mp.Start || loc.Address >= mp.Limit {
			t.Fatalf("location %#x is not in the program's mapping %#x..%#x", loc.Address, mp.Start, mp.Limit)
		}
	}
}
