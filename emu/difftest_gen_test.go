package emu_test

// The instruction-level generator of the differential test (difftest_test.go explains the
// whole). It turns the isa table into blocks of test cases: one block runs the same code over
// a table of inputs, so a few instructions of code cover hundreds of operand combinations and
// the assembly stays small. The shapes come from each row's Args kind, so a new row of a known
// shape is tested without touching this file; the coverage check fails for a row of a new shape.

import (
	"encoding/binary"
	"fmt"
	"math/rand/v2"
	"strings"

	"rvsim/isa"
)

// dtResRegs are the registers a block's body leaves its results in, in output order. Inputs
// arrive in a1, a2 and a3. The harness owns s1..s7 and sp; s4 points at a page boundary in the
// middle of a 16 KiB pattern (loads), s5 at a page boundary in the middle of 12 KiB of scratch
// (stores and atomics).
var dtResRegs = []string{"a0", "t0", "t1", "t2", "t3", "t4"}

// dtBlock is a group of test cases that run the same code.
type dtBlock struct {
	name  string   // the instruction as written in the body, for messages
	ops   []isa.Op // the instructions the block exercises (the coverage check reads this)
	body  string
	nin   int        // inputs per case (0: the body runs once, with no inputs)
	nres  int        // results per case
	cases [][]uint64 // nin values per case, each already cut to XLEN bits
	// want, when set, holds results known without an oracle (nin == 0): both emulators
	// must give them.
	want []uint64

	// op computes result 0 from operands args(inputs) and imm (the shift amount, bs or
	// rnum): the known-QEMU-bug check uses it. Zero when result 0 is not a plain function of
	// the inputs (loads, jumps, atomics).
	op   isa.Op
	imm  int64
	args func(in []uint64) []uint64
}

// count returns the number of cases (a block without inputs runs once).
func (b *dtBlock) count() int {
	if b.nin == 0 {
		return 1
	}
	return len(b.cases)
}

// operands returns the operand values result 0 was computed from.
func (b *dtBlock) operands(in []uint64) []uint64 {
	if b.args != nil {
		return b.args(in)
	}
	return in
}

// dtGen generates the blocks for one XLEN.
type dtGen struct {
	xlen   int
	w      int // register width in bytes
	mask   uint64
	short  bool
	rng    *rand.Rand
	label  int
	blocks []*dtBlock
}

func newDtGen(xlen int, short bool, seed uint64) *dtGen {
	g := &dtGen{xlen: xlen, w: xlen / 8, mask: ^uint64(0), short: short}
	if xlen == 32 {
		g.mask = 0xffffffff
	}
	g.rng = rand.New(rand.NewPCG(seed, uint64(xlen)))
	return g
}

// dtExcluded reports whether op is outside the instruction-level differential test: the
// floating-point encodings outside F and D (not implemented; F and D have their own test,
// difftest_fp_test.go), the privileged and system instructions whose effect is not a value
// (mret, sret, wfi, sfence.vma, ecall, ebreak, fence.i), and the CSR instructions, which read
// counters that differ between the two emulators (one block reads them as deltas).
func dtExcluded(op isa.Op) bool {
	switch op {
	case isa.OpInvalid, isa.FP, isa.MRET, isa.SRET, isa.WFI, isa.SFENCE_VMA, isa.ECALL,
		isa.EBREAK, isa.FENCE_I,
		isa.CSRRW, isa.CSRRS, isa.CSRRC, isa.CSRRWI, isa.CSRRSI, isa.CSRRCI:
		return true
	}
	return false
}

// dtNonScalar are the extensions whose instructions are not scalar integer ones: floating
// point (difftest_fp_test.go), and the vector extensions (QEMU 7.2 has neither vector crypto nor a vector unit
// rvsim's programs could share).
var dtNonScalar = isa.VectorExts.With(isa.ExtF, isa.ExtD)

// dtRequired lists the ops the generated cases must cover at xlen: every scalar row of the
// table but the excluded ones.
func dtRequired(xlen int) []isa.Op {
	var ops []isa.Op
	for op := isa.Op(1); op < isa.NumOps; op++ {
		r := isa.RowOf(op, xlen)
		// A row QEMU 7.2 lacks is required only where its extension's test gives its value
		// (dtSpec); the others, memory operations such as cbo.zero, have tests of their own.
		if r != nil && r.Exts&^dtNonScalar != 0 && !dtExcluded(op) && (!dtSpecOnly(op, xlen) || dtSpec[op] != nil) {
			ops = append(ops, op)
		}
	}
	return ops
}

// ---- operand values ----

// edges returns the edge operands: zero, one, all ones, the extreme signed values, byte and
// halfword boundaries, the 32-bit boundaries seen from 64 bits, and bit patterns.
func (g *dtGen) edges() []uint64 {
	var v []uint64
	if g.xlen == 32 {
		v = []uint64{0, 1, 2, 0x7f, 0x80, 0xff, 0x8000, 0xffff, 0x10000, 0x7fffffff, 0x80000000,
			0x80000001, 0xfffffffe, 0xffffffff, 0xffff8000, 31, 32, 0x01234567, 0x89abcdef,
			0x55555555, 0xaaaaaaaa, 0x00ff00ff}
		if g.short {
			v = []uint64{0, 1, 0x80, 0xff, 0x8000, 0x7fffffff, 0x80000000, 0xffffffff, 0x01234567, 0x89abcdef}
		}
		return v
	}
	v = []uint64{0, 1, 2, 0x7f, 0x80, 0xff, 0x8000, 0x7fffffff, 0x80000000, 0xffffffff,
		0x100000000, 1 << 37, 0x0123456789abcdef, 0xfedcba9876543210, 0x5555555555555555,
		0xaaaaaaaaaaaaaaaa, 0x7fffffffffffffff, 0x8000000000000000, 0x8000000000000001,
		0xffffffff80000000, 0xffffffff7fffffff, 0xfffffffffffffffe, 0xffffffffffffffff, 63}
	if g.short {
		v = []uint64{0, 1, 0x80, 0x7fffffff, 0x80000000, 0xffffffff, 1 << 37,
			0x0123456789abcdef, 0x8000000000000000, 0xffffffffffffffff}
	}
	return v
}

// rnd returns a seeded random operand, biased towards the shapes that find bugs: small
// signed values, sign-extended 32-bit values, sparse bit patterns and bytes of 0x00/0xff.
func (g *dtGen) rnd() uint64 {
	var v uint64
	switch g.rng.IntN(8) {
	case 0:
		v = uint64(int64(g.rng.IntN(512) - 256))
	case 1:
		v = uint64(int64(int32(g.rng.Uint32())))
	case 2:
		v = 1<<g.rng.IntN(64) | 1<<g.rng.IntN(64)
	case 3:
		r := g.rng.Uint64()
		for i := 0; i < 8; i++ {
			if r>>i&1 == 1 {
				v |= 0xff << (8 * i)
			}
		}
	default:
		v = g.rng.Uint64()
	}
	return v & g.mask
}

func (g *dtGen) nRandom(full, short int) int {
	if g.short {
		return short
	}
	return full
}

// singles returns one-operand cases: the edges and random values.
func (g *dtGen) singles() [][]uint64 {
	var cs [][]uint64
	for _, a := range g.edges() {
		cs = append(cs, []uint64{a})
	}
	for i := g.nRandom(256, 12); i > 0; i-- {
		cs = append(cs, []uint64{g.rnd()})
	}
	return cs
}

