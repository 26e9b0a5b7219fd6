package cyclemodel

import (
	"fmt"
	"math/rand/v2"
	"reflect"
	"slices"
	"testing"

	"rvsim/isa"
)

// The per-pc reasons must account for every cycle: per pc the reasons add up to its cycles,
// and over all pcs (and the instructions outside the range) each reason adds up to the
// model's own count of it, whether instructions come one at a time or in batches whose
// blocks are replayed, and after a ResetStats.
func TestPCCostsAddUpToStats(t *testing.T) {
	for name, c := range oracleCores(t) {
		for seed := uint64(1); seed <= 4; seed++ {
			t.Run(fmt.Sprintf("%s/%d", name, seed), func(t *testing.T) {
				rng := rand.New(rand.NewPCG(seed, 13))
				var p *synthProg
				if seed%2 == 0 {
					p = synthLoop(rng, 2+rng.IntN(40), 20+rng.IntN(400))
				} else {
					p = synthProgram(rng, 40+rng.IntN(300), c.HasVector)
				}
				evs := p.run(rng, 30000)
				bs := batches(rng, evs)
				// Profile from the median pc the measured part runs: the pcs below count
				// as outside.
				resetAt, k := len(bs)/3, 0
				for _, b := range bs[:resetAt] {
					k += len(b.PC)
				}
				var ran []uint64
				for _, e := range evs[k:] {
					ran = append(ran, e.PC)
				}
				slices.Sort(ran)
				lo, hi := ran[len(ran)/2], p.hi
				one := New(c, 64, 0)
				one.SetProfile(lo, hi)
				if !one.KeepReasons() {
					t.Fatal("KeepReasons refused a profiled model")
				}
				bat := New(c, 64, 0)
				bat.SetProfile(lo, hi)
				bat.KeepReasons()
				k = 0
				for bi, b := range bs {
					if bi == resetAt {
						one.ResetStats()
						bat.ResetStats()
					}
					for range b.PC {
						one.Retire(&evs[k])
						k++
					}
					bat.RetireBatch(b)
				}
				if one.Err() != nil {
					t.Skipf("the core does not model the program: %v", one.Err())
				}
				checkPCCosts(t, one)
				pa, oa := one.PCCosts()
				pb, ob := bat.PCCosts()
				if !reflect.DeepEqual(pa, pb) || !reflect.DeepEqual(oa, ob) {
					t.Fatalf("Retire and RetireBatch give different per-pc costs")
				}
			})
		}
	}
}

func checkPCCosts(t *testing.T, m *Model) {
	t.Helper()
	st := m.Stats()
	pcs, out := m.PCCosts()
	if len(pcs) == 0 {
		t.Fatal("no pcs profiled")
	}
	byReason := make([]uint64, m.NumReasons())
	var cycles, count uint64
	for _, pc := range append(pcs, out) {
		var sum uint64
		for i, r := range pc.Reasons {
			if r.Cycles == 0 || i > 0 && pc.Reasons[i-1].Reason >= r.Reason {
				t.Fatalf("pc %#x: reasons not distinct, non-zero and in order: %v", pc.PC, pc.Reasons)
			}
			sum += r.Cycles
			byReason[r.Reason] += r.Cycles
		}
		if sum != pc.Cycles {
			t.Fatalf("pc %#x: reasons add up to %d, cycles %d", pc.PC, sum, pc.Cycles)
		}
		cycles += pc.Cycles
		count += pc.Count
	}
	if cycles != st.Cycles || count != st.Instructions {
		t.Fatalf("pcs add up to %d cycles and %d instructions; the model counts %d and %d", cycles, count, st.Cycles, st.Instructions)
	}
	if !reflect.DeepEqual(byReason, st.Stall) {
		t.Fatalf("by reason the pcs add up to %v; the model counts %v", byReason, st.Stall)
	}
	if out.Count == 0 {
		t.Fatal("nothing counted outside the range (the test means to)")
	}
}

// Without KeepReasons the profile keeps no per-reason counts and PCCosts says so.
func TestPCCostsNeedKeepReasons(t *testing.T) {
	m := New(mustParse(t, testCore), 64, 0)
	m.SetProfile(0x1000, 0x2000)
	if pcs, _ := m.PCCosts(); pcs != nil || m.prof.reasons != nil {
		t.Fatal("reasons kept without KeepReasons")
	}
	m.SetProfile(0x2000, 0x1000)
	if m.KeepReasons() {
		t.Fatal("KeepReasons without a profile says it keeps them")
	}
}

// A profile over the whole address space keeps the pcs that run, however far apart (a
// program's text and a library mapped high), and past maxProfiled pcs it counts the rest
// together as outside: the cycles still add up to the model's.
func TestProfileSparse(t *testing.T) {
	far := []uint64{0x10000, 0x10004, 0x3f_f7a0_0000, 0x3f_f7a0_0004, 0x7fff_ffff_f000}
	run := func(m *Model) {
		for rep := 0; rep < 3; rep++ {
			for i, pc := range far {
				next := far[(i+1)%len(far)]
				in := isa.Inst{Op: isa.ADDI, Rd: 5, Rs1: 5, Imm: 1, Len: 4}
				if next != pc+4 {
					in = isa.Inst{Op: isa.JAL, Len: 4, Imm: int64(next - pc)}
				}
				m.Retire(&Event{PC: pc, Inst: in, NextPC: next})
			}
		}
	}
	m := New(mustParse(t, testCore), 64, 0)
	m.SetProfile(0, ^uint64(0))
	m.KeepReasons()
	run(m)
	pcs, out := m.PCCosts()
	var got []uint64
	var cycles uint64
	for _, c := range pcs {
		got = append(got, c.PC)
		cycles += c.Cycles
		if c.Count != 3 {
			t.Errorf("pc %#x counted %d times, want 3", c.PC, c.Count)
		}
	}
	if !slices.Equal(got, far) || out.Count != 0 || cycles != m.Stats().Cycles {
		t.Errorf("profiled pcs %#x (outside %d), %d cycles of the model's %d; want %#x", got, out.Count, cycles, m.Stats().Cycles, far)
	}
	if top := m.TopInsts(1); len(top) != 1 || !slices.Contains(far, top[0].PC) {
		t.Errorf("TopInsts: %+v", top)
	}

	defer func(n int) { maxProfiled = n }(maxProfiled)
	maxProfiled = 2
	m = New(mustParse(t, testCore), 64, 0)
	m.SetProfile(0, ^uint64(0))
	m.KeepReasons()
	run(m)
	pcs, out = m.PCCosts()
	cycles = out.Cycles
	for _, c := range pcs {
		cycles += c.Cycles
	}
	if len(pcs) != 2 || pcs[0].PC != far[0] || pcs[1].PC != far[1] || out.Count != 9 || cycles != m.Stats().Cycles {
		t.Errorf("with room for 2 pcs: %d pcs, %d outside, %d cycles of the model's %d; want the first two, 9 outside", len(pcs), out.Count, cycles, m.Stats().Cycles)
	}
}
