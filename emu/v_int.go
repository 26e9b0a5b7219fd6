package emu

import (
	"math/bits"

	"rvsim/isa"
)

// Vector integer arithmetic (RVV 1.0 chapter 11) and the element-wise engine the fixed-point
// instructions share: single-width, widening, narrowing and extending operations, the
// carry/merge forms that read v0 as data, and the compares and carry-outs that produce masks.

// Where the second operand of an element-wise instruction comes from.
const (
	srcV = iota // vs1
	srcX        // x[rs1], truncated to its element width
	srcI        // simm5, sign-extended, truncated to its element width
	srcU        // uimm5 (shift amounts, as the spec gives them)
	srcN        // none (vzext, vsext)
)

// vshape describes the operands of an element-wise instruction.
type vshape struct {
	d, a, b int8 // log2(EEW/SEW) of vd, vs2 and vs1: 0, 1 (2·SEW), or -1..-3 (vzext/vsext vs2)
	src     uint8
	readD   bool // vd is also a source (multiply-add)
	carry   bool // v0 is data, not a mask (vadc, vsbc, vmerge): every body element is computed
	noVs2   bool // vs2 is not an operand and must be v0 (vmv.v.*)
	mulh    bool // vmulh*, vsmul: not available at SEW=64 in Zve64* without V

	plain bool // set by regShape: every operand SEW wide, vd written only (the fast path)
}

// vfn computes one element. a is the vs2 element, b the vs1 element or the scalar, d the vd
// element (readD) or the v0 bit (carry); all are zero-extended from their width. sew is SEW
// (the narrower width, for widening and narrowing instructions). The result is truncated to
// the destination's width.
type vfn func(a, b, d uint64, sew uint, v *Vector) uint64

// sx sign-extends the low sew bits of x.
func sx(x uint64, sew uint) int64 { return int64(x<<(64-sew)) >> (64 - sew) }

// ones is the all-ones value of sew bits.
func ones(sew uint) uint64 { return ^uint64(0) >> (64 - sew) }

// emulOf scales LMUL×8 by 2^s.
func emulOf(lmul8 int, s int8) int {
	if s >= 0 {
		return lmul8 << s
	}
	return lmul8 >> -s
}

// scalarOperand returns the second operand of a .vx/.vi/.vi(uimm) form, truncated to eew bits.
func (h *Hart) scalarOperand(in *isa.Inst, src uint8, eew int) uint64 {
	switch src {
	case srcX:
		return h.X[in.Rs1] & ones(uint(eew))
	case srcI:
		return uint64(in.Imm) & ones(uint(eew))
	case srcU:
		return uint64(in.Rs1 & 31)
	}
	return 0
}

