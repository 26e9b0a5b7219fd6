package softfloat

import "math"

// binary32 arithmetic. The RNE fast paths compute in float64, which has
// more than 2p+2 = 50 bits, so rounding the float64 result of +, *, / or
// sqrt of binary32 operands to binary32 gives the correctly rounded result
// (Figueroa, "When is double rounding innocuous?", 1995). Fused
// multiply-add is not innocuous that way; see F32MulAdd. Results whose
// binary32 exponent field is 0, 1 or 255 (subnormal, possibly tiny,
// overflow, NaN) take the exact integer path.

const expField32 = 0xff << 23

// normal32 reports whether a binary32 result is in the range where the
// fast paths may return it: exponent field 2..254.
func normal32(r uint32) bool {
	e := r & expField32
	return e >= 2<<23 && e != expField32
}

func f32(a uint32) float64 { return float64(math.Float32frombits(a)) }

// F32Add returns a+b.
func F32Add(a, b uint32, rm RoundingMode) (uint32, Flags) {
	if rm == RNE {
		x, y := f32(a), f32(b)
		s := x + y
		r := float32(s)
		if rb := math.Float32bits(r); rb&expField32 != expField32 {
			// s itself may be inexact when the exponents are far apart
			// (1 - 2^-60 rounds to 1 in float64): TwoSum tells.
			bv := s - x
			err := (x - (s - bv)) + (y - bv)
			return rb, nx(err != 0 || float64(r) != s)
		}
	}
	r, fl := fmt32.add(uint64(a), uint64(b), rm)
	return uint32(r), fl
}

// F32Sub returns a-b.
func F32Sub(a, b uint32, rm RoundingMode) (uint32, Flags) {
	return F32Add(a, b^1<<31, rm)
}

// F32Mul returns a*b.
func F32Mul(a, b uint32, rm RoundingMode) (uint32, Flags) {
	if rm == RNE {
		p := f32(a) * f32(b) // exact: 48 bits, and within float64's range
		r := float32(p)
		rb := math.Float32bits(r)
		if normal32(rb) {
			return rb, nx(float64(r) != p)
		}
		if p == 0 { // a zero operand: products of binary32 never underflow in float64
			return rb, 0
		}
	}
	r, fl := fmt32.mul(uint64(a), uint64(b), rm)
	return uint32(r), fl
}

// F32Div returns a/b.
func F32Div(a, b uint32, rm RoundingMode) (uint32, Flags) {
	if rm == RNE {
		q := f32(a) / f32(b)
		r := float32(q)
		rb := math.Float32bits(r)
		if normal32(rb) {
			// A quotient of 24-bit significands is either exact in 24
			// bits or more than 2^-47 (relative) away from every binary32
			// number, while q is within 2^-53 of it: q == r iff exact.
			return rb, nx(float64(r) != q)
		}
		if q == 0 { // 0/x or x/inf: exact
			return rb, 0
		}
	}
	r, fl := fmt32.div(uint64(a), uint64(b), rm)
	return uint32(r), fl
}

// F32Sqrt returns the square root of a.
func F32Sqrt(a uint32, rm RoundingMode) (uint32, Flags) {
	if rm == RNE && a-1 < expField32-1 { // 0 < a < +inf
		s := math.Sqrt(f32(a))
		r := float32(s)
		// As for F32Div: an inexact root is never within 2^-53 of a
		// binary32 number. Roots of binary32 numbers are always normal.
		return math.Float32bits(r), nx(float64(r) != s)
	}
	r, fl := fmt32.sqrt(uint64(a), rm)
	return uint32(r), fl
}

// F32MulAdd returns a*b+c with a single rounding (fmadd.s).
func F32MulAdd(a, b, c uint32, rm RoundingMode) (uint32, Flags) {
	if rm == RNE {
		if r, fl, ok := fma32Fast(a, b, c); ok {
			return r, fl
		}
	}
	r, fl := fmt32.mulAdd(uint64(a), uint64(b), uint64(c), false, false, rm)
	return uint32(r), fl
}

// F32MulSub returns a*b-c with a single rounding (fmsub.s).
func F32MulSub(a, b, c uint32, rm RoundingMode) (uint32, Flags) {
	return F32MulAdd(a, b, c^1<<31, rm)
}

// F32NegMulSub returns -(a*b)+c with a single rounding (fnmsub.s).
func F32NegMulSub(a, b, c uint32, rm RoundingMode) (uint32, Flags) {
	return F32MulAdd(a^1<<31, b, c, rm)
}

// F32NegMulAdd returns -(a*b)-c with a single rounding (fnmadd.s).
func F32NegMulAdd(a, b, c uint32, rm RoundingMode) (uint32, Flags) {
	return F32MulAdd(a^1<<31, b, c^1<<31, rm)
}

// fma32Fast: the product of two binary32 numbers is exact in float64, and
// TwoSum gives the float64 sum s and its exact error. Rounding s to
// binary32 directly could round twice; instead s is first rounded to odd
// (if inexact, the neighbour with an odd last bit, which keeps the
// information that the exact sum lies strictly between two float64
// numbers), and round-to-odd at 53 bits followed by RNE at 24 bits is a
// correct RNE rounding (Boldo and Melquiond, "Emulation of FMA and
// correctly rounded sums: proved algorithms using rounding to odd", 2008).
func fma32Fast(a, b, c uint32) (uint32, Flags, bool) {
	x, y, z := f32(a), f32(b), f32(c)
	p := float64(x * y)
	s := p + z
	bv := s - p
	err := (p - (s - bv)) + (z - bv)
	if err != 0 {
		sb := math.Float64bits(s)
		if sb&1 == 0 {
			if (err > 0) == (s > 0) {
				sb++
			} else {
				sb--
			}
			s = math.Float64frombits(sb)
		}
	}
	r := float32(s)
	rb := math.Float32bits(r)
	if normal32(rb) {
		return rb, nx(err != 0 || float64(r) != s), true
	}
	if s == 0 && rb&expField32 != expField32 {
		return rb, 0, true // exact zero; native rules gave its sign
	}
	return 0, 0, false
}