// fewSingles returns the edges and a few random values (for blocks repeated per immediate).
func (g *dtGen) fewSingles() [][]uint64 {
	var cs [][]uint64
	for _, a := range g.edges() {
		cs = append(cs, []uint64{a})
	}
	for i := g.nRandom(6, 2); i > 0; i-- {
		cs = append(cs, []uint64{g.rnd()})
	}
	return cs
}

// pairs returns two-operand cases: every pair of edges, then random pairs.
func (g *dtGen) pairs() [][]uint64 {
	var cs [][]uint64
	e := g.edges()
	for _, a := range e {
		for _, b := range e {
			cs = append(cs, []uint64{a, b})
		}
	}
	for i := g.nRandom(256, 12); i > 0; i-- {
		cs = append(cs, []uint64{g.rnd(), g.rnd()})
	}
	return cs
}

// sample returns n cases picked from cs (for the register-aliasing variants).
func (g *dtGen) sample(cs [][]uint64, n int) [][]uint64 {
	if g.short {
		n = (n + 2) / 3
	}
	if n >= len(cs) {
		return cs
	}
	out := make([][]uint64, 0, n)
	for _, i := range g.rng.Perm(len(cs))[:n] {
		out = append(out, cs[i])
	}
	return out
}

// shiftPairs returns cases for an instruction whose rs2 is a shift amount or bit index:
// every amount up to XLEN+1, and amounts with junk in the bits the instruction ignores.
func (g *dtGen) shiftPairs() [][]uint64 {
	var cs [][]uint64
	srcs := []uint64{0x0123456789abcdef & g.mask, 0x8000000000000001 & g.mask}
	if g.xlen == 32 {
		srcs = []uint64{0x89abcdef, 0x80000001}
	}
	amounts := []uint64{}
	for i := 0; i <= g.xlen+1; i++ {
		amounts = append(amounts, uint64(i))
	}
	amounts = append(amounts, 0xffffffc1&g.mask, 0xffffffffffffffdf&g.mask, 0x1234567a3)
	if g.short {
		amounts = []uint64{0, 1, 31, 32, uint64(g.xlen - 1), 0xffffffc1}
	}
	for _, s := range srcs {
		for _, a := range amounts {
			cs = append(cs, []uint64{s, a & g.mask})
		}
	}
	return cs
}

// ---- blocks ----

func (g *dtGen) newLabel() string {
	g.label++
	return fmt.Sprintf(".Lt%d", g.label)
}

func (g *dtGen) add(b *dtBlock) {
	if b.nres == 0 {
		b.nres = 1
	}
	g.blocks = append(g.blocks, b)
}

// ld and sd are the XLEN-wide load and store.
func (g *dtGen) ld() string {
	if g.xlen == 32 {
		return "lw"
	}
	return "ld"
}

func (g *dtGen) sd() string {
	if g.xlen == 32 {
		return "sw"
	}
	return "sd"
}

// zeroArg returns an args function that replaces operand i with x0's zero.
func zeroArg(i int) func([]uint64) []uint64 {
	return func(in []uint64) []uint64 {
		out := append([]uint64(nil), in...)
		out[i] = 0
		return out
	}
}

func sameArgs(in []uint64) []uint64 { return []uint64{in[0], in[0]} }

// shiftLike names the instructions whose rs2 is a shift amount or a bit index.
var shiftLike = map[string]bool{
	"sll": true, "srl": true, "sra": true, "sllw": true, "srlw": true, "sraw": true,
	"rol": true, "ror": true, "rolw": true, "rorw": true,
	"bclr": true, "bext": true, "binv": true, "bset": true,
}

// generate builds every block for the XLEN.
func (g *dtGen) generate() []*dtBlock {
	g.blocks = nil
	for _, op := range dtRequired(g.xlen) {
		r := isa.RowOf(op, g.xlen)
		switch {
		case r.Class == isa.ClassAtomic:
			g.atomic(r)
		case r.Class == isa.ClassLoad:
			g.load(r)
		case r.Class == isa.ClassStore:
			g.store(r)
		case r.Args == isa.ArgsR:
			g.rType(r)
		case r.Args == isa.ArgsR2:
			g.unary(r)
		case r.Args == isa.ArgsI:
			g.immI(r)
		case r.Args == isa.ArgsShamt || r.Args == isa.ArgsShamtW:
			g.shiftImm(r)
		case r.Args == isa.ArgsBS:
			g.byteSelect(r)
		case r.Args == isa.ArgsRnum:
			g.roundNum(r)
		case r.Args == isa.ArgsB:
			g.branch(r)
		case r.Op == isa.JAL:
			g.jal()
		case r.Op == isa.JALR:
			g.jalr()
		case r.Args == isa.ArgsU:
			g.upper(r)
		case r.Op == isa.FENCE:
			g.add(&dtBlock{name: "fence", ops: []isa.Op{isa.FENCE, isa.FENCE_I},
				body: "fence\n\tfence rw, rw\n\tfence.tso\n\tfence i, o\n\tfence iorw, iorw\n\tfence.i\n\tli a0, 1"})
		}
		// A row of a shape not handled above makes no block: the coverage check reports it.
	}
	g.counters()
	g.compressed()
	g.selfModifying()
	g.pageCrossing()
	return g.blocks
}

func (g *dtGen) rType(r *isa.Row) {
	n, op := r.Name, r.Op
	cs := g.pairs()
	if shiftLike[n] {
		cs = append(cs, g.shiftPairs()...)
	}
	ops := []isa.Op{op}
	std := func(name, body string, cases [][]uint64, args func([]uint64) []uint64) {
		g.add(&dtBlock{name: name, ops: ops, body: body, nin: 2, cases: cases, op: op, args: args})
	}
	std(n+" a0, a1, a2", n+" a0, a1, a2", cs, nil)
	// Register aliasing and x0 (several of these assemble to compressed forms).
	std(n+" a0, a0, a2", "mv a0, a1\n\t"+n+" a0, a0, a2", g.sample(cs, 24), nil)
	std(n+" a0, a1, a0", "mv a0, a2\n\t"+n+" a0, a1, a0", g.sample(cs, 24), nil)
	std(n+" a0, a1, a1", n+" a0, a1, a1", g.sample(cs, 16), sameArgs)
	std(n+" a0, zero, a2", n+" a0, zero, a2", g.sample(cs, 12), zeroArg(0))
	std(n+" a0, a1, zero", n+" a0, a1, zero", g.sample(cs, 12), zeroArg(1))
	std(n+" t6, s9, s10", "mv s9, a1\n\tmv s10, a2\n\t"+n+" t6, s9, s10\n\tmv a0, t6", g.sample(cs, 8), nil)
	g.add(&dtBlock{name: n + " zero, a1, a2", ops: ops, body: "li a0, 0x5a\n\t" + n + " zero, a1, a2\n\tadd a0, a0, zero",
		nin: 2, cases: g.sample(cs, 4)})
}

