package softfloat

// Comparisons, min/max, classification and sign injection, on bit
// patterns. They never round; only signalling NaNs (and, for Lt/Le, any
// NaN) raise NV.

// orderKey maps a non-NaN bit pattern of a format with sign bit `sign` to
// an integer ordered as the values are, with -0 and +0 equal.
func orderKey(x, sign uint64) int64 {
	if x&sign != 0 {
		return -int64(x &^ sign)
	}
	return int64(x)
}

func (f *format) isNaN(x uint64) bool { return x&^f.signBit > f.inf }

func (f *format) isSNaN(x uint64) bool {
	return f.isNaN(x) && x&(1<<(f.fracBits-1)) == 0
}

func (f *format) eq(a, b uint64) (bool, Flags) {
	if f.isNaN(a) || f.isNaN(b) {
		if f.isSNaN(a) || f.isSNaN(b) {
			return false, NV
		}
		return false, 0
	}
	return orderKey(a, f.signBit) == orderKey(b, f.signBit), 0
}

func (f *format) lt(a, b uint64) (bool, Flags) {
	if f.isNaN(a) || f.isNaN(b) {
		return false, NV
	}
	return orderKey(a, f.signBit) < orderKey(b, f.signBit), 0
}

func (f *format) le(a, b uint64) (bool, Flags) {
	if f.isNaN(a) || f.isNaN(b) {
		return false, NV
	}
	return orderKey(a, f.signBit) <= orderKey(b, f.signBit), 0
}

// minMax implements fmin/fmax: IEEE 754-2019 minimumNumber/maximumNumber,
// where -0 < +0, a single NaN operand yields the other operand and two
// yield the canonical NaN; NV only for signalling NaNs.
func (f *format) minMax(a, b uint64, max bool) (uint64, Flags) {
	an, bn := f.isNaN(a), f.isNaN(b)
	if an || bn {
		var fl Flags
		if f.isSNaN(a) || f.isSNaN(b) {
			fl = NV
		}
		switch {
		case an && bn:
			return f.qnan, fl
		case an:
			return b, fl
		default:
			return a, fl
		}
	}
	ka, kb := orderKey(a, f.signBit), orderKey(b, f.signBit)
	if ka == kb { // equal values, or -0 and +0: pick by sign
		if (a&f.signBit != 0) != max {
			return a, 0
		}
		return b, 0
	}
	if (ka < kb) != max {
		return a, 0
	}
	return b, 0
}

// Classes as fclass reports them, one bit each ([RV] "Single-Precision
// Floating-Point Classify Instruction").
const (
	ClassNegInf       = 1 << 0
	ClassNegNormal    = 1 << 1
	ClassNegSubnormal = 1 << 2
	ClassNegZero      = 1 << 3
	ClassPosZero      = 1 << 4
	ClassPosSubnormal = 1 << 5
	ClassPosNormal    = 1 << 6
	ClassPosInf       = 1 << 7
	ClassSNaN         = 1 << 8
	ClassQNaN         = 1 << 9
)

func (f *format) classify(x uint64) uint32 {
	neg := x&f.signBit != 0
	e, frac := x&f.expMask, x&f.fracMask
	pick := func(n, p uint32) uint32 {
		if neg {
			return n
		}
		return p
	}
	switch {
	case e == f.expMask && frac == 0:
		return pick(ClassNegInf, ClassPosInf)
	case e == f.expMask && frac>>(f.fracBits-1) != 0:
		return ClassQNaN
	case e == f.expMask:
		return ClassSNaN
	case e == 0 && frac == 0:
		return pick(ClassNegZero, ClassPosZero)
	case e == 0:
		return pick(ClassNegSubnormal, ClassPosSubnormal)
	default:
		return pick(ClassNegNormal, ClassPosNormal)
	}
}

// F32Eq is feq.s: a == b, quiet (NV only for a signalling NaN).
func F32Eq(a, b uint32) (bool, Flags) { return fmt32.eq(uint64(a), uint64(b)) }

// F32Lt is flt.s: a < b, signalling (NV for any NaN).
func F32Lt(a, b uint32) (bool, Flags) { return fmt32.lt(uint64(a), uint64(b)) }

// F32Le is fle.s: a <= b, signalling (NV for any NaN).
func F32Le(a, b uint32) (bool, Flags) { return fmt32.le(uint64(a), uint64(b)) }

// F32Min is fmin.s.
func F32Min(a, b uint32) (uint32, Flags) {
	r, fl := fmt32.minMax(uint64(a), uint64(b), false)
	return uint32(r), fl
}

// F32Max is fmax.s.
func F32Max(a, b uint32) (uint32, Flags) {
	r, fl := fmt32.minMax(uint64(a), uint64(b), true)
	return uint32(r), fl
}

// F32Classify is fclass.s: exactly one of the Class bits.
func F32Classify(a uint32) uint32 { return fmt32.classify(uint64(a)) }

// F32Sgnj is fsgnj.s: a's magnitude with b's sign.
func F32Sgnj(a, b uint32) uint32 { return a&^(1<<31) | b&(1<<31) }

// F32Sgnjn is fsgnjn.s: a's magnitude with the opposite of b's sign.
func F32Sgnjn(a, b uint32) uint32 { return a&^(1<<31) | ^b&(1<<31) }

// F32Sgnjx is fsgnjx.s: a with its sign xored with b's.
func F32Sgnjx(a, b uint32) uint32 { return a ^ b&(1<<31) }

// F64Eq is feq.d: a == b, quiet (NV only for a signalling NaN).
func F64Eq(a, b uint64) (bool, Flags) { return fmt64.eq(a, b) }

// F64Lt is flt.d: a < b, signalling (NV for any NaN).
func F64Lt(a, b uint64) (bool, Flags) { return fmt64.lt(a, b) }

// F64Le is fle.d: a <= b, signalling (NV for any NaN).
func F64Le(a, b uint64) (bool, Flags) { return fmt64.le(a, b) }

// F64Min is fmin.d.
func F64Min(a, b uint64) (uint64, Flags) { return fmt64.minMax(a, b, false) }

// F64Max is fmax.d.
func F64Max(a, b uint64) (uint64, Flags) { return fmt64.minMax(a, b, true) }

// F64Classify is fclass.d: exactly one of the Class bits.
func F64Classify(a uint64) uint32 { return fmt64.classify(a) }

// F64Sgnj is fsgnj.d: a's magnitude with b's sign.
func F64Sgnj(a, b uint64) uint64 { return a&^(1<<63) | b&(1<<63) }

// F64Sgnjn is fsgnjn.d: a's magnitude with the opposite of b's sign.
func F64Sgnjn(a, b uint64) uint64 { return a&^(1<<63) | ^b&(1<<63) }

// F64Sgnjx is fsgnjx.d: a with its sign xored with b's.
func F64Sgnjx(a, b uint64) uint64 { return a ^ b&(1<<63) }
