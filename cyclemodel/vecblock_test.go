package cyclemodel

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"rvsim/isa"
)

// vecLoopEvents is a CBC-like vector loop: load a block, two AES rounds chained through v2,
// store it, step the pointers; its vector instructions run at vl 4 (e32, m1) except every
// tailEvery-th turn (0: none), which runs at vl 2, as a loop's last, short turn does.
func vecLoopEvents(iters, tailEvery int) []Event {
	const src, dst = 0x40000, 0x80000
	type inst struct {
		in  isa.Inst
		mem uint64 // the access's base (0: none)
		st  bool
	}
	body := []inst{
		{in: isa.Inst{Op: isa.VLE32_V, Rd: 1, Rs1: 10, Len: 4, Vm: 1}, mem: src},
		{in: isa.Inst{Op: isa.VXOR_VV, Rd: 2, Rs1: 1, Rs2: 2, Len: 4, Vm: 1}},
		{in: isa.Inst{Op: isa.VAESEM_VV, Rd: 2, Rs2: 3, Len: 4, Vm: 1}},
		{in: isa.Inst{Op: isa.VAESEM_VV, Rd: 2, Rs2: 4, Len: 4, Vm: 1}},
		{in: isa.Inst{Op: isa.VSE32_V, Rd: 2, Rs1: 11, Len: 4, Vm: 1}, mem: dst, st: true},
		{in: isa.Inst{Op: isa.ADDI, Rd: 10, Rs1: 10, Imm: 16, Len: 4}},
		{in: isa.Inst{Op: isa.ADDI, Rd: 11, Rs1: 11, Imm: 16, Len: 4}},
		{in: isa.Inst{Op: isa.ADDI, Rd: 12, Rs1: 12, Imm: -1, Len: 4}},
		{in: isa.Inst{Op: isa.BNE, Rs1: 12, Len: 4}},
	}
	var evs []Event
	for it := range iters {
		vl := 4
		if tailEvery > 0 && it%tailEvery == tailEvery-1 {
			vl = 2
		}
		for j, b := range body {
			pc := uint64(0x1000 + 4*j)
			e := Event{PC: pc, Inst: b.in, NextPC: pc + 4, Store: b.st}
			if b.mem != 0 {
				e.MemAddr = b.mem + uint64(it)*16
			}
			if isVectorClass(isa.RowOf(b.in.Op, 64).Class) {
				e.VL, e.SEW, e.LMUL8 = vl, 32, 8
			}
			if j == len(body)-1 && it+1 < iters {
				e.NextPC = 0x1000
			}
			evs = append(evs, e)
		}
	}
	return evs
}

// Out of order, vector instructions are held in blocks: a vector loop's turns are replayed, with the reference model's counts, also when a turn runs under another
// vector length than the block was built for (sameVCfg).
func TestVectorLoopsInBlocks(t *testing.T) {
	for _, name := range []string{"p670", "x280"} {
		c := mustLoad(t, name)
		t.Run(name, func(t *testing.T) {
			evs := vecLoopEvents(3000, 0)
			m := batchedLikeRef(t, c, evs, rand.New(rand.NewPCG(1, 2)), 0x1000, 0x2000)
			if s := m.Stats(); s.VectorBeats == 0 || s.Loads != 3000 || s.Stores != 3000 {
				t.Fatalf("beats %d, loads %d, stores %d", s.VectorBeats, s.Loads, s.Stores)
			}
			// A turn's last retirement drifts against its dispatch from turn to turn, so the
			// block's variants come round in a cycle rather than one repeating: most turns
			// are replayed, few timed.
			r := float64(m.blocks.repeated+m.blocks.replayed) / float64(len(evs))
			switch {
			case c.OutOfOrder && r < 0.75:
				t.Errorf("%.2f of the instructions replayed or repeated, want most (timed %d, repeated %d)", r, m.blocks.timed, m.blocks.repeated)
			case !c.OutOfOrder && m.blocks.repeated+m.blocks.replayed+m.blocks.timed >= uint64(len(evs)/2):
				t.Errorf("in order, vector instructions are in blocks (%d repeated)", m.blocks.repeated)
			}
			batchedLikeRef(t, c, vecLoopEvents(3000, 7), rand.New(rand.NewPCG(3, 4)), 0x1000, 0x2000)
		})
	}
}

