package emu

import (
	"rvsim/emu/softfloat"
	"rvsim/isa"
)

// F: single-precision floating point. The arithmetic is emu/softfloat's; this file maps
// registers, the rounding mode and fflags onto it, and holds the state F and D share: the
// f registers (Hart.F), fcsr, and mstatus.FS.
//
// f registers are 64 bits wide (FLEN = 64 with D). A single-precision value is NaN-boxed:
// its upper 32 bits all ones. An operand that is not properly boxed reads as the canonical
// NaN (unprivileged spec, "NaN Boxing of Narrower Values"), except in fmv.x.w and fsw,
// which move the low 32 bits as they are.

func init() {
	defFFF(isa.FADD_S, execFaddS)
	defFFF(isa.FSUB_S, execFsubS)
	defFFF(isa.FMUL_S, execFmulS)
	defFFF(isa.FDIV_S, execFdivS)
	defFF(isa.FSQRT_S, execFsqrtS)
	defFFFF(isa.FMADD_S, execFmaddS)
	defFFFF(isa.FMSUB_S, execFmsubS)
	defFFFF(isa.FNMSUB_S, execFnmsubS)
	defFFFF(isa.FNMADD_S, execFnmaddS)
	defFFF(isa.FSGNJ_S, execFsgnjS)
	defFFF(isa.FSGNJN_S, execFsgnjnS)
	defFFF(isa.FSGNJX_S, execFsgnjxS)
	defFFF(isa.FMIN_S, execFminS)
	defFFF(isa.FMAX_S, execFmaxS)
	defXF(isa.FCVT_W_S, execFcvtWS)
	defXF(isa.FCVT_WU_S, execFcvtWuS)
	defXF(isa.FCVT_L_S, execFcvtLS)
	defXF(isa.FCVT_LU_S, execFcvtLuS)
	defXF(isa.FMV_X_W, execFmvXW)
	defXF(isa.FCLASS_S, execFclassS)
	defXFF(isa.FEQ_S, execFeqS)
	defXFF(isa.FLT_S, execFltS)
	defXFF(isa.FLE_S, execFleS)
	defFX(isa.FCVT_S_W, execFcvtSW)
	defFX(isa.FCVT_S_WU, execFcvtSWu)
	defFX(isa.FCVT_S_L, execFcvtSL)
	defFX(isa.FCVT_S_LU, execFcvtSLu)
	defFX(isa.FMV_W_X, execFmvWX)
	for _, r := range isa.Rows() {
		if r.Args.FP() {
			fpOps[r.Op] = true
		}
	}
}

// boxHigh is the upper half of a NaN-boxed single.
const boxHigh = 0xffffffff00000000

// unbox32 reads a single-precision operand: the canonical NaN unless properly boxed.
func unbox32(a uint64) uint32 {
	if a&boxHigh != boxHigh {
		return 0x7fc00000
	}
	return uint32(a)
}

// box32 NaN-boxes a single-precision result.
func box32(v uint32) uint64 { return uint64(v) | boxHigh }

func execFaddS(a, b uint64, rm softfloat.RoundingMode) (uint64, softfloat.Flags) {
	r, fl := softfloat.F32Add(unbox32(a), unbox32(b), rm)
	return box32(r), fl
}

func execFsubS(a, b uint64, rm softfloat.RoundingMode) (uint64, softfloat.Flags) {
	r, fl := softfloat.F32Sub(unbox32(a), unbox32(b), rm)
	return box32(r), fl
}

func execFmulS(a, b uint64, rm softfloat.RoundingMode) (uint64, softfloat.Flags) {
	r, fl := softfloat.F32Mul(unbox32(a), unbox32(b), rm)
	return box32(r), fl
}

func execFdivS(a, b uint64, rm softfloat.RoundingMode) (uint64, softfloat.Flags) {
	r, fl := softfloat.F32Div(unbox32(a), unbox32(b), rm)
	return box32(r), fl
}

func execFsqrtS(a uint64, rm softfloat.RoundingMode) (uint64, softfloat.Flags) {
	r, fl := softfloat.F32Sqrt(unbox32(a), rm)
	return box32(r), fl
}

func execFmaddS(a, b, c uint64, rm softfloat.RoundingMode) (uint64, softfloat.Flags) {
	r, fl := softfloat.F32MulAdd(unbox32(a), unbox32(b), unbox32(c), rm)
	return box32(r), fl
}

