package isa

// Register use by operand kind: which registers an instruction reads and writes. The trace,
// the debugger's change display and the cost model's dependency tracking all use these.

// The three predicates below are about integer registers (x0..x31). A vector operand kind
// writes rd only when the result is scalar (vmv.x.s, vcpop.m, vfirst.m, vsetvli, vsetivli),
// reads rs1 only where the field names an integer register (the .vx forms, vmv.v.x/vmv.s.x,
// the base address of loads and stores, vsetvli's AVL) and rs2 only as a stride or as
// vsetvl's vtype.

// WritesRd reports whether instructions with these operands write integer register rd.
func (a Args) WritesRd() bool {
	switch a {
	case ArgsStore, ArgsB, ArgsFence, ArgsNone, ArgsSfence, ArgsCBO:
		return false
	case ArgsVSetVLI, ArgsVSetIVLI, ArgsVSetVL, ArgsXV:
		return true
	}
	return !a.Vector()
}

// ReadsRs1 reports whether rs1 is an integer register source (not an immediate field or a
// vector register).
func (a Args) ReadsRs1() bool {
	switch a {
	case ArgsU, ArgsJ, ArgsCSRI, ArgsFence, ArgsNone:
		return false
	case ArgsVSetVLI, ArgsVSetVL, ArgsVMem, ArgsVMemStride, ArgsVMemIndex, ArgsVMemWhole, ArgsVX, ArgsVXM,
		ArgsVXMacc, ArgsVMvX:
		return true
	}
	return !a.Vector()
}

// ReadsRs2 reports whether rs2 is an integer register source.
func (a Args) ReadsRs2() bool {
	switch a {
	case ArgsR, ArgsStore, ArgsB, ArgsAMO, ArgsBS, ArgsSfence, ArgsVMemStride, ArgsVSetVL:
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