// vElementwise runs an element-wise instruction with a vector destination.
func (h *Hart) vElementwise(in *isa.Inst, sh *vshape, f vfn) vtrap {
	v := h.V
	sew, lmul8 := v.SEW, v.LMUL8
	if sh.plain && in.Vm != 0 {
		// The common case: unmasked, all operands SEW wide and their groups aligned.
		vd, vs2, g := int(in.Rd), int(in.Rs2), nregs(lmul8)-1
		if vd&g == 0 && vs2&g == 0 && (sh.src != srcV || int(in.Rs1)&g == 0) {
			vl, vstart := int(v.VL), int(v.VStart)
			if vstart >= vl {
				v.wrote(0, 0)
				return vtrap{}
			}
			eb, usew := sew>>3, uint(sew)
			r := v.Reg
			dOff, aOff, bOff := vd*v.VLENB, vs2*v.VLENB, int(in.Rs1)*v.VLENB
			if sh.src == srcV {
				for i := vstart; i < vl; i++ {
					stE(r, dOff+i*eb, eb, f(ldE(r, aOff+i*eb, eb), ldE(r, bOff+i*eb, eb), 0, usew, v))
				}
			} else {
				b := h.scalarOperand(in, sh.src, sew)
				for i := vstart; i < vl; i++ {
					stE(r, dOff+i*eb, eb, f(ldE(r, aOff+i*eb, eb), b, 0, usew, v))
				}
			}
			v.onesTail(vd, eb, vl, v.tailEnd(sew, lmul8))
			v.wrote(vd, g+1)
			return vtrap{}
		}
	}
	deew, aeew, beew := sew<<sh.d, sew, sew<<sh.b
	if sh.a >= 0 {
		aeew = sew << sh.a
	} else {
		aeew = sew >> -sh.a
	}
	de, ae, be := emulOf(lmul8, sh.d), emulOf(lmul8, sh.a), emulOf(lmul8, sh.b)
	switch {
	case deew > v.ELEN || aeew > v.ELEN:
		return illegalV(in, "2·SEW exceeds ELEN (widening or narrowing needs SEW ≤ ELEN/2)")
	case de > 64 || ae > 64:
		return illegalV(in, "EMUL would exceed 8 (widening or narrowing needs LMUL ≤ 4)")
	case aeew < 8 || ae < 1:
		return illegalV(in, "source EEW below 8 or source EMUL below 1/8")
	case sh.mulh && v.NoMulh64 && sew == 64:
		return illegalV(in, "not available at SEW=64 without V (Zve64*)")
	}
	vd, vs2, vs1 := int(in.Rd), int(in.Rs2), int(in.Rs1)
	masked := in.Vm == 0
	if !aligned(vd, de) {
		return illegalV(in, "vd is not a multiple of the destination EMUL")
	}
	snap := false
	if sh.noVs2 {
		if vs2 != 0 {
			return illegalV(in, "the vs2 field must be v0")
		}
	} else {
		if !aligned(vs2, ae) {
			return illegalV(in, "vs2 is not a multiple of its EMUL")
		}
		if !overlapOK(vd, de, deew, vs2, ae, aeew) {
			return illegalV(in, "vd overlaps vs2 at a different element width (only the spec's overlaps are allowed)")
		}
		snap = deew != aeew && overlaps(vd, nregs(de), vs2, nregs(ae))
	}
	if sh.src == srcV {
		if !aligned(vs1, be) {
			return illegalV(in, "vs1 is not a multiple of its EMUL")
		}
		if !overlapOK(vd, de, deew, vs1, be, beew) {
			return illegalV(in, "vd overlaps vs1 at a different element width (only the spec's overlaps are allowed)")
		}
		snap = snap || deew != beew && overlaps(vd, nregs(de), vs1, nregs(be))
	}
	if sh.carry && !masked {
		return illegalV(in, "vm=1 is reserved (v0 supplies the carry or selector)")
	}
	if masked && vd == 0 {
		return illegalV(in, "vd overlaps v0, the mask register, in a masked instruction")
	}
	vl, vstart := int(v.VL), int(v.VStart)
	if vstart >= vl {
		v.wrote(0, 0)
		return vtrap{}
	}
	src := v.Reg
	if snap {
		copy(v.snap, v.Reg)
		src = v.snap
	}
	deb, aeb, beb := deew>>3, aeew>>3, beew>>3
	dOff, aOff, bOff := vd*v.VLENB, vs2*v.VLENB, vs1*v.VLENB
	b := h.scalarOperand(in, sh.src, beew)
	usew := uint(sew)
	for i := vstart; i < vl; i++ {
		var d uint64
		if masked {
			bit := src[i>>3] >> (i & 7) & 1
			if sh.carry {
				d = uint64(bit)
			} else if bit == 0 {
				v.onesInactive(vd, i, deb)
				continue
			}
		}
		var a uint64
		if !sh.noVs2 {
			a = ldE(src, aOff+i*aeb, aeb)
		}
		if sh.src == srcV {
			b = ldE(src, bOff+i*beb, beb)
		}
		if sh.readD {
			d = ldE(v.Reg, dOff+i*deb, deb)
		}
		stE(v.Reg, dOff+i*deb, deb, f(a, b, d, usew, v))
	}
	v.onesTail(vd, deb, vl, v.tailEnd(deew, de))
	v.wrote(vd, nregs(de))
	return vtrap{}
}

