package cyclemodel

import (
	"fmt"
	"math/rand/v2"
	"reflect"
	"slices"
	"strings"
	"testing"

	"rvsim/isa"
)

// The fast model (Retire, and RetireBatch with its memoized blocks) against the model as it
// was (ref_test.go), on synthetic programs: loops with patterned branches, calls and
// returns, loads and stores that hit, miss and straddle lines, every op class, vector
// instructions on cores that have them, instructions the core does not assign. Every
// counter and the whole profile must agree.

// synthOps are the ops synthetic programs draw from, by kind.
var synthALU = []isa.Op{isa.ADD, isa.ADDI, isa.XOR, isa.SLLI, isa.SUB, isa.LUI, isa.AUIPC, isa.ANDN, isa.SH1ADD,
	isa.ADDIW, isa.SLT, isa.CLZ, isa.CPOP, isa.REV8, isa.PACK, isa.XPERM8, isa.CLMUL, isa.CLMULH,
	isa.MUL, isa.MULH, isa.MULW, isa.DIV, isa.REMU, isa.SM4ED, isa.SM4KS, isa.SM3P0, isa.AES64ES, isa.AES64ESM,
	isa.AES64KS1I, isa.AES64IM, isa.SHA256SIG0, isa.SHA512SUM1, isa.ROR, isa.BCLR}

var synthMem = []isa.Op{isa.LW, isa.LD, isa.LB, isa.LBU, isa.LH, isa.LHU, isa.LWU, isa.SW, isa.SD, isa.SB, isa.SH,
	isa.AMOADD_W, isa.AMOSWAP_D, isa.LR_W, isa.SC_W, isa.LR_D, isa.SC_D}

var synthRare = []isa.Op{isa.CSRRS, isa.CSRRW, isa.FENCE, isa.FENCE_I, isa.ECALL}

var synthVec = []isa.Op{isa.VADD_VV, isa.VADD_VX, isa.VADD_VI, isa.VMUL_VV, isa.VXOR_VV, isa.VMACC_VV, isa.VREDSUM_VS,
	isa.VMAND_MM, isa.VRGATHER_VV, isa.VSLIDEUP_VX, isa.VMV1R_V, isa.VMV2R_V, isa.VSM4R_VV, isa.VAESEF_VV, isa.VGHSH_VV,
	isa.VSHA2MS_VV, isa.VCLMUL_VV, isa.VLE32_V, isa.VSE32_V, isa.VLSE32_V, isa.VLUXEI32_V, isa.VLRE32_V,
	isa.VLM_V, isa.VSM_V, isa.VMERGE_VVM, isa.VADC_VVM}

// synthInst is an instruction of a synthetic program with what its executions do.
type synthInst struct {
	pc     uint64
	in     isa.Inst
	base   uint64 // memory: address of the first execution...
	stride uint64 // ...and the step between executions
	period int    // branch: taken except every period-th time
	target uint64 // branch, jal: where it goes when taken
	count  int
}

type synthProg struct {
	insts []*synthInst
	at    map[uint64]*synthInst
	lo    uint64
	hi    uint64
}

