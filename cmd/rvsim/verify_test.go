package main

import (
	"bytes"
	"debug/elf"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"strings"
	"syscall"
	"testing"
	"time"

	"rvsim/kernels"
)

// runMain runs rvsim in-process and returns its exit status and output.
func runMain(t *testing.T, args ...string) (int, string, string) {
	t.Helper()
	var stdout, stderr bytes.Buffer
	status := Main(args, strings.NewReader(""), &stdout, &stderr)
	return status, stdout.String(), stderr.String()
}

func kernelBin(t *testing.T) string {
	t.Helper()
	dir, err := filepath.Abs(filepath.Join("..", "..", "kernels", "bin"))
	if err != nil {
		t.Fatal(err)
	}
	return dir
}

// TestVerifyDefault checks every committed kernel, found from the working directory (this
// package's directory, two levels below the repository root).
func TestVerifyDefault(t *testing.T) {
	status, out, errOut := runMain(t, "verify", "--json")
	if status != 0 {
		t.Fatalf("verify exited %d\n%s\n%s", status, out, errOut)
	}
	var rep verifyReport
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatalf("--json output: %v\n%s", err, out)
	}
	if !rep.OK || rep.Passed != rep.Total || rep.Total < 500 {
		t.Errorf("ok %v, %d of %d passed", rep.OK, rep.Passed, rep.Total)
	}
	kernelsSeen, skipped, million := 0, 0, 0
	for _, k := range rep.Kernels {
		if k.Skipped != "" {
			skipped++
			continue
		}
		kernelsSeen++
		if k.ISA == "" || !strings.HasPrefix(k.ISA, "rv") {
			t.Errorf("%s: no ISA", k.Name)
		}
		for _, m := range k.Modes {
			if m.Total == 0 || m.InsnsPerByte <= 0 {
				t.Errorf("%s %s: %d vectors, %.1f instructions per byte", k.Name, m.Mode, m.Total, m.InsnsPerByte)
			}
			if k.Family == "sm4" && m.Mode == "block" && m.Total == 2 {
				million++
			}
		}
	}
	if kernelsSeen != 19 || skipped != 2 {
		t.Errorf("%d kernels checked, %d skipped; want 19 and 2 (the examples)", kernelsSeen, skipped)
	}
	if million != 1 {
		t.Errorf("the million-fold SM4 vector ran on %d kernels, want 1 without --long", million)
	}
}

func TestVerifyTable(t *testing.T) {
	status, out, _ := runMain(t, "verify", "--kernel", filepath.Join(kernelBin(t), "sm4-zksed-zbkb-rv64.elf"))
	if status != 0 {
		t.Fatalf("verify exited %d\n%s", status, out)
	}
	for _, re := range []string{
		`(?m)^KERNEL +MODE +VECTORS +INSNS/BYTE`,
		`(?m)^sm4-zksed-zbkb-rv64 +block +2/2 +\d+\.\d`, // one block and the million-fold one
		`(?m)^sm4-zksed-zbkb-rv64 +cbc +2/2 `,
		`(?m)^sm4-zksed-zbkb-rv64 +gcm-zbc +1/1 `,
		`(?m)^sm4-zksed-zbkb-rv64 +xts +1/1 `,
		`(?m)^sm4-zksed-zbkb-rv64 +ghash-c +18/18 `,
		`(?m)^ok: \d+ of \d+ vector runs passed$`,
	} {
		if !regexp.MustCompile(re).MatchString(out) {
			t.Errorf("output does not match %s:\n%s", re, out)
		}
	}
}

