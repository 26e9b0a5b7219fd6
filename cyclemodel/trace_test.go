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
// its back edge) unless it is built wide (then it spans the outer loop's body), and that
// the counts are the reference model's either way.
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
			one := New(c, 64, 0)
			one.RetireBatch(oneBatch(evs))
			longest, wide := 0, false
			for _, blk := range one.blocks.tab {
				if blk != nil && len(blk.head) > longest {
					longest, wide = len(blk.head), blk.wide
				}
			}
			// Unrolled, one outer iteration (2 + 3 turns); not, a turn with what leads to it.
			if want := 2 + 3*body; (body == 4 || wide) && longest != want {
				t.Errorf("%s, inner body %d: the longest block (wide %v) has %d instructions, want one outer iteration's %d", c.Name, body, wide, longest, want)
			}
			if body == 100 && !wide && longest > body+2 {
				t.Errorf("%s, inner body %d: a block of %d instructions unrolled the inner loop", c.Name, body, longest)
			}
			if body == 4 && wide {
				t.Errorf("%s, inner body %d: the outer loop's block was built wide", c.Name, body)
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

// oneBatch is evs as one batch of scalar instructions.
func oneBatch(evs []Event) *Batch {
	b := &Batch{Next: evs[len(evs)-1].NextPC}
	for k := range evs {
		b.PC = append(b.PC, evs[k].PC)
		b.Inst = append(b.Inst, &evs[k].Inst)
		b.Addr = append(b.Addr, evs[k].MemAddr)
		b.VCfg = append(b.VCfg, 0)
	}
	return b
}

// streamLoop is a loop of turns turns, entered runs times, whose body loads 16 bytes of a
// stream, works on them and stores 8 bytes to another advancing as far: with 64-byte lines
// every fourth turn misses on both, so the turns cycle through four sets of outcomes (as a
// block cipher's ECB loop does over its data).
func streamLoop(runs, turns int) []Event {
	sh := streamShape{stride: 16, body: 12}
	for range runs {
		sh.turns = append(sh.turns, turns)
	}
	return sh.events(nil)
}

// streamShape is the shape of a streaming loop: the turns of each run of it, the stream's
// stride in bytes and the ALU ops of its body.
type streamShape struct {
	turns  []int
	stride uint64
	body   int
}

// events are the loop's events; with rng, one turn in 50 loads its second word from a
// random address instead of the stream's.
func (sh streamShape) events(rng *rand.Rand) []Event {
	var evs []Event
	add := func(pc uint64, in isa.Inst, next, addr uint64, size uint8, store bool) {
		in.Len = 4
		evs = append(evs, Event{PC: pc, Inst: in, NextPC: next, MemAddr: addr, MemSize: size, Store: store})
	}
	const top = 0x2000
	src, dst := uint64(0x100000), uint64(0x800000)
	for _, turns := range sh.turns {
		add(top-4, isa.Inst{Op: isa.ADDI, Rd: 13}, top, 0, 0, false)
		for turn := range turns {
			pc := uint64(top)
			step := func(in isa.Inst, addr uint64, size uint8, store bool) {
				add(pc, in, pc+4, addr, size, store)
				pc += 4
			}
			step(isa.Inst{Op: isa.LD, Rd: 5, Rs1: 10}, src, 8, false)
			second := src + 8
			if rng != nil && rng.IntN(50) == 0 {
				second = src + uint64(rng.IntN(1<<20))
			}
			step(isa.Inst{Op: isa.LD, Rd: 7, Rs1: 10}, second, 8, false)
			for q := range sh.body {
				step(isa.Inst{Op: isa.XOR, Rd: 5, Rs1: 5, Rs2: uint8(6 + q%3)}, 0, 0, false)
			}
			step(isa.Inst{Op: isa.SD, Rs1: 11, Rs2: 5}, dst, 8, true)
			step(isa.Inst{Op: isa.ADDI, Rd: 10, Rs1: 10, Imm: int64(sh.stride)}, 0, 0, false)
			next := uint64(top)
			if turn == turns-1 {
				next = pc + 4
			}
			add(pc, isa.Inst{Op: isa.BNE, Rs1: 12, Rs2: 14, Imm: int64(top) - int64(pc)}, next, 0, 0, false)
			src, dst = src+sh.stride, dst+sh.stride
		}
		add(evs[len(evs)-1].NextPC, isa.Inst{Op: isa.ADDI, Rd: 15, Rs1: 15, Imm: 1}, top-4, 0, 0, false)
	}
	return evs
}

// TestLoopsOverCyclingTurnsUnroll checks that a loop whose turns cycle through a few
// variants, none of which leaves the state it starts in, is built again over that many
// turns and then repeated out of order, where one variant a turn was only ever replayed;
// and that the counts are the reference model's on every core, fed in random batches (whose
// ends cut the longer blocks) and in one, with the loop ending inside the unrolled block
// (its turns are not a multiple of the period).
func TestLoopsOverCyclingTurnsUnroll(t *testing.T) {
	cs, err := Shipped()
	if err != nil {
		t.Fatal(err)
	}
	evs := streamLoop(3, 1999)
	for _, c := range cs {
		batchedLikeRef(t, c, evs, rand.New(rand.NewPCG(5, 6)), 0, 0)
		ref := newRef(c, 64, 0)
		for k := range evs {
			ref.Retire(&evs[k])
		}
		m := New(c, 64, 0)
		m.RetireBatch(oneBatch(evs))
		if d := diffStates(refStateOf(ref), stateOf(m.Cycles(), m.Stats(), m.Err(), m.prof)); d != "" {
			t.Fatalf("%s, one batch: %s", c.Name, d)
		}
		if !c.OutOfOrder {
			continue
		}
		turns := 0
		if blk := m.blocks.tab[(0x2000>>1)&(blockTableSize-1)]; blk != nil && blk.pc == 0x2000 {
			turns = blk.turns
		}
		if turns != 4 {
			t.Errorf("%s: the loop's block spans %d turns, want the period of its outcomes, 4", c.Name, turns)
		}
		if got := float64(m.blocks.repeated) / float64(len(evs)); got < 0.5 {
			t.Errorf("%s: %.2f of the instructions repeated, want more than half (none without unrolling)", c.Name, got)
		}
	}
}

// TestLoopCyclesFound checks lookForCycle's decisions: a loop block whose last turns cycle
// with a period of 2 to maxTurns is to be built over that many turns, one whose turns
// replay one variant or none kept is not, and an unrolled one that went unrollAfter turns
// without a repetition is rolled up again; and that a loop entered for fewer turns than its
// unrolled block spans (from where the block would start) is rolled up at once, the counts
// still the reference model's.
func TestLoopCyclesFound(t *testing.T) {
	vs := []*variant{{}, {}, {}, {}, {}}
	for _, tc := range []struct {
		name  string
		turns int   // the block's
		seq   []int // the variants of its turns, in turn, as indexes of vs (-1: none kept)
		want  int   // the turns it is to span after (0: rolled up; -1: left as it is)
	}{
		{"period 3", 1, []int{0, 1, 2}, 3},
		{"period 4", 1, []int{0, 1, 2, 3}, 4},
		{"period 2", 1, []int{4, 0}, 2},
		{"one variant", 1, []int{1}, -1},
		{"none kept", 1, []int{-1, 0}, -1},
		{"no period", 1, []int{0, 1, 2, 3, 4, 0, 2, 1, 3, 3, 4, 1, 0, 2, 4, 4, 1}, -1},
		{"unrolled, not repeated", 4, []int{0}, 0},
	} {
		bc := newBlockCache()
		blk := &block{pc: 0x4000, head: make([]uint64, 10), turns: tc.turns, lookAt: unrollAfter}
		for q := range unrollAfter + turnHistory {
			var v *variant
			if x := tc.seq[q%len(tc.seq)]; x >= 0 {
				v = vs[x]
			}
			blk.hist[blk.histN%turnHistory] = v
			if blk.histN++; blk.histN >= blk.lookAt {
				bc.lookForCycle(blk)
			}
			if blk.stale {
				break
			}
		}
		e := bc.turnsTab[(0x4000>>1)&(fickleSize-1)]
		switch {
		case tc.want < 0 && (blk.stale || e.pc != 0):
			t.Errorf("%s: built again (%+v), want it left as it is", tc.name, e)
		case tc.want >= 0 && (!blk.stale || e.pc != 0x4001 || e.turns != tc.want):
			t.Errorf("%s: stale %v, turns table %+v, want turns %d", tc.name, blk.stale, e, tc.want)
		}
	}

	cs, err := Shipped()
	if err != nil {
		t.Fatal(err)
	}
	evs := streamLoop(2, 3)
	for _, c := range cs {
		ref := newRef(c, 64, 0)
		for k := range evs {
			ref.Retire(&evs[k])
		}
		// The two instructions before the loop in a batch of their own, so that a block
		// starts at the loop's.
		m := New(c, 64, 0)
		m.blocks.setTurns(0x2000, 4)
		m.RetireBatch(oneBatch(evs[:2]))
		m.Cycles() // (models the instructions held, as the start of a block, one at a time)
		m.RetireBatch(oneBatch(evs[2:]))
		if d := diffStates(refStateOf(ref), stateOf(m.Cycles(), m.Stats(), m.Err(), m.prof)); d != "" {
			t.Fatalf("%s: %s", c.Name, d)
		}
		if turns, rolled := m.blocks.turnsAt(0x2000); turns != 1 || !rolled {
			t.Errorf("%s: a loop of 3 turns (entered twice) to be built over 4: after, %d turns (rolled up: %v), want 1, rolled up", c.Name, turns, rolled)
		}
		if blk := m.blocks.tab[(0x2000>>1)&(blockTableSize-1)]; blk == nil || blk.pc != 0x2000 || blk.turns != 1 || !blk.rolled {
			t.Errorf("%s: the loop's block is not one turn, rolled up for good", c.Name)
		}
	}
}

// randomStreamLoop is a streaming loop of random shape: its stride (8, 16 or 32 bytes),
// body, runs and turns per run, with a random load now and then (streamShape.events).
func randomStreamLoop(rng *rand.Rand) []Event {
	sh := streamShape{stride: uint64(8 << rng.IntN(3)), body: 2 + rng.IntN(40)}
	for range 1 + rng.IntN(6) {
		sh.turns = append(sh.turns, 1+rng.IntN(300))
	}
	return sh.events(rng)
}

// TestCyclingLoopsMatchReference feeds random streaming loops to the model, in random
// batches and in the emulator's 16384-instruction ones, and compares everything with the
// reference model on every core; across the seeds, loops must have been unrolled over
// several periods and rolled up again, so that those paths are what was compared.
func TestCyclingLoopsMatchReference(t *testing.T) {
	cs, err := Shipped()
	if err != nil {
		t.Fatal(err)
	}
	periods, rolled := map[int]bool{}, 0
	for seed := uint64(1); seed <= 40; seed++ {
		rng := rand.New(rand.NewPCG(seed, 99))
		evs := randomStreamLoop(rng)
		for _, c := range cs {
			batchedLikeRef(t, c, evs, rand.New(rand.NewPCG(seed, 7)), 0, 0)
			ref := newRef(c, 64, 0)
			for k := range evs {
				ref.Retire(&evs[k])
			}
			m := New(c, 64, 0)
			for i := 0; i < len(evs); i += 16384 {
				m.RetireBatch(oneBatch(evs[i:min(i+16384, len(evs))]))
			}
			if d := diffStates(refStateOf(ref), stateOf(m.Cycles(), m.Stats(), m.Err(), m.prof)); d != "" {
				t.Fatalf("seed %d, %s, batches of 16384: %s", seed, c.Name, d)
			}
			for _, e := range m.blocks.turnsTab {
				switch {
				case e.pc == 0:
				case e.turns == 0:
					rolled++
				default:
					periods[e.turns] = true
				}
			}
		}
	}
	if len(periods) < 3 || rolled == 0 {
		t.Errorf("loops unrolled over periods %v and %d rolled up again: want three periods or more and some rolled up", periods, rolled)
	}
}
