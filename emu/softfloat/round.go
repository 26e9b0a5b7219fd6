package softfloat

import (
	"fmt"
	"math/bits"
)

// RoundingMode is a rounding mode as RISC-V encodes it in the rm field of an
// instruction and in frm ([RV] "Floating-Point Control and Status Register",
// table "Rounding mode encoding"). The dynamic mode (7) is
// resolved by the caller from frm; the reserved encodings 5 and 6 must be
// rejected by the caller (illegal instruction) before calling into this
// package. Any value above RMM is treated as RNE.
type RoundingMode uint8

const (
	RNE RoundingMode = 0 // round to nearest, ties to even
	RTZ RoundingMode = 1 // round towards zero
	RDN RoundingMode = 2 // round down (towards -inf)
	RUP RoundingMode = 3 // round up (towards +inf)
	RMM RoundingMode = 4 // round to nearest, ties to max magnitude
)

// Flags are the accrued exception flags with the bit positions of the
// fflags CSR ([RV] "Floating-Point Control and Status Register", table
// "Accrued exception flag encoding").
type Flags uint8

const (
	NX Flags = 1 << 0 // inexact
	UF Flags = 1 << 1 // underflow
	OF Flags = 1 << 2 // overflow
	DZ Flags = 1 << 3 // divide by zero
	NV Flags = 1 << 4 // invalid operation
)

// String spells the set flags as fflags' field names in the order the
// specification lists them (NV DZ OF UF NX), or "-" when none is set.
func (f Flags) String() string {
	s := ""
	for _, n := range []struct {
		bit  Flags
		name string
	}{{NV, "NV"}, {DZ, "DZ"}, {OF, "OF"}, {UF, "UF"}, {NX, "NX"}} {
		if f&n.bit != 0 {
			if s != "" {
				s += "|"
			}
			s += n.name
		}
	}
	if s == "" {
		return "-"
	}
	return s
}

var modeNames = [...]string{"rne", "rtz", "rdn", "rup", "rmm"}

// String is the mode's assembler name (rne, rtz, rdn, rup, rmm).
func (rm RoundingMode) String() string {
	if int(rm) < len(modeNames) {
		return modeNames[rm]
	}
	return fmt.Sprintf("rm%d", uint8(rm))
}

// The canonical NaNs: every NaN result of this package is one of these
// ([RV] "NaN Generation and Propagation").
const (
	CanonicalNaN32 uint32 = 0x7fc00000
	CanonicalNaN64 uint64 = 0x7ff8000000000000
)

// format describes an IEEE 754 binary interchange format. The slow paths
// are written once against this description and hold values of either
// width in a uint64.
type format struct {
	fracBits uint   // stored significand bits (p-1)
	bias     int    // exponent bias
	emin     int    // exponent of the smallest normal number
	emax     int    // exponent of the largest finite number
	signBit  uint64 // the sign bit
	expMask  uint64 // the exponent field, in place
	fracMask uint64 // the fraction field
	qnan     uint64 // the canonical NaN
	maxFin   uint64 // the largest finite magnitude
	inf      uint64 // +infinity
}

var (
	fmt32 = format{
		fracBits: 23, bias: 127, emin: -126, emax: 127,
		signBit: 1 << 31, expMask: 0xff << 23, fracMask: 1<<23 - 1,
		qnan: uint64(CanonicalNaN32), maxFin: 0x7f7fffff, inf: 0x7f800000,
	}
	fmt64 = format{
		fracBits: 52, bias: 1023, emin: -1022, emax: 1023,
		signBit: 1 << 63, expMask: 0x7ff << 52, fracMask: 1<<52 - 1,
		qnan: CanonicalNaN64, maxFin: 0x7fefffffffffffff, inf: 0x7ff0000000000000,
	}
)

// class is what kind of datum a bit pattern holds.
type class uint8

const (
	clsZero class = iota
	clsFinite
	clsInf
	clsQNaN
	clsSNaN
)

// unpacked is a decoded operand. For clsFinite the value is
// (-1)^neg * sig * 2^exp with sig != 0 (not necessarily normalised).
type unpacked struct {
	cls class
	neg bool
	exp int
	sig uint64
}

func (f *format) unpack(x uint64) unpacked {
	u := unpacked{neg: x&f.signBit != 0}
	e := x & f.expMask >> f.fracBits
	frac := x & f.fracMask
	switch {
	case e == f.expMask>>f.fracBits:
		switch {
		case frac == 0:
			u.cls = clsInf
		case frac>>(f.fracBits-1) != 0:
			u.cls = clsQNaN
		default:
			u.cls = clsSNaN
		}
	case e == 0:
		if frac == 0 {
			u.cls = clsZero
		} else {
			u.cls, u.sig, u.exp = clsFinite, frac, f.emin-int(f.fracBits)
		}
	default:
		u.cls, u.sig = clsFinite, frac|1<<f.fracBits
		u.exp = int(e) - f.bias - int(f.fracBits)
	}
	return u
}

func (u unpacked) isNaN() bool { return u.cls >= clsQNaN }

// nanResult is the result of an operation with at least one NaN operand:
// the canonical NaN, and NV if any operand is signalling.
func (f *format) nanResult(us ...unpacked) (uint64, Flags) {
	var fl Flags
	for _, u := range us {
		if u.cls == clsSNaN {
			fl = NV
		}
	}
	return f.qnan, fl
}

