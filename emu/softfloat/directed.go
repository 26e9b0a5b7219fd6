package softfloat

import "math"

// Directed rounding on the fast paths. Given the RNE result r of an
// operation and its exact error err (the exact value minus r, or anything
// with that sign and, if tieable, that magnitude), the result in another
// mode is r or its neighbour one unit away: RNE and the other modes
// disagree only when err points the other way from the mode's direction,
// or, for RMM, when the exact value is the midpoint beyond r.
//
// The callers guarantee that r is normal, not the largest binade (so the
// neighbour away from zero is finite) and that its exponent is large
// enough for half a unit to be a normal number; neighbours of r are then
// plain increments of the bit pattern's magnitude.

// adjust is the magnitude step (+1 away from zero, -1 towards zero, 0)
// that turns an RNE result with sign neg and error err into mode rm's
// result; tie says that |err| is exactly half a unit in the last place of
// r (above |r|).
func adjust(neg bool, err float64, tie bool, rm RoundingMode) int {
	if err == 0 {
		return 0
	}
	// away: the exact value lies further from zero than r.
	away := (err > 0) != neg
	switch rm {
	case RTZ:
		if !away {
			return -1
		}
	case RDN:
		if err < 0 {
			if neg {
				return 1
			}
			return -1
		}
	case RUP:
		if err > 0 {
			if neg {
				return -1
			}
			return 1
		}
	case RMM:
		// RNE broke a tie towards the even neighbour r, and the exact
		// value is the midpoint beyond it. (Ties are rare: test for one
		// first, as the direction is as good as random and would
		// mispredict.)
		if tie && away {
			return 1
		}
	}
	return 0
}

// directed64 applies adjust to a binary64 result rb, returning it with NX.
// tieable says whether err is exact, so that comparing it with half a unit
// detects a tie; the comparison is on bit patterns (half a unit of r is
// the power of two 2^-53 times r's binade).
func directed64(rb uint64, err float64, tieable bool, rm RoundingMode) (uint64, Flags) {
	half := rb&expField64 - 53<<52
	tie := rm == RMM && tieable && math.Float64bits(err)&^(1<<63) == half
	return rb + uint64(int64(adjust(rb>>63 != 0, err, tie, rm))), NX
}

// directed32 is directed64 for a binary32 result; err is in float64, and
// half a unit of r is 2^-24 times its binade, rebiased to binary64.
func directed32(rb uint32, err float64, tieable bool, rm RoundingMode) (uint32, Flags) {
	half := (uint64(rb>>23&0xff) + 1023 - 127 - 24) << 52
	tie := rm == RMM && tieable && math.Float64bits(err)&^(1<<63) == half
	return rb + uint32(int32(adjust(rb>>31 != 0, err, tie, rm))), NX
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
