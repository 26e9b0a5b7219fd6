package emu

import (
	"math/bits"

	"rvsim/isa"
)

// Vector fixed-point arithmetic (RVV 1.0 chapter 12): saturating add and subtract, averaging
// add and subtract, fractional multiply, scaling shifts and narrowing clips. Rounding follows
// vxrm; saturation sets vxsat.

// Fixed-point rounding modes (vxrm).
const (
	rnu = 0 // round to nearest, ties up
	rne = 1 // round to nearest, ties to even
	rdn = 2 // round down (truncate)
	rod = 3 // round to odd ("jam")
)

// roundInc is the rounding increment r of the spec's roundoff(v, d) = (v >> d) + r, from the
// bits of v (the same for signed and unsigned v), for 0 ≤ d ≤ 63.
func roundInc(v uint64, d uint, rm uint8) uint64 {
	if d == 0 {
		return 0
	}
	switch rm & 3 {
	case rnu:
		return v >> (d - 1) & 1
	case rne:
		half := v >> (d - 1) & 1
		sticky := v&(1<<(d-1)-1) != 0
		lsb := v>>d&1 != 0
		return half & b2u(sticky || lsb)
	case rdn:
		return 0
	}
	return b2u(v>>d&1 == 0 && v&(1<<d-1) != 0)
}

// roundU and roundS are roundoff_unsigned and roundoff_signed for a value held in 64 bits.
func roundU(v uint64, d uint, rm uint8) uint64 { return v>>d + roundInc(v, d, rm) }
func roundS(v int64, d uint, rm uint8) int64 {
	return v>>d + int64(roundInc(uint64(v), d, rm))
}

func minS(sew uint) int64 { return -1 << (sew - 1) }
func maxS(sew uint) int64 { return 1<<(sew-1) - 1 }

// clampS saturates x to a signed sew-bit value, setting vxsat when it does.
func clampS(x int64, sew uint, v *Vector) uint64 {
	if lo := minS(sew); x < lo {
		v.VXSAT = 1
		return uint64(lo)
	}
	if hi := maxS(sew); x > hi {
		v.VXSAT = 1
		return uint64(hi)
	}
	return uint64(x)
}

func saddu(a, b uint64, sew uint, v *Vector) uint64 {
	s, c := bits.Add64(a, b, 0)
	if c != 0 || s > ones(sew) {
		v.VXSAT = 1
		return ones(sew)
	}
	return s
}

func sadd(a, b uint64, sew uint, v *Vector) uint64 {
	if sew < 64 {
		return clampS(sx(a, sew)+sx(b, sew), sew, v)
	}
	s := a + b
	if (a^b)>>63 == 0 && (s^a)>>63 != 0 {
		v.VXSAT = 1
		if int64(a) < 0 {
			return 1 << 63
		}
		return 1<<63 - 1
	}
	return s
}

func ssubu(a, b uint64, _ uint, v *Vector) uint64 {
	if a < b {
		v.VXSAT = 1
		return 0
	}
	return a - b
}

func ssub(a, b uint64, sew uint, v *Vector) uint64 {
	if sew < 64 {
		return clampS(sx(a, sew)-sx(b, sew), sew, v)
	}
	s := a - b
	if (a^b)>>63 != 0 && (s^a)>>63 != 0 {
		v.VXSAT = 1
		if int64(a) < 0 {
			return 1 << 63
		}
		return 1<<63 - 1
	}
	return s
}

// Averaging: roundoff(a ± b, 1) computed without the (SEW+1)-bit intermediate: with
// v = a ± b, v>>1 is a>>1 ± b>>1 plus the carry or borrow of the low bits, and v's low bit
// is (a^b)&1. The shifts are arithmetic for the signed forms.

func avgRound(half, lsb uint64, rm uint8) uint64 {
	switch rm & 3 {
	case rnu:
		return lsb
	case rne:
		return lsb & half & 1
	case rdn:
		return 0
	}
	return lsb & ^half & 1
}

func aaddu(a, b uint64, _ uint, v *Vector) uint64 {
	h := a>>1 + b>>1 + a&b&1
	return h + avgRound(h, (a^b)&1, v.VXRM)
}

func aadd(a, b uint64, sew uint, v *Vector) uint64 {
	sa, sb := sx(a, sew), sx(b, sew)
	h := uint64(sa>>1 + sb>>1 + sa&sb&1)
	return h + avgRound(h, (a^b)&1, v.VXRM)
}

func asubu(a, b uint64, _ uint, v *Vector) uint64 {
	h := a>>1 - b>>1 - ^a&b&1
	return h + avgRound(h, (a^b)&1, v.VXRM)
}

func asub(a, b uint64, sew uint, v *Vector) uint64 {
	sa, sb := sx(a, sew), sx(b, sew)
	h := uint64(sa>>1 - sb>>1 - ^sa&sb&1)
	return h + avgRound(h, (a^b)&1, v.VXRM)
}