// A block checks the vector configuration only where it may change: its first vector
// instruction, each that may set one and each after a vsetvl (isa.SetsVConfig). In the
// middle of a turn, every 50th turn, a fault-only-first load shortens vl, or a vsetvli sets
// a shorter one; the instructions after it run at the shorter vl, and those turns must not
// be replayed from a variant built at the longer one. Against the reference model (with the
// fault-only-first loads, or vsetvl, left out of isa.SetsVConfig, this fails on p670).
func TestVectorBlocksFollowConfigChanges(t *testing.T) {
	for _, viaVset := range []bool{false, true} {
		evs := shortTurnEvents(viaVset)
		for _, name := range []string{"p670", "x280"} {
			c := mustLoad(t, name)
			t.Run(fmt.Sprintf("%s/vset=%v", name, viaVset), func(t *testing.T) {
				m := batchedLikeRef(t, c, evs, rand.New(rand.NewPCG(5, 6)), 0x1000, 0x2000)
				if c.OutOfOrder && m.blocks.repeated+m.blocks.replayed < uint64(len(evs)/2) {
					t.Errorf("%d of %d instructions replayed or repeated, want most", m.blocks.repeated+m.blocks.replayed, len(evs))
				}
			})
		}
	}
}

// shortTurnEvents is TestVectorBlocksFollowConfigChanges's loop: set vl (e32, m8), fill a
// register group, load 128 bytes and store them, step the pointers. Every 50th turn the
// load is cut to one element: a fault-only-first load's fault, or (viaVset) a vsetvli
// before a plain load.
func shortTurnEvents(viaVset bool) []Event {
	const src, dst = 0x40000, 0x80000
	load := isa.Inst{Op: isa.VLE32FF_V, Rd: 8, Rs1: 10, Len: 4, Vm: 1}
	set := isa.Inst{Op: isa.ADDI, Rd: 7, Rs1: 7, Len: 4}
	if viaVset {
		load.Op, set = isa.VLE32_V, isa.Inst{Op: isa.VSETVLI, Rd: 5, Rs1: 13, Len: 4}
	}
	body := []isa.Inst{
		{Op: isa.VSETVLI, Rd: 5, Rs1: 6, Len: 4},
		{Op: isa.VMV_V_I, Rd: 24, Imm: 1, Len: 4, Vm: 1},
		set,
		load,
		{Op: isa.VSE32_V, Rd: 8, Rs1: 11, Len: 4, Vm: 1},
		{Op: isa.ADDI, Rd: 10, Rs1: 10, Imm: 128, Len: 4},
		{Op: isa.ADDI, Rd: 11, Rs1: 11, Imm: 128, Len: 4},
		{Op: isa.BNE, Rs1: 12, Len: 4},
	}
	var evs []Event
	const iters = 2000
	for it := range iters {
		vl := 32
		for j, in := range body {
			if j == 2 && viaVset || in.Op == isa.VLE32FF_V {
				if it%50 == 49 {
					vl = 1
				}
			}
			pc := uint64(0x1000 + 4*j)
			e := Event{PC: pc, Inst: in, NextPC: pc + 4}
			switch in.Op {
			case isa.VLE32FF_V, isa.VLE32_V:
				e.MemAddr = src + uint64(it)*128
			case isa.VSE32_V:
				e.MemAddr, e.Store = dst+uint64(it)*128, true
			}
			if isVectorClass(isa.RowOf(in.Op, 64).Class) {
				e.VL, e.SEW, e.LMUL8 = vl, 32, 64
			}
			if j == len(body)-1 && it+1 < iters {
				e.NextPC = 0x1000
			}
			evs = append(evs, e)
		}
	}
	return evs
}
