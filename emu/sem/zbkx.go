package sem

// Crossbar permutations (Zbkx).
//
// [Crypto] §3.47 (xperm8) and §3.48 (xperm4) define, with lut = X(rs1):
//
//	xperm8_lookup(idx, lut) = (lut >> (idx @ 0b000))[7..0]
//	xperm4_lookup(idx, lut) = (lut >> (idx @ 0b00))[3..0]
//	foreach element i: result[i] = lookup(X(rs2)[i], X(rs1))
//
// An index that selects an element beyond XLEN shifts every bit out and
// yields 0. Go's shifts have the same property (a shift count of at least
// the operand width gives 0), so the lookups below are branch-free copies
// of the Sail helpers.

// Xperm8_64 implements xperm8 for XLEN=64: every byte of rs2 is replaced
// by the byte of rs1 it indexes, or by 0 if the index is 8 or more.
func Xperm8_64(rs1, rs2 uint64) uint64 {
	var r uint64
	for i := uint(0); i < 64; i += 8 {
		idx := uint(rs2>>i) & 0xff
		r |= (rs1 >> (idx << 3) & 0xff) << i
	}
	return r
}

// Xperm4_64 implements xperm4 for XLEN=64: every nibble of rs2 is replaced
// by the nibble of rs1 it indexes (all 16 indices are in range).
func Xperm4_64(rs1, rs2 uint64) uint64 {
	var r uint64
	for i := uint(0); i < 64; i += 4 {
		idx := uint(rs2>>i) & 0xf
		r |= (rs1 >> (idx << 2) & 0xf) << i
	}
	return r
}

// Xperm8_32 implements xperm8 for XLEN=32: every byte of rs2 is replaced
// by the byte of rs1 it indexes, or by 0 if the index is 4 or more.
func Xperm8_32(rs1, rs2 uint32) uint32 {
	var r uint32
	for i := uint(0); i < 32; i += 8 {
		idx := uint(rs2>>i) & 0xff
		r |= (rs1 >> (idx << 3) & 0xff) << i
	}
	return r
}

// Xperm4_32 implements xperm4 for XLEN=32: every nibble of rs2 is replaced
// by the nibble of rs1 it indexes, or by 0 if the index is 8 or more.
func Xperm4_32(rs1, rs2 uint32) uint32 {
	var r uint32
	for i := uint(0); i < 32; i += 4 {
		idx := uint(rs2>>i) & 0xf
		r |= (rs1 >> (idx << 2) & 0xf) << i
	}
	return r
}