func (g *dtGen) unary(r *isa.Row) {
	n, op := r.Name, r.Op
	cs := g.singles()
	ops := []isa.Op{op}
	g.add(&dtBlock{name: n + " a0, a1", ops: ops, body: n + " a0, a1", nin: 1, cases: cs, op: op})
	g.add(&dtBlock{name: n + " a0, a0", ops: ops, body: "mv a0, a1\n\t" + n + " a0, a0", nin: 1, cases: g.sample(cs, 16), op: op})
	g.add(&dtBlock{name: n + " a0, zero", ops: ops, body: n + " a0, zero", nin: 1, cases: g.sample(cs, 1), op: op, args: zeroArg(0)})
	g.add(&dtBlock{name: n + " t6, s11", ops: ops, body: "mv s11, a1\n\t" + n + " t6, s11\n\tmv a0, t6", nin: 1, cases: g.sample(cs, 8), op: op})
}

func (g *dtGen) immI(r *isa.Row) {
	n, op := r.Name, r.Op
	imms := []int64{0, 1, -1, 2, 31, 32, 63, 64, 0x7f, 0x80, -0x80, 0x100, 0x555, -0x556, 2047, -2048, -2047}
	if g.short {
		imms = []int64{0, 1, -1, 0x80, 2047, -2048}
	}
	for i := g.nRandom(3, 1); i > 0; i-- {
		imms = append(imms, int64(g.rng.IntN(4096)-2048))
	}
	ops := []isa.Op{op}
	for _, imm := range imms {
		cs := g.fewSingles()
		g.add(&dtBlock{name: fmt.Sprintf("%s a0, a1, %d", n, imm), ops: ops, nin: 1, cases: cs, op: op, imm: imm,
			body: fmt.Sprintf("%s a0, a1, %d", n, imm)})
		if imm >= -32 && imm < 32 {
			// c.addi, c.addiw, c.andi when rd == rs1; c.li when rs1 is x0.
			g.add(&dtBlock{name: fmt.Sprintf("%s a0, a0, %d", n, imm), ops: ops, nin: 1, cases: g.sample(cs, 4), op: op, imm: imm,
				body: fmt.Sprintf("mv a0, a1\n\t%s a0, a0, %d", n, imm)})
		}
		g.add(&dtBlock{name: fmt.Sprintf("%s a0, zero, %d", n, imm), ops: ops, nin: 1, cases: g.sample(cs, 1), op: op, imm: imm,
			args: zeroArg(0), body: fmt.Sprintf("%s a0, zero, %d", n, imm)})
	}
}

func (g *dtGen) shiftImm(r *isa.Row) {
	n, op := r.Name, r.Op
	max := g.xlen - 1
	if r.Args == isa.ArgsShamtW {
		max = 31
	}
	ops := []isa.Op{op}
	for sh := 0; sh <= max; sh++ {
		cs := g.fewSingles()
		if g.short && sh%8 != 0 && sh != max && sh != 1 {
			cs = g.sample(cs, 6)
		}
		g.add(&dtBlock{name: fmt.Sprintf("%s a0, a1, %d", n, sh), ops: ops, nin: 1, cases: cs, op: op, imm: int64(sh),
			body: fmt.Sprintf("%s a0, a1, %d", n, sh)})
		// rd == rs1: c.slli, c.srli, c.srai for the base shifts.
		g.add(&dtBlock{name: fmt.Sprintf("%s a0, a0, %d", n, sh), ops: ops, nin: 1, cases: g.sample(cs, 3), op: op, imm: int64(sh),
			body: fmt.Sprintf("mv a0, a1\n\t%s a0, a0, %d", n, sh)})
	}
}

func (g *dtGen) byteSelect(r *isa.Row) {
	n, op := r.Name, r.Op
	ops := []isa.Op{op}
	for bs := 0; bs < 4; bs++ {
		cs := g.pairs()
		g.add(&dtBlock{name: fmt.Sprintf("%s a0, a1, a2, %d", n, bs), ops: ops, nin: 2, cases: cs, op: op, imm: int64(bs),
			body: fmt.Sprintf("%s a0, a1, a2, %d", n, bs)})
		// The usual form in real code accumulates into rs1.
		g.add(&dtBlock{name: fmt.Sprintf("%s a0, a0, a2, %d", n, bs), ops: ops, nin: 2, cases: g.sample(cs, 16), op: op, imm: int64(bs),
			body: fmt.Sprintf("mv a0, a1\n\t%s a0, a0, a2, %d", n, bs)})
		g.add(&dtBlock{name: fmt.Sprintf("%s a0, a1, a1, %d", n, bs), ops: ops, nin: 2, cases: g.sample(cs, 8), op: op, imm: int64(bs),
			args: sameArgs, body: fmt.Sprintf("%s a0, a1, a1, %d", n, bs)})
	}
}

func (g *dtGen) roundNum(r *isa.Row) {
	n, op := r.Name, r.Op
	for rnum := 0; rnum <= 10; rnum++ {
		g.add(&dtBlock{name: fmt.Sprintf("%s a0, a1, %d", n, rnum), ops: []isa.Op{op}, nin: 1, cases: g.singles(), op: op,
			imm: int64(rnum), body: fmt.Sprintf("%s a0, a1, %d", n, rnum)})
	}
}

func (g *dtGen) branch(r *isa.Row) {
	n, op := r.Name, r.Op
	ops := []isa.Op{op}
	cs := g.pairs()
	// Forward: a0 = 0 if taken, 1 if not.
	t := g.newLabel()
	g.add(&dtBlock{name: n + " a1, a2, forward", ops: ops, nin: 2, cases: cs,
		body: fmt.Sprintf("li a0, 0\n\t%s a1, a2, %s\n\tli a0, 1\n%s:", n, t, t)})
	// Backward: a0 = 3 if taken, 2 if not.
	t, s, e := g.newLabel(), g.newLabel(), g.newLabel()
	g.add(&dtBlock{name: n + " a1, a2, backward", ops: ops, nin: 2, cases: g.sample(cs, 64),
		body: fmt.Sprintf("li a0, 2\n\tj %[2]s\n%[1]s:\n\tli a0, 3\n\tj %[3]s\n%[2]s:\n\t%[4]s a1, a2, %[1]s\n%[3]s:", t, s, e, n)})
	// Far forward and far backward (offsets with bit 11 set, and negative).
	t, e = g.newLabel(), g.newLabel()
	g.add(&dtBlock{name: n + " a1, a2, far forward", ops: ops, nin: 2, cases: g.sample(cs, 16),
		body: fmt.Sprintf("li a0, 4\n\t%[3]s a1, a2, %[1]s\n\tli a0, 5\n\tj %[2]s\n\t.skip 3000\n%[1]s:\n\tli a0, 6\n%[2]s:", t, e, n)})
	t, s, e = g.newLabel(), g.newLabel(), g.newLabel()
	g.add(&dtBlock{name: n + " a1, a2, far backward", ops: ops, nin: 2, cases: g.sample(cs, 16),
		body: fmt.Sprintf("li a0, 7\n\tj %[2]s\n%[1]s:\n\tli a0, 8\n\tj %[3]s\n\t.skip 3000\n%[2]s:\n\t%[4]s a1, a2, %[1]s\n%[3]s:", t, s, e, n)})
	// Against x0 (c.beqz/c.bnez) and a register against itself.
	for _, form := range []string{"a1, zero", "zero, a2", "a1, a1"} {
		t = g.newLabel()
		g.add(&dtBlock{name: n + " " + form, ops: ops, nin: 2, cases: g.sample(cs, 16),
			body: fmt.Sprintf("li a0, 0\n\t%s %s, %s\n\tli a0, 1\n%s:", n, form, t, t)})
	}
}