func (f *format) signOf(neg bool) uint64 {
	if neg {
		return f.signBit
	}
	return 0
}

// exactZero is the sign IEEE 754 gives an exact zero sum of operands of
// opposite signs (or an exact cancellation): +0, except -0 in RDN.
func (f *format) exactZero(rm RoundingMode) uint64 {
	if rm == RDN {
		return f.signBit
	}
	return 0
}

// overflow is the result of an overflowing operation: infinity or the
// largest finite number, whichever the rounding direction selects
// (IEEE 754-2008 7.4).
func (f *format) overflow(neg bool, rm RoundingMode) (uint64, Flags) {
	mag := f.inf
	switch rm {
	case RTZ:
		mag = f.maxFin
	case RDN:
		if !neg {
			mag = f.maxFin
		}
	case RUP:
		if neg {
			mag = f.maxFin
		}
	}
	return f.signOf(neg) | mag, OF | NX
}

// roundShift returns sig >> shift rounded in mode rm for a value of sign
// neg (the magnitude is rounded, so RDN/RUP depend on the sign), and
// whether any nonzero bits were discarded. shift may be 64 or more.
func roundShift(sig uint64, shift uint, neg bool, rm RoundingMode) (q uint64, inexact bool) {
	// cmp compares the discarded bits with half a unit of the result:
	// -1 below, 0 exactly half, +1 above.
	var cmp int
	switch {
	case shift == 0:
		return sig, false
	case shift < 64:
		q = sig >> shift
		rem := sig & (1<<shift - 1)
		half := uint64(1) << (shift - 1)
		inexact = rem != 0
		switch {
		case rem > half:
			cmp = 1
		case rem == half:
			cmp = 0
		default:
			cmp = -1
		}
	case shift == 64:
		inexact = sig != 0
		switch {
		case sig > 1<<63:
			cmp = 1
		case sig == 1<<63:
			cmp = 0
		default:
			cmp = -1
		}
	default:
		inexact, cmp = sig != 0, -1
	}
	if !inexact {
		return q, false
	}
	var up bool
	switch rm {
	case RTZ:
	case RDN:
		up = neg
	case RUP:
		up = !neg
	case RMM:
		up = cmp >= 0
	default: // RNE
		up = cmp > 0 || cmp == 0 && q&1 != 0
	}
	if up {
		q++
	}
	return q, true
}

// roundPack rounds (-1)^neg * sig * 2^exp (sig != 0) to format f in mode rm
// and encodes it, with the flags the rounding raises. The caller may have
// folded discarded low-order bits into a sticky bit (bit 0 of sig); that is
// exact as long as sig has at least two bits below the rounding position
// after normalisation, which holds whenever sig's top set bit is at
// position 60 or above for binary64 (any position for exact values).
//
// Tininess is detected after rounding ([RV] "Subnormal Arithmetic"):
// the result is tiny if rounding to p bits with an unbounded exponent gives
// a magnitude below 2^emin, and UF is raised if it is tiny and inexact.
func (f *format) roundPack(neg bool, exp int, sig uint64, rm RoundingMode) (uint64, Flags) {
	lz := bits.LeadingZeros64(sig)
	sig <<= uint(lz)
	// The value is sig * 2^(e-63) with sig in [2^63, 2^64): e is its
	// unbiased exponent.
	e := exp - lz + 63
	p := f.fracBits + 1
	sign := f.signOf(neg)
	if e >= f.emin {
		q, inexact := roundShift(sig, 64-p, neg, rm)
		if q == 1<<p { // rounded up to the next binade
			q >>= 1
			e++
		}
		if e > f.emax {
			return f.overflow(neg, rm)
		}
		r := sign | uint64(e+f.bias)<<f.fracBits | q&f.fracMask
		if inexact {
			return r, NX
		}
		return r, 0
	}
	tiny := true
	if e == f.emin-1 {
		if q, _ := roundShift(sig, 64-p, neg, rm); q == 1<<p {
			tiny = false
		}
	}
	// Subnormal: round to a multiple of 2^(emin-p+1). A result that
	// rounds up to 2^emin carries into the exponent field and is encoded
	// correctly as the smallest normal number.
	q, inexact := roundShift(sig, 64-p+uint(f.emin-e), neg, rm)
	r := sign | q
	switch {
	case !inexact:
		return r, 0
	case tiny:
		return r, NX | UF
	default:
		return r, NX
	}
}

// shiftRightJam shifts x right by n bits, setting bit 0 of the result if
// any nonzero bits were shifted out.
func shiftRightJam(x uint64, n uint) uint64 {
	if n >= 64 {
		if x != 0 {
			return 1
		}
		return 0
	}
	r := x >> n
	if x<<(64-n) != 0 && n != 0 {
		r |= 1
	}
	return r
}

// shiftRightJam128 is shiftRightJam for the 128-bit value hi:lo.
func shiftRightJam128(hi, lo uint64, n uint) (uint64, uint64) {
	switch {
	case n == 0:
		return hi, lo
	case n < 64:
		sticky := lo<<(64-n) != 0
		lo = lo>>n | hi<<(64-n)
		hi >>= n
		if sticky {
			lo |= 1
		}
		return hi, lo
	case n < 128:
		sticky := lo != 0 || hi<<(128-n) != 0
		lo = hi >> (n - 64)
		if sticky {
			lo |= 1
		}
		return 0, lo
	default:
		if hi|lo != 0 {
			return 0, 1
		}
		return 0, 0
	}
}
