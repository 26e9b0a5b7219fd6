package softfloat

import "math"

// Directed rounding on the fast paths. Given the RNE result r of an
// operation and its error err (the exact value minus r; or any value with
// its sign that is zero exactly when it is, if not tieable), the result in
// another mode is r or its neighbour one unit away: RNE and the other
// modes disagree only when err points the other way from the mode's
// direction, or, for RMM, when the exact value is the midpoint beyond r.
//
// The callers guarantee that r is normal, not the largest binade (so the
// neighbour away from zero is finite) and that its exponent is large
// enough for half a unit to be a normal number; neighbours of r are then
// plain increments of the bit pattern's magnitude.

// adjust is the magnitude step (+1 away from zero, -1 towards zero, 0)
// that turns an RNE result with sign bit rneg and an inexact error err
// (given as its sign bit errNeg) into mode rm's result; tie says that
// |err| is exactly half a unit in the last place of r (above |r|).
//
// The error's sign is as good as random, so this is arithmetic on sign
// bits rather than branches that would mispredict half the time (which
// tripled the cost of a directed operation); only the mode, which is
// steady, is branched on.
func adjust(rneg, errNeg uint64, tie bool, rm RoundingMode) int64 {
	away := int64(errNeg ^ rneg ^ 1) // 1: the exact value is further from zero than r
	switch rm {
	case RTZ:
		return away - 1
	case RDN: // towards -inf: only if the exact value is below r
		return int64(errNeg) * (2*away - 1)
	case RUP: // towards +inf: only if the exact value is above r
		return int64(1-errNeg) * (2*away - 1)
	case RMM:
		// RNE broke a tie towards the even neighbour r, and the exact
		// value is the midpoint beyond it, away from zero.
		if tie {
			return away
		}
	}
	return 0
}

// directed64 applies adjust to a binary64 result rb with exact error err,
// returning it with NX if err != 0 (an exact result is returned as it is,
// without a branch: whether a result is exact is as unpredictable as the
// error's sign). tieable says whether err is exact, so that comparing it
// with half a unit detects a tie; the comparison is on bit patterns (half
// a unit of r is 2^-53 times r's binade).
func directed64(rb uint64, err float64, tieable bool, rm RoundingMode) (uint64, Flags) {
	eb := math.Float64bits(err)
	inexact := b2i(err != 0)
	half := rb&expField64 - 53<<52
	tie := rm == RMM && tieable && eb&^(1<<63) == half
	return rb + uint64(inexact*adjust(rb>>63, eb>>63, tie, rm)), Flags(inexact) * NX
}

// directed32 is directed64 for a binary32 result; err is in float64, and
// half a unit of r is 2^-24 times its binade, rebiased to binary64.
func directed32(rb uint32, err float64, tieable bool, rm RoundingMode) (uint32, Flags) {
	eb := math.Float64bits(err)
	inexact := b2i(err != 0)
	half := (uint64(rb>>23&0xff) + 1023 - 127 - 24) << 52
	tie := rm == RMM && tieable && eb&^(1<<63) == half
	return rb + uint32(inexact*adjust(uint64(rb>>31), eb>>63, tie, rm)), Flags(inexact) * NX
}

func b2i(b bool) int64 {
	if b {
		return 1
	}
	return 0
}

// Ranges of exponent fields where the directed fast paths apply: above the
// subnormal range by enough for half a unit to be normal (and, for
// binary64, for the error terms to be exact), below the top binade.
const (
	dirLo64 = safeExp64
	dirHi64 = 0x7fe << 52
	dirLo32 = 26 << 23
	dirHi32 = 0xfe << 23
)