func synthProgram(rng *rand.Rand, n int, vector bool) *synthProg {
	p := &synthProg{at: map[uint64]*synthInst{}, lo: 0x1000}
	pc := p.lo
	reg := func() uint8 {
		if rng.IntN(4) == 0 {
			return uint8(rng.IntN(32))
		}
		return uint8(5 + rng.IntN(6)) // a few hot registers: dependencies
	}
	for i := 0; i < n; i++ {
		si := &synthInst{pc: pc}
		in := isa.Inst{Rd: reg(), Rs1: reg(), Rs2: reg(), Len: 4, Vm: 1}
		if rng.IntN(3) == 0 {
			in.Len = 2
		}
		switch r := rng.IntN(100); {
		case r < 45:
			in.Op = synthALU[rng.IntN(len(synthALU))]
		case r < 65:
			in.Op = synthMem[rng.IntN(len(synthMem))]
			si.base = 0x40000 + uint64(rng.IntN(1<<14))&^7
			if rng.IntN(6) == 0 {
				si.base += uint64(1 + rng.IntN(7)) // misaligned
			}
			si.stride = []uint64{0, 4, 8, 64, 4096, 24}[rng.IntN(6)]
		case r < 77:
			in.Op = []isa.Op{isa.BEQ, isa.BNE, isa.BLT, isa.BGEU}[rng.IntN(4)]
			si.period = 1 + rng.IntN(12)
		case r < 82:
			in.Op = isa.JAL
			in.Rd = []uint8{0, 1, 5, 7}[rng.IntN(4)]
		case r < 86:
			in.Op = isa.JALR
			in.Rd = []uint8{0, 0, 1, 5, 9}[rng.IntN(5)]
			in.Rs1 = []uint8{1, 5, 9}[rng.IntN(3)]
		case r < 88:
			in.Op = synthRare[rng.IntN(len(synthRare))]
		case vector && r < 97:
			in.Op = synthVec[rng.IntN(len(synthVec))]
			in.Vm = uint8(rng.IntN(2))
			in.Nf = uint8(rng.IntN(2))
			in.Imm = int64(1 << rng.IntN(3))
			si.base = 0x80000 + uint64(rng.IntN(1<<12))
			si.stride = 64
		case vector:
			in.Op = []isa.Op{isa.VSETVLI, isa.VSETIVLI, isa.VSETVL}[rng.IntN(3)]
		default:
			in.Op = isa.ADD
		}
		if in.Op == isa.AES64KS1I {
			in.Imm = int64(rng.IntN(11))
		}
		si.in = in
		p.insts = append(p.insts, si)
		p.at[pc] = si
		pc += uint64(in.Len)
	}
	p.hi = pc
	for _, si := range p.insts {
		switch {
		case si.in.Op == isa.JAL || si.period > 0:
			// Mostly backward (loops), sometimes forward.
			t := p.insts[rng.IntN(len(p.insts))]
			if rng.IntN(4) != 0 && si.pc > p.lo {
				for t.pc >= si.pc || si.pc-t.pc > 200 {
					t = p.insts[rng.IntN(len(p.insts))]
				}
			}
			si.target = t.pc
		}
	}
	return p
}

// vconf is a vector configuration a synthetic vsetvl* sets.
type vconf struct{ vl, sew, lmul8 int }

// run executes the program for n instructions and returns the events.
func (p *synthProg) run(rng *rand.Rand, n int) []Event {
	var evs []Event
	pc := p.lo
	var stack []uint64
	vc := vconf{4, 32, 8}
	for len(evs) < n {
		si := p.at[pc]
		si.count++
		in := si.in
		next := pc + uint64(in.Len)
		e := Event{PC: pc, Inst: in}
		row := isa.RowOf(in.Op, 64)
		switch {
		case si.period == 1: // data-dependent: no pattern
			if rng.IntN(2) == 0 {
				next = si.target
			}
		case si.period > 0:
			if si.count%si.period != 0 {
				next = si.target
			}
		case in.Op == isa.JAL:
			if in.Rd == 1 || in.Rd == 5 {
				stack = append(stack, next)
			}
			next = si.target
		case in.Op == isa.JALR:
			if in.Rd == 0 && (in.Rs1 == 1 || in.Rs1 == 5) && len(stack) > 0 {
				next = stack[len(stack)-1] // a return
				stack = stack[:len(stack)-1]
			} else {
				next = p.insts[rng.IntN(len(p.insts))].pc
				if in.Rd == 1 || in.Rd == 5 {
					stack = append(stack, pc+uint64(in.Len))
				}
			}
			if len(stack) > 8 {
				stack = stack[1:]
			}
		case row.Class == isa.ClassVSet:
			vc = []vconf{{4, 32, 8}, {16, 8, 16}, {2, 64, 4}, {8, 16, 64}, {1, 32, 1}}[rng.IntN(5)]
		}
		if si.stride != 0 || si.base != 0 {
			e.MemAddr = si.base + uint64(si.count)*si.stride
		}
		switch {
		case row.Mem != 0:
			e.MemSize = row.Mem
			e.Store = row.Class == isa.ClassStore || row.Class == isa.ClassAtomic && in.Op != isa.LR_W && in.Op != isa.LR_D
			if row.Class == isa.ClassAtomic {
				e.MemAddr &^= uint64(row.Mem - 1)
			}
		case row.Class == isa.ClassVStore:
			e.Store = true
		case row.Class != isa.ClassVLoad:
			e.MemAddr = 0
		}
		if p.at[next] == nil {
			next = p.lo // off the end: start again (the events must chain)
		}
		e.NextPC = next
		e.VL, e.SEW, e.LMUL8 = vc.vl, vc.sew, vc.lmul8
		evs = append(evs, e)
		pc = next
	}
	return evs
}

