package cyclemodel

import (
	"math/rand/v2"
	"testing"

	"rvsim/isa"
)

// traceProgram is a loop of iters iterations as events. Its body calls a function and, when
// branchy, skips an instruction on every other iteration (a branch on data):
//
//	0x1000 addi a0, a0, 1
//	0x1004 beq  a3, x0, 0x100c   (branchy only: taken on odd iterations)
//	0x1008 addi a4, a4, 1        (branchy only: skipped when the beq is taken)
//	0x100c jal  ra, 0x2000
//	0x2000 add  a1, a1, a0
//	0x2004 jalr x0, 0(ra)        (back to 0x1010)
//	0x1010 addi a2, a2, -1
//	0x1014 bne  a2, x0, 0x1000
//	0x1018 add  a5, a5, a1       (after the loop)
func traceProgram(iters int, branchy bool) []Event {
	var evs []Event
	add := func(pc uint64, op isa.Op, rd, rs1, rs2 uint8, next uint64) {
		evs = append(evs, Event{PC: pc, Inst: isa.Inst{Op: op, Rd: rd, Rs1: rs1, Rs2: rs2, Len: 4}, NextPC: next})
	}
	for it := range iters {
		add(0x1000, isa.ADDI, 10, 10, 0, 0x1004)
		if branchy {
			if it%2 == 1 {
				add(0x1004, isa.BEQ, 0, 13, 0, 0x100c)
			} else {
				add(0x1004, isa.BEQ, 0, 13, 0, 0x1008)
				add(0x1008, isa.ADDI, 14, 14, 0, 0x100c)
			}
		} else {
			add(0x1004, isa.ADDI, 13, 13, 0, 0x1008)
			add(0x1008, isa.ADDI, 14, 14, 0, 0x100c)
		}
		add(0x100c, isa.JAL, 1, 0, 0, 0x2000)
		add(0x2000, isa.ADD, 11, 11, 10, 0x2004)
		add(0x2004, isa.JALR, 0, 1, 0, 0x1010)
		add(0x1010, isa.ADDI, 12, 12, 0, 0x1014)
		next := uint64(0x1000)
		if it == iters-1 {
			next = 0x1018
		}
		add(0x1014, isa.BNE, 0, 12, 0, next)
	}
	add(0x1018, isa.ADD, 15, 15, 11, 0x101c)
	return evs
}

// TestTraces checks that a loop's body is one block through the call and return it makes,
// that blocks end at a branch that goes both ways with the data (and at nothing else), and
// that either way every count and the profile are the reference model's, on every shipped
// core.
func TestTraces(t *testing.T) {
	cs, err := Shipped()
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range cs {
		for _, branchy := range []bool{false, true} {
			name := c.Name + "/straight"
			if branchy {
				name = c.Name + "/branchy"
			}
			t.Run(name, func(t *testing.T) {
				evs := traceProgram(400, branchy)
				m := batchedLikeRef(t, c, evs, rand.New(rand.NewPCG(1, 2)), 0x1000, 0x3000)
				var body *block
				for _, blk := range m.blocks.tab {
					if blk != nil && len(blk.head) == 8 && len(blk.inner) == 2 {
						body = blk
					}
				}
				bc := m.blocks
				if !branchy {
					// One iteration, the call and the return inside (which instruction it
					// starts with depends on where the first batches ended).
					if body == nil {
						t.Fatal("no block holds the loop's body: 8 instructions, a call and a return")
					}
					if bc.isFickle(0x100c) || bc.isFickle(0x2004) || bc.isFickle(0x1014) {
						t.Error("a call, return or loop edge that always goes one way ends blocks")
					}
					if m.blocks.replayed+m.blocks.repeated < uint64(len(evs))/2 {
						t.Errorf("%d of %d instructions replayed or repeated in blocks", m.blocks.replayed+m.blocks.repeated, len(evs))
					}
					return
				}
				// The beq goes two ways: blocks end at it; the call and the return still
				// go one way each.
				if !bc.isFickle(0x1004) {
					t.Error("blocks do not end at the branch that goes two ways")
				}
				if bc.isFickle(0x100c) || bc.isFickle(0x2004) {
					t.Error("the call or the return ends blocks")
				}
			})
		}
	}
}

