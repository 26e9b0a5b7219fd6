package emu_test

import (
	"runtime"
	"testing"

	"github.com/google/go-cmp/cmp"

	"rvsim/emu"
)

// aheadProgram runs 20 times an inner loop of 100,000 instructions that stores and loads,
// then reads the cycle counter: long stretches of full batches, with a CSR read between
// them that must find the observer up to date.
func aheadProgram() []byte {
	a := newAsm(codeBase, 64)
	a.li(rS0, dataBase)
	a.li(rS1, 20)
	a.label("outer")
	a.li(rS2, 20000)
	a.label("inner")
	a.addi(rA0, rA0, 1)
	a.sd(rA0, rS0, 0)
	a.ld(rA1, rS0, 0)
	a.addi(rS2, rS2, -1)
	a.bne(rS2, rZero, "inner")
	a.csrr(rA3, csrCycle)
	a.addi(rS1, rS1, -1)
	a.bne(rS1, rZero, "outer")
	a.ebreak()
	return a.bytes()
}

// batchShape is what an observer saw of a batch: its length and its successor.
type batchShape struct {
	n    int
	next uint64
}

// shapeRecorder keeps every instruction and the shape of every batch.
type shapeRecorder struct {
	streamRecorder
	shapes []batchShape
}

func (s *shapeRecorder) Retired(b *emu.Batch) {
	s.streamRecorder.Retired(b)
	s.shapes = append(s.shapes, batchShape{len(b.PC), b.Next})
}

// Observed ahead, the observer sees the same instructions in the same batches as observed
// in turn, and is up to date wherever the guest reads the cycle counter (which reads the
// observer's count here).
func TestObserveAheadSameStream(t *testing.T) {
	if runtime.GOMAXPROCS(0) < 2 {
		t.Skip("one CPU: the hart observes in turn")
	}
	code := aheadProgram()
	run := func(ahead bool) (*emu.Hart, *shapeRecorder, int) {
		h := newBareHart(t, "rv64i_zicntr", code, emu.PermRX)
		rec := &shapeRecorder{}
		h.Observer = rec
		h.ObserveAhead = ahead
		behind := 0
		h.CSR.Cycles = func() uint64 {
			if uint64(len(rec.got)) != h.Instret {
				behind++
			}
			return uint64(len(rec.got))
		}
		runToBreak(t, h, 1<<24)
		return h, rec, behind
	}
	h0, turn, behind0 := run(false)
	h1, ahead, behind1 := run(true)
	if behind0 != 0 || behind1 != 0 {
		t.Errorf("the cycle counter was read with the observer behind the hart: %d times in turn, %d ahead", behind0, behind1)
	}
	if h1.BatchesAhead() < 100 || h0.BatchesAhead() != 0 {
		t.Errorf("%d batches handed over ahead (want most of the %d), %d in turn (want 0)", h1.BatchesAhead(), len(ahead.shapes), h0.BatchesAhead())
	}
	if h0.X != h1.X || h0.Instret != h1.Instret {
		t.Errorf("the guest ended differently: instret %d in turn, %d ahead", h0.Instret, h1.Instret)
	}
	if d := cmp.Diff(turn.shapes, ahead.shapes, cmp.AllowUnexported(batchShape{})); d != "" {
		t.Errorf("batches (-in turn +ahead):\n%s", d)
	}
	compareStreams(t, "ahead", turn.got, ahead.got)
}

// panicObserver panics in its third batch.
type panicObserver struct{ n int }

func (p *panicObserver) Retired(*emu.Batch) {
	if p.n++; p.n == 3 {
		panic("observer failed")
	}
}

// A panic of the observer's goroutine comes out of Run on the hart's, as it would in turn.
func TestObserveAheadPanics(t *testing.T) {
	if runtime.GOMAXPROCS(0) < 2 {
		t.Skip("one CPU: the hart observes in turn")
	}
	h := newBareHart(t, "rv64i_zicntr", aheadProgram(), emu.PermRX)
	h.Observer = &panicObserver{}
	h.ObserveAhead = true
	defer func() {
		if v := recover(); v != "observer failed" {
			t.Errorf("Run recovered %v, want the observer's panic", v)
		}
	}()
	h.Run(1 << 24)
	t.Error("Run returned after its observer panicked")
}