// jal: results are the link register (an absolute address: both emulators load the
// non-PIE executable at its link address) and a marker saying where control went.
func (g *dtGen) jal() {
	ops := []isa.Op{isa.JAL}
	t, e := g.newLabel(), g.newLabel()
	g.add(&dtBlock{name: "jal a0, forward", ops: ops, nres: 2,
		body: fmt.Sprintf("li t0, 0\n\tjal a0, %[1]s\n\tli t0, 1\n\tj %[2]s\n%[1]s:\n\tli t0, 2\n%[2]s:", t, e)})
	t, e = g.newLabel(), g.newLabel()
	g.add(&dtBlock{name: "jal ra, forward", ops: ops, nres: 2,
		body: fmt.Sprintf("li t0, 0\n\tjal ra, %[1]s\n\tli t0, 1\n\tj %[2]s\n%[1]s:\n\tli t0, 2\n%[2]s:\n\tmv a0, ra", t, e)})
	t, s, e := g.newLabel(), g.newLabel(), g.newLabel()
	g.add(&dtBlock{name: "jal a0, backward", ops: ops, nres: 2,
		body: fmt.Sprintf("li t0, 0\n\tj %[2]s\n%[1]s:\n\tli t0, 3\n\tj %[3]s\n%[2]s:\n\tjal a0, %[1]s\n%[3]s:", t, s, e)})
	// Far: offsets beyond 64 KiB, forward and backward.
	t, e = g.newLabel(), g.newLabel()
	g.add(&dtBlock{name: "jal a0, far forward", ops: ops, nres: 2,
		body: fmt.Sprintf("li t0, 0\n\tjal a0, %[1]s\n\tli t0, 1\n\tj %[2]s\n\t.skip 0x12344\n%[1]s:\n\tli t0, 4\n%[2]s:", t, e)})
	t, s, e = g.newLabel(), g.newLabel(), g.newLabel()
	g.add(&dtBlock{name: "jal a0, far backward", ops: ops, nres: 2,
		body: fmt.Sprintf("li t0, 0\n\tj %[2]s\n%[1]s:\n\tli t0, 5\n\tj %[3]s\n\t.skip 0x12344\n%[2]s:\n\tjal a0, %[1]s\n%[3]s:", t, s, e)})
	t, e = g.newLabel(), g.newLabel()
	g.add(&dtBlock{name: "jal zero, forward", ops: ops, nres: 2,
		body: fmt.Sprintf("li t0, 0\n\tli a0, 0\n\tjal zero, %[1]s\n\tli t0, 1\n\tj %[2]s\n%[1]s:\n\tli t0, 6\n%[2]s:", t, e)})
}

func (g *dtGen) jalr() {
	ops := []isa.Op{isa.JALR}
	forms := []struct{ name, setup, jump string }{
		{"jalr a0, 0(t1)", "", "jalr a0, 0(t1)"},
		{"jalr a0, 2000(t1)", "addi t1, t1, -2000", "jalr a0, 2000(t1)"},
		{"jalr a0, -2000(t1)", "addi t1, t1, 2000", "jalr a0, -2000(t1)"},
		{"jalr a0, 2047(t1) with bit 0 cleared", "addi t1, t1, -2046", "jalr a0, 2047(t1)"},
		{"jalr a0, -2048(t1)", "addi t1, t1, 2047\n\taddi t1, t1, 1", "jalr a0, -2048(t1)"},
		{"jalr a0, 1(t1) with bit 0 cleared", "", "jalr a0, 1(t1)"},
		{"jalr a0, 0(t1) with t1 odd", "addi t1, t1, 1", "jalr a0, 0(t1)"},
		{"jalr t1, 0(t1)", "", "jalr t1, 0(t1)\n\tmv a0, t1"},
		{"jr t1", "li a0, 0", "jr t1"},
		{"jalr t1 (ra)", "", "jalr t1\n\tmv a0, ra"},
	}
	for _, f := range forms {
		t, e := g.newLabel(), g.newLabel()
		body := fmt.Sprintf("li t0, 0\n\tlla t1, %[1]s\n\t%[3]s\n\t%[4]s\n\tli t0, 1\n\tj %[2]s\n%[1]s:\n\tli t0, 2\n%[2]s:",
			t, e, f.setup, f.jump)
		g.add(&dtBlock{name: f.name, ops: ops, nres: 2, body: body})
	}
}

func (g *dtGen) upper(r *isa.Row) {
	imms := []int64{0, 1, 0x1f, 0x7ffff, 0x80000, 0x80001, 0xfffff, 0xfffe0, 0x12345, 0xabcde, 0x800}
	for _, imm := range imms {
		for _, rd := range []string{"a0", "t6"} {
			body := fmt.Sprintf("%s %s, %#x", r.Name, rd, imm)
			if rd != "a0" {
				body += "\n\tmv a0, " + rd
			}
			g.add(&dtBlock{name: fmt.Sprintf("%s %s, %#x", r.Name, rd, imm), ops: []isa.Op{r.Op}, body: body})
		}
	}
}

// Loads read a 16 KiB pattern around s4, a page boundary: the offsets -8..8 make misaligned
// accesses, some of them across the page boundary.
func (g *dtGen) offsets() [][]uint64 {
	var cs [][]uint64
	for off := -8; off <= 8; off++ {
		if g.short && off != -3 && off != -1 && off != 0 && off != 1 && off != 5 {
			continue
		}
		cs = append(cs, []uint64{uint64(int64(off)) & g.mask})
	}
	return cs
}

func (g *dtGen) load(r *isa.Row) {
	n, op := r.Name, r.Op
	ops := []isa.Op{op}
	imms := []int64{0, 1, -1, 3, 4, 8, -8, 7, 64, 2047, -2048, 0x555, -0x2aa}
	if g.short {
		imms = []int64{0, 8, 2047, -2048}
	}
	for _, imm := range imms {
		// Effective address s4 + a1 + imm.
		g.add(&dtBlock{name: fmt.Sprintf("%s a0, %d(s4+a1)", n, imm), ops: ops, nin: 1, cases: g.offsets(),
			body: fmt.Sprintf("add a3, s4, a1\n\t%s a0, %d(a3)", n, imm)})
	}
	g.add(&dtBlock{name: n + " a3, 0(a3)", ops: ops, nin: 1, cases: g.sample(g.offsets(), 6),
		body: fmt.Sprintf("add a3, s4, a1\n\t%s a3, 0(a3)\n\tmv a0, a3", n)})
	if r.Mem == uint8(g.w) || (n == "lw" && g.xlen == 64) {
		// sp-relative: c.lwsp, c.ldsp.
		g.add(&dtBlock{name: n + " a0, 8(sp)", ops: ops, nin: 1, cases: g.offsets(),
			body: fmt.Sprintf("mv s0, sp\n\tadd sp, s4, a1\n\t%s a0, 8(sp)\n\tmv sp, s0", n)})
	}
}