func execFmsubS(a, b, c uint64, rm softfloat.RoundingMode) (uint64, softfloat.Flags) {
	r, fl := softfloat.F32MulSub(unbox32(a), unbox32(b), unbox32(c), rm)
	return box32(r), fl
}

func execFnmsubS(a, b, c uint64, rm softfloat.RoundingMode) (uint64, softfloat.Flags) {
	r, fl := softfloat.F32NegMulSub(unbox32(a), unbox32(b), unbox32(c), rm)
	return box32(r), fl
}

func execFnmaddS(a, b, c uint64, rm softfloat.RoundingMode) (uint64, softfloat.Flags) {
	r, fl := softfloat.F32NegMulAdd(unbox32(a), unbox32(b), unbox32(c), rm)
	return box32(r), fl
}

func execFsgnjS(a, b uint64, _ softfloat.RoundingMode) (uint64, softfloat.Flags) {
	return box32(softfloat.F32Sgnj(unbox32(a), unbox32(b))), 0
}

func execFsgnjnS(a, b uint64, _ softfloat.RoundingMode) (uint64, softfloat.Flags) {
	return box32(softfloat.F32Sgnjn(unbox32(a), unbox32(b))), 0
}

func execFsgnjxS(a, b uint64, _ softfloat.RoundingMode) (uint64, softfloat.Flags) {
	return box32(softfloat.F32Sgnjx(unbox32(a), unbox32(b))), 0
}

func execFminS(a, b uint64, _ softfloat.RoundingMode) (uint64, softfloat.Flags) {
	r, fl := softfloat.F32Min(unbox32(a), unbox32(b))
	return box32(r), fl
}

func execFmaxS(a, b uint64, _ softfloat.RoundingMode) (uint64, softfloat.Flags) {
	r, fl := softfloat.F32Max(unbox32(a), unbox32(b))
	return box32(r), fl
}

// The conversions to a 32-bit integer write it sign-extended, the unsigned ones too.
func execFcvtWS(a uint64, rm softfloat.RoundingMode) (uint64, softfloat.Flags) {
	v, fl := softfloat.F32ToI32(unbox32(a), rm)
	return uint64(int64(v)), fl
}

func execFcvtWuS(a uint64, rm softfloat.RoundingMode) (uint64, softfloat.Flags) {
	v, fl := softfloat.F32ToU32(unbox32(a), rm)
	return uint64(int64(int32(v))), fl
}

func execFcvtLS(a uint64, rm softfloat.RoundingMode) (uint64, softfloat.Flags) {
	v, fl := softfloat.F32ToI64(unbox32(a), rm)
	return uint64(v), fl
}

func execFcvtLuS(a uint64, rm softfloat.RoundingMode) (uint64, softfloat.Flags) {
	return softfloat.F32ToU64(unbox32(a), rm)
}

// execFmvXW moves the low 32 bits as they are (no unboxing), sign-extended.
func execFmvXW(a uint64, _ softfloat.RoundingMode) (uint64, softfloat.Flags) {
	return uint64(int64(int32(uint32(a)))), 0
}

func execFclassS(a uint64, _ softfloat.RoundingMode) (uint64, softfloat.Flags) {
	return uint64(softfloat.F32Classify(unbox32(a))), 0
}

func execFeqS(a, b uint64, _ softfloat.RoundingMode) (uint64, softfloat.Flags) {
	t, fl := softfloat.F32Eq(unbox32(a), unbox32(b))
	return b2u(t), fl
}

func execFltS(a, b uint64, _ softfloat.RoundingMode) (uint64, softfloat.Flags) {
	t, fl := softfloat.F32Lt(unbox32(a), unbox32(b))
	return b2u(t), fl
}

func execFleS(a, b uint64, _ softfloat.RoundingMode) (uint64, softfloat.Flags) {
	t, fl := softfloat.F32Le(unbox32(a), unbox32(b))
	return b2u(t), fl
}

func execFcvtSW(a uint64, rm softfloat.RoundingMode) (uint64, softfloat.Flags) {
	r, fl := softfloat.I32ToF32(int32(a), rm)
	return box32(r), fl
}

func execFcvtSWu(a uint64, rm softfloat.RoundingMode) (uint64, softfloat.Flags) {
	r, fl := softfloat.U32ToF32(uint32(a), rm)
	return box32(r), fl
}

