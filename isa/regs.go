package isa

// Register use by operand kind: which registers an instruction reads and writes. The trace,
// the debugger's change display and the cost model's dependency tracking all use these.

// WritesRd reports whether instructions with these operands write rd.
func (a Args) WritesRd() bool {
	switch a {
	case ArgsStore, ArgsB, ArgsFence, ArgsNone, ArgsSfence:
		return false
	}
	return true
}

// ReadsRs1 reports whether rs1 is a register source (not an immediate field).
func (a Args) ReadsRs1() bool {
	switch a {
	case ArgsU, ArgsJ, ArgsCSRI, ArgsFence, ArgsNone:
		return false
	}
	return true
}

// ReadsRs2 reports whether rs2 is a register source.
func (a Args) ReadsRs2() bool {
	switch a {
	case ArgsR, ArgsStore, ArgsB, ArgsAMO, ArgsBS, ArgsSfence:
		return true
	}
	return false
}

// Uses returns the registers in reads and the one written (0 when none: x0 is never a
// dependency), for op at xlen.
func (in *Inst) Uses(xlen int) (rs1, rs2, rd uint8) {
	r := RowOf(in.Op, xlen)
	if r == nil {
		return 0, 0, 0
	}
	if r.Args.ReadsRs1() {
		rs1 = in.Rs1
	}
	if r.Args.ReadsRs2() {
		rs2 = in.Rs2
	}
	if r.Args.WritesRd() {
		rd = in.Rd
	}
	return
}
