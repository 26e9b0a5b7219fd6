package softfloat

import "math"

// binary64 arithmetic. Each function first tries a fast path: the native
// float64 operation, which rounds to nearest-even, and an error-free
// transformation giving the exact error, whose being zero decides NX and
// whose sign (and, for RMM, size) turns the RNE result into the other
// modes' (directed.go). The guards keep that path away from NaNs,
// infinities, overflow and any result or error term that could be
// subnormal (where the transformations stop being exact or tininess must
// be decided). Everything else goes to the integer implementation in
// slow.go.

const (
	expField64 = 0x7ff << 52
	// safeExp64 is the smallest exponent field (2^-963) at which the
	// error terms of a product or quotient near that magnitude are still
	// representable: they are multiples of 2^(e-104) and must be
	// multiples of 2^-1074.
	safeExp64 = 60 << 52
)

func nx(inexact bool) Flags {
	if inexact {
		return NX
	}
	return 0
}

// F64Add returns a+b.
func F64Add(a, b uint64, rm RoundingMode) (uint64, Flags) {
	x, y := math.Float64frombits(a), math.Float64frombits(b)
	s := x + y
	sb := math.Float64bits(s)
	if e := sb & expField64; e != expField64 {
		// TwoSum (Knuth): s + err == x + y exactly. Sums never
		// underflow: a tiny sum of binary64 numbers is exact.
		bv := s - x
		err := (x - (s - bv)) + (y - bv)
		if rm == RNE {
			return sb, nx(err != 0)
		}
		if err == 0 && s != 0 { // exact, so the same in every mode
			return sb, 0
		}
		if e >= dirLo64 && e < dirHi64 {
			return directed64(sb, err, true, rm)
		}
	}
	return fmt64.add(a, b, rm)
}

// F64Sub returns a-b.
func F64Sub(a, b uint64, rm RoundingMode) (uint64, Flags) {
	return F64Add(a, b^1<<63, rm)
}

// F64Mul returns a*b.
func F64Mul(a, b uint64, rm RoundingMode) (uint64, Flags) {
	x, y := math.Float64frombits(a), math.Float64frombits(b)
	p := x * y
	pb := math.Float64bits(p)
	if e := pb & expField64; e != expField64 && e >= safeExp64 {
		err := math.FMA(x, y, -p) // exact: TwoProduct
		if rm == RNE {
			return pb, nx(err != 0)
		}
		if err == 0 {
			return pb, 0
		}
		if e < dirHi64 {
			return directed64(pb, err, true, rm)
		}
	}
	if p == 0 && (x == 0 || y == 0) {
		return pb, 0
	}
	return fmt64.mul(a, b, rm)
}

// F64Div returns a/b (DZ for a finite nonzero a divided by zero).
func F64Div(a, b uint64, rm RoundingMode) (uint64, Flags) {
	x, y := math.Float64frombits(a), math.Float64frombits(b)
	q := x / y
	qb := math.Float64bits(q)
	ae := a & expField64
	// With |a| >= 2^-963 the remainder a - q*b is exactly representable;
	// with q's exponent field >= 2 the result is neither subnormal nor
	// tiny.
	if e := qb & expField64; e != expField64 && e >= 2<<52 && ae >= safeExp64 && ae != expField64 {
		rem := math.FMA(q, y, -x) // q*b - a, exact
		if rm == RNE {
			return qb, nx(rem != 0)
		}
		if rem == 0 {
			return qb, 0
		}
		if e >= dirLo64 && e < dirHi64 {
			// a/b - q has the sign of -rem/b. A quotient is never a
			// tie, so only its sign matters.
			err := 1.0
			if (rem < 0) == (y < 0) {
				err = -1
			}
			return directed64(qb, err, false, rm)
		}
	}
	return fmt64.div(a, b, rm)
}

