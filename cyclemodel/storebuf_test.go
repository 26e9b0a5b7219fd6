package cyclemodel

import (
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"rvsim/isa"
)

// loopInst is one instruction of a hand-written loop body: op, registers, and for a memory
// access the address (each iteration the same, plus step per iteration).
type loopInst struct {
	op           isa.Op
	rd, rs1, rs2 uint8
	addr, step   uint64
}

// loopEvents returns iters iterations of body followed by a taken backward branch, as
// retired events from pc 0x1000.
func loopEvents(body []loopInst, iters int) []Event {
	var evs []Event
	for it := range iters {
		pc := uint64(0x1000)
		for _, li := range body {
			e := Event{PC: pc, Inst: isa.Inst{Op: li.op, Rd: li.rd, Rs1: li.rs1, Rs2: li.rs2, Len: 4, Vm: 1}, NextPC: pc + 4}
			if row := isa.RowOf(li.op, 64); row.Mem != 0 {
				e.MemAddr, e.MemSize = li.addr+uint64(it)*li.step, row.Mem
				e.Store = row.Class == isa.ClassStore
			}
			evs = append(evs, e)
			pc += 4
		}
		next := uint64(0x1000)
		if it == iters-1 {
			next = pc + 4
		}
		evs = append(evs, Event{PC: pc, Inst: isa.Inst{Op: isa.BNE, Rs1: 11, Rs2: 0, Len: 4}, NextPC: next})
	}
	return evs
}

// steadyCycles models the loop with Retire and with RetireBatch (which memoizes it: the two
// must agree) and returns the cycles of an iteration in the steady state.
func steadyCycles(t *testing.T, c *Core, body []loopInst) float64 {
	t.Helper()
	const warm, iters = 200, 400
	evs := loopEvents(body, warm+iters)
	per := len(body) + 1
	one := New(c, 64, 0)
	bat := New(c, 64, 0)
	var at [2]uint64
	for k, n := range []int{warm * per, (warm + iters) * per} {
		from := 0
		if k == 1 {
			from = warm * per
		}
		for i := from; i < n; i++ {
			one.Retire(&evs[i])
		}
		b := &Batch{Next: uint64(0x1000)}
		for i := from; i < n; i++ {
			b.PC = append(b.PC, evs[i].PC)
			b.Inst = append(b.Inst, &evs[i].Inst)
			b.Addr = append(b.Addr, evs[i].MemAddr)
			b.VCfg = append(b.VCfg, isa.MakeVConfig(uint64(evs[i].VL), evs[i].SEW, evs[i].LMUL8))
		}
		if n < len(evs) {
			b.Next = evs[n].PC
		} else {
			b.Next = evs[n-1].NextPC
		}
		bat.RetireBatch(b)
		if one.Cycles() != bat.Cycles() {
			t.Fatalf("Retire %d cycles, RetireBatch %d", one.Cycles(), bat.Cycles())
		}
		at[k] = one.Cycles()
	}
	return float64(at[1]-at[0]) / iters
}

