package isa

// F: single-precision floating point (unprivileged spec, chapter "F" Standard Extension for
// Single-Precision Floating-Point, 2.2), and D (d.go). Both share the helpers below: the
// rows of the two differ only in the fmt field (bits 26:25 of OP-FP and the fused
// multiply-adds: 0 for S, 1 for D) and the width of loads and stores.
//
// The rm field (bits 14:12) of the instructions that round is decoded into Inst.RM: 0..4 are
// the static modes, 7 is dyn (frm); 5 and 6 are reserved and decode as a reserved encoding
// (llvm-objdump prints them as <unknown>), so they raise an illegal instruction.
func init() {
	declare(ExtF, Extension{Name: "f", LLVM: "f", QEMU: "f", Hwprobe: HwprobeIMAFD, Implemented: true})
	fpRows(Exts(ExtF), 0, "s", 2)
}

// HwprobeIMAFD is riscv_hwprobe's RISCV_HWPROBE_IMA_FD bit: F and D both present. Both
// declarations name it; HwprobeExt0 keeps it only when the set has both.
const HwprobeIMAFD = 1 << 0

const (
	opLoadFP  = 0x07
	opStoreFP = 0x27
	opFMADD   = 0x43
	opFMSUB   = 0x47
	opFNMSUB  = 0x4b
	opFNMADD  = 0x4f
	opOPFP    = 0x53

	maskFR4  = 0x0600007f // fused multiply-add: opcode and fmt
	maskFRM  = 0xfe00007f // OP-FP with a rounding mode: funct7
	maskFRM1 = 0xfff0007f // OP-FP unary with a rounding mode: funct7 and rs2
	maskFR1  = 0xfff0707f // OP-FP unary without one: funct7, rs2 and funct3
)