// storeWindow fills the 24 bytes [s5-8, s5+16) with 0xa5 and readWindow returns them as
// results: every store case touches only bytes in that window.
func (g *dtGen) storeWindow() (fill, read string, nres int) {
	var f, r strings.Builder
	if g.xlen == 64 {
		f.WriteString("li t6, 0xa5a5a5a5a5a5a5a5\n\tsd t6, -8(s5)\n\tsd t6, 0(s5)\n\tsd t6, 8(s5)")
		r.WriteString("ld a0, -8(s5)\n\tld t0, 0(s5)\n\tld t1, 8(s5)")
		return f.String(), r.String(), 3
	}
	f.WriteString("li t6, 0xa5a5a5a5")
	for i := -8; i < 16; i += 4 {
		fmt.Fprintf(&f, "\n\tsw t6, %d(s5)", i)
		fmt.Fprintf(&r, "lw %s, %d(s5)\n\t", dtResRegs[(i+8)/4], i)
	}
	return f.String(), strings.TrimSuffix(r.String(), "\n\t"), 6
}

func (g *dtGen) store(r *isa.Row) {
	n, op := r.Name, r.Op
	ops := []isa.Op{op}
	fill, read, nres := g.storeWindow()
	imms := []int64{0, 1, -1, 8, -8, 3, 2047, -2048, 0x123}
	if g.short {
		imms = []int64{0, 2047, -2048}
	}
	vals := []uint64{0x0123456789abcdef & g.mask, g.mask, 0x8081828384858687 & g.mask, 0}
	for _, imm := range imms {
		var cs [][]uint64
		for _, off := range g.offsets() {
			for _, v := range append(vals, g.rnd()) {
				cs = append(cs, []uint64{off[0], v})
			}
		}
		// Effective address s5 + a1 whatever the immediate.
		g.add(&dtBlock{name: fmt.Sprintf("%s a2, %d(s5+a1-%d)", n, imm, imm), ops: ops, nin: 2, nres: nres, cases: cs,
			body: fmt.Sprintf("%s\n\tadd a3, s5, a1\n\tli t5, %d\n\tsub a3, a3, t5\n\t%s a2, %d(a3)\n\t%s", fill, imm, n, imm, read)})
	}
	if r.Mem == uint8(g.w) || (n == "sw" && g.xlen == 64) {
		// sp-relative: c.swsp, c.sdsp.
		var cs [][]uint64
		for _, off := range g.offsets() {
			cs = append(cs, []uint64{(off[0] - 8) & g.mask, g.rnd()})
		}
		g.add(&dtBlock{name: n + " a2, 8(sp)", ops: ops, nin: 2, nres: nres, cases: cs,
			body: fmt.Sprintf("%s\n\tmv s0, sp\n\tadd sp, s5, a1\n\t%s a2, 8(sp)\n\tmv sp, s0\n\t%s", fill, n, read)})
	}
}

var dtAqRl = []string{"", ".aq", ".rl", ".aqrl"}

func (g *dtGen) atomic(r *isa.Row) {
	n, op := r.Name, r.Op
	sfx := n[len(n)-2:] // ".w" or ".d"
	ld, sd := g.ld(), g.sd()
	switch op {
	case isa.LR_W, isa.LR_D:
		sc := "sc" + sfx
		scOp := isa.SC_W
		if op == isa.LR_D {
			scOp = isa.SC_D
		}
		ops := []isa.Op{op, scOp}
		cs := g.pairs()
		for i, q := range dtAqRl {
			q2 := dtAqRl[(i+1)%4]
			c := cs
			if i > 0 {
				c = g.sample(cs, 16)
			}
			// Success: lr reads, sc writes and returns 0.
			g.add(&dtBlock{name: fmt.Sprintf("%s%s/%s%s succeeding", n, q, sc, q2), ops: ops, nin: 2, nres: 3, cases: c,
				body: fmt.Sprintf("%[5]s a1, 0(s5)\n\t%[1]s%[2]s a0, (s5)\n\t%[3]s%[4]s t0, a2, (s5)\n\t%[6]s t1, 0(s5)", n, q, sc, q2, sd, ld)})
		}
		// A second sc fails: the first consumed the reservation.
		g.add(&dtBlock{name: fmt.Sprintf("%s; %s; %s failing", n, sc, sc), ops: ops, nin: 2, nres: 4, cases: g.sample(cs, 24),
			body: fmt.Sprintf("%[3]s a1, 0(s5)\n\t%[1]s a0, (s5)\n\t%[2]s t0, a2, (s5)\n\t%[2]s t1, a1, (s5)\n\t%[4]s t2, 0(s5)", n, sc, sd, ld)})
		// sc to another address than the reserved one fails in both emulators (their
		// reservation set is the reserved address; the spec lets a larger set succeed).
		g.add(&dtBlock{name: fmt.Sprintf("%s (s5); %s 8(s5) failing", n, sc), ops: ops, nin: 2, nres: 3, cases: g.sample(cs, 24),
			body: fmt.Sprintf("%[4]s a1, 0(s5)\n\t%[4]s a1, 8(s5)\n\taddi a3, s5, 8\n\t%[1]s a0, (s5)\n\t%[2]s t0, a2, (a3)\n\t%[3]s t1, 8(s5)", n, sc, ld, sd)})
		// sc with no reservation at all.
		g.add(&dtBlock{name: fmt.Sprintf("%s without %s", sc, n), ops: ops, nin: 2, nres: 3, cases: g.sample(cs, 8),
			body: fmt.Sprintf("%[3]s a1, 0(s5)\n\t%[1]s a0, a2, (s5)\n\t%[1]s t0, a2, (s5)\n\t%[2]s t1, 0(s5)", sc, ld, sd)})
	case isa.SC_W, isa.SC_D:
		// Covered with lr above.
	default:
		ops := []isa.Op{op}
		cs := g.pairs()
		for i, q := range dtAqRl {
			c := cs
			if i > 0 {
				c = g.sample(cs, 24)
			}
			g.add(&dtBlock{name: fmt.Sprintf("%s%s a0, a2, (s5)", n, q), ops: ops, nin: 2, nres: 2, cases: c,
				body: fmt.Sprintf("%[1]s a1, 0(s5)\n\t%[3]s%[4]s a0, a2, (s5)\n\t%[2]s t0, 0(s5)", sd, ld, n, q)})
		}
		if sfx == ".w" && g.xlen == 64 {
			// The upper word of the doubleword is left alone.
			g.add(&dtBlock{name: n + " a0, a2, 4(s5)", ops: ops, nin: 2, nres: 2, cases: g.sample(cs, 24),
				body: fmt.Sprintf("sd a1, 0(s5)\n\taddi a3, s5, 4\n\t%s a0, a2, (a3)\n\tld t0, 0(s5)", n)})
		}
		g.add(&dtBlock{name: n + " t1, t1, (s5)", ops: ops, nin: 2, nres: 2, cases: g.sample(cs, 16),
			body: fmt.Sprintf("%[1]s a1, 0(s5)\n\tmv t1, a2\n\t%[3]s t1, t1, (s5)\n\tmv a0, t1\n\t%[2]s t0, 0(s5)", sd, ld, n)})
		g.add(&dtBlock{name: n + " zero, a2, (s5)", ops: ops, nin: 2, nres: 2, cases: g.sample(cs, 8),
			body: fmt.Sprintf("%[1]s a1, 0(s5)\n\tli a0, 0x5a\n\t%[3]s zero, a2, (s5)\n\t%[2]s t0, 0(s5)", sd, ld, n)})
	}
}

