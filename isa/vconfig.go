package isa

// VConfig is a vector configuration in one word: vl, SEW in bits and LMUL×8. The emulator's
// retired-instruction batches carry one per instruction, so that the cost model times a
// vector instruction with the configuration it ran under without the batch ending at it.
// vl takes the bits from 16 up (VLEN 65536 at SEW 8, LMUL 8 is 2^16 elements), SEW and
// LMUL×8 (at most 64 each) a byte each.
type VConfig uint64

// MakeVConfig packs vl, sew and lmul8.
func MakeVConfig(vl uint64, sew, lmul8 int) VConfig {
	return VConfig(vl<<16 | uint64(sew&0xff)<<8 | uint64(lmul8&0xff))
}

// VL is the vector length.
func (c VConfig) VL() int { return int(c >> 16) }

// SEW is the element width in bits.
func (c VConfig) SEW() int { return int(c >> 8 & 0xff) }

// LMUL8 is LMUL×8: 1 (mf8) to 64 (m8).
func (c VConfig) LMUL8() int { return int(c & 0xff) }