// fpRows registers one format's rows: fmt is the fmt field (0 S, 1 D), sfx the mnemonic
// suffix, f3 the funct3 of its load and store.
func fpRows(exts ExtSet, fmt uint32, sfx string, f3 uint32) {
	mem := uint8(4)
	if fmt == 1 {
		mem = 8
	}
	opfp := func(funct7, rs2, funct3 uint32) uint32 {
		return (funct7|fmt)<<25 | rs2<<20 | funct3<<12 | opOPFP
	}
	type ent struct {
		op    Op
		name  string
		mask  uint32
		match uint32
		args  Args
		xlen  int
	}
	var es []ent
	pick := func(s, d Op) Op {
		if fmt == 0 {
			return s
		}
		return d
	}
	es = append(es,
		ent{pick(FLW, FLD), map[uint32]string{0: "flw", 1: "fld"}[fmt], maskF3, f3<<12 | opLoadFP, ArgsFLoad, 0},
		ent{pick(FSW, FSD), map[uint32]string{0: "fsw", 1: "fsd"}[fmt], maskF3, f3<<12 | opStoreFP, ArgsFStore, 0},
		ent{pick(FMADD_S, FMADD_D), "fmadd." + sfx, maskFR4, fmt<<25 | opFMADD, ArgsFR4, 0},
		ent{pick(FMSUB_S, FMSUB_D), "fmsub." + sfx, maskFR4, fmt<<25 | opFMSUB, ArgsFR4, 0},
		ent{pick(FNMSUB_S, FNMSUB_D), "fnmsub." + sfx, maskFR4, fmt<<25 | opFNMSUB, ArgsFR4, 0},
		ent{pick(FNMADD_S, FNMADD_D), "fnmadd." + sfx, maskFR4, fmt<<25 | opFNMADD, ArgsFR4, 0},
		ent{pick(FADD_S, FADD_D), "fadd." + sfx, maskFRM, opfp(0x00, 0, 0), ArgsFRRM, 0},
		ent{pick(FSUB_S, FSUB_D), "fsub." + sfx, maskFRM, opfp(0x04, 0, 0), ArgsFRRM, 0},
		ent{pick(FMUL_S, FMUL_D), "fmul." + sfx, maskFRM, opfp(0x08, 0, 0), ArgsFRRM, 0},
		ent{pick(FDIV_S, FDIV_D), "fdiv." + sfx, maskFRM, opfp(0x0c, 0, 0), ArgsFRRM, 0},
		ent{pick(FSQRT_S, FSQRT_D), "fsqrt." + sfx, maskFRM1, opfp(0x2c, 0, 0), ArgsF1RM, 0},
		ent{pick(FSGNJ_S, FSGNJ_D), "fsgnj." + sfx, maskF7, opfp(0x10, 0, 0), ArgsFR, 0},
		ent{pick(FSGNJN_S, FSGNJN_D), "fsgnjn." + sfx, maskF7, opfp(0x10, 0, 1), ArgsFR, 0},
		ent{pick(FSGNJX_S, FSGNJX_D), "fsgnjx." + sfx, maskF7, opfp(0x10, 0, 2), ArgsFR, 0},
		ent{pick(FMIN_S, FMIN_D), "fmin." + sfx, maskF7, opfp(0x14, 0, 0), ArgsFR, 0},
		ent{pick(FMAX_S, FMAX_D), "fmax." + sfx, maskF7, opfp(0x14, 0, 1), ArgsFR, 0},
		ent{pick(FCVT_W_S, FCVT_W_D), "fcvt.w." + sfx, maskFRM1, opfp(0x60, 0, 0), ArgsXF1RM, 0},
		ent{pick(FCVT_WU_S, FCVT_WU_D), "fcvt.wu." + sfx, maskFRM1, opfp(0x60, 1, 0), ArgsXF1RM, 0},
		ent{pick(FCVT_L_S, FCVT_L_D), "fcvt.l." + sfx, maskFRM1, opfp(0x60, 2, 0), ArgsXF1RM, 64},
		ent{pick(FCVT_LU_S, FCVT_LU_D), "fcvt.lu." + sfx, maskFRM1, opfp(0x60, 3, 0), ArgsXF1RM, 64},
		ent{pick(FMV_X_W, FMV_X_D), map[uint32]string{0: "fmv.x.w", 1: "fmv.x.d"}[fmt], maskFR1, opfp(0x70, 0, 0), ArgsXF1, map[uint32]int{0: 0, 1: 64}[fmt]},
		ent{pick(FCLASS_S, FCLASS_D), "fclass." + sfx, maskFR1, opfp(0x70, 0, 1), ArgsXF1, 0},
		ent{pick(FEQ_S, FEQ_D), "feq." + sfx, maskF7, opfp(0x50, 0, 2), ArgsXFF, 0},
		ent{pick(FLT_S, FLT_D), "flt." + sfx, maskF7, opfp(0x50, 0, 1), ArgsXFF, 0},
		ent{pick(FLE_S, FLE_D), "fle." + sfx, maskF7, opfp(0x50, 0, 0), ArgsXFF, 0},
		ent{pick(FCVT_S_W, FCVT_D_W), "fcvt." + sfx + ".w", maskFRM1, opfp(0x68, 0, 0), ArgsFX1RM, 0},
		ent{pick(FCVT_S_WU, FCVT_D_WU), "fcvt." + sfx + ".wu", maskFRM1, opfp(0x68, 1, 0), ArgsFX1RM, 0},
		ent{pick(FCVT_S_L, FCVT_D_L), "fcvt." + sfx + ".l", maskFRM1, opfp(0x68, 2, 0), ArgsFX1RM, 64},
		ent{pick(FCVT_S_LU, FCVT_D_LU), "fcvt." + sfx + ".lu", maskFRM1, opfp(0x68, 3, 0), ArgsFX1RM, 64},
		ent{pick(FMV_W_X, FMV_D_X), map[uint32]string{0: "fmv.w.x", 1: "fmv.d.x"}[fmt], maskFR1, opfp(0x78, 0, 0), ArgsFX1, map[uint32]int{0: 0, 1: 64}[fmt]},
	)
	if fmt == 1 {
		// Conversions between the formats belong to D: fmt names the destination, rs2 the
		// source format.
		es = append(es,
			ent{FCVT_S_D, "fcvt.s.d", maskFRM1, 0x20<<25 | 1<<20 | opOPFP, ArgsF1RM, 0},
			ent{FCVT_D_S, "fcvt.d.s", maskFRM1, 0x21<<25 | 0<<20 | opOPFP, ArgsF1RM, 0},
		)
	}
	for _, e := range es {
		r := Row{Op: e.op, Name: e.name, Mask: e.mask, Match: e.match, Args: e.args, Exts: exts, XLEN: e.xlen, Class: ClassFP}
		switch e.args {
		case ArgsFLoad:
			r.Class, r.Mem = ClassLoad, mem
		case ArgsFStore:
			r.Class, r.Mem = ClassStore, mem
		}
		register(r)
	}
}
