package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// On a core without a vector unit and no --isa, the guest is offered no vector extensions:
// OpenSSL (which asks through hwprobe) takes its scalar-crypto AES, which rocket's model
// times, and the run ends cleanly; with --isa asking for V the model's error names the
// vector class it cannot time.
func TestRunCoreWithoutVectorUnit(t *testing.T) {
	root := sysroot(t)
	ossl := filepath.Join(root, "usr", "bin", "openssl")
	args := []string{"--core", "rocket", "--freq", "5", "--sysroot", root, ossl, "speed", "-evp", "aes-128-cbc", "-seconds", "1", "-bytes", "16384"}
	rv := rvsimRun(t, nil, args...)
	if rv.status != 0 || !strings.Contains(rv.stdout, "AES-128-CBC") {
		t.Fatalf("openssl speed on rocket: status %d\n%s\n%s", rv.status, rv.stdout, rv.stderr)
	}
	if caps := rv.stdout[strings.Index(rv.stdout, "CPUINFO:"):]; !strings.Contains(caps, "_ZKNE") || strings.Contains(caps, "_V_") || strings.Contains(caps, "ZVK") {
		t.Errorf("the guest on rocket should see scalar crypto and no vector extensions: %s", caps[:strings.Index(caps, "\n")])
	}
	enc := []string{"--isa", "rv64gcv_zvkned_zvkb_zkne", "--core", "rocket", "--sysroot", root, ossl, "enc", "-aes-128-cbc",
		"-K", "000102030405060708090a0b0c0d0e0f", "-iv", "000102030405060708090a0b0c0d0e0f"}
	rv = rvsimRun(t, []byte(strings.Repeat("sixteen bytes!!\n", 64)), enc...)
	if rv.status == 0 || !strings.Contains(rv.stderr, `does not assign op class "v`) {
		t.Errorf("--isa with V on rocket: status %d, stderr %q; want the model's unassigned-class error", rv.status, rv.stderr)
	}
}

// A program whose own code is vector code keeps V on a core without a vector unit, and is
// refused at once with the class the core lacks, not run into a SIGILL.
func TestRunVectorProgramOnScalarCore(t *testing.T) {
	clang := needTool(t, "clang-19", "ld.lld-19")
	dir := t.TempDir()
	src, prog := filepath.Join(dir, "v.s"), filepath.Join(dir, "v.elf")
	if err := os.WriteFile(src, []byte("\t.globl _start\n_start:\n\tvsetivli t0, 4, e32, m1, ta, ma\n\tvadd.vv v1, v2, v3\n\tli a0, 0\n\tli a7, 93\n\tecall\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	buildAsm(t, clang, "riscv64-unknown-elf", "rv64gcv", src, prog)
	rv := rvsimRun(t, nil, "--core", "rocket", prog)
	if rv.status != exitUsage || !strings.Contains(rv.stderr, `does not assign op class "vset"`) {
		t.Errorf("status %d, stderr %q; want the class error before the run", rv.status, rv.stderr)
	}
	if rv := rvsimRun(t, nil, "--core", "p670", prog); rv.status != 0 {
		t.Errorf("on p670: status %d, stderr %q", rv.status, rv.stderr)
	}
}
