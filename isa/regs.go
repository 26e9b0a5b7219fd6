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
	case ArgsXF1RM, ArgsXF1, ArgsXFF:
		return true
	case ArgsVSetVLI, ArgsVSetIVLI, ArgsVSetVL, ArgsXV:
		return true
	}
	return !a.Vector() && !a.FP()
}

// ReadsRs1 reports whether rs1 is an integer register source (not an immediate field or a
// vector register).
func (a Args) ReadsRs1() bool {
	switch a {
	case ArgsU, ArgsJ, ArgsCSRI, ArgsFence, ArgsNone:
		return false
	case ArgsFLoad, ArgsFStore, ArgsFX1RM, ArgsFX1:
		return true
	case ArgsVSetVLI, ArgsVSetVL, ArgsVMem, ArgsVMemStride, ArgsVMemIndex, ArgsVMemWhole, ArgsVX, ArgsVXM,
		ArgsVXMacc, ArgsVMvX:
		return true
	}
	return !a.Vector() && !a.FP()
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

// The floating-point registers f0..f31 are a file of their own: f0 is a register like the
// others (there is no zero register), and f5 is not x5. These say which fields name them.

// WritesFd reports whether instructions with these operands write f register rd.
func (a Args) WritesFd() bool {
	switch a {
	case ArgsFLoad, ArgsFR4, ArgsFRRM, ArgsFR, ArgsF1RM, ArgsFX1RM, ArgsFX1:
		return true
	}
	return false
}

// ReadsFs1 reports whether rs1 names an f register source.
func (a Args) ReadsFs1() bool {
	switch a {
	case ArgsFR4, ArgsFRRM, ArgsFR, ArgsF1RM, ArgsXF1RM, ArgsXF1, ArgsXFF:
		return true
	}
	return false
}

// ReadsFs2 reports whether rs2 names an f register source (the data of an FP store).
func (a Args) ReadsFs2() bool {
	switch a {
	case ArgsFStore, ArgsFR4, ArgsFRRM, ArgsFR, ArgsXFF:
		return true
	}
	return false
}

// ReadsFs3 reports whether Rs3 names an f register source (the fused multiply-adds).
func (a Args) ReadsFs3() bool { return a == ArgsFR4 }

// FUses returns the f registers in reads and the one written, each with a flag saying
// whether the instruction uses it (f0 is a real register, so 0 cannot mean "none").
func (in *Inst) FUses(xlen int) (fs1, fs2, fs3, fd uint8, uses1, uses2, uses3, writes bool) {
	r := RowOf(in.Op, xlen)
	if r == nil {
		return
	}
	a := r.Args
	return in.Rs1, in.Rs2, in.Rs3, in.Rd, a.ReadsFs1(), a.ReadsFs2(), a.ReadsFs3(), a.WritesFd()
}
