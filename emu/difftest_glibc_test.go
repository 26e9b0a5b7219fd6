package emu_test

import (
	"context"
	"testing"
	"time"
)

// TestDiffGlibcFP runs static glibc programs that use floating point (printf's %f, %e, %a,
// strtod, libm's sin/exp/pow and friends, qsort on doubles, fenv rounding modes and flags)
// under rvsim and qemu-riscv64 and requires byte-identical output and the same exit status.
// glibc's start-up code itself runs F and D instructions (and reads fcsr), so these programs
// reaching main at all is part of the test.
func TestDiffGlibcFP(t *testing.T) {
	tc := dtNeedTools(t)
	gcc := needGlibcGCC(t)
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	for _, opt := range []string{"-O2", "-O0"} {
		t.Run(opt, func(t *testing.T) {
			rv, q, err := dtRunBoth(ctx, tc, 64, buildGlibcProg(t, ctx, gcc, "fp", opt, "-lm"))
			if err != nil {
				t.Fatal(err)
			}
			if rv.status != q.status {
				t.Errorf("exit status: rvsim %d (%s), QEMU %d (%s)", rv.status, rv.detail, q.status, q.detail)
			}
			if len(q.stdout) < 1000 {
				t.Errorf("QEMU printed only %d bytes: %q", len(q.stdout), q.stdout)
			}
			if string(rv.stdout) != string(q.stdout) {
				t.Errorf("stdout differs:\nrvsim:\n%s\nQEMU:\n%s", rv.stdout, q.stdout)
			}
		})
	}
}