// counters reads cycle, instret and time twice each: the values differ between the two
// emulators, so only "the counter did not go backwards" is compared.
func (g *dtGen) counters() {
	body := "rdcycle t3\n\trdcycle t4\n\tsltu a0, t4, t3\n\t" +
		"rdinstret t3\n\trdinstret t4\n\tsltu t0, t4, t3\n\t" +
		"rdtime t3\n\trdtime t4\n\tsltu t1, t4, t3"
	if g.xlen == 32 {
		body += "\n\trdcycleh t3\n\trdinstreth t3\n\trdtimeh t3"
	}
	g.add(&dtBlock{name: "counters do not go backwards", ops: []isa.Op{isa.CSRRS}, body: body, nres: 3})
}

// ---- programs ----

// dtProg is one generated test program: a run of blocks and their inputs.
type dtProg struct {
	name   string
	xlen   int
	blocks []*dtBlock
	nres   int  // result words printed
	spec   bool // checked against dtSpec: its instructions' extensions are not in QEMU 7.2
}

// dtSpec holds the specification's value of the instructions of extensions QEMU 7.2 lacks:
// the result of op for the operands (rs1, rs2 as the block passes them) and the block's
// immediate. Each extension's test file adds its own, written from the specification, not
// from rvsim's semantics.
var dtSpec = map[isa.Op]func(a []uint64, imm int64) uint64{}

// dtSpecOnly reports whether op's extension is one QEMU 7.2 lacks.
func dtSpecOnly(op isa.Op, xlen int) bool {
	r := isa.RowOf(op, xlen)
	return r != nil && !r.Exts.Intersects(dtQemuExts.With(isa.ExtI, isa.ExtM, isa.ExtA, isa.ExtC, isa.ExtZicsr, isa.ExtZifencei, isa.ExtPriv))
}

// dtSpecSplit separates the blocks QEMU can run from those checked against dtSpec; of the
// latter it keeps the blocks whose result is a function of their inputs.
func dtSpecSplit(blocks []*dtBlock) (qemu, spec []*dtBlock) {
	for _, b := range blocks {
		only := false
		for _, op := range b.ops {
			only = only || dtSpecOnly(op, 64) || dtSpecOnly(op, 32)
		}
		switch {
		case !only:
			qemu = append(qemu, b)
		case b.op != 0 && b.nres == 1:
			spec = append(spec, b)
		}
	}
	return qemu, spec
}

// dtSpecMarch is the -march of a spec program: the QEMU set plus its blocks' extensions.
func dtSpecMarch(xlen int, p *dtProg) string {
	exts := dtQemuExts.With(isa.ExtI, isa.ExtM, isa.ExtA, isa.ExtC, isa.ExtZicsr)
	for _, b := range p.blocks {
		for _, op := range b.ops {
			if r := isa.RowOf(op, xlen); r != nil {
				exts |= r.Exts
			}
		}
	}
	return isa.ISA{XLEN: xlen, Exts: exts}.String()
}

// dtSpecRun is what QEMU would print for a spec program if it had the extensions.
func dtSpecRun(p *dtProg) dtRun {
	var out strings.Builder
	for _, b := range p.blocks {
		f := dtSpec[b.op]
		for c := 0; c < b.count(); c++ {
			v := uint64(0xbad)
			if f != nil {
				v = f(b.operands(b.cases[c]), b.imm)
			}
			if p.xlen == 32 {
				v &= 0xffffffff
			}
			fmt.Fprintf(&out, "%0*x\n", p.xlen/4, v)
		}
	}
	return dtRun{stdout: []byte(out.String()), detail: "the specification (dtSpec)"}
}

// split divides the blocks into n programs of about the same number of results.
func (g *dtGen) split(blocks []*dtBlock, n int) []*dtProg {
	total := 0
	for _, b := range blocks {
		total += b.count() * b.nres
	}
	var progs []*dtProg
	cur := &dtProg{}
	for _, b := range blocks {
		cur.blocks = append(cur.blocks, b)
		cur.nres += b.count() * b.nres
		if cur.nres >= total/n && len(progs) < n-1 {
			progs = append(progs, cur)
			cur = &dtProg{}
		}
	}
	if len(cur.blocks) > 0 {
		progs = append(progs, cur)
	}
	for i, p := range progs {
		p.name = fmt.Sprintf("insts%d-%d", g.xlen, i)
		p.xlen = g.xlen
	}
	return progs
}

// dtPatternSize is the size of the load pattern; s4 points at its middle.
const dtPatternSize = 16384

// dtPattern returns the bytes loads read: varied values with every sign-bit combination.
func dtPattern() []byte {
	r := rand.New(rand.NewPCG(0x5eed, 0xfeed))
	b := make([]byte, dtPatternSize)
	for i := range b {
		b[i] = byte(r.Uint32())
	}
	return b
}

// source returns the program's assembly, its input table (for .incbin "in.bin") and the
// load pattern (for .incbin "pat.bin").
func (p *dtProg) source(inPath, patPath string) (string, []byte) {
	w := p.xlen / 8
	ld, sd := "ld", "sd"
	if p.xlen == 32 {
		ld, sd = "lw", "sw"
	}
	var in []byte
	var a strings.Builder
	fmt.Fprintf(&a, "# rvsim difftest %s: generated by emu/difftest_gen_test.go\n", p.name)
	a.WriteString("\t.text\n\t.globl _start\n_start:\n")
	fmt.Fprintf(&a, "\tlla s4, dt_pat+%d\n\tlla s5, dt_scratch+4096\n\tlla s2, dt_res\n", dtPatternSize/2)
	for i, b := range p.blocks {
		fmt.Fprintf(&a, "\n# block %d: %s\n", i, b.name)
		if b.nin > 0 {
			fmt.Fprintf(&a, "\tlla s1, dt_in+%d\n", len(in))
			for _, c := range b.cases {
				for _, v := range c {
					var word [8]byte
					binary.LittleEndian.PutUint64(word[:], v)
					in = append(in, word[:w]...)
				}
			}
		}
		fmt.Fprintf(&a, "\tli s3, %d\n.Lb%d:\n", b.count(), i)
		for j := 0; j < b.nin; j++ {
			fmt.Fprintf(&a, "\t%s a%d, %d(s1)\n", ld, j+1, j*w)
		}
		fmt.Fprintf(&a, "\t%s\n", b.body)
		for j := 0; j < b.nres; j++ {
			fmt.Fprintf(&a, "\t%s %s, %d(s2)\n", sd, dtResRegs[j], j*w)
		}
		if b.nin > 0 {
			fmt.Fprintf(&a, "\taddi s1, s1, %d\n", b.nin*w)
		}
		fmt.Fprintf(&a, "\taddi s2, s2, %d\n\taddi s3, s3, -1\n\tbeqz s3, .Le%d\n\tj .Lb%d\n.Le%d:\n", b.nres*w, i, i, i)
	}
	// Print every result as XLEN/4 hex digits and a newline, then write(1) until all is out.
	fmt.Fprintf(&a, `
# print the results
	lla s6, dt_res
	lla s7, dt_out
	lla t5, dt_hex
1:	bgeu s6, s2, 2f
	%[1]s t0, 0(s6)
	li t1, %[3]d
3:	srl t2, t0, t1
	andi t2, t2, 15
	add t2, t5, t2
	lbu t2, 0(t2)
	sb t2, 0(s7)
	addi s7, s7, 1
	addi t1, t1, -4
	bgez t1, 3b
	li t2, 10
	sb t2, 0(s7)
	addi s7, s7, 1
	addi s6, s6, %[2]d
	j 1b
2:	lla a1, dt_out
	sub s8, s7, a1
4:	beqz s8, 5f
	li a0, 1
	mv a2, s8
	li a7, 64
	ecall
	blez a0, 6f
	add a1, a1, a0
	sub s8, s8, a0
	j 4b
5:	li a0, 0
	li a7, 93
	ecall
6:	li a0, 3
	li a7, 93
	ecall
`, ld, w, p.xlen-4)
	fmt.Fprintf(&a, `
	.section .text.smc, "awx", @progbits
	.balign 8
	.option push
	.option norvc
dt_smc:
	.4byte 0x00010001, 0x00010001
	ret
dt_smc_self:
	sw a1, 12(t1)
	fence.i
	nop
	.4byte 0x00000013
	ret
	.option pop

	.section .rodata
	.balign 8
dt_in:
	.incbin %[1]q
dt_hex:
	.ascii "0123456789abcdef"

	.data
	.balign 4096
dt_pat:
	.incbin %[2]q

	.bss
	.balign 4096
dt_scratch:
	.zero 12288
	.balign 8
dt_res:
	.zero %[3]d
dt_out:
	.zero %[4]d
`, inPath, patPath, p.nres*w, p.nres*(2*w+1)+16)
	return a.String(), in
}