// nestedProgram is an outer loop of iters iterations around an inner loop of 3 turns whose
// body is body instructions (its last the back edge).
func nestedProgram(iters, body int) []Event {
	var evs []Event
	add := func(pc uint64, op isa.Op, next uint64) {
		evs = append(evs, Event{PC: pc, Inst: isa.Inst{Op: op, Rd: 10, Rs1: 10, Len: 4}, NextPC: next})
	}
	inner := uint64(0x1004)
	after := inner + 4*uint64(body)
	for it := range iters {
		add(0x1000, isa.ADDI, inner)
		for turn := range 3 {
			for q := range body - 1 {
				pc := inner + 4*uint64(q)
				add(pc, isa.ADDI, pc+4)
			}
			next := inner
			if turn == 2 {
				next = after
			}
			add(after-4, isa.BNE, next)
		}
		next := uint64(0x1000)
		if it == iters-1 {
			next = after + 4
		}
		add(after, isa.BNE, next)
	}
	return evs
}

// TestTracesUnrollShortInnerLoops checks that a block unrolls an inner loop with a short
// body (the outer loop's body is one block) and not one with a long body (a block ends at
// its back edge), and that the counts are the reference model's either way.
func TestTracesUnrollShortInnerLoops(t *testing.T) {
	cs, err := Shipped()
	if err != nil {
		t.Fatal(err)
	}
	for _, body := range []int{4, 100} { // (maxUnrolledBody is 64)
		evs := nestedProgram(300, body)
		for _, c := range cs {
			batchedLikeRef(t, c, evs, rand.New(rand.NewPCG(3, 4)), 0, 0)
			// Where blocks start depends on where batches ended; with the whole run in
			// one batch the first starts at the outer loop's start.
			whole := &Batch{Next: evs[len(evs)-1].NextPC}
			for k := range evs {
				whole.PC = append(whole.PC, evs[k].PC)
				whole.Inst = append(whole.Inst, &evs[k].Inst)
				whole.Addr = append(whole.Addr, 0)
				whole.VCfg = append(whole.VCfg, 0)
			}
			one := New(c, 64, 0)
			one.RetireBatch(whole)
			longest := 0
			for _, blk := range one.blocks.tab {
				if blk != nil {
					longest = max(longest, len(blk.head))
				}
			}
			// Unrolled, one outer iteration (2 + 3 turns); not, a turn with what leads to it.
			if want := 2 + 3*body; body == 4 && longest != want {
				t.Errorf("%s, inner body %d: the longest block has %d instructions, want one outer iteration's %d", c.Name, body, longest, want)
			}
			if body == 100 && longest > body+2 {
				t.Errorf("%s, inner body %d: a block of %d instructions unrolled the inner loop", c.Name, body, longest)
			}
		}
	}
}

// TestTracesThatKeepChangingEnd checks that a loop whose body keeps meeting new outcomes
// (loads that hit and miss at random) stops being one block through the call it makes:
// every outcome of a block is part of what it is timed for, and a long one has too many.
func TestTracesThatKeepChangingEnd(t *testing.T) {
	cs, err := Shipped()
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(5, 6))
	var evs []Event
	add := func(pc uint64, op isa.Op, next uint64) *Event {
		evs = append(evs, Event{PC: pc, Inst: isa.Inst{Op: op, Rd: 10, Rs1: 11, Len: 4}, NextPC: next})
		return &evs[len(evs)-1]
	}
	for it := range 2000 {
		for q := range 12 { // loads anywhere in 128 KiB: hits and misses at random
			e := add(0x1000+4*uint64(q), isa.LD, 0x1004+4*uint64(q))
			e.MemAddr, e.MemSize = rng.Uint64N(1<<17)&^7, 8
		}
		add(0x1030, isa.JAL, 0x2000)
		add(0x2000, isa.JALR, 0x1034)
		next := uint64(0x1000)
		if it == 1999 {
			next = 0x1038
		}
		add(0x1034, isa.BNE, next)
	}
	for _, c := range cs {
		m := batchedLikeRef(t, c, evs, rand.New(rand.NewPCG(7, 8)), 0, 0)
		bc := m.blocks
		if !bc.isFickle(0x1030) || !bc.isFickle(0x2000) || !bc.isFickle(0x1034) {
			t.Errorf("%s: blocks still go through the call, the return or the loop edge", c.Name)
		}
		if blk := bc.tab[(0x1000>>1)&(blockTableSize-1)]; blk == nil || blk.pc != 0x1000 || len(blk.inner) != 0 {
			t.Errorf("%s: the block at the loop's start is not one that ends at the call", c.Name)
		}
	}
}