func execFcvtSL(a uint64, rm softfloat.RoundingMode) (uint64, softfloat.Flags) {
	r, fl := softfloat.I64ToF32(int64(a), rm)
	return box32(r), fl
}

func execFcvtSLu(a uint64, rm softfloat.RoundingMode) (uint64, softfloat.Flags) {
	r, fl := softfloat.U64ToF32(a, rm)
	return box32(r), fl
}

func execFmvWX(a uint64, _ softfloat.RoundingMode) (uint64, softfloat.Flags) {
	return box32(uint32(a)), 0
}

// fpOps marks the F and D instructions: they are illegal while mstatus.FS is Off.
var fpOps [isa.NumOps]bool

// mstatus.FS, the floating-point context status (Off, Initial, Clean, Dirty).
const (
	mstatusFS      = 3 << 13
	mstatusFSInit  = 1 << 13
	mstatusFSDirty = 3 << 13
)

// CSR numbers of fcsr and its fields.
const (
	csrFflags = 0x001
	csrFrm    = 0x002
	csrFcsr   = 0x003
)

func isFPCSR(n uint16) bool { return n >= csrFflags && n <= csrFcsr }

// fpOff reports whether F and D instructions and CSRs are disabled: no F in the ISA, or
// mstatus.FS Off on a bare machine (Linux keeps it on for the process).
func (h *Hart) fpOff() bool {
	return !h.ISA.Exts.Has(isa.ExtF) || h.Linux == nil && h.CSR.mstatus&mstatusFS == 0
}

// decodeFP gives a decoded F/D instruction its slot op: illegal while FS is Off. FS
// becomes Dirty here, when the instruction is first about to run, rather than on every
// write of an f register, which would cost the loop a store per instruction; the
// privileged spec allows an implementation to report Dirty imprecisely. A write of
// mstatus that makes FS Initial or Clean drops the decoded code (csrWrite), so the next
// F/D instruction to run marks it Dirty again.
func (h *Hart) decodeFP(op uint16) uint16 {
	if h.fpOff() {
		return opIllegal
	}
	h.CSR.mstatus |= mstatusFSDirty
	return op
}

// FCSR returns fcsr: frm in bits 7:5, fflags in bits 4:0. With F, the f registers
// (Hart.F) and FCSR/SetFCSR are the floating-point state a Linux signal frame saves.
func (h *Hart) FCSR() uint32 { return uint32(h.frm)<<5 | uint32(h.fflags) }

// SetFCSR writes fcsr (bits above 7 are ignored) and marks the FP state Dirty.
func (h *Hart) SetFCSR(v uint32) {
	h.frm, h.fflags = uint8(v>>5)&7, uint8(v)&31
	h.CSR.mstatus |= mstatusFSDirty
}

// fcsrRead reads fflags, frm or fcsr.
func (h *Hart) fcsrRead(n uint16) uint64 {
	switch n {
	case csrFflags:
		return uint64(h.fflags)
	case csrFrm:
		return uint64(h.frm)
	}
	return uint64(h.FCSR())
}

// fcsrWrite writes fflags, frm or fcsr.
func (h *Hart) fcsrWrite(n uint16, v uint64) {
	switch n {
	case csrFflags:
		h.fflags = uint8(v) & 31
	case csrFrm:
		h.frm = uint8(v) & 7
	default:
		h.frm, h.fflags = uint8(v>>5)&7, uint8(v)&31
	}
	h.CSR.mstatus |= mstatusFSDirty
}

// loadFP performs flw/fld through Memory's general path.
func (h *Hart) loadFP(op isa.Op, s *slot) bool {
	a := (h.X[s.rs1&63] + uint64(s.imm)) & h.addrMask
	if op == isa.FLW {
		v, ok := h.Mem.Load32(a)
		if ok {
			h.F[s.rd&31] = box32(v)
		}
		return ok
	}
	v, ok := h.Mem.Load64(a)
	if ok {
		h.F[s.rd&31] = v
	}
	return ok
}

// storeFP performs fsw/fsd through Memory's general path.
func (h *Hart) storeFP(op isa.Op, s *slot) bool {
	a := (h.X[s.rs1&63] + uint64(s.imm)) & h.addrMask
	if op == isa.FSW {
		return h.Mem.Store32(a, uint32(h.F[s.rs2&31]))
	}
	return h.Mem.Store64(a, h.F[s.rs2&31])
}