// ---- compressed encodings, self-modifying code, page-crossing instructions ----

// compressed sweeps the immediate fields of the RVC instructions, written explicitly with
// their c. mnemonics: the decoder's expansion of each immediate bit is checked. These
// blocks stand for the 32-bit ops they expand to, so the coverage check does not need them.
func (g *dtGen) compressed() {
	few := func() [][]uint64 { return g.sample(g.fewSingles(), 4) }
	unary := func(name, body string) {
		g.add(&dtBlock{name: name, nin: 1, cases: few(), body: body})
	}
	for imm := -32; imm < 32; imm++ {
		if imm != 0 {
			unary(fmt.Sprintf("c.addi a0, %d", imm), fmt.Sprintf("mv a0, a1\n\tc.addi a0, %d", imm))
		}
		if g.xlen == 64 {
			unary(fmt.Sprintf("c.addiw a0, %d", imm), fmt.Sprintf("mv a0, a1\n\tc.addiw a0, %d", imm))
		}
		unary(fmt.Sprintf("c.andi a0, %d", imm), fmt.Sprintf("mv a0, a1\n\tc.andi a0, %d", imm))
		g.add(&dtBlock{name: fmt.Sprintf("c.li a0, %d", imm), body: fmt.Sprintf("c.li a0, %d", imm)})
	}
	for _, imm := range []int{1, 2, 4, 8, 16, 31, 0xfffe0, 0xfffe1, 0xffff0, 0xfffff} {
		g.add(&dtBlock{name: fmt.Sprintf("c.lui a0, %#x", imm), body: fmt.Sprintf("c.lui a0, %#x", imm)})
	}
	for imm := -512; imm < 512; imm += 16 {
		if imm != 0 && (!g.short || imm%128 == 16 || imm == -512) {
			unary(fmt.Sprintf("c.addi16sp sp, %d", imm),
				fmt.Sprintf("mv s0, sp\n\tmv sp, a1\n\tc.addi16sp sp, %d\n\tmv a0, sp\n\tmv sp, s0", imm))
		}
	}
	for _, imm := range []int{4, 8, 12, 16, 32, 64, 128, 256, 512, 1020, 508, 764} {
		unary(fmt.Sprintf("c.addi4spn a0, sp, %d", imm),
			fmt.Sprintf("mv s0, sp\n\tmv sp, a1\n\tc.addi4spn a0, sp, %d\n\tmv sp, s0", imm))
	}
	for sh := 1; sh < g.xlen; sh++ {
		for _, op := range []string{"c.srli", "c.srai", "c.slli"} {
			unary(fmt.Sprintf("%s a0, %d", op, sh), fmt.Sprintf("mv a0, a1\n\t%s a0, %d", op, sh))
		}
	}
	binops := []string{"c.sub", "c.xor", "c.or", "c.and", "c.add", "c.mv"}
	if g.xlen == 64 {
		binops = append(binops, "c.subw", "c.addw")
	}
	for _, op := range binops {
		g.add(&dtBlock{name: op + " a0, a2", nin: 2, cases: g.sample(g.pairs(), 24),
			body: fmt.Sprintf("mv a0, a1\n\t%s a0, a2", op)})
	}
	// Loads and stores at every offset the immediate can hold.
	fill, read, nres := g.storeWindow()
	offs := [][]uint64{{0}, {1}, {^uint64(2) & g.mask}}
	mem := []struct {
		ld, st, ldsp, stsp string
		size, max          int
	}{{"c.lw", "c.sw", "c.lwsp", "c.swsp", 4, 124}}
	if g.xlen == 64 {
		mem = append(mem, struct {
			ld, st, ldsp, stsp string
			size, max          int
		}{"c.ld", "c.sd", "c.ldsp", "c.sdsp", 8, 248})
	}
	for _, m := range mem {
		for imm := 0; imm <= 2*m.max+m.size; imm += m.size {
			if g.short && imm%(4*m.size) != 0 {
				continue
			}
			if imm <= m.max {
				g.add(&dtBlock{name: fmt.Sprintf("%s a0, %d(a3)", m.ld, imm), nin: 1, cases: offs,
					body: fmt.Sprintf("add a3, s4, a1\n\t%s a0, %d(a3)", m.ld, imm)})
				g.add(&dtBlock{name: fmt.Sprintf("%s a2, %d(a3)", m.st, imm), nin: 2, nres: nres,
					cases: [][]uint64{{0, g.rnd()}, {^uint64(4) & g.mask, g.rnd()}, {3, g.rnd()}},
					body:  fmt.Sprintf("%s\n\tadd a3, s5, a1\n\taddi a3, a3, -%d\n\t%s a2, %d(a3)\n\t%s", fill, imm, m.st, imm, read)})
			}
			// The sp-relative forms reach twice as far.
			g.add(&dtBlock{name: fmt.Sprintf("%s a0, %d(sp)", m.ldsp, imm), nin: 1, cases: offs,
				body: fmt.Sprintf("mv s0, sp\n\tadd sp, s4, a1\n\t%s a0, %d(sp)\n\tmv sp, s0", m.ldsp, imm)})
			g.add(&dtBlock{name: fmt.Sprintf("%s a2, %d(sp)", m.stsp, imm), nin: 2, nres: nres,
				cases: [][]uint64{{0, g.rnd()}, {^uint64(4) & g.mask, g.rnd()}},
				body:  fmt.Sprintf("%s\n\tmv s0, sp\n\tadd sp, s5, a1\n\taddi sp, sp, -%d\n\t%s a2, %d(sp)\n\tmv sp, s0\n\t%s", fill, imm, m.stsp, imm, read)})
		}
	}
	// Jumps and branches over every size of gap their offsets can span.
	jumps := []string{"c.j"}
	if g.xlen == 32 {
		jumps = append(jumps, "c.jal")
	}
	for _, j := range jumps {
		for _, gap := range []int{0, 2, 6, 14, 30, 62, 126, 254, 510, 1022, 2040} {
			t, e := g.newLabel(), g.newLabel()
			g.add(&dtBlock{name: fmt.Sprintf("%s forward over %d bytes", j, gap), nres: 2,
				body: fmt.Sprintf("li ra, 0\n\tli t0, 0\n\t%[3]s %[1]s\n\t.skip %[4]d\n%[1]s:\n\tli t0, 1\n%[2]s:\n\tmv a0, ra", t, e, j, gap)})
			t, s, e := g.newLabel(), g.newLabel(), g.newLabel()
			g.add(&dtBlock{name: fmt.Sprintf("%s backward over %d bytes", j, gap), nres: 2,
				body: fmt.Sprintf("li ra, 0\n\tli t0, 0\n\tj %[2]s\n%[1]s:\n\tli t0, 2\n\tj %[3]s\n\t.skip %[5]d\n%[2]s:\n\t%[4]s %[1]s\n%[3]s:\n\tmv a0, ra", t, s, e, j, gap)})
		}
	}
	for _, b := range []string{"c.beqz", "c.bnez"} {
		for _, gap := range []int{0, 2, 6, 14, 30, 62, 126, 240} {
			t := g.newLabel()
			g.add(&dtBlock{name: fmt.Sprintf("%s a1 forward over %d bytes", b, gap), nin: 1, cases: [][]uint64{{0}, {1}, {g.mask}},
				body: fmt.Sprintf("li a0, 0\n\t%[2]s a1, %[1]s\n\tli a0, 1\n\tj %[1]s\n\t.skip %[3]d\n%[1]s:", t, b, gap)})
			t, s, e := g.newLabel(), g.newLabel(), g.newLabel()
			g.add(&dtBlock{name: fmt.Sprintf("%s a1 backward over %d bytes", b, gap), nin: 1, cases: [][]uint64{{0}, {1}, {g.mask}},
				body: fmt.Sprintf("li a0, 2\n\tj %[2]s\n%[1]s:\n\tli a0, 3\n\tj %[3]s\n\t.skip %[5]d\n%[2]s:\n\t%[4]s a1, %[1]s\n%[3]s:", t, s, e, b, gap)})
		}
	}
	for _, j := range []string{"c.jr", "c.jalr"} {
		t, e := g.newLabel(), g.newLabel()
		g.add(&dtBlock{name: j + " a4", nres: 2,
			body: fmt.Sprintf("li ra, 0\n\tli t0, 0\n\tlla a4, %[1]s\n\t%[3]s a4\n\tli t0, 1\n\tj %[2]s\n%[1]s:\n\tli t0, 2\n%[2]s:\n\tmv a0, ra", t, e, j)})
	}
}

