package main

import (
	"runtime"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"rvsim/cyclemodel"
	"rvsim/emu"
	"rvsim/kernels"
)

// runModelled runs prog (with args) under core at mhz as run --core does, observed ahead
// or in turn, and returns its output, the model's counters and the batches handed over
// ahead.
func runModelled(t *testing.T, prog, core string, mhz float64, ahead bool, args ...string) (string, cyclemodel.Stats, int64) {
	t.Helper()
	h, m, out, errOut := loadModelled(t, prog, core, mhz, args...)
	h.ObserveAhead = ahead
	if st := h.Run(1e9); st.Reason != emu.StopExit || st.Code != 0 {
		t.Fatalf("%s on %s: stopped with %+v\n%s%s", prog, core, st, out.String(), errOut.String())
	}
	if err := m.Err(); err != nil {
		t.Fatal(err)
	}
	return out.String(), *m.Stats(), h.BatchesAhead()
}

// run --core models on a second CPU while the hart records the next batch: the guest's
// output (every clock it reads, when its alarm fires) and the model's counters are the
// same as modelled in turn, on a glibc program that reads every clock, sleeps and waits
// for a SIGALRM.
func TestObserveAheadSameRun(t *testing.T) {
	if runtime.GOMAXPROCS(0) < 2 {
		t.Skip("one CPU: run --core models in turn")
	}
	prog := buildClockProgram(t)
	for _, core := range []string{"rocket", "p670"} {
		out0, st0, n0 := runModelled(t, prog, core, 10, false, "20000")
		out1, st1, n1 := runModelled(t, prog, core, 10, true, "20000")
		if n0 != 0 || n1 < 100 {
			t.Errorf("%s: %d batches handed over ahead in turn (want 0), %d ahead (want most)", core, n0, n1)
		}
		if out0 != out1 {
			t.Errorf("%s: the program printed, in turn:\n%s\nahead:\n%s", core, out0, out1)
		}
		if d := cmp.Diff(st0, st1, cmpopts.IgnoreUnexported(cyclemodel.Stats{})); d != "" {
			t.Errorf("%s: the model's counters (-in turn +ahead):\n%s", core, d)
		}
	}
}

// The same for a kernel's call over 16 KiB, as bench and ModelSpeed make it.
func TestObserveAheadSameKernel(t *testing.T) {
	if runtime.GOMAXPROCS(0) < 2 {
		t.Skip("one CPU: run --core models in turn")
	}
	dir, err := kernels.FindDir("../../kernels/bin")
	if err != nil {
		t.Skip(err)
	}
	for _, core := range []string{"u74", "p670"} {
		c, err := cyclemodel.Load(core)
		if err != nil {
			t.Fatal(err)
		}
		var st [2]cyclemodel.Stats
		for i, way := range []int{speedModelled, speedAhead} {
			call, err := newModelSpeedCall(dir, modelSpeedCase{"aes-c-rv64.elf", "xts"}, c, way)
			if err != nil || call == nil {
				t.Fatalf("%s: %v", core, err)
			}
			for range 2 {
				if _, err := call.run(); err != nil {
					t.Fatal(err)
				}
			}
			st[i] = *call.model.Stats()
		}
		if d := cmp.Diff(st[0], st[1], cmpopts.IgnoreUnexported(cyclemodel.Stats{})); d != "" {
			t.Errorf("%s aes-c xts: the model's counters (-in turn +ahead):\n%s", core, d)
		}
	}
}