// TestVerifyVLEN: --vlen sets the vector kernels' VLEN; the batched SM4 modes take twice the
// blocks at a time at 256, so ECB retires about half the instructions per byte.
func TestVerifyVLEN(t *testing.T) {
	ecb := map[int]float64{}
	for _, vlen := range []string{"128", "256"} {
		status, out, _ := runMain(t, "verify", "--json", "--vlen", vlen, "--kernel", filepath.Join(kernelBin(t), "sm4-zvksed-zvkb-rv64.elf"))
		if status != 0 {
			t.Fatalf("verify --vlen %s exited %d\n%s", vlen, status, out)
		}
		var rep verifyReport
		if err := json.Unmarshal([]byte(out), &rep); err != nil {
			t.Fatal(err)
		}
		if fmt.Sprint(rep.VLEN) != vlen || len(rep.Kernels) != 1 || rep.Kernels[0].ISA != "rv64imacv_zvksed_zvkb" {
			t.Fatalf("--vlen %s: report VLEN %d, kernels %+v", vlen, rep.VLEN, rep.Kernels)
		}
		for _, m := range rep.Kernels[0].Modes {
			if m.Mode == "ecb" {
				ecb[rep.VLEN] = m.InsnsPerByte
			}
		}
	}
	if !(ecb[256] > 0 && ecb[256] < 0.7*ecb[128]) {
		t.Errorf("sm4-zvksed-zvkb ECB: %.2f instructions per byte at VLEN=128, %.2f at 256", ecb[128], ecb[256])
	}
	if status, _, errOut := runMain(t, "verify", "--vlen", "96"); status != 2 || !strings.Contains(errOut, "VLEN 96") {
		t.Errorf("--vlen 96: status %d, stderr %q", status, errOut)
	}
}

// TestVerifyUserELF: an ELF with another name is checked by what it exports, with every
// extension enabled; a glob selects kernels too.
func TestVerifyUserELF(t *testing.T) {
	dir := t.TempDir()
	data, err := os.ReadFile(filepath.Join(kernelBin(t), "aes-zkn-rv32.elf"))
	if err != nil {
		t.Fatal(err)
	}
	mine := filepath.Join(dir, "my_aes.elf")
	os.WriteFile(mine, data, 0o644)
	status, out, _ := runMain(t, "verify", "--json", "--kernel", filepath.Join(dir, "*.elf"))
	if status != 0 {
		t.Fatalf("verify exited %d\n%s", status, out)
	}
	var rep verifyReport
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatal(err)
	}
	if len(rep.Kernels) != 1 || rep.Kernels[0].Family != "aes" || rep.Kernels[0].ISA != "" || len(rep.Kernels[0].Modes) != 12 {
		t.Errorf("report %+v", rep.Kernels[0])
	}
}

// TestVerifyBroken: a kernel with one wrong round constant fails, and verify says where.
func TestVerifyBroken(t *testing.T) {
	src := filepath.Join(kernelBin(t), "aes-c-rv64.elf")
	data, err := os.ReadFile(src)
	if err != nil {
		t.Fatal(err)
	}
	f, err := elf.Open(src)
	if err != nil {
		t.Fatal(err)
	}
	syms, _ := f.Symbols()
	patched := false
	for _, s := range syms {
		if s.Name != "RCON" {
			continue
		}
		for _, p := range f.Progs {
			if p.Type == elf.PT_LOAD && s.Value >= p.Vaddr && s.Value < p.Vaddr+p.Filesz {
				data[p.Off+s.Value-p.Vaddr] ^= 1
				patched = true
			}
		}
	}
	f.Close()
	if !patched {
		t.Fatal("no RCON symbol to patch in aes-c-rv64.elf")
	}
	bad := filepath.Join(t.TempDir(), "aes-c-rv64.elf")
	os.WriteFile(bad, data, 0o644)
	status, out, _ := runMain(t, "verify", bad)
	if status != 1 {
		t.Errorf("verify of a broken kernel exited %d, want 1\n%s", status, out)
	}
	for _, re := range []string{`(?m)^aes-c-rv64 +ecb +0/3 FAIL`, `(?m)^aes-c-rv64 +ghash-c +18/18 `, `(?m)^FAIL aes-c-rv64 ecb: sp800-38a.txt: F.1.1 ECB-AES128.Encrypt: encrypt: got [0-9a-f]+, want 3ad77bb4`, `(?m)^FAIL: \d+ of \d+`} {
		if !regexp.MustCompile(re).MatchString(out) {
			t.Errorf("output does not match %s:\n%s", re, out)
		}
	}
}