// selfModifying stores instructions into code, runs fence.i and executes them: every case
// rewrites the same bytes, so stale decoded instructions would show. dt_smc, in a writable
// and executable section, is an 8-byte slot followed by ret; each case first resets the slot
// to four c.nop, then stores a word, a halfword into the middle of an instruction, a
// misaligned word spanning two instruction slots, or (RV64) a doubleword. dt_smc_self
// rewrites the instruction that follows its own fence.i, on the same page.
func (g *dtGen) selfModifying() {
	iType := func(f3, imm int) uint64 { return uint64(imm&0xfff)<<20 | 10<<15 | uint64(f3)<<12 | 10<<7 | 0x13 }
	cAddi := func(imm int) uint64 { return uint64(imm>>5&1)<<12 | 10<<7 | uint64(imm&31)<<2 | 1 }
	cSlli := func(sh int) uint64 { return uint64(sh>>5&1)<<12 | 10<<7 | uint64(sh&31)<<2 | 2 }
	var words [][]uint64 // 4-byte instructions, and pairs of compressed ones
	for _, imm := range []int{0, 1, -1, 5, 2047, -2048, 0x123} {
		words = append(words, []uint64{iType(0, imm)}, []uint64{iType(4, imm)}) // addi, xori
	}
	for _, sh := range []int{1, 7, 31} {
		words = append(words, []uint64{iType(1, sh)})                 // slli
		words = append(words, []uint64{cSlli(sh)<<16 | cAddi(sh-16)}) // c.addi; c.slli
	}
	words = append(words, []uint64{0xfffff537}, []uint64{0x12345537}) // lui a0, ...
	for i := range words {
		words[i][0] &= 0xffffffff
	}
	reset := "lla t1, dt_smc\n\tli t2, 0x00010001\n\tsw t2, 0(t1)\n\tsw t2, 4(t1)\n\t"
	run := "\n\tfence.i\n\tli a0, 0x321\n\tjalr ra, 0(t1)"
	g.add(&dtBlock{name: "sw an instruction, fence.i, execute it", nin: 1, cases: words,
		body: reset + "sw a1, 0(t1)" + run})
	var pairs [][]uint64
	for _, w := range words {
		if w[0]&3 != 3 {
			pairs = append(pairs, w)
		}
	}
	g.add(&dtBlock{name: "misaligned sw of two compressed instructions, fence.i, execute them", nin: 1, cases: pairs,
		body: reset + "sw a1, 2(t1)" + run})
	var imms [][]uint64
	for _, imm := range []int{1, -1, 2047, -2048, 0x2a5} {
		imms = append(imms, []uint64{iType(0, imm) >> 16})
	}
	g.add(&dtBlock{name: "sh the upper half of addi a0, a0, 0, fence.i, execute it", nin: 1, cases: imms,
		body: reset + "li t2, 0x00050513\n\tsw t2, 0(t1)\n\tsh a1, 2(t1)" + run})
	if g.xlen == 64 {
		var dwords [][]uint64
		for i := 0; i+1 < len(words); i += 3 {
			dwords = append(dwords, []uint64{words[i+1][0]<<32 | words[i][0]})
		}
		g.add(&dtBlock{name: "sd two instructions, fence.i, execute them", nin: 1, cases: dwords,
			body: reset + "sd a1, 0(t1)" + run})
	}
	g.add(&dtBlock{name: "rewrite the instruction after my own fence.i", nin: 1, cases: words,
		body: "lla t1, dt_smc_self\n\tli a0, 0x321\n\tjalr ra, 0(t1)"})
}

// pageCrossing executes a 4-byte instruction whose second half is on the next page.
func (g *dtGen) pageCrossing() {
	t, e := g.newLabel(), g.newLabel()
	g.add(&dtBlock{name: "addi across a page boundary", nres: 2, want: []uint64{0x12345 + 0x7ff, 0xffe},
		body: fmt.Sprintf("li a1, 0x12345\n\tj %[1]s\n\t.p2align 12\n\t.skip 4094\n%[1]s:\n\t"+
			".option push\n\t.option norvc\n\taddi a0, a1, 0x7ff\n\t.option pop\n%[2]s:\n\tlla t0, %[1]s\n\tslli t0, t0, %[3]d\n\tsrli t0, t0, %[3]d", t, e, g.xlen-12)})
}