// F64Sqrt returns the square root of a (NV and the canonical NaN for a < 0,
// sqrt(-0) = -0).
func F64Sqrt(a uint64, rm RoundingMode) (uint64, Flags) {
	if rm == RNE && a>>63 == 0 && a&expField64 >= 200<<52 && a&expField64 != expField64 {
		x := math.Float64frombits(a)
		r := math.Sqrt(x)
		return math.Float64bits(r), nx(math.FMA(r, r, -x) != 0)
	}
	return fmt64.sqrt(a, rm)
}

// F64MulAdd returns a*b+c with a single rounding (fmadd.d).
func F64MulAdd(a, b, c uint64, rm RoundingMode) (uint64, Flags) {
	if r, fl, ok := fma64Fast(a, b, c, rm); ok {
		return r, fl
	}
	return fmt64.mulAdd(a, b, c, false, false, rm)
}

// F64MulSub returns a*b-c with a single rounding (fmsub.d).
func F64MulSub(a, b, c uint64, rm RoundingMode) (uint64, Flags) {
	return F64MulAdd(a, b, c^1<<63, rm)
}

// F64NegMulSub returns -(a*b)+c with a single rounding (fnmsub.d).
func F64NegMulSub(a, b, c uint64, rm RoundingMode) (uint64, Flags) {
	return F64MulAdd(a^1<<63, b, c, rm)
}

// F64NegMulAdd returns -(a*b)-c with a single rounding (fnmadd.d).
func F64NegMulAdd(a, b, c uint64, rm RoundingMode) (uint64, Flags) {
	return F64MulAdd(a^1<<63, b, c^1<<63, rm)
}

// fma64Fast is the fast path of F64MulAdd: r1 = fma(a, b, c) natively
// (RNE), and the exact error a*b + c - r1 from Boldo and Muller's ErrFma
// ("Exact and approximated error of the FMA", IEEE TC 2011): with
// TwoProduct a*b = u1+u2, TwoSum c+u2 = α1+z and TwoSum u1+α1 = β1+β2, the
// error is γ + z exactly, with γ = (β1-r1)+β2 computed without error. That
// holds without underflow and overflow, which the guards ensure; ok is
// false when they do not hold.
func fma64Fast(a, b, c uint64, rm RoundingMode) (r uint64, fl Flags, ok bool) {
	const hiLimit = 2044 << 52 // magnitudes below 2^1021: no sum overflows
	x, y, z := math.Float64frombits(a), math.Float64frombits(b), math.Float64frombits(c)
	u1 := float64(x * y)
	ue := math.Float64bits(u1) & expField64
	ce := c & expField64
	if ue < safeExp64 || ue >= hiLimit || ce >= hiLimit {
		return 0, 0, false
	}
	r1 := math.FMA(x, y, z)
	rb := math.Float64bits(r1)
	re := rb & expField64
	if re >= hiLimit {
		return 0, 0, false
	}
	if re < 2<<52 {
		if r1 != 0 || rm != RNE {
			return 0, 0, false
		}
		// A zero result with the product's error term representable is
		// an exact cancellation (a nonzero a*b+c is at least 2^-1074);
		// its sign follows RNE's rule, unlike RDN's.
		return rb, 0, true
	}
	u2 := math.FMA(x, y, -u1)
	a1 := z + u2
	bv := a1 - z
	zz := (z - (a1 - bv)) + (u2 - bv)
	b1 := u1 + a1
	bv = b1 - u1
	b2 := (u1 - (b1 - bv)) + (a1 - bv)
	g := (b1 - r1) + b2
	// The error is g + zz exactly; its rounded sum t has its sign.
	t := g + zz
	if rm == RNE || t == 0 {
		return rb, nx(t != 0), true
	}
	if re < dirLo64 {
		return 0, 0, false
	}
	bv = t - g
	t2 := (g - (t - bv)) + (zz - bv) // t + t2 == g + zz
	r, fl = directed64(rb, t, t2 == 0, rm)
	return r, fl, true
}
