package sem

import "testing"

// Element-by-element references of the [Crypto] §3.47/§3.48 xperm8/xperm4
// Sail code, with the out-of-range case written out explicitly.

func xpermRef(rs1, rs2 uint64, xlen, w uint) uint64 {
	n := xlen / w // number of elements
	mask := uint64(1)<<w - 1
	var r uint64
	for i := uint(0); i < n; i++ {
		idx := rs2 >> (i * w) & mask
		var e uint64
		if idx < uint64(n) {
			e = rs1 >> (uint(idx) * w) & mask
		}
		r |= e << (i * w)
	}
	return r
}

func TestXperm(t *testing.T) {
	check := func(a, b uint64) {
		if got, want := Xperm8_64(a, b), xpermRef(a, b, 64, 8); got != want {
			t.Fatalf("Xperm8_64(%#x, %#x) = %#x, want %#x", a, b, got, want)
		}
		if got, want := Xperm4_64(a, b), xpermRef(a, b, 64, 4); got != want {
			t.Fatalf("Xperm4_64(%#x, %#x) = %#x, want %#x", a, b, got, want)
		}
		a32, b32 := uint32(a), uint32(b)
		if got, want := Xperm8_32(a32, b32), uint32(xpermRef(uint64(a32), uint64(b32), 32, 8)); got != want {
			t.Fatalf("Xperm8_32(%#x, %#x) = %#x, want %#x", a32, b32, got, want)
		}
		if got, want := Xperm4_32(a32, b32), uint32(xpermRef(uint64(a32), uint64(b32), 32, 4)); got != want {
			t.Fatalf("Xperm4_32(%#x, %#x) = %#x, want %#x", a32, b32, got, want)
		}
	}
	pairs64(t, 20000, check)
	// Random lookup tables with indices mostly in range.
	r := newRand(t)
	for range 20000 {
		a := r.Uint64()
		check(a, r.Uint64()&0x0707070707070707)
		check(a, r.Uint64()&0x0303030303030303|r.Uint64()&0x0404040404040404)
	}

	const lut = 0x0f0e0d0c0b0a0908
	// Identity and reversal permutations.
	if got := Xperm8_64(lut, 0x0706050403020100); got != lut {
		t.Errorf("xperm8 identity = %#x", got)
	}
	if got := Xperm8_64(lut, 0x0001020304050607); got != 0x08090a0b0c0d0e0f {
		t.Errorf("xperm8 reverse = %#x", got)
	}
	if got := Xperm4_64(0xfedcba9876543210, 0x0123456789abcdef); got != 0x0123456789abcdef {
		t.Errorf("xperm4 identity lut = %#x", got)
	}
	// Out-of-range indices give 0: 8 and 0xff for xperm8 on RV64, 4 on
	// RV32, nibble 8..f for xperm4 on RV32.
	if got := Xperm8_64(^uint64(0), 0x08ff4020100f0908); got != 0 {
		t.Errorf("xperm8 out of range = %#x", got)
	}
	if got := Xperm8_64(lut, 0x0800000000000007); got != 0x000808080808080f {
		t.Errorf("xperm8 mixed = %#x", got)
	}
	if got := Xperm8_32(0xddccbbaa, 0x04030201); got != 0x00ddccbb {
		t.Errorf("xperm8_32 = %#x", got)
	}
	if got := Xperm4_32(0x76543210, 0x8f7a1234); got != 0x00701234 {
		t.Errorf("xperm4_32 = %#x", got)
	}
	// xperm4 on RV64 has no out-of-range index.
	if got := Xperm4_64(0xf000000000000000, 0xffff); got != 0xffff {
		t.Errorf("xperm4 index 15 = %#x", got)
	}
}

func BenchmarkXperm8_64(b *testing.B) {
	x, y := uint64(0x0123456789abcdef), uint64(0x0706050403020100)
	for b.Loop() {
		x = Xperm8_64(x, y)
	}
	sinkU64 = x
}
