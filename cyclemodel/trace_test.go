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
// that a start whose path changes with the data goes back to blocks that end at the first
// control transfer, and that either way every count and the profile are the reference
// model's, on every shipped core.
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
				ref := newRef(c, 64, 0)
				ref.setProfile(0x1000, 0x3000)
				for k := range evs {
					ref.Retire(&evs[k])
				}
				m := New(c, 64, 0)
				m.SetProfile(0x1000, 0x3000)
				for _, b := range batches(rand.New(rand.NewPCG(1, 2)), evs) {
					m.RetireBatch(b)
				}
				if d := diffStates(refStateOf(ref), stateOf(m.Cycles(), m.Stats(), m.Err(), m.prof)); d != "" {
					t.Fatal(d)
				}
				var body, fellBack *block
				for _, blk := range m.blocks.tab {
					switch {
					case blk == nil:
					case len(blk.head) == 8 && len(blk.inner) == 2:
						body = blk
					case blk.misses >= maxPathMisses && len(blk.inner) == 0:
						fellBack = blk
					}
				}
				if !branchy {
					// One iteration, the call and the return inside (which instruction it
					// starts with depends on where the first batches ended).
					if body == nil {
						t.Fatal("no block holds the loop's body: 8 instructions, a call and a return")
					}
					if fellBack != nil {
						t.Errorf("the block at %#x gave up traces on a loop that always takes one path", fellBack.pc)
					}
					if m.blocks.replayed+m.blocks.repeated < uint64(len(evs))/2 {
						t.Errorf("%d of %d instructions replayed or repeated in blocks", m.blocks.replayed+m.blocks.repeated, len(evs))
					}
					return
				}
				if fellBack == nil {
					t.Fatal("no start gave up traces on a path that changes every iteration")
				}
			})
		}
	}
}