// vMaskResult runs a compare (vm=0: masked) or a carry/borrow-out (vmadc, vmsbc: with vm=0
// v0 is the carry-in and every body element is computed). f returns 0 or 1.
func (h *Hart) vMaskResult(in *isa.Inst, src uint8, carry bool, f vfn) vtrap {
	v := h.V
	sew, lmul8 := v.SEW, v.LMUL8
	vd, vs2, vs1 := int(in.Rd), int(in.Rs2), int(in.Rs1)
	if !aligned(vs2, lmul8) || src == srcV && !aligned(vs1, lmul8) {
		return illegalV(in, "a source is not a multiple of LMUL")
	}
	if !overlapOK(vd, 8, 1, vs2, lmul8, sew) || src == srcV && !overlapOK(vd, 8, 1, vs1, lmul8, sew) {
		return illegalV(in, "the mask vd overlaps a source group other than at its first register")
	}
	vl, vstart := int(v.VL), int(v.VStart)
	if vstart >= vl {
		v.wrote(0, 0)
		return vtrap{}
	}
	masked := in.Vm == 0
	eb := sew >> 3
	aOff, bOff := vs2*v.VLENB, vs1*v.VLENB
	b := h.scalarOperand(in, src, sew)
	mb := v.mbuf
	copy(mb, v.Reg[vd*v.VLENB:(vd+1)*v.VLENB])
	ones := v.MA && v.AgnosticOnes
	usew := uint(sew)
	for i := vstart; i < vl; i++ {
		var c uint64
		if masked {
			bit := v.Reg[i>>3] >> (i & 7) & 1
			if carry {
				c = uint64(bit)
			} else if bit == 0 {
				if ones {
					smbit(mb, 0, i, true)
				}
				continue
			}
		}
		a := ldE(v.Reg, aOff+i*eb, eb)
		if src == srcV {
			b = ldE(v.Reg, bOff+i*eb, eb)
		}
		smbit(mb, 0, i, f(a, b, c, usew, v) != 0)
	}
	copy(v.Reg[vd*v.VLENB:], mb)
	v.onesMaskTail(vd, vl)
	v.wrote(vd, 1)
	return vtrap{}
}

func regShape(op isa.Op, sh vshape, f vfn) {
	s := sh
	s.plain = s.d == 0 && s.a == 0 && s.b == 0 && !s.readD && !s.carry && !s.noVs2 && !s.mulh
	vexec[op] = func(h *Hart, in *isa.Inst) vtrap { return h.vElementwise(in, &s, f) }
}

// regVVXI registers the .vv, .vx and .vi forms of a single-width instruction (any of the
// ops may be isa.Op(0): no such form). imm says which immediate the .vi form has.
func regVVXI(vv, vx, vi isa.Op, imm uint8, f vfn) {
	regForms(vshape{}, vv, vx, vi, imm, f)
}

func regForms(sh vshape, vv, vx, vi isa.Op, imm uint8, f vfn) {
	for _, p := range []struct {
		op  isa.Op
		src uint8
	}{{vv, srcV}, {vx, srcX}, {vi, imm}} {
		if p.op != 0 {
			s := sh
			s.src = p.src
			regShape(p.op, s, f)
		}
	}
}

func regCompare(vv, vx, vi isa.Op, f vfn) {
	for _, p := range []struct {
		op  isa.Op
		src uint8
	}{{vv, srcV}, {vx, srcX}, {vi, srcI}} {
		if p.op != 0 {
			src := p.src
			vexec[p.op] = func(h *Hart, in *isa.Inst) vtrap { return h.vMaskResult(in, src, false, f) }
		}
	}
}

func regCarryOut(op isa.Op, src uint8, f vfn) {
	vexec[op] = func(h *Hart, in *isa.Inst) vtrap { return h.vMaskResult(in, src, true, f) }
}

// Multiplication helpers: the high halves of SEW×SEW products.

