package emu

import "rvsim/isa"

// The instructions whose execution is a function of their operands (R, I, shift-immediate,
// unary, byte-select and round-number forms) are described once, as small Go functions in
// the file of their extension (zksed.go, zbb.go, ...), registered by op:
//
//	func init() { defRRI(isa.SM4ED, execSm4ed) }
//	func execSm4ed(a, b uint64, bs int64) uint64 { return sext32(uint64(sem.SM4ED(uint32(a), uint32(b), uint(bs)))) }
//
// The shape of the registration says where the operands come from: a is rs1, b is rs2, and
// the int64 is the decoded immediate (imm12, shamt, bs or rnum). The result is rd. A
// function returning (uint64, bool) raises an illegal instruction when the bool is false
// (a reserved operand value). rv32 gives the function RV32 runs where the bits differ (RV32
// add is RV64 addw: registers hold sign-extended 32-bit values, so most need none).
//
// The interpreter's loop (exec_gen.go) is generated from these registrations by
// internal/genloop: each function's body is copied into the loop's switch, so the loop
// still makes no calls for them. The table here is the same semantics for everything
// else: the general executor when the generated loop is stale or disabled (loopBase, the
// hand-written template the generator starts from), and the tests that check every row
// executes.

// semEntry is one op's registered computation: one of the function fields is set.
type semEntry struct {
	rr   func(a, b uint64) uint64
	r    func(a uint64) uint64
	ri   func(a uint64, imm int64) uint64
	rri  func(a, b uint64, imm int64) uint64
	riOK func(a uint64, imm int64) (uint64, bool)
	// exec runs an instruction that needs the hart (memory, CSRs): the general executor
	// calls it, and raises the trap it reports (a non-empty msg) with cause and tval.
	exec func(h *Hart, s *slot) (cause, tval uint64, msg string)
	rv32 *semEntry
}

func (e *semEntry) defined() bool {
	return e.rr != nil || e.r != nil || e.ri != nil || e.rri != nil || e.riOK != nil || e.exec != nil
}

var semTab [isa.NumOps]semEntry

func semDef(op isa.Op) *semEntry {
	e := &semTab[op]
	if e.defined() {
		panic("emu: semantics registered twice for " + op.String())
	}
	return e
}

type (
	rrDef   struct{ e *semEntry }
	rDef    struct{ e *semEntry }
	riDef   struct{ e *semEntry }
	rriDef  struct{ e *semEntry }
	riOKDef struct{ e *semEntry }
)

// defRR registers rd = f(rs1, rs2).
func defRR(op isa.Op, f func(a, b uint64) uint64) rrDef {
	e := semDef(op)
	e.rr = f
	return rrDef{e}
}

// defR registers rd = f(rs1).
func defR(op isa.Op, f func(a uint64) uint64) rDef {
	e := semDef(op)
	e.r = f
	return rDef{e}
}

// defRI registers rd = f(rs1, imm).
func defRI(op isa.Op, f func(a uint64, imm int64) uint64) riDef {
	e := semDef(op)
	e.ri = f
	return riDef{e}
}

// defRRI registers rd = f(rs1, rs2, imm).
func defRRI(op isa.Op, f func(a, b uint64, imm int64) uint64) rriDef {
	e := semDef(op)
	e.rri = f
	return rriDef{e}
}

// defRIOK registers rd = f(rs1, imm), an illegal instruction when f reports false.
func defRIOK(op isa.Op, f func(a uint64, imm int64) (uint64, bool)) riOKDef {
	e := semDef(op)
	e.riOK = f
	return riOKDef{e}
}

// defExec registers an instruction that needs the hart: it runs in the general executor,
// outside the interpreter's loop (for memory operations beyond the loop's fast paths).
func defExec(op isa.Op, f func(h *Hart, s *slot) (cause, tval uint64, msg string)) {
	semDef(op).exec = f
}

// rv32 gives the computation RV32 runs instead.
func (d rrDef) rv32(f func(a, b uint64) uint64)         { d.e.rv32 = &semEntry{rr: f} }
func (d rDef) rv32(f func(a uint64) uint64)             { d.e.rv32 = &semEntry{r: f} }
func (d riDef) rv32(f func(a uint64, imm int64) uint64) { d.e.rv32 = &semEntry{ri: f} }
func (d rriDef) rv32(f func(a, b uint64, imm int64) uint64) {
	d.e.rv32 = &semEntry{rri: f}
}

// execSem runs op's registered semantics on the slot's operands. It returns handled false
// when op has none, and ok false when the operands are reserved (an illegal instruction).
func (h *Hart) execSem(op isa.Op, s *slot) (handled, ok bool) {
	if op >= isa.NumOps {
		return false, false
	}
	e := &semTab[op]
	if h.ISA.XLEN == 32 && e.rv32 != nil {
		e = e.rv32
	}
	x := &h.X
	a, b := x[s.rs1&63], x[s.rs2&63]
	var v uint64
	switch {
	case e.rr != nil:
		v = e.rr(a, b)
	case e.r != nil:
		v = e.r(a)
	case e.ri != nil:
		v = e.ri(a, s.imm)
	case e.rri != nil:
		v = e.rri(a, b, s.imm)
	case e.riOK != nil:
		if v, ok = e.riOK(a, s.imm); !ok {
			return true, false
		}

	default:
		return false, false
	}
	x[s.rd&63] = v
	return true, true
}

// HasSemantics reports whether op has registered operand semantics (for tests and tools).
func HasSemantics(op isa.Op) bool { return op < isa.NumOps && semTab[op].defined() }
