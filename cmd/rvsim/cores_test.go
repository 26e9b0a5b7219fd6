package main

import (
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// rvsim runs Main in-process and returns its status, stdout and stderr.
func rvsim(args ...string) (int, string, string) {
	var stdout, stderr bytes.Buffer
	status := Main(args, strings.NewReader(""), &stdout, &stderr)
	return status, stdout.String(), stderr.String()
}

func TestCoresCommand(t *testing.T) {
	st, out, errs := rvsim("cores")
	if st != 0 || errs != "" {
		t.Fatalf("status %d, stderr %q", st, errs)
	}
	for _, name := range []string{"rocket", "u74", "x280", "p670"} {
		if !strings.Contains(out, name+" ") {
			t.Errorf("cores does not list %s:\n%s", name, out)
		}
	}
	st, out, _ = rvsim("cores", "--json")
	var rows []struct {
		Name, Summary string
		FreqMHz       float64 `json:"freq_mhz"`
	}
	if st != 0 || json.Unmarshal([]byte(out), &rows) != nil || len(rows) < 4 {
		t.Fatalf("cores --json: status %d, %q", st, out)
	}
}

const katELF = "../../kernels/bin/sm4-kat-zksed-rv64.elf"

func TestRunWithCore(t *testing.T) {
	st, out, errs := rvsim("run", "--core", "rocket", "--stats", katELF)
	if st != 0 {
		t.Fatalf("status %d: %s", st, errs)
	}
	if !strings.Contains(out, "ok") {
		t.Errorf("program output %q", out)
	}
	for _, want := range []string{"core rocket:", "cycles, IPC", "cycles by reason: issue", "loop 0x"} {
		if !strings.Contains(errs, want) {
			t.Errorf("--stats output lacks %q:\n%s", want, errs)
		}
	}
}

func TestRunCoreErrors(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.toml")
	data, err := os.ReadFile("../../cyclemodel/cores/rocket.toml")
	if err != nil {
		t.Fatal(err)
	}
	os.WriteFile(bad, bytes.Replace(data, []byte("issue_width = 1"), []byte("issue_width = 1\nfrobnicate = 3"), 1), 0o644)
	st, _, errs := rvsim("run", "--core", bad, katELF)
	if st != exitUsage || !strings.Contains(errs, "bad.toml:") || !strings.Contains(errs, "pipeline.frobnicate: unknown key") {
		t.Errorf("unknown key: status %d, %q", st, errs)
	}
	// A core without the sm4 class cannot run the program: the error names the class.
	nosm4 := filepath.Join(dir, "nosm4.toml")
	os.WriteFile(nosm4, bytes.Replace(data, []byte(`"sha2", "sm4", "sm3"`), []byte(`"sha2", "sm3"`), 1), 0o644)
	st, _, errs = rvsim("run", "--core", nosm4, katELF)
	if st != exitUsage || !strings.Contains(errs, `op class "sm4"`) {
		t.Errorf("missing class: status %d, %q", st, errs)
	}
	st, _, errs = rvsim("run", "--core", "no-such-core", katELF)
	if st != exitUsage || !strings.Contains(errs, "no core named") {
		t.Errorf("unknown core: status %d, %q", st, errs)
	}
}

// kernelsForTest returns a directory with the SM4 kernel ELFs bench needs: the committed
// ones, or ones built from kernels/src with clang-19 when they are not committed yet.
func kernelsForTest(t *testing.T) string {
	t.Helper()
	if _, err := os.Stat("../../kernels/bin/sm4-c-rv64.elf"); err == nil {
		return "../../kernels/bin"
	}
	clang, err := exec.LookPath("clang-19")
	if err != nil {
		t.Skip("no committed SM4 kernel ELFs and no clang-19 to build them")
	}
	src := "../../kernels/src"
	dir := t.TempDir()
	for _, v := range []struct{ name, file, march string }{
		{"c", "sm4-c.c", "rv64imac_zbc"},
		{"zksed", "sm4-zksed.S", "rv64imac_zksed_zbc"},
		{"zksed-zbkb", "sm4-zksed-zbkb.S", "rv64imac_zksed_zbkb_zbc"},
	} {
		if _, err := os.Stat(filepath.Join(src, v.file)); err != nil {
			t.Skipf("kernels/src has no %s yet", v.file)
		}
		args := []string{"--target=riscv64-unknown-linux-gnu", "-march=" + v.march, "-O2", "-nostdlib", "-static",
			"-fuse-ld=lld", "-ffreestanding", "-fno-stack-protector", "-fno-asynchronous-unwind-tables",
			"-Wl,--build-id=none", "-Wl,-e,sm4_encrypt", "-DCIPHER=sm4", "-DGHASH_C", "-DGHASH_ZBC", "-I" + src,
			"-o", filepath.Join(dir, "sm4-"+v.name+"-rv64.elf"), filepath.Join(src, v.file)}
		for _, f := range []string{"modes.c", "ghash-c.c", "ghash-zbc.c", "lib.c"} {
			args = append(args, filepath.Join(src, f))
		}
		if out, err := exec.Command(clang, args...).CombinedOutput(); err != nil {
			t.Skipf("cannot build the %s kernel: %v\n%s", v.name, err, out)
		}
	}
	return dir
}