func vmulhs(a, b uint64, sew uint) uint64 {
	if sew < 64 {
		return uint64(sx(a, sew) * sx(b, sew) >> sew)
	}
	hi, _ := bits.Mul64(a, b)
	if int64(a) < 0 {
		hi -= b
	}
	if int64(b) < 0 {
		hi -= a
	}
	return hi
}

func vmulhu(a, b uint64, sew uint) uint64 {
	if sew < 64 {
		return a * b >> sew
	}
	hi, _ := bits.Mul64(a, b)
	return hi
}

// mulhsu is the high half of signed a times unsigned b.
func vmulhsu(a, b uint64, sew uint) uint64 {
	if sew < 64 {
		return uint64(sx(a, sew) * int64(b) >> sew)
	}
	hi, _ := bits.Mul64(a, b)
	if int64(a) < 0 {
		hi -= b
	}
	return hi
}

const (
	opNone = isa.Op(0)
)

func init() {
	// Single-width add, subtract, logic, shifts, min/max.
	regVVXI(isa.VADD_VV, isa.VADD_VX, isa.VADD_VI, srcI, func(a, b, _ uint64, _ uint, _ *Vector) uint64 { return a + b })
	regVVXI(isa.VSUB_VV, isa.VSUB_VX, opNone, 0, func(a, b, _ uint64, _ uint, _ *Vector) uint64 { return a - b })
	regVVXI(opNone, isa.VRSUB_VX, isa.VRSUB_VI, srcI, func(a, b, _ uint64, _ uint, _ *Vector) uint64 { return b - a })
	regVVXI(isa.VAND_VV, isa.VAND_VX, isa.VAND_VI, srcI, func(a, b, _ uint64, _ uint, _ *Vector) uint64 { return a & b })
	regVVXI(isa.VOR_VV, isa.VOR_VX, isa.VOR_VI, srcI, func(a, b, _ uint64, _ uint, _ *Vector) uint64 { return a | b })
	regVVXI(isa.VXOR_VV, isa.VXOR_VX, isa.VXOR_VI, srcI, func(a, b, _ uint64, _ uint, _ *Vector) uint64 { return a ^ b })
	regVVXI(isa.VSLL_VV, isa.VSLL_VX, isa.VSLL_VI, srcU, func(a, b, _ uint64, sew uint, _ *Vector) uint64 { return a << (b & uint64(sew-1)) })
	regVVXI(isa.VSRL_VV, isa.VSRL_VX, isa.VSRL_VI, srcU, func(a, b, _ uint64, sew uint, _ *Vector) uint64 { return a >> (b & uint64(sew-1)) })
	regVVXI(isa.VSRA_VV, isa.VSRA_VX, isa.VSRA_VI, srcU, func(a, b, _ uint64, sew uint, _ *Vector) uint64 {
		return uint64(sx(a, sew) >> (b & uint64(sew-1)))
	})
	regVVXI(isa.VMINU_VV, isa.VMINU_VX, opNone, 0, func(a, b, _ uint64, _ uint, _ *Vector) uint64 { return min(a, b) })
	regVVXI(isa.VMAXU_VV, isa.VMAXU_VX, opNone, 0, func(a, b, _ uint64, _ uint, _ *Vector) uint64 { return max(a, b) })
	regVVXI(isa.VMIN_VV, isa.VMIN_VX, opNone, 0, func(a, b, _ uint64, sew uint, _ *Vector) uint64 {
		if sx(a, sew) < sx(b, sew) {
			return a
		}
		return b
	})
	regVVXI(isa.VMAX_VV, isa.VMAX_VX, opNone, 0, func(a, b, _ uint64, sew uint, _ *Vector) uint64 {
		if sx(a, sew) > sx(b, sew) {
			return a
		}
		return b
	})

	// Multiply and divide.
	regVVXI(isa.VMUL_VV, isa.VMUL_VX, opNone, 0, func(a, b, _ uint64, _ uint, _ *Vector) uint64 { return a * b })
	mulh := vshape{mulh: true}
	regForms(mulh, isa.VMULH_VV, isa.VMULH_VX, opNone, 0, func(a, b, _ uint64, sew uint, _ *Vector) uint64 { return vmulhs(a, b, sew) })
	regForms(mulh, isa.VMULHU_VV, isa.VMULHU_VX, opNone, 0, func(a, b, _ uint64, sew uint, _ *Vector) uint64 { return vmulhu(a, b, sew) })
	regForms(mulh, isa.VMULHSU_VV, isa.VMULHSU_VX, opNone, 0, func(a, b, _ uint64, sew uint, _ *Vector) uint64 { return vmulhsu(a, b, sew) })
	regVVXI(isa.VDIVU_VV, isa.VDIVU_VX, opNone, 0, func(a, b, _ uint64, sew uint, _ *Vector) uint64 {
		if b == 0 {
			return ones(sew)
		}
		return a / b
	})
	regVVXI(isa.VREMU_VV, isa.VREMU_VX, opNone, 0, func(a, b, _ uint64, _ uint, _ *Vector) uint64 {
		if b == 0 {
			return a
		}
		return a % b
	})
	// Signed division by zero gives -1 and the remainder the dividend; the overflowing
	// most-negative ÷ -1 gives the dividend and remainder 0 (Go's int64 division does the
	// same, and at narrower widths the truncation does).
	regVVXI(isa.VDIV_VV, isa.VDIV_VX, opNone, 0, func(a, b, _ uint64, sew uint, _ *Vector) uint64 {
		if b == 0 {
			return ones(sew)
		}
		return uint64(sx(a, sew) / sx(b, sew))
	})
	regVVXI(isa.VREM_VV, isa.VREM_VX, opNone, 0, func(a, b, _ uint64, sew uint, _ *Vector) uint64 {
		if b == 0 {
			return a
		}
		return uint64(sx(a, sew) % sx(b, sew))
	})

	// Multiply-add: b is vs1 or x[rs1], a is vs2, d is vd.
	mac := vshape{readD: true}
	regForms(mac, isa.VMACC_VV, isa.VMACC_VX, opNone, 0, func(a, b, d uint64, _ uint, _ *Vector) uint64 { return b*a + d })
	regForms(mac, isa.VNMSAC_VV, isa.VNMSAC_VX, opNone, 0, func(a, b, d uint64, _ uint, _ *Vector) uint64 { return d - b*a })
	regForms(mac, isa.VMADD_VV, isa.VMADD_VX, opNone, 0, func(a, b, d uint64, _ uint, _ *Vector) uint64 { return b*d + a })
	regForms(mac, isa.VNMSUB_VV, isa.VNMSUB_VX, opNone, 0, func(a, b, d uint64, _ uint, _ *Vector) uint64 { return a - b*d })

	// Widening add/subtract: 2·SEW = SEW op SEW, and the .w forms 2·SEW = 2·SEW op SEW.
	w := vshape{d: 1}
	ww := vshape{d: 1, a: 1}
	regForms(w, isa.VWADDU_VV, isa.VWADDU_VX, opNone, 0, func(a, b, _ uint64, _ uint, _ *Vector) uint64 { return a + b })
	regForms(w, isa.VWSUBU_VV, isa.VWSUBU_VX, opNone, 0, func(a, b, _ uint64, _ uint, _ *Vector) uint64 { return a - b })
	regForms(w, isa.VWADD_VV, isa.VWADD_VX, opNone, 0, func(a, b, _ uint64, sew uint, _ *Vector) uint64 {
		return uint64(sx(a, sew) + sx(b, sew))
	})
	regForms(w, isa.VWSUB_VV, isa.VWSUB_VX, opNone, 0, func(a, b, _ uint64, sew uint, _ *Vector) uint64 {
		return uint64(sx(a, sew) - sx(b, sew))
	})
	regForms(ww, isa.VWADDU_W_V, isa.VWADDU_W_X, opNone, 0, func(a, b, _ uint64, _ uint, _ *Vector) uint64 { return a + b })
	regForms(ww, isa.VWSUBU_W_V, isa.VWSUBU_W_X, opNone, 0, func(a, b, _ uint64, _ uint, _ *Vector) uint64 { return a - b })
	regForms(ww, isa.VWADD_W_V, isa.VWADD_W_X, opNone, 0, func(a, b, _ uint64, sew uint, _ *Vector) uint64 { return a + uint64(sx(b, sew)) })
	regForms(ww, isa.VWSUB_W_V, isa.VWSUB_W_X, opNone, 0, func(a, b, _ uint64, sew uint, _ *Vector) uint64 { return a - uint64(sx(b, sew)) })

	// Widening multiply and multiply-add (SEW ≤ 32, so the products fit in 64 bits).
	regForms(w, isa.VWMULU_VV, isa.VWMULU_VX, opNone, 0, func(a, b, _ uint64, _ uint, _ *Vector) uint64 { return a * b })
	regForms(w, isa.VWMUL_VV, isa.VWMUL_VX, opNone, 0, func(a, b, _ uint64, sew uint, _ *Vector) uint64 {
		return uint64(sx(a, sew) * sx(b, sew))
	})
	regForms(w, isa.VWMULSU_VV, isa.VWMULSU_VX, opNone, 0, func(a, b, _ uint64, sew uint, _ *Vector) uint64 {
		return uint64(sx(a, sew) * int64(b)) // vs2 signed, vs1 unsigned
	})
	wmac := vshape{d: 1, readD: true}
	regForms(wmac, isa.VWMACCU_VV, isa.VWMACCU_VX, opNone, 0, func(a, b, d uint64, _ uint, _ *Vector) uint64 { return d + b*a })
	regForms(wmac, isa.VWMACC_VV, isa.VWMACC_VX, opNone, 0, func(a, b, d uint64, sew uint, _ *Vector) uint64 {
		return d + uint64(sx(b, sew)*sx(a, sew))
	})
	regForms(wmac, isa.VWMACCSU_VV, isa.VWMACCSU_VX, opNone, 0, func(a, b, d uint64, sew uint, _ *Vector) uint64 {
		return d + uint64(sx(b, sew)*int64(a)) // vs1/rs1 signed, vs2 unsigned
	})
	regForms(wmac, opNone, isa.VWMACCUS_VX, opNone, 0, func(a, b, d uint64, sew uint, _ *Vector) uint64 {
		return d + uint64(int64(b)*sx(a, sew)) // rs1 unsigned, vs2 signed
	})

	// Narrowing shifts: SEW = 2·SEW >> (low lg2(2·SEW) bits).
	n := vshape{a: 1}
	regForms(n, isa.VNSRL_WV, isa.VNSRL_WX, isa.VNSRL_WI, srcU, func(a, b, _ uint64, sew uint, _ *Vector) uint64 {
		return a >> (b & uint64(2*sew-1))
	})
	regForms(n, isa.VNSRA_WV, isa.VNSRA_WX, isa.VNSRA_WI, srcU, func(a, b, _ uint64, sew uint, _ *Vector) uint64 {
		return uint64(sx(a, 2*sew) >> (b & uint64(2*sew-1)))
	})

	// Extension: vs2 has EEW SEW/2, /4, /8.
	for _, e := range []struct {
		op     isa.Op
		shift  int8
		signed bool
	}{
		{isa.VZEXT_VF2, -1, false}, {isa.VZEXT_VF4, -2, false}, {isa.VZEXT_VF8, -3, false},
		{isa.VSEXT_VF2, -1, true}, {isa.VSEXT_VF4, -2, true}, {isa.VSEXT_VF8, -3, true},
	} {
		shift := uint(-e.shift)
		f := func(a, _, _ uint64, _ uint, _ *Vector) uint64 { return a }
		if e.signed {
			f = func(a, _, _ uint64, sew uint, _ *Vector) uint64 { return uint64(sx(a, sew>>shift)) }
		}
		regShape(e.op, vshape{a: e.shift, src: srcN}, f)
	}

	// Add-with-carry, subtract-with-borrow, merge and move: v0 is data.
	c := vshape{carry: true}
	regForms(c, isa.VADC_VVM, isa.VADC_VXM, isa.VADC_VIM, srcI, func(a, b, d uint64, _ uint, _ *Vector) uint64 { return a + b + d })
	regForms(c, isa.VSBC_VVM, isa.VSBC_VXM, opNone, 0, func(a, b, d uint64, _ uint, _ *Vector) uint64 { return a - b - d })
	regForms(c, isa.VMERGE_VVM, isa.VMERGE_VXM, isa.VMERGE_VIM, srcI, func(a, b, d uint64, _ uint, _ *Vector) uint64 {
		if d != 0 {
			return b
		}
		return a
	})
	regForms(vshape{noVs2: true}, isa.VMV_V_V, isa.VMV_V_X, isa.VMV_V_I, srcI, func(_, b, _ uint64, _ uint, _ *Vector) uint64 { return b })

	// Compares.
	regCompare(isa.VMSEQ_VV, isa.VMSEQ_VX, isa.VMSEQ_VI, func(a, b, _ uint64, _ uint, _ *Vector) uint64 { return b2u(a == b) })
	regCompare(isa.VMSNE_VV, isa.VMSNE_VX, isa.VMSNE_VI, func(a, b, _ uint64, _ uint, _ *Vector) uint64 { return b2u(a != b) })
	regCompare(isa.VMSLTU_VV, isa.VMSLTU_VX, opNone, func(a, b, _ uint64, _ uint, _ *Vector) uint64 { return b2u(a < b) })
	regCompare(isa.VMSLT_VV, isa.VMSLT_VX, opNone, func(a, b, _ uint64, sew uint, _ *Vector) uint64 { return b2u(sx(a, sew) < sx(b, sew)) })
	regCompare(isa.VMSLEU_VV, isa.VMSLEU_VX, isa.VMSLEU_VI, func(a, b, _ uint64, _ uint, _ *Vector) uint64 { return b2u(a <= b) })
	regCompare(isa.VMSLE_VV, isa.VMSLE_VX, isa.VMSLE_VI, func(a, b, _ uint64, sew uint, _ *Vector) uint64 { return b2u(sx(a, sew) <= sx(b, sew)) })
	regCompare(opNone, isa.VMSGTU_VX, isa.VMSGTU_VI, func(a, b, _ uint64, _ uint, _ *Vector) uint64 { return b2u(a > b) })
	regCompare(opNone, isa.VMSGT_VX, isa.VMSGT_VI, func(a, b, _ uint64, sew uint, _ *Vector) uint64 { return b2u(sx(a, sew) > sx(b, sew)) })

	// Carry and borrow out (with vm=0, v0 is the carry or borrow in).
	carryOut := func(a, b, c uint64, sew uint, _ *Vector) uint64 {
		if sew == 64 {
			_, co := bits.Add64(a, b, c)
			return co
		}
		return (a + b + c) >> sew & 1
	}
	borrowOut := func(a, b, c uint64, sew uint, _ *Vector) uint64 {
		if sew == 64 {
			_, bo := bits.Sub64(a, b, c)
			return bo
		}
		return (a - b - c) >> 63
	}
	for _, p := range []struct {
		op  isa.Op
		src uint8
		f   vfn
	}{
		{isa.VMADC_VVM, srcV, carryOut}, {isa.VMADC_VXM, srcX, carryOut}, {isa.VMADC_VIM, srcI, carryOut},
		{isa.VMADC_VV, srcV, carryOut}, {isa.VMADC_VX, srcX, carryOut}, {isa.VMADC_VI, srcI, carryOut},
		{isa.VMSBC_VVM, srcV, borrowOut}, {isa.VMSBC_VXM, srcX, borrowOut},
		{isa.VMSBC_VV, srcV, borrowOut}, {isa.VMSBC_VX, srcX, borrowOut},
	} {
		regCarryOut(p.op, p.src, p.f)
	}
}
