package emu_test

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"rvsim/elf"
	"rvsim/emu"
	"rvsim/internal/fulltest"
)

// Known-answer programs for the vector crypto extensions (emu/testdata/vkat): RISC-V
// assembly, assembled with clang-19 for RV32 and RV64 (vkat.h makes the scalar code
// XLEN-neutral) and each LMUL, and run as Linux user-mode programs at several VLENs. Each
// exits 0 when every result matches the published answers, or prints "FAIL <test>" with
// both values and exits 1.

// vkatExts are the extensions the programs use after the base (no F or D: rvsim does not
// execute them).
const vkatExts = "imacv_zvbb_zvbc_zvkg_zvkned_zvknhb_zvksed_zvksh"

// vkatTarget returns clang's target, -march and -mabi for XLEN xlen.
func vkatTarget(xlen int) []string {
	if xlen == 32 {
		return []string{"--target=riscv32-unknown-linux-gnu", "-march=rv32" + vkatExts, "-mabi=ilp32"}
	}
	return []string{"--target=riscv64-unknown-linux-gnu", "-march=rv64" + vkatExts, "-mabi=lp64"}
}

type vkatProg struct {
	file string
	egw  int // widest element group the program uses: VLEN×LMUL must reach it
}

var vkatProgs = []vkatProg{
	{"aes.S", 128},
	{"sm4.S", 128},
	{"ghash_zvkg.S", 128},
	{"ghash_zvbc.S", 64},
	{"sha256.S", 128},
	{"sha512.S", 256},
	{"sm3.S", 256},
}

var (
	vkatXLENs = []int{64, 32}
	vkatLMULs = []int{1, 2, 4}
	vkatVLENs = []int{128, 256, 512}
)

// vkatSkipRV32 are the LMULs RV32 leaves out (it runs LMUL 1 and 4 at every VLEN): each
// build costs a clang run, which is most of the test's time, and the vector code is the
// same at either XLEN, so LMUL=2 at RV32 would only repeat what RV64 checks.
var vkatSkipRV32 = map[int]bool{2: true}

// vkatTools finds clang-19 and ld.lld-19: without them the test skips, or fails on CI.
func vkatTools(t *testing.T) string {
	t.Helper()
	clang, err1 := exec.LookPath("clang-19")
	_, err2 := exec.LookPath("ld.lld-19")
	if err1 != nil || err2 != nil {
		msg := "vector crypto known-answer tests need clang-19 and ld.lld-19 on PATH (run scripts/setup.sh)"
		if os.Getenv("CI") == "true" {
			t.Fatal(msg)
		}
		t.Skip(msg + "; skipping")
	}
	return clang
}

// vkatBuild assembles prog for XLEN=xlen and LMUL=lmul into dir and returns the ELF's path.
func vkatBuild(clang, dir string, prog vkatProg, xlen, lmul int) (string, error) {
	src, err := filepath.Abs(filepath.Join("testdata", "vkat", prog.file))
	if err != nil {
		return "", err
	}
	out := filepath.Join(dir, fmt.Sprintf("%s-rv%d-m%d.elf", strings.TrimSuffix(prog.file, ".S"), xlen, lmul))
	args := append(vkatTarget(xlen), "-nostdlib", "-static", "-fuse-ld=lld",
		fmt.Sprintf("-DLMUL=m%d", lmul), "-o", out, src)
	if b, err := exec.Command(clang, args...).CombinedOutput(); err != nil {
		return "", fmt.Errorf("clang-19 %s: %v\n%s", strings.Join(args, " "), err, b)
	}
	return out, nil
}

// vkatRun runs an ELF at the given VLEN and returns how it stopped and what it printed.
func vkatRun(path string, vlen int, agnosticOnes bool) (emu.Stop, string, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return emu.Stop{}, "", err
	}
	f, err := elf.Parse(data)
	if err != nil {
		return emu.Stop{}, "", err
	}
	var out bytes.Buffer
	mc, err := emu.Load(f, emu.Config{Env: emu.EnvLinux, VLEN: vlen, AgnosticOnes: agnosticOnes,
		Linux: emu.LinuxConfig{Args: []string{filepath.Base(path)}, Stdout: &out, Stderr: &out}})
	if err != nil {
		return emu.Stop{}, "", err
	}
	st := mc.Hart.Run(200_000_000)
	return st, out.String(), nil
}

// vkatSampled names the XLEN and LMUL ("64 2") a sampled run builds file at.
func vkatSampled(file string) string {
	var combos []string
	for _, xlen := range vkatXLENs {
		for _, lmul := range vkatLMULs {
			if !(xlen == 32 && vkatSkipRV32[lmul]) {
				combos = append(combos, fmt.Sprint(xlen, lmul))
			}
		}
	}
	return combos[fulltest.Pick(file, len(combos))]
}

func TestVectorCryptoKAT(t *testing.T) {
	clang := vkatTools(t)
	dir := t.TempDir()
	// Each program is assembled once per XLEN and LMUL, by the first subtest that needs it.
	type build struct {
		once sync.Once
		path string
		err  error
	}
	fulltest.Note(t, "each program at one XLEN and LMUL")
	for _, p := range vkatProgs {
		for _, xlen := range vkatXLENs {
			for _, lmul := range vkatLMULs {
				if xlen == 32 && vkatSkipRV32[lmul] {
					continue
				}
				b := &build{}
				for _, vlen := range vkatVLENs {
					name := fmt.Sprintf("%s/rv%d/m%d/VLEN=%d", strings.TrimSuffix(p.file, ".S"), xlen, lmul, vlen)
					// A sampled run builds each program at one XLEN and LMUL and runs it
					// at every VLEN.
					if !fulltest.Full() && fmt.Sprint(xlen, lmul) != vkatSampled(p.file) {
						continue
					}
					t.Run(name, func(t *testing.T) {
						if vlen*lmul < p.egw {
							t.Skipf("EGW=%d exceeds VLEN×LMUL=%d: the element group does not fit (see TestVectorCryptoKATEGWRule)", p.egw, vlen*lmul)
						}
						t.Parallel()
						b.once.Do(func() { b.path, b.err = vkatBuild(clang, dir, p, xlen, lmul) })
						if b.err != nil {
							t.Fatal(b.err)
						}
						// Alternate the agnostic policy so that programs relying on tail values show up.
						ones := vlen == 256
						st, out, err := vkatRun(b.path, vlen, ones)
						if err != nil {
							t.Fatal(err)
						}
						if st.Reason != emu.StopExit || st.Code != 0 {
							t.Fatalf("%v\n%s", st, out)
						}
					})
				}
			}
		}
	}
}

// A program whose element groups do not fit in VLEN×LMUL stops at its first element-group
// instruction with an illegal-instruction fault that names the rule.
func TestVectorCryptoKATEGWRule(t *testing.T) {
	clang := vkatTools(t)
	dir := t.TempDir()
	for _, xlen := range vkatXLENs {
		path, err := vkatBuild(clang, dir, vkatProg{file: "sha512.S"}, xlen, 1)
		if err != nil {
			t.Fatal(err)
		}
		st, out, err := vkatRun(path, 128, false)
		if err != nil {
			t.Fatal(err)
		}
		if st.Reason != emu.StopSignal || st.Signal != emu.SIGILL || !strings.Contains(st.Msg, "EGW=256 exceeds LMUL×VLEN=1×128") {
			t.Fatalf("RV%d SHA-512 at VLEN=128, LMUL=1: %v (%q), want SIGILL naming the EGW rule\n%s", xlen, st, st.Msg, out)
		}
	}
}
