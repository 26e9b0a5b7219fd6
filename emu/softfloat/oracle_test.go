package softfloat

import (
	"math"
	"math/big"
)

// The reference model: IEEE 754 with RISC-V's choices, written from the
// standard's definitions on top of math/big, sharing no code with the
// package. Operands are decoded with the math package, exact results are
// computed in big.Float at a precision that holds them (or, for / and
// sqrt, at 300 bits, which rounds identically: an inexact quotient or root
// of binary64 numbers is never within 2^-110 of a 54-bit number), and
// rounding to the destination format is done by roundTo, which handles
// the exponent range itself.

type ofmt struct {
	p          int // precision in bits
	emin, emax int
	width      int // 32 or 64
}

var (
	o32 = ofmt{24, -126, 127, 32}
	o64 = ofmt{53, -1022, 1023, 64}
)

func (o ofmt) signBit() uint64 { return 1 << (o.width - 1) }

func (o ofmt) qnan() uint64 {
	if o.width == 32 {
		return 0x7fc00000
	}
	return 0x7ff8000000000000
}

func (o ofmt) infBits(neg bool) uint64 {
	var r uint64
	if o.width == 32 {
		r = uint64(math.Float32bits(float32(math.Inf(1))))
	} else {
		r = math.Float64bits(math.Inf(1))
	}
	if neg {
		r |= o.signBit()
	}
	return r
}

func (o ofmt) maxBits(neg bool) uint64 {
	var r uint64
	if o.width == 32 {
		r = uint64(math.Float32bits(math.MaxFloat32))
	} else {
		r = math.Float64bits(math.MaxFloat64)
	}
	if neg {
		r |= o.signBit()
	}
	return r
}

func (o ofmt) zeroBits(neg bool) uint64 {
	if neg {
		return o.signBit()
	}
	return 0
}

// float64 value of a bit pattern of format o (exact: binary32 widens
// exactly).
func (o ofmt) value(x uint64) float64 {
	if o.width == 32 {
		return float64(math.Float32frombits(uint32(x)))
	}
	return math.Float64frombits(x)
}

func (o ofmt) isNaN(x uint64) bool { return math.IsNaN(o.value(x)) }

func (o ofmt) isSNaN(x uint64) bool {
	if !o.isNaN(x) {
		return false
	}
	if o.width == 32 {
		return x&(1<<22) == 0
	}
	return x&(1<<51) == 0
}

func (o ofmt) isInf(x uint64) bool { return math.IsInf(o.value(x), 0) }

func (o ofmt) isZero(x uint64) bool { return o.value(x) == 0 }

func (o ofmt) neg(x uint64) bool { return x&o.signBit() != 0 }

func (o ofmt) big(x uint64) *big.Float {
	return new(big.Float).SetFloat64(o.value(x))
}

func bigMode(rm RoundingMode) big.RoundingMode {
	switch rm {
	case RTZ:
		return big.ToZero
	case RDN:
		return big.ToNegativeInf
	case RUP:
		return big.ToPositiveInf
	case RMM:
		return big.ToNearestAway
	}
	return big.ToNearestEven
}

// roundInt rounds x to an integer in mode rm.
func roundInt(x *big.Float, rm RoundingMode) *big.Int {
	t, acc := x.Int(nil) // truncated towards zero
	if acc == big.Exact {
		return t
	}
	neg := x.Signbit()
	frac := new(big.Float).Sub(x, new(big.Float).SetInt(t))
	frac.Abs(frac)
	c := frac.Cmp(big.NewFloat(0.5))
	var away bool
	switch rm {
	case RNE:
		away = c > 0 || c == 0 && t.Bit(0) == 1
	case RMM:
		away = c >= 0
	case RDN:
		away = neg
	case RUP:
		away = !neg
	}
	if away {
		if neg {
			t.Sub(t, big.NewInt(1))
		} else {
			t.Add(t, big.NewInt(1))
		}
	}
	return t
}

// exponent returns e with 2^e <= |x| < 2^(e+1), x finite nonzero.
func exponent(x *big.Float) int { return x.MantExp(nil) - 1 }

// roundTo rounds the finite nonzero x to format o.
func (o ofmt) roundTo(x *big.Float, rm RoundingMode) (uint64, Flags) {
	neg := x.Signbit()
	// Rounded to p bits with an unbounded exponent: decides overflow and
	// tininess.
	u := new(big.Float).SetPrec(uint(o.p)).SetMode(bigMode(rm)).Set(x)
	if exponent(u) > o.emax {
		inf := rm == RNE || rm == RMM || rm == RUP && !neg || rm == RDN && neg
		if inf {
			return o.infBits(neg), OF | NX
		}
		return o.maxBits(neg), OF | NX
	}
	tiny := exponent(u) < o.emin
	var r *big.Float
	if exponent(x) >= o.emin {
		r = u
	} else {
		// Subnormal range: round to an integer multiple of the smallest
		// subnormal 2^(emin-p+1).
		q := o.emin - o.p + 1
		scaled := new(big.Float).SetMantExp(x, -q)
		k := roundInt(scaled, rm)
		r = new(big.Float).SetMantExp(new(big.Float).SetInt(k), q)
	}
	var fl Flags
	if r.Cmp(x) != 0 {
		fl = NX
		if tiny {
			fl |= UF
		}
	}
	if r.Sign() == 0 {
		return o.zeroBits(neg), fl
	}
	if o.width == 32 {
		f, acc := r.Float32()
		if acc != big.Exact {
			panic("oracle: binary32 result not exact")
		}
		return uint64(math.Float32bits(f)), fl
	}
	f, acc := r.Float64()
	if acc != big.Exact {
		panic("oracle: binary64 result not exact")
	}
	return math.Float64bits(f), fl
}

