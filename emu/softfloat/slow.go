package softfloat

import (
	"math"
	"math/bits"
)

// The exact paths: integer soft-float for every operand class, every
// rounding mode and both formats. The exported functions try a native fast
// path first and come here for the rest.

// norm shifts u.sig so its top bit is at position 63 and adjusts u.exp.
func norm(u unpacked) (sig uint64, exp int) {
	lz := bits.LeadingZeros64(u.sig)
	return u.sig << uint(lz), u.exp - lz
}

func (f *format) add(a, b uint64, rm RoundingMode) (uint64, Flags) {
	ua, ub := f.unpack(a), f.unpack(b)
	switch {
	case ua.isNaN() || ub.isNaN():
		return f.nanResult(ua, ub)
	case ua.cls == clsInf:
		if ub.cls == clsInf && ua.neg != ub.neg {
			return f.qnan, NV
		}
		return a, 0
	case ub.cls == clsInf:
		return b, 0
	case ua.cls == clsZero && ub.cls == clsZero:
		if ua.neg == ub.neg {
			return a, 0
		}
		return f.exactZero(rm), 0
	case ua.cls == clsZero:
		return b, 0
	case ub.cls == clsZero:
		return a, 0
	}
	// Both finite and nonzero. Put the top bits at position 61 so the sum
	// cannot carry out and, after alignment, the smaller operand keeps at
	// least 8 bits below the larger one's last bit before it is jammed.
	sa, ea := norm(ua)
	sb, eb := norm(ub)
	sa, sb = sa>>2, sb>>2
	ea, eb = ea+2, eb+2
	neg, negb := ua.neg, ub.neg
	if ea < eb || ea == eb && sa < sb {
		sa, sb, ea, eb, neg, negb = sb, sa, eb, ea, negb, neg
	}
	sb = shiftRightJam(sb, uint(ea-eb))
	var s uint64
	if neg == negb {
		s = sa + sb
	} else {
		s = sa - sb
		if s == 0 {
			return f.exactZero(rm), 0
		}
	}
	return f.roundPack(neg, ea, s, rm)
}

func (f *format) mul(a, b uint64, rm RoundingMode) (uint64, Flags) {
	ua, ub := f.unpack(a), f.unpack(b)
	neg := ua.neg != ub.neg
	switch {
	case ua.isNaN() || ub.isNaN():
		return f.nanResult(ua, ub)
	case ua.cls == clsInf || ub.cls == clsInf:
		if ua.cls == clsZero || ub.cls == clsZero {
			return f.qnan, NV
		}
		return f.signOf(neg) | f.inf, 0
	case ua.cls == clsZero || ub.cls == clsZero:
		return f.signOf(neg), 0
	}
	sa, ea := norm(ua)
	sb, eb := norm(ub)
	hi, lo := bits.Mul64(sa, sb)
	if lo != 0 {
		hi |= 1
	}
	return f.roundPack(neg, ea+eb+64, hi, rm)
}

func (f *format) div(a, b uint64, rm RoundingMode) (uint64, Flags) {
	ua, ub := f.unpack(a), f.unpack(b)
	neg := ua.neg != ub.neg
	switch {
	case ua.isNaN() || ub.isNaN():
		return f.nanResult(ua, ub)
	case ua.cls == clsInf:
		if ub.cls == clsInf {
			return f.qnan, NV
		}
		return f.signOf(neg) | f.inf, 0
	case ub.cls == clsInf:
		return f.signOf(neg), 0
	case ub.cls == clsZero:
		if ua.cls == clsZero {
			return f.qnan, NV
		}
		return f.signOf(neg) | f.inf, DZ
	case ua.cls == clsZero:
		return f.signOf(neg), 0
	}
	x, ea := norm(ua)
	y, eb := norm(ub)
	// Divide x*2^64 (or x*2^63 when x >= y, keeping the quotient below
	// 2^64) by y: the quotient has its top bit at 63, ten or more bits
	// beyond what binary64 needs, and the remainder gives the sticky bit.
	var q, r uint64
	var e int
	if x < y {
		q, r = bits.Div64(x, 0, y)
		e = ea - eb - 64
	} else {
		q, r = bits.Div64(x>>1, x<<63, y)
		e = ea - eb - 63
	}
	if r != 0 {
		q |= 1
	}
	return f.roundPack(neg, e, q, rm)
}

