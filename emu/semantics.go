package emu

import (
	"rvsim/emu/softfloat"
	"rvsim/isa"
)

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

	// The floating-point shapes (f.go, d.go): operands are f registers (fs1, fs2, fs3) or
	// rs1, and the rounding mode (the slot's static one, or frm for dyn); the result goes
	// to fd (ff, fff, ffff, fx) or rd (xf, xff), its flags into fflags.
	ff   func(a uint64, rm softfloat.RoundingMode) (uint64, softfloat.Flags)
	fff  func(a, b uint64, rm softfloat.RoundingMode) (uint64, softfloat.Flags)
	ffff func(a, b, c uint64, rm softfloat.RoundingMode) (uint64, softfloat.Flags)
	fx   func(a uint64, rm softfloat.RoundingMode) (uint64, softfloat.Flags)
	xf   func(a uint64, rm softfloat.RoundingMode) (uint64, softfloat.Flags)
	xff  func(a, b uint64, rm softfloat.RoundingMode) (uint64, softfloat.Flags)
}

func (e *semEntry) defined() bool {
	return e.rr != nil || e.r != nil || e.ri != nil || e.rri != nil || e.riOK != nil || e.exec != nil ||
		e.ff != nil || e.fff != nil || e.ffff != nil || e.fx != nil || e.xf != nil || e.xff != nil
}

// fpFunc1 and the others are the floating-point shapes' function types.
type (
	fpFunc1 = func(a uint64, rm softfloat.RoundingMode) (uint64, softfloat.Flags)
	fpFunc2 = func(a, b uint64, rm softfloat.RoundingMode) (uint64, softfloat.Flags)
	fpFunc3 = func(a, b, c uint64, rm softfloat.RoundingMode) (uint64, softfloat.Flags)
)

// defFF registers fd = f(fs1).
func defFF(op isa.Op, f fpFunc1) { semDef(op).ff = f }

// defFFF registers fd = f(fs1, fs2).
func defFFF(op isa.Op, f fpFunc2) { semDef(op).fff = f }

// defFFFF registers fd = f(fs1, fs2, fs3).
func defFFFF(op isa.Op, f fpFunc3) { semDef(op).ffff = f }

// defFX registers fd = f(rs1): a value from an integer register.
func defFX(op isa.Op, f fpFunc1) { semDef(op).fx = f }

// defXF registers rd = f(fs1): an integer result.
func defXF(op isa.Op, f fpFunc1) { semDef(op).xf = f }

// defXFF registers rd = f(fs1, fs2): a comparison.
func defXFF(op isa.Op, f fpFunc2) { semDef(op).xff = f }

// isFPSem reports whether e has a floating-point shape.
func (e *semEntry) isFPSem() bool {
	return e.ff != nil || e.fff != nil || e.ffff != nil || e.fx != nil || e.xf != nil || e.xff != nil
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
	if e.isFPSem() {
		return true, h.execFPSem(e, s)
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

// execFPSem runs a floating-point shape; false means an illegal instruction (a reserved
// dynamic rounding mode).
func (h *Hart) execFPSem(e *semEntry, s *slot) bool {
	rm := s.rm
	if rm == 7 {
		if rm = h.frm; rm > 4 {
			return false
		}
	}
	m := softfloat.RoundingMode(rm)
	f := &h.F
	fa, fb, fc := f[s.rs1&31], f[s.rs2&31], f[s.rs3&31]
	var v uint64
	var fl softfloat.Flags
	toX := false
	switch {
	case e.ff != nil:
		v, fl = e.ff(fa, m)
	case e.fff != nil:
		v, fl = e.fff(fa, fb, m)
	case e.ffff != nil:
		v, fl = e.ffff(fa, fb, fc, m)
	case e.fx != nil:
		v, fl = e.fx(h.X[s.rs1&63], m)
	case e.xf != nil:
		v, fl = e.xf(fa, m)
		toX = true
	case e.xff != nil:
		v, fl = e.xff(fa, fb, m)
		toX = true
	}
	if toX {
		h.X[s.rd&63] = v
	} else {
		f[s.rd&31] = v
	}
	h.fflags |= uint8(fl)
	return true
}

// HasSemantics reports whether op has registered operand semantics (for tests and tools).
func HasSemantics(op isa.Op) bool { return op < isa.NumOps && semTab[op].defined() }