// smul is vsmul: clip(roundoff_signed(a×b, SEW-1)). Only -2^(SEW-1) × -2^(SEW-1)
// saturates: every other product, shifted and rounded, fits.
func smul(a, b uint64, sew uint, v *Vector) uint64 {
	sa, sb := sx(a, sew), sx(b, sew)
	if sa == minS(sew) && sb == minS(sew) {
		v.VXSAT = 1
		return uint64(maxS(sew))
	}
	if sew < 64 {
		return uint64(roundS(sa*sb, sew-1, v.VXRM))
	}
	hi, lo := bits.Mul64(a, b)
	if sa < 0 {
		hi -= b
	}
	if sb < 0 {
		hi -= a
	}
	// The 128-bit product shifted right by 63: its low 64 bits, and the rounding increment
	// from the 63 bits shifted out (bit 62 is the half, bits 61..0 the sticky bits).
	q := hi<<1 | lo>>63
	var r uint64
	switch v.VXRM & 3 {
	case rnu:
		r = lo >> 62 & 1
	case rne:
		r = lo >> 62 & 1 & b2u(lo&(1<<62-1) != 0 || q&1 != 0)
	case rod:
		r = b2u(q&1 == 0 && lo&(1<<63-1) != 0)
	}
	return q + r
}

func init() {
	regVVXI(isa.VSADDU_VV, isa.VSADDU_VX, isa.VSADDU_VI, srcI, func(a, b, _ uint64, sew uint, v *Vector) uint64 { return saddu(a, b, sew, v) })
	regVVXI(isa.VSADD_VV, isa.VSADD_VX, isa.VSADD_VI, srcI, func(a, b, _ uint64, sew uint, v *Vector) uint64 { return sadd(a, b, sew, v) })
	regVVXI(isa.VSSUBU_VV, isa.VSSUBU_VX, opNone, 0, func(a, b, _ uint64, sew uint, v *Vector) uint64 { return ssubu(a, b, sew, v) })
	regVVXI(isa.VSSUB_VV, isa.VSSUB_VX, opNone, 0, func(a, b, _ uint64, sew uint, v *Vector) uint64 { return ssub(a, b, sew, v) })
	regVVXI(isa.VAADDU_VV, isa.VAADDU_VX, opNone, 0, func(a, b, _ uint64, sew uint, v *Vector) uint64 { return aaddu(a, b, sew, v) })
	regVVXI(isa.VAADD_VV, isa.VAADD_VX, opNone, 0, func(a, b, _ uint64, sew uint, v *Vector) uint64 { return aadd(a, b, sew, v) })
	regVVXI(isa.VASUBU_VV, isa.VASUBU_VX, opNone, 0, func(a, b, _ uint64, sew uint, v *Vector) uint64 { return asubu(a, b, sew, v) })
	regVVXI(isa.VASUB_VV, isa.VASUB_VX, opNone, 0, func(a, b, _ uint64, sew uint, v *Vector) uint64 { return asub(a, b, sew, v) })
	regForms(vshape{mulh: true}, isa.VSMUL_VV, isa.VSMUL_VX, opNone, 0, func(a, b, _ uint64, sew uint, v *Vector) uint64 { return smul(a, b, sew, v) })

	// Scaling shifts: the low lg2(SEW) bits of the amount.
	regVVXI(isa.VSSRL_VV, isa.VSSRL_VX, isa.VSSRL_VI, srcU, func(a, b, _ uint64, sew uint, v *Vector) uint64 {
		return roundU(a, uint(b)&(sew-1), v.VXRM)
	})
	regVVXI(isa.VSSRA_VV, isa.VSSRA_VX, isa.VSSRA_VI, srcU, func(a, b, _ uint64, sew uint, v *Vector) uint64 {
		return uint64(roundS(sx(a, sew), uint(b)&(sew-1), v.VXRM))
	})

	// Narrowing clips: a is 2·SEW wide, the amount is its low lg2(2·SEW) bits.
	n := vshape{a: 1}
	regForms(n, isa.VNCLIPU_WV, isa.VNCLIPU_WX, isa.VNCLIPU_WI, srcU, func(a, b, _ uint64, sew uint, v *Vector) uint64 {
		r := roundU(a, uint(b)&(2*sew-1), v.VXRM)
		if r > ones(sew) {
			v.VXSAT = 1
			return ones(sew)
		}
		return r
	})
	regForms(n, isa.VNCLIP_WV, isa.VNCLIP_WX, isa.VNCLIP_WI, srcU, func(a, b, _ uint64, sew uint, v *Vector) uint64 {
		return clampS(roundS(sx(a, 2*sew), uint(b)&(2*sew-1), v.VXRM), sew, v)
	})
}
