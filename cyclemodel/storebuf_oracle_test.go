package cyclemodel

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"rvsim/isa"
)

// synthMemLoop is a loop whose body is mostly loads and stores of a few dozen bytes (scalar,
// and vector ones on a vector core), at fixed addresses or stepping by a few bytes, so that
// loads often read bytes that stores in flight write, wholly and in part, from the same
// iteration and from earlier ones: the store buffer's every path. A forward branch now and
// then splits the body into blocks.
func synthMemLoop(rng *rand.Rand, body, iters int, vector bool) *synthProg {
	p := &synthProg{at: map[uint64]*synthInst{}, lo: 0x1000}
	pc := p.lo
	add := func(si *synthInst) {
		si.pc = pc
		p.insts = append(p.insts, si)
		p.at[pc] = si
		pc += uint64(si.in.Len)
	}
	reg := func() uint8 { return uint8(5 + rng.IntN(6)) }
	mem := []isa.Op{isa.LD, isa.LW, isa.LBU, isa.LH, isa.LWU, isa.SD, isa.SW, isa.SB, isa.SH, isa.SD, isa.SW}
	vmem := []isa.Op{isa.VLE32_V, isa.VSE32_V, isa.VLE8_V, isa.VSE8_V, isa.VADD_VV}
	alu := []isa.Op{isa.ADD, isa.MUL, isa.ADDI, isa.XOR}
	var fwd []*synthInst
	for range body {
		si := &synthInst{in: isa.Inst{Rd: reg(), Rs1: reg(), Rs2: reg(), Len: 4, Vm: 1}}
		switch r := rng.IntN(100); {
		case r < 55:
			si.in.Op = mem[rng.IntN(len(mem))]
		case vector && r < 70:
			si.in.Op = vmem[rng.IntN(len(vmem))]
		case r < 94:
			si.in.Op = alu[rng.IntN(len(alu))]
		default:
			si.in.Op = isa.BEQ
			si.period = 1 + rng.IntN(5)
			fwd = append(fwd, si)
		}
		if row := isa.RowOf(si.in.Op, 64); row.Mem != 0 || row.Class == isa.ClassVLoad || row.Class == isa.ClassVStore {
			si.base = 0x40000 + uint64(rng.IntN(40))
			if rng.IntN(2) == 0 {
				si.base &^= uint64(max(row.Mem, 1) - 1)
			}
			si.stride = []uint64{0, 0, 0, 8, 4}[rng.IntN(5)]
		}
		add(si)
	}
	add(&synthInst{in: isa.Inst{Op: isa.BNE, Rs1: reg(), Rs2: reg(), Len: 4}, period: iters, target: p.lo})
	add(&synthInst{in: isa.Inst{Op: isa.ADDI, Rd: reg(), Rs1: reg(), Len: 4}})
	add(&synthInst{in: isa.Inst{Op: isa.JAL, Len: 4}, target: p.lo})
	p.hi = pc
	for _, si := range fwd {
		si.target = si.pc + 8 // skips one instruction
		if p.at[si.target] == nil {
			si.target = si.pc + 4
		}
	}
	return p
}

// The fast model with its memoized blocks against the reference on programs whose loads
// depend on stores through memory, in order and out of order, scalar and (on the vector
// cores) vector, with forwarding slower than a cache hit. It also checks the programs do exercise forwarding.
func TestStoreForwardMatchesOracle(t *testing.T) {
	var forwarded uint64
	for name, c := range oracleCores(t) {
		c = c.Clone()
		c.StoreForward = 7 // slower than a hit on every core: forwarded loads show
		for seed := uint64(1); seed <= 10; seed++ {
			t.Run(fmt.Sprintf("%s/%d", name, seed), func(t *testing.T) {
				rng := rand.New(rand.NewPCG(seed, 23))
				p := synthMemLoop(rng, 3+rng.IntN(40), 5+rng.IntN(200), c.HasVector)
				evs := p.run(rng, 30000)
				bs := batches(rng, evs)
				ref := newRef(c, 64, 0)
				ref.setProfile(p.lo, p.hi)
				bat := New(c, 64, 0)
				bat.SetProfile(p.lo, p.hi)
				k := 0
				for bi, b := range bs {
					for range b.PC {
						ref.Retire(&evs[k])
						k++
					}
					bat.RetireBatch(b)
					if bi%20 == 0 || bi == len(bs)-1 {
						if d := diffStates(refStateOf(ref), stateOf(bat.Cycles(), bat.Stats(), bat.Err(), bat.prof)); d != "" {
							t.Fatalf("after %d instructions: %s", k, d)
						}
					}
				}
				forwarded += ref.stats.Stall[ReasonStoreForward]
				bc := bat.blocks
				t.Logf("%d instructions: %d replayed, %d repeated, %d timed in blocks; %d store-forward cycles",
					len(evs), bc.replayed, bc.repeated, bc.timed, ref.stats.Stall[ReasonStoreForward])
			})
		}
	}
	if forwarded == 0 {
		t.Error("no program spent a cycle on store forwarding: the test does not test it")
	}
}
