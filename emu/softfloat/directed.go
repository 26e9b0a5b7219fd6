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
// result; halfUlp is half a unit in the last place of r above |r|, and
// tieable says whether err is exact (so that comparing it with halfUlp
// detects a tie).
func adjust(neg bool, err float64, halfUlp float64, tieable bool, rm RoundingMode) int {
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
		// value is the midpoint beyond it.
		if away && tieable && math.Abs(err) == halfUlp {
			return 1
		}
	}
	return 0
}

// directed64 applies adjust to a binary64 result rb, returning it with NX.
func directed64(rb uint64, err float64, tieable bool, rm RoundingMode) (uint64, Flags) {
	half := math.Float64frombits(rb&expField64 - 53<<52)
	return rb + uint64(int64(adjust(rb>>63 != 0, err, half, tieable, rm))), NX
}

// directed32 is directed64 for a binary32 result; err is in float64.
func directed32(rb uint32, err float64, tieable bool, rm RoundingMode) (uint32, Flags) {
	half := float64(math.Float32frombits(rb&expField32 - 24<<23))
	return rb + uint32(int32(adjust(rb>>31 != 0, err, half, tieable, rm))), NX
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
