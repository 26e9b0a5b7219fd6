package sem

import (
	"math/bits"
	"testing"
)

// The Sail loops of [Bitmanip] clmul/clmulh/clmulr, for XLEN 64 and 32.

func clmulRef(a, b uint64, xlen uint) uint64 {
	mask := uint64(1)<<xlen - 1
	if xlen == 64 {
		mask = ^uint64(0)
	}
	var out uint64
	for i := uint(0); i <= xlen-1; i++ {
		if b>>i&1 != 0 {
			out ^= a << i
		}
	}
	return out & mask
}

func clmulhRef(a, b uint64, xlen uint) uint64 {
	var out uint64
	for i := uint(1); i <= xlen; i++ {
		if b>>i&1 != 0 { // i == xlen tests a bit beyond rs2: always 0
			out ^= a >> (xlen - i)
		}
	}
	return out
}

func clmulrRef(a, b uint64, xlen uint) uint64 {
	var out uint64
	for i := uint(0); i <= xlen-1; i++ {
		if b>>i&1 != 0 {
			out ^= a >> (xlen - i - 1)
		}
	}
	return out
}

func TestClmul64(t *testing.T) {
	pairs64(t, 20000, func(a, b uint64) {
		if got, want := Clmul64(a, b), clmulRef(a, b, 64); got != want {
			t.Fatalf("Clmul64(%#x, %#x) = %#x, want %#x", a, b, got, want)
		}
		if got, want := Clmulh64(a, b), clmulhRef(a, b, 64); got != want {
			t.Fatalf("Clmulh64(%#x, %#x) = %#x, want %#x", a, b, got, want)
		}
		if got, want := Clmulr64(a, b), clmulrRef(a, b, 64); got != want {
			t.Fatalf("Clmulr64(%#x, %#x) = %#x, want %#x", a, b, got, want)
		}
		// clmulr is clmul on bit-reversed operands, bit-reversed ([Bitmanip] note).
		if got, want := Clmulr64(a, b), bits.Reverse64(Clmul64(bits.Reverse64(a), bits.Reverse64(b))); got != want {
			t.Fatalf("Clmulr64(%#x, %#x) = %#x, want reversed clmul %#x", a, b, got, want)
		}
		if Clmul64(a, b) != Clmul64(b, a) || Clmulh64(a, b) != Clmulh64(b, a) {
			t.Fatalf("clmul not commutative at %#x, %#x", a, b)
		}
	})
	// (x+1)^2 = x^2+1; all-ones squared is the alternating pattern.
	if got := Clmul64(3, 3); got != 5 {
		t.Errorf("Clmul64(3,3) = %#x", got)
	}
	if hi, lo := Clmulh64(^uint64(0), ^uint64(0)), Clmul64(^uint64(0), ^uint64(0)); hi != 0x5555555555555555 || lo != 0x5555555555555555 {
		t.Errorf("clmul(-1,-1) = %#x:%#x", hi, lo)
	}
	if got := Clmulh64(1<<63, 1<<63); got != 1<<62 {
		t.Errorf("Clmulh64(2^63, 2^63) = %#x", got)
	}
}

func TestClmul32(t *testing.T) {
	pairs64(t, 20000, func(a64, b64 uint64) {
		for _, ab := range [][2]uint32{{uint32(a64), uint32(b64)}, {uint32(a64 >> 32), uint32(b64)}} {
			a, b := ab[0], ab[1]
			if got, want := Clmul32(a, b), uint32(clmulRef(uint64(a), uint64(b), 32)); got != want {
				t.Fatalf("Clmul32(%#x, %#x) = %#x, want %#x", a, b, got, want)
			}
			if got, want := Clmulh32(a, b), uint32(clmulhRef(uint64(a), uint64(b), 32)); got != want {
				t.Fatalf("Clmulh32(%#x, %#x) = %#x, want %#x", a, b, got, want)
			}
			if got, want := Clmulr32(a, b), uint32(clmulrRef(uint64(a), uint64(b), 32)); got != want {
				t.Fatalf("Clmulr32(%#x, %#x) = %#x, want %#x", a, b, got, want)
			}
			// A 32x32 product fits in the low 64 bits of the 64-bit clmul.
			full := Clmul64(uint64(a), uint64(b))
			if got := uint64(Clmulh32(a, b))<<32 | uint64(Clmul32(a, b)); got != full {
				t.Fatalf("clmul32 pair %#x != Clmul64 %#x for %#x, %#x", got, full, a, b)
			}
			if Clmulh64(uint64(a), uint64(b)) != 0 {
				t.Fatalf("Clmulh64 of 32-bit operands non-zero")
			}
			if got := Clmulr32(a, b); got != uint32(full>>31) {
				t.Fatalf("Clmulr32(%#x, %#x) = %#x, want %#x", a, b, got, uint32(full>>31))
			}
		}
	})
}

var sinkU64 uint64

func BenchmarkClmul64(b *testing.B) {
	x, y := uint64(0x0123456789abcdef), uint64(0xfedcba9876543210)
	for b.Loop() {
		x = Clmul64(x, y) ^ y
	}
	sinkU64 = x
}

func BenchmarkClmulh64(b *testing.B) {
	x, y := uint64(0x0123456789abcdef), uint64(0xfedcba9876543210)
	for b.Loop() {
		x = Clmulh64(x, y) ^ y
	}
	sinkU64 = x
}

func BenchmarkClmul32(b *testing.B) {
	x, y := uint32(0x01234567), uint32(0x89abcdef)
	for b.Loop() {
		x = Clmul32(x, y) ^ y
	}
	sinkU64 = uint64(x)
}

func BenchmarkClmul64Ref(b *testing.B) {
	x, y := uint64(0x0123456789abcdef), uint64(0xfedcba9876543210)
	for b.Loop() {
		x = clmulRef(x, y, 64) ^ y
	}
	sinkU64 = x
}
