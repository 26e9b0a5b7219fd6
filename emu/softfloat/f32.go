package softfloat

import "math"

// binary32 arithmetic. The fast paths compute in float64, which has more
// than 2p+2 = 50 bits, so rounding the float64 result of +, *, / or sqrt
// of binary32 operands to binary32 gives the correctly rounded RNE result
// (Figueroa, "When is double rounding innocuous?", 1995); fused
// multiply-add is not innocuous that way, see fma32Fast. The difference
// between the float64 and the binary32 result is exact and gives the
// error's sign for the directed modes (directed.go). Results whose
// binary32 exponent field is 0, 1 or 255 (subnormal, possibly tiny,
// overflow, NaN), and in directed modes also 2..25 and 254, take the exact
// integer path.

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
	x, y := f32(a), f32(b)
	s := x + y
	r := float32(s)
	if rb := math.Float32bits(r); rb&expField32 != expField32 {
		// s itself may be inexact when the exponents are far apart
		// (1 - 2^-60 rounds to 1 in float64): TwoSum's e64 tells. The
		// exact error of r is then err32 + e64, where err32 = s - r is
		// exact and, if nonzero, larger than |e64|, and s is a binary32
		// midpoint only if e64 == 0.
		bv := s - x
		e64 := (x - (s - bv)) + (y - bv)
		err32 := s - float64(r)
		if rm == RNE {
			return rb, nx(e64 != 0 || err32 != 0)
		}
		if e64 == 0 && err32 == 0 && s != 0 {
			return rb, 0
		}
		if e := rb & expField32; e >= dirLo32 && e < dirHi32 {
			if err32 == 0 {
				return directed32(rb, e64, false, rm)
			}
			return directed32(rb, err32, e64 == 0, rm)
		}
	}
	r2, fl := fmt32.add(uint64(a), uint64(b), rm)
	return uint32(r2), fl
}

// F32Sub returns a-b.
func F32Sub(a, b uint32, rm RoundingMode) (uint32, Flags) {
	return F32Add(a, b^1<<31, rm)
}

// F32Mul returns a*b.
func F32Mul(a, b uint32, rm RoundingMode) (uint32, Flags) {
	p := f32(a) * f32(b) // exact: 48 bits, and within float64's range
	r := float32(p)
	rb := math.Float32bits(r)
	if normal32(rb) {
		err := p - float64(r) // exact (Sterbenz)
		if rm == RNE || err == 0 {
			return rb, nx(err != 0)
		}
		if rb&expField32 >= dirLo32 && rb&expField32 < dirHi32 {
			return directed32(rb, err, true, rm)
		}
	}
	if p == 0 { // a zero operand: products of binary32 never underflow in float64
		return rb, 0
	}
	r2, fl := fmt32.mul(uint64(a), uint64(b), rm)
	return uint32(r2), fl
}

// F32Div returns a/b.
func F32Div(a, b uint32, rm RoundingMode) (uint32, Flags) {
	q := f32(a) / f32(b)
	r := float32(q)
	rb := math.Float32bits(r)
	if normal32(rb) {
		// A quotient of 24-bit significands is either exact in 24 bits
		// or more than 2^-47 (relative) away from every binary32 number
		// and midpoint, while q is within 2^-53 of it: q == r iff exact,
		// and q lies between the same binary32 neighbours as the exact
		// quotient, so the sign of q - r is that of the exact error.
		err := q - float64(r)
		if rm == RNE || err == 0 {
			return rb, nx(err != 0)
		}
		if rb&expField32 >= dirLo32 && rb&expField32 < dirHi32 {
			return directed32(rb, err, false, rm)
		}
	}
	if q == 0 { // 0/x or x/inf: exact
		return rb, 0
	}
	r2, fl := fmt32.div(uint64(a), uint64(b), rm)
	return uint32(r2), fl
}

// F32Sqrt returns the square root of a.
func F32Sqrt(a uint32, rm RoundingMode) (uint32, Flags) {
	if a-1 < expField32-1 { // 0 < a < +inf
		// As for F32Div: an inexact root is never within 2^-53 of a
		// binary32 number or midpoint. Roots of binary32 numbers are
		// always normal and far from overflow.
		s := math.Sqrt(f32(a))
		r := float32(s)
		rb := math.Float32bits(r)
		err := s - float64(r)
		if rm == RNE || err == 0 {
			return rb, nx(err != 0)
		}
		return directed32(rb, err, false, rm)
	}
	r, fl := fmt32.sqrt(uint64(a), rm)
	return uint32(r), fl
}

// F32MulAdd returns a*b+c with a single rounding (fmadd.s).
func F32MulAdd(a, b, c uint32, rm RoundingMode) (uint32, Flags) {
	if r, fl, ok := fma32Fast(a, b, c, rm); ok {
		return r, fl
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
// numbers), and round-to-odd at 53 bits followed by any rounding at 24
// bits is that rounding of the exact sum (Boldo and Melquiond, "Emulation
// of FMA and correctly rounded sums: proved algorithms using rounding to
// odd", 2008): an odd s is never a binary32 number or midpoint, and lies
// between the same ones as the exact sum.
func fma32Fast(a, b, c uint32, rm RoundingMode) (uint32, Flags, bool) {
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
		err32 := s - float64(r) // exact (Sterbenz); nonzero if err != 0
		if rm == RNE || err32 == 0 {
			return rb, nx(err32 != 0), true
		}
		if rb&expField32 >= dirLo32 && rb&expField32 < dirHi32 {
			r, fl := directed32(rb, err32, true, rm)
			return r, fl, true
		}
		return 0, 0, false
	}
	if s == 0 && rm == RNE && rb&expField32 != expField32 {
		return rb, 0, true // exact zero; native rules gave its RNE sign
	}
	return 0, 0, false
}