// batches splits events into batches as the emulator would hand them over (any split must
// give the same results; vector instructions fall anywhere in one).
func batches(rng *rand.Rand, evs []Event) []*Batch {
	var out []*Batch
	var b *Batch
	insts := map[uint64]*isa.Inst{} // what the batches point to: one per pc, as the emulator's decode cache
	for i := range evs {
		if insts[evs[i].PC] == nil {
			in := evs[i].Inst
			insts[evs[i].PC] = &in
		}
	}
	limit := 0
	for i := range evs {
		e := &evs[i]
		if b == nil {
			b = &Batch{}
			limit = 1 + rng.IntN(300)
			if rng.IntN(8) == 0 {
				limit = 1 + rng.IntN(5)
			}
		}
		b.PC = append(b.PC, e.PC)
		b.Inst = append(b.Inst, insts[e.PC])
		b.Addr = append(b.Addr, e.MemAddr)
		b.VCfg = append(b.VCfg, isa.MakeVConfig(uint64(e.VL), e.SEW, e.LMUL8))
		if len(b.PC) == limit || i == len(evs)-1 {
			b.Next = e.NextPC
			out = append(out, b)
			b = nil
		}
	}
	return out
}

func (m *refModel) setProfile(lo, hi uint64) {
	n := (hi - lo + 1) / 2
	m.prof = &refProfile{lo: lo, hi: hi, count: make([]uint64, n), cycles: make([]uint64, n),
		stall: make([]uint64, n), why: make([]uint16, n), worst: make([]uint32, n),
		back: make([]uint32, n), taken: make([]uint64, n), insts: make([]isa.Inst, n)}
}

// modelState is every counter a model exposes, for comparison.
type modelState struct {
	Cycles uint64
	Stats  Stats
	Err    string
	Prof   []profRec
}

// state is the reference profile's counters as the model's records, in pc order.
func (p *refProfile) state() []profRec {
	var out []profRec
	for i, n := range p.count {
		if n == 0 {
			continue
		}
		r := profRec{pc: p.lo + uint64(i)*2, count: n, cycles: p.cycles[i], stall: p.stall[i], taken: p.taken[i],
			worst: p.worst[i], why: p.why[i], inst: p.insts[i]}
		if r.taken > 0 {
			r.back = p.lo + uint64(p.back[i]-1)*2
		}
		out = append(out, r)
	}
	return out
}

// profState is p's records in pc order (the order first seen may differ between models).
func profState(p *profile) []profRec {
	var out []profRec
	for _, i := range p.byPC() {
		out = append(out, p.recs[i])
	}
	return out
}

func stateOf(cycles uint64, st *Stats, err error, p *profile) modelState {
	s := modelState{Cycles: cycles, Stats: *st}
	s.Stats.Stall = slices.Clone(st.Stall)
	if err != nil {
		s.Err = err.Error()
	}
	if p != nil {
		s.Prof = profState(p)
	}
	return s
}

func refStateOf(m *refModel) modelState {
	s := modelState{Cycles: m.Cycles(), Stats: *m.Stats()}
	s.Stats.Stall = slices.Clone(m.stats.Stall)
	if m.err != nil {
		s.Err = m.err.Error()
	}
	if p := m.prof; p != nil {
		s.Prof = p.state()
	}
	return s
}

func diffStates(a, b modelState) string {
	if reflect.DeepEqual(a, b) {
		return ""
	}
	var d []string
	if a.Cycles != b.Cycles {
		d = append(d, fmt.Sprintf("cycles %d vs %d", a.Cycles, b.Cycles))
	}
	if !reflect.DeepEqual(a.Stats, b.Stats) {
		d = append(d, fmt.Sprintf("stats %+v vs %+v", a.Stats, b.Stats))
	}
	if a.Err != b.Err {
		d = append(d, fmt.Sprintf("err %q vs %q", a.Err, b.Err))
	}
	for i := range a.Prof {
		if !reflect.DeepEqual(a.Prof[i], b.Prof[i]) {
			d = append(d, fmt.Sprintf("profile array %d differs", i))
		}
	}
	return strings.Join(d, "; ")
}

