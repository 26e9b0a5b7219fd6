package softfloat

import (
	"math"
	"math/bits"
)

// Conversions ([RV] "Single-Precision Floating-Point Conversion and Move
// Instructions" and the D chapter's counterpart). Float-to-integer
// conversions round in the given mode and saturate out-of-range inputs
// with NV (and then not NX):
//
//	input              signed        unsigned
//	NaN                max           max
//	+inf or too large  max           max
//	-inf or too small  min           0
//
// A negative input that rounds to 0 converts to 0 with only NX (if
// inexact), also for unsigned results. On RV64 the 32-bit results
// (including fcvt.wu) are sign-extended into the destination register; that
// is the caller's job.

// toInt converts a to an integer of width n (32 or 64 bits), signed or
// unsigned, returning its two's complement bit pattern in a uint64.
func (f *format) toInt(a uint64, rm RoundingMode, n uint, signed bool) (uint64, Flags) {
	var x float64 // exact for both formats
	if f == &fmt64 {
		x = math.Float64frombits(a)
	} else {
		x = float64(math.Float32frombits(uint32(a)))
	}
	if r, fl, ok := toIntFast(x, rm, n, signed); ok {
		return r, fl
	}
	return f.toIntSlow(a, rm, n, signed)
}

// toIntFast converts |x| < 2^63 with native truncation: int64(x) is then
// defined, and x - trunc(x) is exact (below 2^52 both lie on x's grid;
// above, x is an integer), so the fraction decides the rounding.
func toIntFast(x float64, rm RoundingMode, n uint, signed bool) (uint64, Flags, bool) {
	if !(math.Abs(x) < 0x1p63) { // also NaN
		return 0, 0, false
	}
	t := int64(x)
	frac := x - float64(t) // in (-1, 1), with x's sign
	k := t
	if frac != 0 {
		var away bool
		switch rm {
		case RTZ:
		case RDN:
			away = frac < 0
		case RUP:
			away = frac > 0
		case RMM:
			away = math.Abs(frac) >= 0.5
		default: // RNE
			af := math.Abs(frac)
			away = af > 0.5 || af == 0.5 && t&1 != 0
		}
		if away {
			if frac < 0 {
				k--
			} else {
				k++
			}
		}
	}
	mask := uint64(1)<<n - 1 // all ones for n == 64
	var lo, hi int64
	switch {
	case signed:
		lo, hi = -1<<(n-1), 1<<(n-1)-1
	case n == 32:
		lo, hi = 0, 1<<32-1
	default: // unsigned 64: k < 2^63 here, so only the low end can fail
		lo, hi = 0, math.MaxInt64
	}
	switch {
	case k < lo:
		return uint64(lo) & mask, NV, true
	case k > hi:
		return uint64(hi) & mask, NV, true
	}
	return uint64(k) & mask, nx(frac != 0), true
}

// toIntSlow is toInt for the rest (NaN, infinities, |x| >= 2^63) in
// integer arithmetic.
func (f *format) toIntSlow(a uint64, rm RoundingMode, n uint, signed bool) (uint64, Flags) {
	var max, min uint64 // the saturation values, as bit patterns of width n
	if signed {
		max, min = 1<<(n-1)-1, 1<<(n-1)
	} else {
		max = 1<<n - 1 // for n == 64, 1<<n is 0 and max wraps to all ones
	}
	u := f.unpack(a)
	switch u.cls {
	case clsQNaN, clsSNaN:
		return max, NV
	case clsInf:
		if u.neg {
			return min, NV
		}
		return max, NV
	case clsZero:
		return 0, 0
	}
	// mag = |a| rounded to an integer; huge if it does not fit 64 bits.
	var mag uint64
	var inexact, huge bool
	if u.exp >= 0 {
		if bits.Len64(u.sig)+u.exp > 64 {
			huge = true
		} else {
			mag = u.sig << uint(u.exp)
		}
	} else {
		mag, inexact = roundShift(u.sig, uint(-u.exp), u.neg, rm)
	}
	switch {
	case huge && u.neg:
		return min, NV
	case huge:
		return max, NV
	case mag == 0:
		// Only from a nonzero value that rounds to zero, so inexact.
		return 0, nx(inexact)
	case u.neg && signed:
		if mag > 1<<(n-1) {
			return min, NV
		}
		return -mag & (max | min), nx(inexact)
	case u.neg:
		return 0, NV
	default:
		if mag > max {
			return max, NV
		}
		return mag, nx(inexact)
	}
}

// fromInt converts the integer (-1)^neg * mag to format f.
func (f *format) fromInt(neg bool, mag uint64, rm RoundingMode) (uint64, Flags) {
	if mag == 0 {
		return 0, 0
	}
	return f.roundPack(neg, 0, mag, rm)
}

// exactIn reports whether the integer magnitude mag needs at most p
// significant bits, so native conversion is exact.
func exactIn(mag uint64, p int) bool {
	return bits.Len64(mag)-bits.TrailingZeros64(mag) <= p
}

func abs64(x int64) (bool, uint64) {
	if x < 0 {
		return true, -uint64(x)
	}
	return false, uint64(x)
}

