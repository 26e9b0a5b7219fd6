package emu_test

import (
	"context"
	"fmt"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"
)

// sigFrameSizes are the bytes of the riscv rt_sigframe by XLEN: the kernel's (siginfo, and a
// ucontext whose FP state is the 528-byte union), which rvsim builds, and QEMU 7.2's, which
// leaves the union's padding out.
var sigFrameSizes = map[int]struct{ kernel, qemu int }{32: {944, 688}, 64: {1088, 832}}

// Signal delivery at both XLENs against QEMU: testdata/difftest/signals.c prints the siginfo
// and ucontext its handlers get (every saved register, the FP state, uc_stack, the masks),
// edits the saved context and checks what rt_sigreturn restores, takes SIGSEGV on an
// alternate stack (resuming by the saved pc, then by longjmp), SIGILL, SIGTRAP and SIGBUS
// handlers, and SIGALRM from setitimer with
// SA_NODEFER|SA_RESETHAND, and ends by a default-action SIGUSR2. The output must be the same
// byte for byte except the frame size, which QEMU gets wrong; known answers guard against
// both emulators agreeing on a wrong one.
func TestSignalFramesAgainstQEMU(t *testing.T) {
	tc := dtNeedTools(t)
	dir := t.TempDir()
	src, err := filepath.Abs(filepath.Join("testdata", "difftest", "signals.c"))
	if err != nil {
		t.Fatal(err)
	}
	frameLine := regexp.MustCompile(`(?m)^frame-size (\d+)\n`)
	for _, xlen := range []int{32, 64} {
		t.Run(fmt.Sprintf("rv%d", xlen), func(t *testing.T) {
			t.Parallel()
			ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
			defer cancel()
			bin := filepath.Join(dir, fmt.Sprintf("signals-rv%d", xlen))
			if err := dtBuild(ctx, tc, xlen, bin, []string{"-O2", "-ffreestanding", "-Wall", "-Wno-unused-function"}, src); err != nil {
				t.Fatal(err)
			}
			rv, q, err := dtRunBoth(ctx, tc, xlen, bin)
			if err != nil {
				t.Fatal(err)
			}
			const status = 128 + 12 // SIGUSR2's default action
			if rv.status != status || q.status != status {
				t.Errorf("exit status: rvsim %d (%s), QEMU %d (%s); want %d", rv.status, rv.detail, q.status, strings.TrimSpace(q.detail), status)
			}
			sizes := sigFrameSizes[xlen]
			frameSize := func(who, out string, want int) string {
				m := frameLine.FindStringSubmatch(out)
				if m == nil {
					t.Errorf("%s: no frame-size line", who)
					return out
				}
				if m[1] != fmt.Sprint(want) {
					t.Errorf("%s: frame size %s, want %d", who, m[1], want)
				}
				return frameLine.ReplaceAllString(out, "")
			}
			rvOut := frameSize("rvsim", string(rv.stdout), sizes.kernel)
			qOut := frameSize("QEMU (known to build a smaller frame than Linux)", string(q.stdout), sizes.qemu)
			if rvOut != qOut {
				t.Errorf("stdout differs:\n%s", dtDiffLines(rvOut, qOut))
			}
			w := xlen / 4
			word := func(v uint64) string { return fmt.Sprintf("%0*x", w, v) }
			for _, want := range []string{
				"si_pid-is-getpid " + word(1),
				"frame%16 " + word(0),
				"uc-frame " + word(128),
				"ss_flags " + word(2), // SS_DISABLE: no alternate stack yet
				"uc_sigmask[0] " + word(1<<1),
				"pc-is-after_ecall " + word(1),
				"saved-x-match-except-a0=0 " + word(1),
				"saved-f-match " + word(1),
				"fcsr " + word(0x4d),
				"0000080000000a02 mask-in-handler", // SIGINT, SIGUSR1 and sa_mask
				"usr2-seen-in-handler " + word(0),
				"usr2 pc-is-after_ecall " + word(1),
				"usr2-seen-after " + word(1),
				"regs-after-as-edited " + word(1),
				"fregs-after-as-edited " + word(1),
				"0000000000000003 mask-after", // the mask the handler wrote into uc_sigmask
				"sigaltstack-small " + word(uint64(1)<<uint(xlen)-12),
				"segv frame-on-altstack " + word(1),
				"segv sigaltstack-flags-now " + word(1),
				"segv si_addr " + word(0xff8),
				"a0-after-load " + word(77),
				"segv si_addr-is-rodata_word " + word(1),
				"longjmp-value " + word(5),
				"0000000000000403 mask-after-longjmp", // SIGSEGV stays blocked: the handler never returned
				"segv-count " + word(2),
				"fault si_addr-is-pc " + word(1),
				"fault si_addr-is-misaligned-word " + word(1),
				"0000020000000240 fault mask", // SIGBUS and its sa_mask
				"0000000000000000 mask-after-faults",
				"alrm si_code " + word(0x80),
				"0000020000000200 alrm mask", // SA_NODEFER: SIGALRM itself not blocked
				"alarms " + word(1),
				"alrm-handler-after-resethand " + word(0),
				"alrm-flags-after-resethand " + word(0xc0000004),
				"exiting by SIGUSR2",
			} {
				if !strings.Contains(rvOut, want+"\n") {
					t.Errorf("rvsim's output lacks %q", want)
				}
			}
		})
	}
}

