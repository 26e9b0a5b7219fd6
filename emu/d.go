package emu

import (
	"rvsim/emu/softfloat"
	"rvsim/isa"
)

// D: double-precision floating point, on the 64-bit f registers, and the conversions
// between the formats (f.go has the state both share).

func init() {
	defFFF(isa.FADD_D, execFaddD)
	defFFF(isa.FSUB_D, execFsubD)
	defFFF(isa.FMUL_D, execFmulD)
	defFFF(isa.FDIV_D, execFdivD)
	defFF(isa.FSQRT_D, execFsqrtD)
	defFFFF(isa.FMADD_D, execFmaddD)
	defFFFF(isa.FMSUB_D, execFmsubD)
	defFFFF(isa.FNMSUB_D, execFnmsubD)
	defFFFF(isa.FNMADD_D, execFnmaddD)
	defFFF(isa.FSGNJ_D, execFsgnjD)
	defFFF(isa.FSGNJN_D, execFsgnjnD)
	defFFF(isa.FSGNJX_D, execFsgnjxD)
	defFFF(isa.FMIN_D, execFminD)
	defFFF(isa.FMAX_D, execFmaxD)
	defXF(isa.FCVT_W_D, execFcvtWD)
	defXF(isa.FCVT_WU_D, execFcvtWuD)
	defXF(isa.FCVT_L_D, execFcvtLD)
	defXF(isa.FCVT_LU_D, execFcvtLuD)
	defXF(isa.FMV_X_D, execFmvXD)
	defXF(isa.FCLASS_D, execFclassD)
	defXFF(isa.FEQ_D, execFeqD)
	defXFF(isa.FLT_D, execFltD)
	defXFF(isa.FLE_D, execFleD)
	defFX(isa.FCVT_D_W, execFcvtDW)
	defFX(isa.FCVT_D_WU, execFcvtDWu)
	defFX(isa.FCVT_D_L, execFcvtDL)
	defFX(isa.FCVT_D_LU, execFcvtDLu)
	defFX(isa.FMV_D_X, execFmvDX)
	defFF(isa.FCVT_S_D, execFcvtSD)
	defFF(isa.FCVT_D_S, execFcvtDS)
}

func execFaddD(a, b uint64, rm softfloat.RoundingMode) (uint64, softfloat.Flags) {
	return softfloat.F64Add(a, b, rm)
}

func execFsubD(a, b uint64, rm softfloat.RoundingMode) (uint64, softfloat.Flags) {
	return softfloat.F64Sub(a, b, rm)
}

func execFmulD(a, b uint64, rm softfloat.RoundingMode) (uint64, softfloat.Flags) {
	return softfloat.F64Mul(a, b, rm)
}

func execFdivD(a, b uint64, rm softfloat.RoundingMode) (uint64, softfloat.Flags) {
	return softfloat.F64Div(a, b, rm)
}

func execFsqrtD(a uint64, rm softfloat.RoundingMode) (uint64, softfloat.Flags) {
	return softfloat.F64Sqrt(a, rm)
}

func execFmaddD(a, b, c uint64, rm softfloat.RoundingMode) (uint64, softfloat.Flags) {
	return softfloat.F64MulAdd(a, b, c, rm)
}

func execFmsubD(a, b, c uint64, rm softfloat.RoundingMode) (uint64, softfloat.Flags) {
	return softfloat.F64MulSub(a, b, c, rm)
}

func execFnmsubD(a, b, c uint64, rm softfloat.RoundingMode) (uint64, softfloat.Flags) {
	return softfloat.F64NegMulSub(a, b, c, rm)
}

func execFnmaddD(a, b, c uint64, rm softfloat.RoundingMode) (uint64, softfloat.Flags) {
	return softfloat.F64NegMulAdd(a, b, c, rm)
}

func execFsgnjD(a, b uint64, _ softfloat.RoundingMode) (uint64, softfloat.Flags) {
	return softfloat.F64Sgnj(a, b), 0
}

func execFsgnjnD(a, b uint64, _ softfloat.RoundingMode) (uint64, softfloat.Flags) {
	return softfloat.F64Sgnjn(a, b), 0
}

func execFsgnjxD(a, b uint64, _ softfloat.RoundingMode) (uint64, softfloat.Flags) {
	return softfloat.F64Sgnjx(a, b), 0
}

func execFminD(a, b uint64, _ softfloat.RoundingMode) (uint64, softfloat.Flags) {
	return softfloat.F64Min(a, b)
}

func execFmaxD(a, b uint64, _ softfloat.RoundingMode) (uint64, softfloat.Flags) {
	return softfloat.F64Max(a, b)
}

func execFcvtWD(a uint64, rm softfloat.RoundingMode) (uint64, softfloat.Flags) {
	v, fl := softfloat.F64ToI32(a, rm)
	return uint64(int64(v)), fl
}

func execFcvtWuD(a uint64, rm softfloat.RoundingMode) (uint64, softfloat.Flags) {
	v, fl := softfloat.F64ToU32(a, rm)
	return uint64(int64(int32(v))), fl
}

func execFcvtLD(a uint64, rm softfloat.RoundingMode) (uint64, softfloat.Flags) {
	v, fl := softfloat.F64ToI64(a, rm)
	return uint64(v), fl
}

func execFcvtLuD(a uint64, rm softfloat.RoundingMode) (uint64, softfloat.Flags) {
	return softfloat.F64ToU64(a, rm)
}

func execFmvXD(a uint64, _ softfloat.RoundingMode) (uint64, softfloat.Flags) { return a, 0 }

func execFclassD(a uint64, _ softfloat.RoundingMode) (uint64, softfloat.Flags) {
	return uint64(softfloat.F64Classify(a)), 0
}

func execFeqD(a, b uint64, _ softfloat.RoundingMode) (uint64, softfloat.Flags) {
	t, fl := softfloat.F64Eq(a, b)
	return b2u(t), fl
}

func execFltD(a, b uint64, _ softfloat.RoundingMode) (uint64, softfloat.Flags) {
	t, fl := softfloat.F64Lt(a, b)
	return b2u(t), fl
}

func execFleD(a, b uint64, _ softfloat.RoundingMode) (uint64, softfloat.Flags) {
	t, fl := softfloat.F64Le(a, b)
	return b2u(t), fl
}

func execFcvtDW(a uint64, rm softfloat.RoundingMode) (uint64, softfloat.Flags) {
	return softfloat.I32ToF64(int32(a), rm)
}

func execFcvtDWu(a uint64, rm softfloat.RoundingMode) (uint64, softfloat.Flags) {
	return softfloat.U32ToF64(uint32(a), rm)
}

func execFcvtDL(a uint64, rm softfloat.RoundingMode) (uint64, softfloat.Flags) {
	return softfloat.I64ToF64(int64(a), rm)
}

func execFcvtDLu(a uint64, rm softfloat.RoundingMode) (uint64, softfloat.Flags) {
	return softfloat.U64ToF64(a, rm)
}

func execFmvDX(a uint64, _ softfloat.RoundingMode) (uint64, softfloat.Flags) { return a, 0 }

func execFcvtSD(a uint64, rm softfloat.RoundingMode) (uint64, softfloat.Flags) {
	r, fl := softfloat.F64ToF32(a, rm)
	return box32(r), fl
}

// execFcvtDS is exact: its rounding mode is unused (LLVM prints rne as the default).
func execFcvtDS(a uint64, _ softfloat.RoundingMode) (uint64, softfloat.Flags) {
	return softfloat.F32ToF64(unbox32(a))
}