func mustLoad(t *testing.T, name string) *Core {
	t.Helper()
	c, err := Load(name)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// A chain through memory (a store, then a load of the same bytes feeding the next store)
// costs what the chain through a register costs plus the store-to-load forwarding latency
// from the store's data: the load cannot have its value before the store has it.
func TestStoreForwardChains(t *testing.T) {
	const a = 0x8000
	sd := loopInst{op: isa.SD, rs1: 10, rs2: 5, addr: a}
	ld := loopInst{op: isa.LD, rd: 5, rs1: 10, addr: a}
	mul := loopInst{op: isa.MUL, rd: 5, rs1: 5, rs2: 6}
	addi := loopInst{op: isa.ADDI, rd: 5, rs1: 5}
	for _, name := range []string{"p670", "u74", "rocket"} {
		c := mustLoad(t, name)
		fwd := float64(c.StoreForward)
		mulLat := float64(c.UnitFor(isa.ClassMul).Latency)
		aluLat := float64(c.UnitFor(isa.ClassALU).Latency)
		cases := []struct {
			name string
			body []loopInst
			want float64
		}{
			// The register chain is mul, mul; through memory the store's data (ready when
			// the second mul's result is) reaches the load's result fwd cycles later.
			{"sd/ld/mul/mul", []loopInst{sd, ld, mul, mul}, 2*mulLat + fwd},
			{"sd/ld/addi", []loopInst{sd, ld, addi}, aluLat + fwd},
			// A counter in memory: each load takes the previous iteration's store.
			{"ld/mul/sd", []loopInst{ld, mul, sd}, mulLat + fwd},
			{"ld/addi/sd/addi", []loopInst{ld, addi, sd, {op: isa.ADDI, rd: 11, rs1: 11}}, aluLat + fwd},
			// lw of the low half of the doubleword an sd wrote: wholly inside the store.
			{"sd/lw/mul", []loopInst{sd, {op: isa.LW, rd: 5, rs1: 10, addr: a + 4}, mul}, mulLat + fwd},
		}
		for _, tc := range cases {
			got := steadyCycles(t, c, tc.body)
			if c.OutOfOrder {
				if math.Abs(got-tc.want) > 0.01 {
					t.Errorf("%s %s: %.2f cycles an iteration, want %.2f (the register chain plus store_forward_latency_cycles %d)",
						name, tc.name, got, tc.want, c.StoreForward)
				}
			} else if got < tc.want-float64(c.LoadToALUAdvance)-0.01 {
				// In order the load issues after the store anyway: never faster than that
				// (less what a late ALU gains on the load's result).
				t.Errorf("%s %s: %.2f cycles an iteration, below the chain's %.2f", name, tc.name, got, tc.want)
			}
		}
	}
}

// A load of other bytes than the store's does not wait for it: the loop runs at the speed
// of the register chain alone, as if there were no store.
func TestStoreForwardOtherAddress(t *testing.T) {
	c := mustLoad(t, "p670")
	sd := loopInst{op: isa.SD, rs1: 10, rs2: 5, addr: 0x8000}
	mul := loopInst{op: isa.MUL, rd: 5, rs1: 5, rs2: 6}
	other := steadyCycles(t, c, []loopInst{sd, {op: isa.LD, rd: 7, rs1: 10, addr: 0x8008}, mul, mul})
	adjacent := steadyCycles(t, c, []loopInst{sd, {op: isa.LW, rd: 7, rs1: 10, addr: 0x7ffc}, mul, mul})
	none := steadyCycles(t, c, []loopInst{sd, mul, mul})
	want := 2 * float64(c.UnitFor(isa.ClassMul).Latency)
	for name, got := range map[string]float64{"next doubleword": other, "word just below": adjacent, "no load": none} {
		if math.Abs(got-want) > 0.01 {
			t.Errorf("load of the %s: %.2f cycles an iteration, want %.2f (mul, mul)", name, got, want)
		}
	}
}

// A load that needs bytes the store does not write (here an ld over an sw's word and the one
// after it) cannot take the store's data: it waits until the store is written, which out of
// order is when it retires, and the wait is counted as store-forward.
func TestStoreForwardPartialOverlap(t *testing.T) {
	c := mustLoad(t, "p670")
	var s stream
	s.add(isa.MUL, 5, 6, 6)                // 0..3
	s.add(isa.MUL, 5, 5, 6)                // 3..6
	s.mem(isa.SW, 5, 10, 0x8000, 4, true)  // data at 6, retires at 7
	s.mem(isa.LD, 7, 10, 0x8000, 8, false) // overlaps in part: issues at 7, result at 11
	s.add(isa.ADD, 8, 7, 7)                // 11, retires at 12
	m := run(t, c, s.evs)
	if got := m.Cycles(); got != 13 {
		t.Errorf("partial overlap: %d cycles, want 13 (the load issues when the sw retires, at 7)", got)
	}
	if got := m.Stats().Stall[ReasonStoreForward]; got == 0 {
		t.Errorf("partial overlap: no store-forward cycles (%v)", m.Breakdown())
	}
	// The same with a full overlap: the ld takes the sd's data at 6 + forwarding latency.
	var f stream
	f.add(isa.MUL, 5, 6, 6)
	f.add(isa.MUL, 5, 5, 6)
	f.mem(isa.SD, 5, 10, 0x8000, 8, true)
	f.mem(isa.LD, 7, 10, 0x8000, 8, false)
	f.add(isa.ADD, 8, 7, 7)
	want := uint64(6 + c.StoreForward + 1 + 1)
	if got := run(t, c, f.evs).Cycles(); got != want {
		t.Errorf("full overlap: %d cycles, want %d (the ld's value at 6+%d)", got, want, c.StoreForward)
	}
}

// Vector stores and loads take part too: a vle32.v of the bytes a vse32.v wrote waits for
// the store's data plus the forwarding latency.
func TestStoreForwardVector(t *testing.T) {
	c := mustLoad(t, "p670")
	vec := func(op isa.Op, rd, rs1 uint8, addr uint64, store bool) Event {
		return Event{Inst: isa.Inst{Op: op, Rd: rd, Rs1: rs1, Len: 4, Vm: 1}, MemAddr: addr, Store: store, VL: 4, SEW: 32, LMUL8: 8}
	}
	build := func(loadAddr uint64) []Event {
		evs := []Event{
			{Inst: isa.Inst{Op: isa.VSETIVLI, Rd: 0, Len: 4, Vm: 1}, VL: 4, SEW: 32, LMUL8: 8},
			vec(isa.VLE32_V, 8, 11, 0x9000, false), // warm both lines: no misses below
			vec(isa.VLE32_V, 9, 11, 0x9100, false),
			{Inst: isa.Inst{Op: isa.VMUL_VV, Rd: 1, Rs1: 2, Rs2: 3, Len: 4, Vm: 1}, VL: 4, SEW: 32, LMUL8: 8},
			{Inst: isa.Inst{Op: isa.VMUL_VV, Rd: 1, Rs1: 1, Rs2: 3, Len: 4, Vm: 1}, VL: 4, SEW: 32, LMUL8: 8},
			{Inst: isa.Inst{Op: isa.VMUL_VV, Rd: 1, Rs1: 1, Rs2: 3, Len: 4, Vm: 1}, VL: 4, SEW: 32, LMUL8: 8},
			vec(isa.VSE32_V, 1, 10, 0x9000, true),
			vec(isa.VLE32_V, 4, 10, loadAddr, false),
			{Inst: isa.Inst{Op: isa.VADD_VV, Rd: 5, Rs1: 4, Rs2: 4, Len: 4, Vm: 1}, VL: 4, SEW: 32, LMUL8: 8},
		}
		for i := range evs {
			evs[i].PC = 0x1000 + uint64(4*i)
			evs[i].NextPC = evs[i].PC + 4
		}
		return evs
	}
	// The last instruction (vadd.vv v5 or add x8) consumes the load: when its result is ready.
	last := func(m *Model, reg int) int64 { return m.ready[reg] }
	same := run(t, c, build(0x9000))
	other := run(t, c, build(0x9100))
	partial := run(t, c, build(0x9008))
	if got, base := last(same, 37), last(other, 37); got < base+int64(c.StoreForward) {
		t.Errorf("vector load of the stored bytes: vadd result at %d, with another address %d: want at least %d later",
			got, base, c.StoreForward)
	}
	if last(partial, 37) <= last(other, 37) || partial.Stats().Stall[ReasonStoreForward] == 0 {
		t.Errorf("vector load overlapping the store in part: vadd result at %d (%d store-forward cycles), another address %d",
			last(partial, 37), partial.Stats().Stall[ReasonStoreForward], last(other, 37))
	}
	// A scalar load of a stored vector element forwards as well.
	evs := build(0x9000)
	evs[7] = Event{PC: evs[7].PC, NextPC: evs[7].NextPC, Inst: isa.Inst{Op: isa.LW, Rd: 7, Rs1: 10, Len: 4}, MemAddr: 0x9004, MemSize: 4}
	evs[8] = Event{PC: evs[8].PC, NextPC: evs[8].NextPC, Inst: isa.Inst{Op: isa.ADD, Rd: 8, Rs1: 7, Rs2: 7, Len: 4}}
	scalar := run(t, c, evs)
	evs[7].MemAddr = 0x9104
	scalarOther := run(t, c, evs)
	if got, base := last(scalar, 8), last(scalarOther, 8); got < base+int64(c.StoreForward) {
		t.Errorf("lw of a vse32.v's element: add result at %d, of another address %d", got, base)
	}
}

// The key is required, and checked like the others.
func TestStoreForwardKey(t *testing.T) {
	if _, err := Parse("test.toml", []byte(strings.Replace(testCore, "store_forward_latency_cycles = 4\n", "", 1))); err == nil ||
		!strings.Contains(err.Error(), "memory.store_forward_latency_cycles: missing") {
		t.Errorf("missing key: %v", err)
	}
	if _, err := Parse("test.toml", []byte(strings.Replace(testCore, "store_forward_latency_cycles = 4", "store_forward_latency_cycles = -1", 1))); err == nil ||
		err.Error() != "test.toml:28: memory.store_forward_latency_cycles: -1 is out of range (want 0 to 100)" {
		t.Errorf("negative: %v", err)
	}
}

// A loop whose load takes what the last turn stored (a counter kept in memory) settles into a
// fixed point (in order) or a periodic state (out of order) like any other, and is repeated:
// the next turn's key would hold the same times for that store (preFixed). The counts stay
// the reference model's.
func TestRepeatsCounterInMemory(t *testing.T) {
	const a = 0x8000
	body := []loopInst{
		{op: isa.LD, rd: 5, rs1: 10, addr: a},
		{op: isa.ADDI, rd: 5, rs1: 5},
		{op: isa.SD, rs1: 10, rs2: 5, addr: a},
		{op: isa.ADDI, rd: 11, rs1: 11},
	}
	for _, name := range []string{"rocket", "u74", "x280", "p670"} {
		t.Run(name, func(t *testing.T) {
			evs := loopEvents(body, 3000)
			m := batchedLikeRef(t, mustLoad(t, name), evs, rand.New(rand.NewPCG(3, 4)), 0x1000, 0x2000)
			if r := float64(m.blocks.repeated) / float64(len(evs)); r < 0.75 {
				t.Errorf("%.2f of the instructions repeated, want most (timed %d, replayed %d)", r, m.blocks.timed, m.blocks.replayed)
			}
		})
	}
}

// A load that takes a store from one turn back on odd turns and from two turns back on even
// ones has the same outcome bits both times (only samePre tells them apart): repeated or
// not, the turns' counts stay the reference model's.
func TestRepeatsTellStoreDistance(t *testing.T) {
	const a, b = 0x8000, 0x9000
	var evs []Event
	for it := range 3000 {
		st := uint64(a)
		if it%2 == 1 {
			st = b
		}
		next := uint64(0x1000)
		if it == 2999 {
			next = 0x1014
		}
		evs = append(evs,
			Event{PC: 0x1000, Inst: isa.Inst{Op: isa.LD, Rd: 5, Rs1: 10, Len: 4}, NextPC: 0x1004, MemAddr: a, MemSize: 8},
			Event{PC: 0x1004, Inst: isa.Inst{Op: isa.ADDI, Rd: 5, Rs1: 5, Imm: 1, Len: 4}, NextPC: 0x1008},
			Event{PC: 0x1008, Inst: isa.Inst{Op: isa.SD, Rs1: 12, Rs2: 5, Len: 4}, NextPC: 0x100c, MemAddr: st, MemSize: 8, Store: true},
			Event{PC: 0x100c, Inst: isa.Inst{Op: isa.ADDI, Rd: 11, Rs1: 11, Imm: 1, Len: 4}, NextPC: 0x1010},
			Event{PC: 0x1010, Inst: isa.Inst{Op: isa.BNE, Rs1: 11, Len: 4}, NextPC: next})
	}
	for _, name := range []string{"rocket", "u74", "x280", "p670"} {
		t.Run(name, func(t *testing.T) {
			batchedLikeRef(t, mustLoad(t, name), evs, rand.New(rand.NewPCG(5, 6)), 0x1000, 0x2000)
		})
	}
}

// A loop without stores whose loads take stores made before it (GHASH-Zbc's loads of the
// key's powers, written by its init) is repeated once those stores are written: they stay
// the ones its loads take, and written by every later start (preFixed). The counts stay the
// reference model's.
func TestRepeatsLoadsOfStoresBeforeTheLoop(t *testing.T) {
	const a = 0x8000
	var evs []Event
	pc := uint64(0xf00)
	for q := range uint64(4) {
		evs = append(evs, Event{PC: pc, Inst: isa.Inst{Op: isa.SD, Rs1: 12, Rs2: uint8(5 + q), Imm: int64(8 * q), Len: 4}, NextPC: pc + 4, MemAddr: a + 8*q, MemSize: 8, Store: true})
		pc += 4
	}
	evs[len(evs)-1].NextPC = 0x1000
	evs = appendTurns(evs, 3000, func(evs []Event, pc uint64) ([]Event, uint64) {
		for q := range uint64(4) {
			evs = append(evs,
				Event{PC: pc, Inst: isa.Inst{Op: isa.LD, Rd: 6, Rs1: 12, Imm: int64(8 * q), Len: 4}, NextPC: pc + 4, MemAddr: a + 8*q, MemSize: 8},
				Event{PC: pc + 4, Inst: isa.Inst{Op: isa.XOR, Rd: 7, Rs1: 7, Rs2: 6, Len: 4}, NextPC: pc + 8})
			pc += 8
		}
		return evs, pc
	})
	for _, name := range []string{"rocket", "u74", "x280", "p670"} {
		t.Run(name, func(t *testing.T) {
			m := batchedLikeRef(t, mustLoad(t, name), evs, rand.New(rand.NewPCG(9, 10)), 0xf00, 0x2000)
			if r := float64(m.blocks.repeated) / float64(len(evs)); r < 0.75 {
				t.Errorf("%.2f of the instructions repeated, want most (timed %d, replayed %d)", r, m.blocks.timed, m.blocks.replayed)
			}
		})
	}
}

// TestSettledStoresDoNotVaryTheKey checks settle on a loop shaped like GHASH-C's: a table of
// 32 entries stored before the loop (the last 16 of those stores stay in the store buffer,
// written long since) and a loop without stores whose loads pick entries as the data has
// them. Which loads take one of those stores differs from turn to turn; as they all read the
// cache, most turns are repeated (three quarters out of order, after the streak it needs),
// on every core, with the reference model's counts. Without settle most are not.
func TestSettledStoresDoNotVaryTheKey(t *testing.T) {
	const a = 0x8000
	var evs []Event
	pc := uint64(0xf00)
	for q := range uint64(32) {
		evs = append(evs, Event{PC: pc, Inst: isa.Inst{Op: isa.SD, Rs1: 12, Rs2: 5, Imm: int64(8 * q), Len: 4}, NextPC: pc + 4, MemAddr: a + 8*q, MemSize: 8, Store: true})
		pc += 4
	}
	evs[len(evs)-1].NextPC = 0x1000
	data := rand.New(rand.NewPCG(11, 12))
	evs = appendTurns(evs, 3000, func(evs []Event, pc uint64) ([]Event, uint64) {
		for range 4 {
			e := data.Uint64N(32)
			evs = append(evs,
				Event{PC: pc, Inst: isa.Inst{Op: isa.ADD, Rd: 13, Rs1: 12, Rs2: 7, Len: 4}, NextPC: pc + 4},
				Event{PC: pc + 4, Inst: isa.Inst{Op: isa.LD, Rd: 6, Rs1: 13, Len: 4}, NextPC: pc + 8, MemAddr: a + 8*e, MemSize: 8},
				Event{PC: pc + 8, Inst: isa.Inst{Op: isa.XOR, Rd: 7, Rs1: 7, Rs2: 6, Len: 4}, NextPC: pc + 12})
			pc += 12
		}
		return evs, pc
	})
	for _, name := range []string{"rocket", "u74", "x280", "p670"} {
		t.Run(name, func(t *testing.T) {
			c := mustLoad(t, name)
			m := batchedLikeRef(t, c, evs, rand.New(rand.NewPCG(9, 10)), 0xf00, 0x2000)
			without := New(c, 64, 0)
			without.blocks.noSettle = true
			for _, b := range batches(rand.New(rand.NewPCG(9, 10)), evs) {
				without.RetireBatch(b)
			}
			r := float64(m.blocks.repeated) / float64(len(evs))
			r0 := float64(without.blocks.repeated) / float64(len(evs))
			if r < 0.75 || r0 > 0.5 {
				t.Errorf("%.2f of the instructions repeated (%.2f without settle), want more than 0.75 (less than 0.5 without)", r, r0)
			}
			if d := diffStates(stateOf(m.Cycles(), m.Stats(), m.Err(), nil), stateOf(without.Cycles(), without.Stats(), without.Err(), nil)); d != "" {
				t.Errorf("counts with settle and without differ: %s", d)
			}
		})
	}
}

// appendTurns appends turns of a loop at 0x1000 to evs: body appends one turn's events from
// pc and returns where it ended, where a bne goes back (on the last turn, on).
func appendTurns(evs []Event, turns int, body func(evs []Event, pc uint64) ([]Event, uint64)) []Event {
	for it := range turns {
		var pc uint64
		evs, pc = body(evs, 0x1000)
		next := uint64(0x1000)
		if it == turns-1 {
			next = pc + 4
		}
		evs = append(evs, Event{PC: pc, Inst: isa.Inst{Op: isa.BNE, Rs1: 11, Len: 4}, NextPC: next})
	}
	return evs
}