func TestVerifyErrors(t *testing.T) {
	bin := kernelBin(t)
	// Outside the repository there is no default.
	t.Chdir(t.TempDir())
	status, _, errOut := runMain(t, "verify")
	if status != exitUsage || !strings.Contains(errOut, "no kernels/bin directory") {
		t.Errorf("verify outside the repository: status %d, stderr %q", status, errOut)
	}
	status, _, errOut = runMain(t, "verify", "--kernel", "nothing-*.elf")
	if status != exitUsage || !strings.Contains(errOut, "no file matches") {
		t.Errorf("an empty glob: status %d, stderr %q", status, errOut)
	}
	// An explicit ELF without kernel entry points is an error, not a skip.
	status, out, errOut := runMain(t, "verify", filepath.Join(bin, "sm4-kat-zksed-rv64.elf"))
	if status != exitUsage || !strings.Contains(out, "exports no kernel entry points") {
		t.Errorf("a program: status %d\n%s\n%s", status, out, errOut)
	}
	status, out, _ = runMain(t, "verify", "--help")
	if status != 0 || !strings.Contains(out, "usage: rvsim verify") || !strings.Contains(out, "--long") {
		t.Errorf("--help: status %d\n%s", status, out)
	}
}

// TestVerifyList checks that --list names every vector with its cipher and mode, in the
// form 'rvsim debug --vector' accepts.
func TestVerifyList(t *testing.T) {
	status, out, _ := runMain(t, "verify", "--list")
	if status != 0 {
		t.Fatalf("verify --list: status %d", status)
	}
	for _, want := range []string{"sm4  ecb    A.2.1.1 SM4-ECB Example 1", "aes  gcm    "} {
		if !strings.Contains(out, want) {
			t.Errorf("verify --list output lacks %q", want)
		}
	}
	if n := strings.Count(out, "\n"); n < 70 {
		t.Errorf("verify --list printed %d vectors, want every official one (75)", n)
	}
}

// stuckKernelSrc is an SM4 "kernel" whose key schedules return but whose data entry points
// spin (j .): each call must end at its instruction budget instead of hanging verify.
const stuckKernelSrc = `
	.text
	.globl _start, sm4_set_encrypt_key, sm4_set_decrypt_key
	.globl sm4_encrypt, sm4_decrypt, sm4_ecb_encrypt, sm4_ecb_decrypt
_start:
sm4_set_encrypt_key:
sm4_set_decrypt_key:
	ret
sm4_encrypt:
sm4_decrypt:
sm4_ecb_encrypt:
sm4_ecb_decrypt:
1:	j 1b
`

// buildStuckKernel assembles stuckKernelSrc into dir/NAME (clang-19; skipped without it).
func buildStuckKernel(t *testing.T, dir, name string) string {
	t.Helper()
	clang := needClang(t)
	src := filepath.Join(dir, "stuck.s")
	if err := os.WriteFile(src, []byte(stuckKernelSrc), 0o644); err != nil {
		t.Fatal(err)
	}
	elf := filepath.Join(dir, name)
	buildAsm(t, clang, "riscv64-unknown-elf", "rv64imac", src, elf)
	return elf
}

