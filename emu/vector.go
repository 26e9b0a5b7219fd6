package emu

import (
	"fmt"

	"rvsim/isa"
)

// Vector is a hart's vector unit (RVV 1.0): the register file, the vector CSRs and the
// configuration that vsetvl* establishes. A hart has one when its ISA includes V (or
// Zve32x/Zve64x).
type Vector struct {
	VLEN  int // bits per register: a power of two from 128 to 4096
	VLENB int // bytes per register

	// Reg holds v0..v31, VLENB bytes each, element 0 at the lowest address as on
	// little-endian hardware: register group arithmetic is plain indexing.
	Reg []byte

	VL     uint64
	VStart uint64
	VType  uint64 // as read by csrr vtype (vill in the top bit when the setting is unsupported)
	VXRM   uint8
	VXSAT  uint8

	// Decoded from VType.
	SEW   int  // element width in bits: 8, 16, 32, 64
	LMUL8 int  // LMUL × 8: 1 (mf8), 2, 4, 8 (m1), 16, 32, 64 (m8)
	TA    bool // tail agnostic
	MA    bool // mask agnostic
	Vill  bool

	// AgnosticOnes fills tail- and mask-agnostic elements with ones (--vagnostic=ones);
	// otherwise they are left undisturbed, which the spec also allows.
	AgnosticOnes bool
}

// NewVector returns a vector unit with VLEN bits per register, in the reset state (vill set,
// vl 0, as after reset on hardware).
func NewVector(vlen int) (*Vector, error) {
	if vlen < 128 || vlen > 4096 || vlen&(vlen-1) != 0 {
		return nil, fmt.Errorf("VLEN %d: must be a power of two from 128 to 4096", vlen)
	}
	v := &Vector{VLEN: vlen, VLENB: vlen / 8, Reg: make([]byte, 32*vlen/8)}
	v.VType = 1 << 63
	v.Vill = true
	return v, nil
}

// Elem returns element i (of width sew bits) of the register group starting at vreg.
func (v *Vector) Elem(vreg, i, sew int) uint64 {
	off := vreg*v.VLENB + i*sew/8
	b := v.Reg[off : off+sew/8]
	var x uint64
	for j := len(b) - 1; j >= 0; j-- {
		x = x<<8 | uint64(b[j])
	}
	return x
}

// SetElem writes element i (of width sew bits) of the register group starting at vreg.
func (v *Vector) SetElem(vreg, i, sew int, x uint64) {
	off := vreg*v.VLENB + i*sew/8
	b := v.Reg[off : off+sew/8]
	for j := range b {
		b[j] = byte(x)
		x >>= 8
	}
}

// MaskBit returns bit i of mask register vreg (v0 for masked instructions).
func (v *Vector) MaskBit(vreg, i int) bool {
	return v.Reg[vreg*v.VLENB+i/8]>>(i%8)&1 == 1
}

// SetMaskBit writes bit i of mask register vreg.
func (v *Vector) SetMaskBit(vreg, i int, b bool) {
	p := &v.Reg[vreg*v.VLENB+i/8]
	if b {
		*p |= 1 << (i % 8)
	} else {
		*p &^= 1 << (i % 8)
	}
}

// VLMAX is the number of elements of width sew in a register group of LMUL×8 = lmul8.
func (v *Vector) VLMAX(sew, lmul8 int) int { return v.VLEN * lmul8 / 8 / sew }

// vexec holds the execution function of every vector op. Each extension's file registers
// its ops from init, so adding an instruction touches its table row and its function.
// A function returns the zero vtrap when the instruction completed.
var vexec [isa.NumOps]func(h *Hart, in *isa.Inst) vtrap

// vtrap is an exception raised by a vector instruction.
type vtrap struct {
	cause uint64
	tval  uint64
	msg   string
}

// illegalV is the trap for a vector instruction whose operands the spec forbids; msg says
// which rule ("vd overlaps the source group", "vl not a multiple of the element group").
func illegalV(in *isa.Inst, msg string) vtrap {
	return vtrap{cause: CauseIllegal, tval: uint64(in.Raw), msg: msg}
}

// execVectorOp runs a vector instruction; false means the run must stop.
func (h *Hart) execVectorOp(f func(*Hart, *isa.Inst) vtrap, in *isa.Inst, pc uint64) bool {
	if h.V == nil {
		return !h.illegalAt(pc)
	}
	t := f(h, in)
	if t.cause != 0 || t.msg != "" {
		if t.cause == CauseIllegal {
			return !h.raise(CauseIllegal, t.tval, h.describe(*in)+": "+t.msg)
		}
		return !h.raise(t.cause, t.tval, t.msg)
	}
	h.PC = pc + uint64(in.Len)
	h.Instret++
	h.retired = true
	return true
}
