package sem

import (
	"math/bits"
	"testing"
)

// Bit-by-bit references written from the [Bitmanip] Sail loops.

func bit(x uint64, i uint) uint64 { return x >> i & 1 }

func brev8Ref(x uint64) uint64 {
	var r uint64
	for i := uint(0); i < 64; i += 8 {
		for j := uint(0); j < 8; j++ {
			r |= bit(x, i+7-j) << (i + j)
		}
	}
	return r
}

func orcbRef(x uint64) uint64 {
	var r uint64
	for i := uint(0); i < 64; i += 8 {
		if x>>i&0xff != 0 {
			r |= 0xff << i
		}
	}
	return r
}

func zipRef(x uint32) uint32 {
	var r uint64
	for i := uint(0); i < 16; i++ {
		r |= bit(uint64(x), i) << (2 * i)
		r |= bit(uint64(x), i+16) << (2*i + 1)
	}
	return uint32(r)
}

func unzipRef(x uint32) uint32 {
	var r uint64
	for i := uint(0); i < 16; i++ {
		r |= bit(uint64(x), 2*i) << i
		r |= bit(uint64(x), 2*i+1) << (i + 16)
	}
	return uint32(r)
}

func TestBrev8(t *testing.T) {
	values64(t, 10000, func(x uint64) {
		if got, want := Brev8(x), brev8Ref(x); got != want {
			t.Fatalf("Brev8(%#x) = %#x, want %#x", x, got, want)
		}
		// brev8 is rev8 (byte swap) composed with a full bit reversal.
		if got, want := Brev8(x), bits.ReverseBytes64(bits.Reverse64(x)); got != want {
			t.Fatalf("Brev8(%#x) = %#x, want %#x", x, got, want)
		}
		if Brev8(Brev8(x)) != x {
			t.Fatalf("Brev8 not an involution at %#x", x)
		}
	})
	if got := Brev8(0x0102040810204080); got != 0x8040201008040201 {
		t.Errorf("Brev8 = %#x", got)
	}
}

func TestOrcB(t *testing.T) {
	values64(t, 10000, func(x uint64) {
		if got, want := OrcB(x), orcbRef(x); got != want {
			t.Fatalf("OrcB(%#x) = %#x, want %#x", x, got, want)
		}
	})
	// Every single-bit and every single-byte pattern.
	for i := uint(0); i < 64; i++ {
		if got, want := OrcB(1<<i), uint64(0xff)<<(i&^7); got != want {
			t.Fatalf("OrcB(1<<%d) = %#x, want %#x", i, got, want)
		}
	}
	for b := uint64(0); b < 256; b++ {
		for i := uint(0); i < 64; i += 8 {
			x := b<<i | 0x0100000000000001&^(0xff<<i)
			if got, want := OrcB(x), orcbRef(x); got != want {
				t.Fatalf("OrcB(%#x) = %#x, want %#x", x, got, want)
			}
		}
	}
}

func TestZipUnzip(t *testing.T) {
	values64(t, 10000, func(x64 uint64) {
		for _, x := range []uint32{uint32(x64), uint32(x64 >> 32)} {
			if got, want := Zip32(x), zipRef(x); got != want {
				t.Fatalf("Zip32(%#x) = %#x, want %#x", x, got, want)
			}
			if got, want := Unzip32(x), unzipRef(x); got != want {
				t.Fatalf("Unzip32(%#x) = %#x, want %#x", x, got, want)
			}
			if Unzip32(Zip32(x)) != x || Zip32(Unzip32(x)) != x {
				t.Fatalf("zip/unzip not inverse at %#x", x)
			}
		}
	})
	// Low half to even bits, high half to odd bits.
	if got := Zip32(0x0000ffff); got != 0x55555555 {
		t.Errorf("Zip32(0x0000ffff) = %#x", got)
	}
	if got := Zip32(0xffff0000); got != 0xaaaaaaaa {
		t.Errorf("Zip32(0xffff0000) = %#x", got)
	}
	if got := Unzip32(0xaaaaaaaa); got != 0xffff0000 {
		t.Errorf("Unzip32(0xaaaaaaaa) = %#x", got)
	}
}

func TestPack(t *testing.T) {
	pairs64(t, 1000, func(a, b uint64) {
		// Built bit by bit from the Sail: hi_half @ lo_half.
		var want64 uint64
		for i := uint(0); i < 32; i++ {
			want64 |= bit(a, i)<<i | bit(b, i)<<(i+32)
		}
		if got := Pack64(a, b); got != want64 {
			t.Fatalf("Pack64(%#x, %#x) = %#x, want %#x", a, b, got, want64)
		}
		var want32 uint32
		for i := uint(0); i < 16; i++ {
			want32 |= uint32(bit(a, i)<<i | bit(b, i)<<(i+16))
		}
		if got := Pack32(uint32(a), uint32(b)); got != want32 {
			t.Fatalf("Pack32(%#x, %#x) = %#x, want %#x", a, b, got, want32)
		}
		var wanth uint64
		for i := uint(0); i < 8; i++ {
			wanth |= bit(a, i)<<i | bit(b, i)<<(i+8)
		}
		if got := Packh(a, b); got != wanth {
			t.Fatalf("Packh(%#x, %#x) = %#x, want %#x", a, b, got, wanth)
		}
		wantw := uint64(want32)
		if want32&0x80000000 != 0 {
			wantw |= 0xffffffff00000000
		}
		if got := Packw(a, b); got != wantw {
			t.Fatalf("Packw(%#x, %#x) = %#x, want %#x", a, b, got, wantw)
		}
	})
	if got := Packw(0x1234, 0x8000); got != 0xffffffff80001234 {
		t.Errorf("Packw sign extension: %#x", got)
	}
	if got := Packw(0xffffffffffff1234, 0xffffffffffff7fff); got != 0x7fff1234 {
		t.Errorf("Packw upper bits: %#x", got)
	}
}