// POSIX timers and sleeping at both XLENs against QEMU (testdata/difftest/sigtime.c): RV32
// through the 64-bit-time calls (timer_settime64...) and a sigevent with a 32-bit
// sigev_value; the timer's SIGUSR2 carries SI_TIMER and the value. Known answers too.
func TestTimersAgainstQEMU(t *testing.T) {
	tc := dtNeedTools(t)
	dir := t.TempDir()
	src, err := filepath.Abs(filepath.Join("testdata", "difftest", "sigtime.c"))
	if err != nil {
		t.Fatal(err)
	}
	for _, xlen := range []int{32, 64} {
		t.Run(fmt.Sprintf("rv%d", xlen), func(t *testing.T) {
			t.Parallel()
			ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
			defer cancel()
			bin := filepath.Join(dir, fmt.Sprintf("sigtime-rv%d", xlen))
			if err := dtBuild(ctx, tc, xlen, bin, []string{"-O2", "-ffreestanding", "-Wall", "-Wno-unused-function"}, src); err != nil {
				t.Fatal(err)
			}
			rv, q, err := dtRunBoth(ctx, tc, xlen, bin)
			if err != nil {
				t.Fatal(err)
			}
			if rv.status != 0 || q.status != 0 {
				t.Errorf("exit status: rvsim %d (%s), QEMU %d (%s)", rv.status, rv.detail, q.status, strings.TrimSpace(q.detail))
			}
			if string(rv.stdout) != string(q.stdout) {
				t.Errorf("stdout differs:\n%s", dtDiffLines(string(rv.stdout), string(q.stdout)))
			}
			w := xlen / 4
			word := func(v uint64) string { return fmt.Sprintf("%0*x", w, v) }
			neg := func(v uint64) string { return word((uint64(1)<<uint(xlen) - v)) }
			for _, want := range []string{
				"timer_create " + word(0),
				"timer_settime " + word(0),
				"timer-armed " + word(1),
				"fired " + word(1),
				"si_code " + neg(2), // SI_TIMER
				"si_value " + word(77),
				"timer-disarmed " + word(1),
				"timer_delete-again " + neg(22),
				"res-positive " + word(1),
				"clock_nanosleep " + word(0),
				"slept-5ms " + word(1),
				"clock_nanosleep-bad " + neg(22),
			} {
				if !strings.Contains(string(rv.stdout), want+"\n") {
					t.Errorf("rvsim's output lacks %q", want)
				}
			}
		})
	}
}