func (o ofmt) nanFlags(xs ...uint64) Flags {
	for _, x := range xs {
		if o.isSNaN(x) {
			return NV
		}
	}
	return 0
}

func (o ofmt) anyNaN(xs ...uint64) bool {
	for _, x := range xs {
		if o.isNaN(x) {
			return true
		}
	}
	return false
}

// zeroSum is the result of an exact zero sum: x + y where both are zeros
// of the same sign keeps it, otherwise +0 (-0 when rounding down).
func (o ofmt) zeroSum(bothZeroSameSign bool, sign bool, rm RoundingMode) uint64 {
	if bothZeroSameSign {
		return o.zeroBits(sign)
	}
	return o.zeroBits(rm == RDN)
}

const exactPrec = 4400 // holds any exact a*b+c of binary64 numbers

func (o ofmt) add(a, b uint64, rm RoundingMode) (uint64, Flags) {
	if o.anyNaN(a, b) {
		return o.qnan(), o.nanFlags(a, b)
	}
	if o.isInf(a) && o.isInf(b) {
		if o.neg(a) != o.neg(b) {
			return o.qnan(), NV
		}
		return a, 0
	}
	if o.isInf(a) {
		return a, 0
	}
	if o.isInf(b) {
		return b, 0
	}
	s := new(big.Float).SetPrec(exactPrec).Add(o.big(a), o.big(b))
	if s.Sign() == 0 {
		same := o.isZero(a) && o.isZero(b) && o.neg(a) == o.neg(b)
		return o.zeroSum(same, o.neg(a), rm), 0
	}
	return o.roundTo(s, rm)
}

func (o ofmt) sub(a, b uint64, rm RoundingMode) (uint64, Flags) {
	return o.add(a, b^o.signBit(), rm)
}

func (o ofmt) mul(a, b uint64, rm RoundingMode) (uint64, Flags) {
	neg := o.neg(a) != o.neg(b)
	switch {
	case o.anyNaN(a, b):
		return o.qnan(), o.nanFlags(a, b)
	case o.isInf(a) && o.isZero(b) || o.isZero(a) && o.isInf(b):
		return o.qnan(), NV
	case o.isInf(a) || o.isInf(b):
		return o.infBits(neg), 0
	case o.isZero(a) || o.isZero(b):
		return o.zeroBits(neg), 0
	}
	return o.roundTo(new(big.Float).SetPrec(200).Mul(o.big(a), o.big(b)), rm)
}

func (o ofmt) div(a, b uint64, rm RoundingMode) (uint64, Flags) {
	neg := o.neg(a) != o.neg(b)
	switch {
	case o.anyNaN(a, b):
		return o.qnan(), o.nanFlags(a, b)
	case o.isInf(a) && o.isInf(b), o.isZero(a) && o.isZero(b):
		return o.qnan(), NV
	case o.isInf(a):
		return o.infBits(neg), 0
	case o.isInf(b):
		return o.zeroBits(neg), 0
	case o.isZero(b):
		return o.infBits(neg), DZ
	case o.isZero(a):
		return o.zeroBits(neg), 0
	}
	return o.roundTo(new(big.Float).SetPrec(300).Quo(o.big(a), o.big(b)), rm)
}

func (o ofmt) sqrt(a uint64, rm RoundingMode) (uint64, Flags) {
	switch {
	case o.isNaN(a):
		return o.qnan(), o.nanFlags(a)
	case o.isZero(a):
		return a, 0
	case o.neg(a):
		return o.qnan(), NV
	case o.isInf(a):
		return a, 0
	}
	x := o.big(a)
	r := new(big.Float).SetPrec(300).Sqrt(x)
	// Sqrt does not report accuracy: check exactness by squaring (exact at
	// 600 bits). If r is exact it rounds as the root; if not, r is within
	// a few units of 2^-300 of the root, which no rounding boundary is
	// that close to.
	sq := new(big.Float).SetPrec(600).Mul(r, r)
	if sq.Cmp(x) == 0 {
		return o.roundTo(r, rm)
	}
	if r.MinPrec() < 100 {
		panic("oracle: inexact root with a short significand")
	}
	return o.roundTo(r, rm)
}