// sqrt is exact for every input with native operations: the operand is
// scaled by an even power of two into [1, 4), where math.Sqrt gives the
// correctly rounded (RNE) root r and math.FMA(r, r, -x) the exact sign of
// x - r*r (no underflow is possible there). The root of a binary32 or
// binary64 number is never a tie and never subnormal, so the other modes
// only need the direction of the error.
func (f *format) sqrt(a uint64, rm RoundingMode) (uint64, Flags) {
	u := f.unpack(a)
	switch {
	case u.isNaN():
		return f.nanResult(u)
	case u.cls == clsZero:
		return a, 0
	case u.neg:
		return f.qnan, NV
	case u.cls == clsInf:
		return a, 0
	}
	sig, exp := norm(u)
	e := exp + 63        // the unbiased exponent of a
	k := e >> 1          // floor(e/2): the root's scale
	m := uint64(e - 2*k) // 0 or 1: x = 1.f * 2^m is in [1, 4)
	x := math.Float64frombits((1023+m)<<52 | sig<<1>>12)
	r := math.Sqrt(x)
	rem := math.FMA(r, r, -x) // r*r - x: > 0 iff r is above the root
	rb := math.Float64bits(r)
	if f == &fmt64 {
		var fl Flags
		if rem != 0 {
			fl = NX
			switch rm {
			case RUP:
				if rem < 0 {
					rb++
				}
			case RDN, RTZ:
				if rem > 0 {
					rb--
				}
			}
		}
		return rb + uint64(int64(k))<<52, fl
	}
	// binary32: the root is either exact in 24 bits, or more than 2^-48
	// (relative) away from any binary32 number or midpoint, while r is
	// within 2^-53 of it; so r rounds exactly as the root does. If r is
	// inexact it is not a binary32 number, and roundPack sets NX.
	return f.roundPack(false, int(rb>>52)-1023-52+k, rb&(1<<52-1)|1<<52, rm)
}

// mulAdd computes (-1)^negProd * a*b + (-1)^negAdd * c with one rounding.
// The negations are applied to the operands' signs, which is what RISC-V's
// fmsub, fnmsub and fnmadd specify (the product is negated, not the sum).
func (f *format) mulAdd(a, b, c uint64, negProd, negAdd bool, rm RoundingMode) (uint64, Flags) {
	ua, ub, uc := f.unpack(a), f.unpack(b), f.unpack(c)
	uc.neg = uc.neg != negAdd
	prodInvalid := ua.cls == clsInf && ub.cls == clsZero || ua.cls == clsZero && ub.cls == clsInf
	if ua.isNaN() || ub.isNaN() || uc.isNaN() || prodInvalid {
		// RISC-V raises NV for inf*0 even when the addend is a quiet NaN.
		r, fl := f.nanResult(ua, ub, uc)
		if prodInvalid {
			fl = NV
		}
		return r, fl
	}
	pneg := ua.neg != ub.neg != negProd
	switch {
	case ua.cls == clsInf || ub.cls == clsInf:
		if uc.cls == clsInf && uc.neg != pneg {
			return f.qnan, NV
		}
		return f.signOf(pneg) | f.inf, 0
	case uc.cls == clsInf:
		return f.signOf(uc.neg) | f.inf, 0
	case ua.cls == clsZero || ub.cls == clsZero:
		if uc.cls == clsZero {
			if pneg == uc.neg {
				return f.signOf(pneg), 0
			}
			return f.exactZero(rm), 0
		}
		return c ^ f.signOf(negAdd), 0
	}
	sa, ea := norm(ua)
	sb, eb := norm(ub)
	ph, pl := bits.Mul64(sa, sb) // in [2^126, 2^128)
	pe := ea + eb
	if uc.cls == clsZero {
		if pl != 0 {
			ph |= 1
		}
		return f.roundPack(pneg, pe+64, ph, rm)
	}
	// Align product and addend as 128-bit numbers with their top bits at
	// position 125 or 124, so the sum cannot carry out. The product's low
	// bits are zero (two significands of at most 53 bits), so the shift
	// by two is exact.
	ph, pl = ph>>2, pl>>2|ph<<62
	pe += 2
	sc, ec := norm(uc)
	ch, cl := sc>>2, sc<<62
	ec -= 62
	// x is the operand with the larger exponent.
	xh, xl, xe, xneg := ph, pl, pe, pneg
	yh, yl, ye, yneg := ch, cl, ec, uc.neg
	if xe < ye {
		xh, xl, xe, xneg, yh, yl, ye, yneg = yh, yl, ye, yneg, xh, xl, xe, xneg
	}
	yh, yl = shiftRightJam128(yh, yl, uint(xe-ye))
	var sh, sl uint64
	neg := xneg
	if xneg == yneg {
		var carry uint64
		sl, carry = bits.Add64(xl, yl, 0)
		sh, _ = bits.Add64(xh, yh, carry)
	} else {
		var borrow uint64
		sl, borrow = bits.Sub64(xl, yl, 0)
		sh, borrow = bits.Sub64(xh, yh, borrow)
		if borrow != 0 { // y was larger: negate
			sl, borrow = bits.Sub64(0, sl, 0)
			sh, _ = bits.Sub64(0, sh, borrow)
			neg = yneg
		}
		if sh|sl == 0 {
			return f.exactZero(rm), 0
		}
	}
	// Collapse to 64 bits with a sticky bit.
	var lz int
	if sh != 0 {
		lz = bits.LeadingZeros64(sh)
	} else {
		lz = 64 + bits.LeadingZeros64(sl)
	}
	switch {
	case lz >= 64:
		sh, sl = sl<<uint(lz-64), 0
	case lz > 0:
		sh, sl = sh<<uint(lz)|sl>>uint(64-lz), sl<<uint(lz)
	}
	if sl != 0 {
		sh |= 1
	}
	return f.roundPack(neg, xe+64-lz, sh, rm)
}