// F32ToI32 is fcvt.w.s.
func F32ToI32(a uint32, rm RoundingMode) (int32, Flags) {
	r, fl := fmt32.toInt(uint64(a), rm, 32, true)
	return int32(r), fl
}

// F32ToU32 is fcvt.wu.s.
func F32ToU32(a uint32, rm RoundingMode) (uint32, Flags) {
	r, fl := fmt32.toInt(uint64(a), rm, 32, false)
	return uint32(r), fl
}

// F32ToI64 is fcvt.l.s.
func F32ToI64(a uint32, rm RoundingMode) (int64, Flags) {
	r, fl := fmt32.toInt(uint64(a), rm, 64, true)
	return int64(r), fl
}

// F32ToU64 is fcvt.lu.s.
func F32ToU64(a uint32, rm RoundingMode) (uint64, Flags) {
	return fmt32.toInt(uint64(a), rm, 64, false)
}

// F64ToI32 is fcvt.w.d.
func F64ToI32(a uint64, rm RoundingMode) (int32, Flags) {
	r, fl := fmt64.toInt(a, rm, 32, true)
	return int32(r), fl
}

// F64ToU32 is fcvt.wu.d.
func F64ToU32(a uint64, rm RoundingMode) (uint32, Flags) {
	r, fl := fmt64.toInt(a, rm, 32, false)
	return uint32(r), fl
}

// F64ToI64 is fcvt.l.d.
func F64ToI64(a uint64, rm RoundingMode) (int64, Flags) {
	r, fl := fmt64.toInt(a, rm, 64, true)
	return int64(r), fl
}

// F64ToU64 is fcvt.lu.d.
func F64ToU64(a uint64, rm RoundingMode) (uint64, Flags) {
	return fmt64.toInt(a, rm, 64, false)
}

// I32ToF32 is fcvt.s.w.
func I32ToF32(x int32, rm RoundingMode) (uint32, Flags) { return I64ToF32(int64(x), rm) }

// U32ToF32 is fcvt.s.wu.
func U32ToF32(x uint32, rm RoundingMode) (uint32, Flags) { return U64ToF32(uint64(x), rm) }

// I64ToF32 is fcvt.s.l.
func I64ToF32(x int64, rm RoundingMode) (uint32, Flags) {
	neg, mag := abs64(x)
	if exactIn(mag, 24) {
		return math.Float32bits(float32(x)), 0
	}
	r, fl := fmt32.fromInt(neg, mag, rm)
	return uint32(r), fl
}

// U64ToF32 is fcvt.s.lu.
func U64ToF32(x uint64, rm RoundingMode) (uint32, Flags) {
	if exactIn(x, 24) {
		return math.Float32bits(float32(x)), 0
	}
	r, fl := fmt32.fromInt(false, x, rm)
	return uint32(r), fl
}

// I32ToF64 is fcvt.d.w (always exact).
func I32ToF64(x int32, rm RoundingMode) (uint64, Flags) {
	return math.Float64bits(float64(x)), 0
}

// U32ToF64 is fcvt.d.wu (always exact).
func U32ToF64(x uint32, rm RoundingMode) (uint64, Flags) {
	return math.Float64bits(float64(x)), 0
}

// I64ToF64 is fcvt.d.l.
func I64ToF64(x int64, rm RoundingMode) (uint64, Flags) {
	neg, mag := abs64(x)
	if exactIn(mag, 53) {
		return math.Float64bits(float64(x)), 0
	}
	return fmt64.fromInt(neg, mag, rm)
}

// U64ToF64 is fcvt.d.lu.
func U64ToF64(x uint64, rm RoundingMode) (uint64, Flags) {
	if exactIn(x, 53) {
		return math.Float64bits(float64(x)), 0
	}
	return fmt64.fromInt(false, x, rm)
}

// F32ToF64 is fcvt.d.s: exact; a NaN becomes the canonical NaN, with NV if
// it was signalling.
func F32ToF64(a uint32) (uint64, Flags) {
	if a&^(1<<31) > 0x7f800000 {
		if a&(1<<22) == 0 {
			return CanonicalNaN64, NV
		}
		return CanonicalNaN64, 0
	}
	return math.Float64bits(f32(a)), 0
}

// F64ToF32 is fcvt.s.d: rounds in mode rm, with the usual flags.
func F64ToF32(a uint64, rm RoundingMode) (uint32, Flags) {
	u := fmt64.unpack(a)
	switch u.cls {
	case clsQNaN, clsSNaN:
		_, fl := fmt64.nanResult(u)
		return CanonicalNaN32, fl
	case clsInf:
		return uint32(fmt32.signOf(u.neg) | fmt32.inf), 0
	case clsZero:
		return uint32(fmt32.signOf(u.neg)), 0
	}
	x := math.Float64frombits(a)
	r := float32(x)
	if rb := math.Float32bits(r); normal32(rb) {
		err := x - float64(r) // exact (Sterbenz)
		if rm == RNE || err == 0 {
			return rb, nx(err != 0)
		}
		if rb&expField32 >= dirLo32 && rb&expField32 < dirHi32 {
			return directed32(rb, err, true, rm)
		}
	}
	r2, fl := fmt32.roundPack(u.neg, u.exp, u.sig, rm)
	return uint32(r2), fl
}