// fma computes sp*(a*b) + sc*c with one rounding, sp and sc being the
// negations RISC-V's four forms apply.
func (o ofmt) fma(a, b, c uint64, negProd, negAdd bool, rm RoundingMode) (uint64, Flags) {
	invalidProd := o.isInf(a) && o.isZero(b) || o.isZero(a) && o.isInf(b)
	if o.anyNaN(a, b, c) || invalidProd {
		fl := o.nanFlags(a, b, c)
		if invalidProd {
			fl = NV
		}
		return o.qnan(), fl
	}
	pneg := o.neg(a) != o.neg(b) != negProd
	cneg := o.neg(c) != negAdd
	pinf := o.isInf(a) || o.isInf(b)
	switch {
	case pinf && o.isInf(c) && pneg != cneg:
		return o.qnan(), NV
	case pinf:
		return o.infBits(pneg), 0
	case o.isInf(c):
		return o.infBits(cneg), 0
	}
	p := new(big.Float).SetPrec(exactPrec).Mul(o.big(a), o.big(b))
	if negProd {
		p.Neg(p)
	}
	cv := o.big(c)
	if negAdd {
		cv.Neg(cv)
	}
	s := new(big.Float).SetPrec(exactPrec).Add(p, cv)
	if s.Sign() == 0 {
		pzero := o.isZero(a) || o.isZero(b)
		same := pzero && o.isZero(c) && pneg == cneg
		return o.zeroSum(same, pneg, rm), 0
	}
	return o.roundTo(s, rm)
}

// toInt converts to an integer of width n, signed or not, with RISC-V's
// saturation; the result is the two's complement bit pattern.
func (o ofmt) toInt(a uint64, rm RoundingMode, n uint, signed bool) (uint64, Flags) {
	lo, hi := new(big.Int), new(big.Int).Lsh(big.NewInt(1), n)
	if signed {
		lo.Neg(new(big.Int).Lsh(big.NewInt(1), n-1))
		hi.Lsh(big.NewInt(1), n-1)
	}
	hi.Sub(hi, big.NewInt(1))
	mask := new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), n), big.NewInt(1))
	pattern := func(v *big.Int) uint64 {
		return new(big.Int).And(v, mask).Uint64()
	}
	if o.isNaN(a) {
		return pattern(hi), NV
	}
	if o.isInf(a) {
		if o.neg(a) {
			return pattern(lo), NV
		}
		return pattern(hi), NV
	}
	x := o.big(a)
	k := roundInt(x, rm)
	switch {
	case k.Cmp(hi) > 0:
		return pattern(hi), NV
	case k.Cmp(lo) < 0:
		return pattern(lo), NV
	}
	var fl Flags
	if new(big.Float).SetInt(k).Cmp(x) != 0 {
		fl = NX
	}
	return pattern(k), fl
}

func (o ofmt) fromInt(x *big.Int, rm RoundingMode) (uint64, Flags) {
	if x.Sign() == 0 {
		return 0, 0
	}
	return o.roundTo(new(big.Float).SetInt(x), rm)
}

// convert converts a of format from to format o.
func (o ofmt) convert(from ofmt, a uint64, rm RoundingMode) (uint64, Flags) {
	switch {
	case from.isNaN(a):
		return o.qnan(), from.nanFlags(a)
	case from.isInf(a):
		return o.infBits(from.neg(a)), 0
	case from.isZero(a):
		return o.zeroBits(from.neg(a)), 0
	}
	return o.roundTo(from.big(a), rm)
}

func (o ofmt) eq(a, b uint64) (bool, Flags) {
	if o.anyNaN(a, b) {
		return false, o.nanFlags(a, b)
	}
	return o.value(a) == o.value(b), 0
}

func (o ofmt) lt(a, b uint64) (bool, Flags) {
	if o.anyNaN(a, b) {
		return false, NV
	}
	return o.value(a) < o.value(b), 0
}

func (o ofmt) le(a, b uint64) (bool, Flags) {
	if o.anyNaN(a, b) {
		return false, NV
	}
	return o.value(a) <= o.value(b), 0
}

func (o ofmt) minMax(a, b uint64, max bool) (uint64, Flags) {
	fl := o.nanFlags(a, b)
	switch {
	case o.isNaN(a) && o.isNaN(b):
		return o.qnan(), fl
	case o.isNaN(a):
		return b, fl
	case o.isNaN(b):
		return a, fl
	}
	x, y := o.value(a), o.value(b)
	if x == y && x == 0 { // -0 is below +0
		if o.neg(a) == !max {
			return a, 0
		}
		return b, 0
	}
	if (x < y) == !max {
		return a, 0
	}
	return b, 0
}

func (o ofmt) classify(a uint64) uint32 {
	x := o.value(a)
	neg := o.neg(a)
	minNormal := math.Ldexp(1, o.emin)
	var idx uint
	switch {
	case o.isSNaN(a):
		idx = 8
	case math.IsNaN(x):
		idx = 9
	case math.IsInf(x, 0):
		idx = 7
	case x == 0:
		idx = 4
	case math.Abs(x) < minNormal:
		idx = 5
	default:
		idx = 6
	}
	if neg && idx < 8 {
		idx = 7 - idx
	}
	return 1 << idx
}