// oracleCores are the cores the fast model is checked on: the shipped ones and variants of
// the test core (wider, several copies, out of order, with a vector unit and bypass delay).
func oracleCores(t *testing.T) map[string]*Core {
	cores := map[string]*Core{}
	cs, err := Shipped()
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range cs {
		cores[c.Name] = c
	}
	all := strings.Replace(testCore, `classes = ["alu", "branch", "jump", "sm4"]`,
		`classes = ["alu", "branch", "jump", "sm4", "bitcount", "bitperm", "xperm", "clmul", "aes", "aeskey", "sha2", "sm3", "csr", "fence", "system", "atomic"]`, 1)
	cores["test"] = mustParse(t, testCore) // leaves classes unassigned: the error path
	wide := strings.Replace(all, "issue_width = 1", "issue_width = 2", 1)
	wide = strings.Replace(wide, "fetch_width = 1", "fetch_width = 3", 1)
	wide = strings.Replace(wide, "count = 1\nlatency_cycles = 1\nissue_interval_cycles = 1\n\n[[unit]]\nname = \"mul\"", "count = 3\nlatency_cycles = 1\nissue_interval_cycles = 1\n\n[[unit]]\nname = \"mul\"", 1)
	wide = strings.Replace(wide, "bypass_extra_cycles = 0", "bypass_extra_cycles = 1", 1)
	wide = strings.Replace(wide, "taken_bubble_cycles = 0", "taken_bubble_cycles = 2", 1)
	cores["wide"] = mustParse(t, wide)
	cores["ooo"] = mustParse(t, strings.Replace(all, `issue = "in-order"`, "issue = \"out-of-order\"\nwindow_entries = 8", 1))
	return cores
}

// synthLoopOrProgram is a loop for even seeds, a random program for odd ones.
func synthLoopOrProgram(rng *rand.Rand, seed uint64, vector bool) *synthProg {
	if seed%2 == 0 {
		return synthLoop(rng, 2+rng.IntN(40), 20+rng.IntN(400))
	}
	return synthProgram(rng, 40+rng.IntN(300), vector)
}

// batchedLikeRef feeds evs to the reference model one at a time and to a model in random
// batches (from rng), reading it only at the end, fails unless every count (and the
// profile of [lo, hi), when hi is not 0) is the same, and returns the model.
func batchedLikeRef(t *testing.T, c *Core, evs []Event, rng *rand.Rand, lo, hi uint64) *Model {
	t.Helper()
	ref := newRef(c, 64, 0)
	m := New(c, 64, 0)
	if hi != 0 {
		ref.setProfile(lo, hi)
		m.SetProfile(lo, hi)
	}
	for k := range evs {
		ref.Retire(&evs[k])
	}
	for _, b := range batches(rng, evs) {
		m.RetireBatch(b)
	}
	if d := diffStates(refStateOf(ref), stateOf(m.Cycles(), m.Stats(), m.Err(), m.prof)); d != "" {
		t.Fatalf("%s: %s", c.Name, d)
	}
	return m
}

// TestBatchesHeldMatchOracle feeds whole random programs to the model in batches and reads it
// only at the end, so that blocks a batch ends in are held and resumed as in a run (the
// other oracle tests read the model every 50 batches, which models the held instructions
// one by one), and compares everything with the reference model. It caught a register that
// an ALU op made ready a cycle before a block's start, which the block's key took for one
// ready long before: on u74 an address read from it waits two cycles more (memOperands).
func TestBatchesHeldMatchOracle(t *testing.T) {
	for name, c := range oracleCores(t) {
		for seed := uint64(1); seed <= 6; seed++ {
			t.Run(fmt.Sprintf("%s/%d", name, seed), func(t *testing.T) {
				rng := rand.New(rand.NewPCG(seed, 3))
				p := synthLoopOrProgram(rng, seed, c.HasVector)
				batchedLikeRef(t, c, p.run(rng, 20000), rng, p.lo, p.hi)
			})
		}
	}
}