func TestVerifyStuckKernel(t *testing.T) {
	dir := t.TempDir()
	elf := buildStuckKernel(t, dir, "sm4-stuck-rv64.elf")
	start := time.Now()
	status, out, errOut := runMain(t, "verify", "--kernel", elf)
	if d := time.Since(start); d > 20*time.Second {
		t.Errorf("verify of a spinning kernel took %v", d)
	}
	budget := kernels.Budget(16)
	want := fmt.Sprintf("(?m)^sm4-stuck-rv64: sm4_encrypt did not return within %d instructions \\(the budget for 16 bytes; --max-insns raises it\\)$", budget)
	if status != 1 || !regexp.MustCompile(want).MatchString(out) || errOut != "" {
		t.Errorf("status %d, want 1; stdout:\n%s\nstderr: %s\nwant a line matching %s", status, out, errOut, want)
	}
	if n := strings.Count(out, "did not return"); n != 1 {
		t.Errorf("%d reports of the stuck call, want 1:\n%s", n, out)
	}
	// --max-insns replaces the budget.
	status, out, _ = runMain(t, "verify", "--max-insns", "5000", "--json", "--kernel", elf)
	var rep verifyReport
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatal(err)
	}
	if status != 1 || len(rep.Kernels) != 1 || !rep.Kernels[0].Stuck ||
		rep.Kernels[0].Error != "sm4-stuck-rv64: sm4_encrypt did not return within 5000 instructions (--max-insns)" {
		t.Errorf("--max-insns 5000: status %d, report %+v", status, rep.Kernels)
	}
	// bench stops the same way, with its own --max-insns.
	status, _, errOut = runMain(t, "bench", "--core", "rocket", "--kernels", dir, "--variant", "stuck", "--mode", "ecb", "--sizes", "64", "--max-insns", "7000")
	if status == 0 || !strings.Contains(errOut, "sm4_ecb_encrypt did not return within 7000 instructions (--max-insns)") || strings.Count(errOut, "\n") != 1 {
		t.Errorf("bench: status %d, stderr %q", status, errOut)
	}
	status, _, errOut = runMain(t, "bench", "--core", "rocket", "--kernels", dir, "--variant", "stuck", "--mode", "ecb", "--sizes", "64")
	if status == 0 || !strings.Contains(errOut, fmt.Sprintf("sm4_ecb_encrypt did not return within %d instructions (the budget for 64 bytes", kernels.Budget(64))) {
		t.Errorf("bench: status %d, stderr %q", status, errOut)
	}
}

// TestVerifyPeakRSS runs the whole default `rvsim verify` as a process and bounds its peak
// resident memory: 256 MiB (it was 3.1 GB when every machine mapped 64 MiB of scratch up
// front and verify kept every kernel's machines to the end). The measurement runs in a
// fresh copy of this test binary: Go starts a command with a vfork, and a vforked child's
// ru_maxrss starts from its parent's peak, which the other tests of this process raise
// (verify itself peaks near 21 MiB; the inherited figure was over 200).
func TestVerifyPeakRSS(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("ru_maxrss in KiB: linux only")
	}
	if testing.Short() {
		t.Skip("builds rvsim and runs every kernel: not in -short mode")
	}
	bin := os.Getenv("RVSIM_PEAK_RSS_OF")
	if bin == "" {
		fresh := exec.Command(os.Args[0], "-test.run=^TestVerifyPeakRSS$", "-test.v")
		fresh.Env = append(os.Environ(), "RVSIM_PEAK_RSS_OF="+buildRvsim(t))
		out, err := fresh.CombinedOutput()
		t.Logf("the fresh test process:\n%s", out)
		if err != nil {
			t.Fatalf("the fresh test process: %v", err)
		}
		return
	}
	cmd := exec.Command(bin, "verify")
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("verify: %v\n%s%s", err, stdout.String(), stderr.String())
	}
	ru, ok := cmd.ProcessState.SysUsage().(*syscall.Rusage)
	if !ok {
		t.Skip("no rusage")
	}
	peak := ru.Maxrss << 10
	lines := strings.Split(strings.TrimSpace(stdout.String()), "\n")
	t.Logf("rvsim verify: peak RSS %.1f MiB; %s", float64(peak)/(1<<20), lines[len(lines)-1])
	if peak > 256<<20 {
		t.Errorf("rvsim verify peaked at %.1f MiB resident, want under 256 MiB", float64(peak)/(1<<20))
	}
}