func TestFastModelMatchesOracle(t *testing.T) {
	for name, c := range oracleCores(t) {
		for seed := uint64(1); seed <= 10; seed++ {
			t.Run(fmt.Sprintf("%s/%d", name, seed), func(t *testing.T) {
				rng := rand.New(rand.NewPCG(seed, 7))
				p := synthProgram(rng, 40+rng.IntN(300), c.HasVector)
				evs := p.run(rng, 30000)
				bs := batches(rng, evs)
				resetAt := len(bs) / 2 // a warm measurement, as bench makes

				ref := newRef(c, 64, 0)
				ref.setProfile(p.lo, p.hi)
				one := New(c, 64, 0)
				one.SetProfile(p.lo, p.hi)
				bat := New(c, 64, 0)
				bat.SetProfile(p.lo, p.hi)
				k := 0
				for bi, b := range bs {
					if bi == resetAt {
						ref.ResetStats()
						one.ResetStats()
						bat.ResetStats()
					}
					for range b.PC {
						ref.Retire(&evs[k])
						one.Retire(&evs[k])
						k++
					}
					bat.RetireBatch(b)
					if bi%50 == 0 || bi == len(bs)-1 {
						want := refStateOf(ref)
						if d := diffStates(want, stateOf(one.Cycles(), one.Stats(), one.Err(), one.prof)); d != "" {
							t.Fatalf("Retire, after %d instructions: %s", k, d)
						}
						if d := diffStates(want, stateOf(bat.Cycles(), bat.Stats(), bat.Err(), bat.prof)); d != "" {
							t.Fatalf("RetireBatch, after %d instructions: %s", k, d)
						}
					}
				}
				if bc := bat.blocks; bc != nil {
					t.Logf("%d instructions: %d replayed, %d repeated, %d timed in blocks", len(evs), bc.replayed, bc.repeated, bc.timed)
				}
			})
		}
	}
}

// synthLoop is a program that is mostly one loop: a body of straight-line scalar code ending
// in a backward branch taken iters-1 times, then a few instructions and a jump back to the
// loop. Its steady state is what the repeat paths of block.go handle.
func synthLoop(rng *rand.Rand, body, iters int) *synthProg {
	p := &synthProg{at: map[uint64]*synthInst{}, lo: 0x1000}
	pc := p.lo
	add := func(si *synthInst) {
		si.pc = pc
		p.insts = append(p.insts, si)
		p.at[pc] = si
		pc += uint64(si.in.Len)
	}
	reg := func() uint8 { return uint8(5 + rng.IntN(8)) }
	ops := append(append([]isa.Op{}, synthALU...), isa.LW, isa.LD, isa.SD, isa.SB, isa.LBU, isa.DIV, isa.MUL)
	for range body {
		si := &synthInst{in: isa.Inst{Op: ops[rng.IntN(len(ops))], Rd: reg(), Rs1: reg(), Rs2: reg(), Len: 4}}
		if rng.IntN(3) == 0 {
			si.in.Len = 2
		}
		if row := isa.RowOf(si.in.Op, 64); row.Mem != 0 {
			si.base = 0x40000 + uint64(rng.IntN(1<<12))&^7
			si.stride = []uint64{0, 8, 16, 64}[rng.IntN(4)]
			if rng.IntN(8) == 0 {
				si.base++ // misaligned
			}
		}
		if si.in.Op == isa.AES64KS1I {
			si.in.Imm = 3
		}
		add(si)
	}
	add(&synthInst{in: isa.Inst{Op: isa.BNE, Rs1: reg(), Rs2: reg(), Len: 4}, period: iters, target: p.lo})
	add(&synthInst{in: isa.Inst{Op: isa.ADDI, Rd: reg(), Rs1: reg(), Len: 2}})
	add(&synthInst{in: isa.Inst{Op: isa.JAL, Len: 4}, target: p.lo})
	p.hi = pc
	return p
}

func TestFastModelLoopsMatchOracle(t *testing.T) {
	for name, c := range oracleCores(t) {
		for seed := uint64(1); seed <= 8; seed++ {
			t.Run(fmt.Sprintf("%s/%d", name, seed), func(t *testing.T) {
				rng := rand.New(rand.NewPCG(seed, 11))
				p := synthLoop(rng, 2+rng.IntN(40), 20+rng.IntN(400))
				evs := p.run(rng, 60000)
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
				bc := bat.blocks
				t.Logf("%d instructions: %d replayed, %d repeated, %d timed in blocks", len(evs), bc.replayed, bc.repeated, bc.timed)
			})
		}
	}
}
