package sem

import (
	"bytes"
	"crypto/aes"
	"encoding/binary"
	"math/bits"
	"testing"
)

// ---- Literal transcriptions of the [Crypto] Sail helpers, used as
// references for the optimised implementations. ----

func sailXt2(x byte) byte {
	if x&0x80 != 0 {
		return x<<1 ^ 0x1b
	}
	return x << 1
}

func sailXt3(x byte) byte { return x ^ sailXt2(x) }

func sailGfmul(x, y byte) byte {
	var r byte
	if y&1 != 0 {
		r ^= x
	}
	if y&2 != 0 {
		r ^= sailXt2(x)
	}
	if y&4 != 0 {
		r ^= sailXt2(sailXt2(x))
	}
	if y&8 != 0 {
		r ^= sailXt2(sailXt2(sailXt2(x)))
	}
	return r
}

func cat4(b3, b2, b1, b0 byte) uint32 {
	return uint32(b3)<<24 | uint32(b2)<<16 | uint32(b1)<<8 | uint32(b0)
}

func sailMixColumnFwd(x uint32) uint32 {
	s0, s1, s2, s3 := byte(x), byte(x>>8), byte(x>>16), byte(x>>24)
	b0 := sailXt2(s0) ^ sailXt3(s1) ^ s2 ^ s3
	b1 := s0 ^ sailXt2(s1) ^ sailXt3(s2) ^ s3
	b2 := s0 ^ s1 ^ sailXt2(s2) ^ sailXt3(s3)
	b3 := sailXt3(s0) ^ s1 ^ s2 ^ sailXt2(s3)
	return cat4(b3, b2, b1, b0)
}

func getbyte(x uint64, i uint) byte { return byte(x >> (8 * i)) }

func cat8(b ...byte) uint64 { // most significant first, as Sail's @
	var r uint64
	for _, v := range b {
		r = r<<8 | uint64(v)
	}
	return r
}

func sailShiftRowsFwd(rs2, rs1 uint64) uint64 {
	return cat8(getbyte(rs1, 3), getbyte(rs2, 6), getbyte(rs2, 1), getbyte(rs1, 4),
		getbyte(rs2, 7), getbyte(rs2, 2), getbyte(rs1, 5), getbyte(rs1, 0))
}

func sailSboxEach(x uint64, box *[256]byte) uint64 {
	var r uint64
	for i := uint(0); i < 64; i += 8 {
		r |= uint64(box[byte(x>>i)]) << i
	}
	return r
}

func sailAES64ESM(rs1, rs2 uint64) uint64 {
	sb := sailSboxEach(sailShiftRowsFwd(rs2, rs1), &AESSBox)
	return uint64(sailMixColumnFwd(uint32(sb>>32)))<<32 | uint64(sailMixColumnFwd(uint32(sb)))
}

func sailAES32ESMI(rs1, rs2 uint32, bs uint) uint32 {
	shamt := bs * 8
	si := byte(rs2 >> shamt)
	so := AESSBox[si]
	mixed := cat4(sailGfmul(so, 3), so, so, sailGfmul(so, 2))
	return rs1 ^ bits.RotateLeft32(mixed, int(shamt))
}

// gf256Inv is the multiplicative inverse in GF(2^8) (0 maps to 0), by
// exhaustive search with the Sail gfmul-style multiplication.
func gf256Inv(x byte) byte {
	if x == 0 {
		return 0
	}
	for y := 1; y < 256; y++ {
		if mulRef(x, byte(y)) == 1 {
			return byte(y)
		}
	}
	panic("no inverse")
}

func mulRef(a, b byte) byte {
	var p byte
	for i := 0; i < 8; i++ {
		if b>>i&1 != 0 {
			p ^= a
		}
		a = sailXt2(a)
	}
	return p
}

// ---- Tables and building blocks. ----

func TestAESSBox(t *testing.T) {
	for x := range 256 {
		// FIPS-197 §5.1.1: inverse in GF(2^8), then the affine map
		// b'_i = b_i ^ b_(i+4) ^ b_(i+5) ^ b_(i+6) ^ b_(i+7) ^ c_i, c = 0x63.
		b := gf256Inv(byte(x))
		want := b ^ bits.RotateLeft8(b, 1) ^ bits.RotateLeft8(b, 2) ^ bits.RotateLeft8(b, 3) ^ bits.RotateLeft8(b, 4) ^ 0x63
		if AESSBox[x] != want {
			t.Fatalf("AESSBox[%#x] = %#x, want %#x", x, AESSBox[x], want)
		}
	}
	// Values quoted in FIPS-197 §5.1.1 / Figure 7.
	if AESSBox[0x53] != 0xed || AESSBox[0x00] != 0x63 || AESSBox[0xff] != 0x16 {
		t.Errorf("AESSBox spot values wrong")
	}
}

func TestAESMixColumn(t *testing.T) {
	values64(t, 20000, func(x uint64) {
		for _, c := range []uint32{uint32(x), uint32(x >> 32)} {
			if got, want := AESMixColumn(c), sailMixColumnFwd(c); got != want {
				t.Fatalf("AESMixColumn(%#x) = %#x, want %#x", c, got, want)
			}
		}
	})
	// Well-known MixColumns test column db 13 53 45 -> 8e 4d a1 bc (row 0
	// first, i.e. in the low byte).
	if got := AESMixColumn(0x455313db); got != 0xbca14d8e {
		t.Errorf("AESMixColumn(db135345) = %#x", got)
	}
	if got := AESMixColumn(0x01010101); got != 0x01010101 {
		t.Errorf("AESMixColumn(01010101) = %#x", got)
	}
}

func TestAESSubWord(t *testing.T) {
	values64(t, 1000, func(x uint64) {
		w := uint32(x)
		want := cat4(AESSBox[byte(w>>24)], AESSBox[byte(w>>16)], AESSBox[byte(w>>8)], AESSBox[byte(w)])
		if got := AESSubWord(w); got != want {
			t.Fatalf("AESSubWord(%#x) = %#x, want %#x", w, got, want)
		}
	})
}

// ---- Instructions against the Sail transcriptions. ----

func TestAES32EncInstructions(t *testing.T) {
	pairs64(t, 5000, func(a, b uint64) {
		rs1, rs2 := uint32(a), uint32(b)
		for bs := uint(0); bs < 4; bs++ {
			if got, want := AES32ESMI(rs1, rs2, bs), sailAES32ESMI(rs1, rs2, bs); got != want {
				t.Fatalf("AES32ESMI(%#x, %#x, %d) = %#x, want %#x", rs1, rs2, bs, got, want)
			}
			want := rs1 ^ bits.RotateLeft32(uint32(AESSBox[byte(rs2>>(8*bs))]), int(8*bs))
			if got := AES32ESI(rs1, rs2, bs); got != want {
				t.Fatalf("AES32ESI(%#x, %#x, %d) = %#x, want %#x", rs1, rs2, bs, got, want)
			}
		}
	})
}

func TestAES64EncInstructions(t *testing.T) {
	pairs64(t, 5000, func(rs1, rs2 uint64) {
		if got, want := AES64ShiftRows(rs1, rs2), sailShiftRowsFwd(rs2, rs1); got != want {
			t.Fatalf("AES64ShiftRows(%#x, %#x) = %#x, want %#x", rs1, rs2, got, want)
		}
		if got, want := AES64ES(rs1, rs2), sailSboxEach(sailShiftRowsFwd(rs2, rs1), &AESSBox); got != want {
			t.Fatalf("AES64ES(%#x, %#x) = %#x, want %#x", rs1, rs2, got, want)
		}
		if got, want := AES64ESM(rs1, rs2), sailAES64ESM(rs1, rs2); got != want {
			t.Fatalf("AES64ESM(%#x, %#x) = %#x, want %#x", rs1, rs2, got, want)
		}
		// The same through the FIPS-197 state helpers: {rs1, rs2} is the
		// whole state; (rs1, rs2) gives columns 0-1, (rs2, rs1) columns 2-3.
		st := AESStateFromRegs(rs1, rs2)
		lo, hi := AESStateToRegs(AESSubBytes(AESShiftRows(st)))
		if AES64ES(rs1, rs2) != lo || AES64ES(rs2, rs1) != hi {
			t.Fatalf("AES64ES disagrees with SubBytes(ShiftRows(state))")
		}
		lo, hi = AESStateToRegs(AESMixColumns(AESSubBytes(AESShiftRows(st))))
		if AES64ESM(rs1, rs2) != lo || AES64ESM(rs2, rs1) != hi {
			t.Fatalf("AES64ESM disagrees with MixColumns(SubBytes(ShiftRows(state)))")
		}
	})
}

func TestAESStateHelpers(t *testing.T) {
	var id [16]byte
	for i := range id {
		id[i] = byte(i)
	}
	// FIPS-197 §5.1.2 Figure 8: row r rotates left by r.
	want := [16]byte{0, 5, 10, 15, 4, 9, 14, 3, 8, 13, 2, 7, 12, 1, 6, 11}
	if got := AESShiftRows(id); got != want {
		t.Errorf("AESShiftRows = %v, want %v", got, want)
	}
	if rs1, rs2 := AESStateToRegs(id); rs1 != 0x0706050403020100 || rs2 != 0x0f0e0d0c0b0a0908 {
		t.Errorf("AESStateToRegs = %#x, %#x", rs1, rs2)
	}
	if AESStateFromRegs(AESStateToRegs(id)) != id {
		t.Errorf("state/register round trip")
	}
}

func TestAES64KS(t *testing.T) {
	values64(t, 2000, func(rs1 uint64) {
		w := uint32(rs1 >> 32)
		rc := byte(1)
		for rnum := uint(0); rnum < 10; rnum++ {
			got, ok := AES64KS1I(rs1, rnum)
			t1 := AESSubWord(bits.RotateLeft32(w, -8)) ^ uint32(rc)
			if !ok || got != uint64(t1)<<32|uint64(t1) {
				t.Fatalf("AES64KS1I(%#x, %d) = %#x, %v", rs1, rnum, got, ok)
			}
			rc = sailXt2(rc)
		}
		got, ok := AES64KS1I(rs1, 0xA)
		if t1 := AESSubWord(w); !ok || got != uint64(t1)<<32|uint64(t1) {
			t.Fatalf("AES64KS1I(%#x, 0xA) = %#x, %v", rs1, got, ok)
		}
		for rnum := uint(0xB); rnum <= 0x10; rnum++ {
			if _, ok := AES64KS1I(rs1, rnum); ok {
				t.Fatalf("AES64KS1I rnum %#x accepted", rnum)
			}
		}
	})
	pairs64(t, 2000, func(rs1, rs2 uint64) {
		w0 := uint32(rs1>>32) ^ uint32(rs2)
		w1 := uint32(rs1>>32) ^ uint32(rs2) ^ uint32(rs2>>32)
		if got := AES64KS2(rs1, rs2); got != uint64(w1)<<32|uint64(w0) {
			t.Fatalf("AES64KS2(%#x, %#x) = %#x", rs1, rs2, got)
		}
	})
}

// ---- Complete AES built only from the RV64 instructions. ----

func ks1i(t testing.TB, rs1 uint64, rnum uint) uint64 {
	t.Helper()
	r, ok := AES64KS1I(rs1, rnum)
	if !ok {
		t.Fatalf("AES64KS1I rejected rnum %d", rnum)
	}
	return r
}

// aes64ExpandKey returns the 2*(Nr+1) round-key registers (low, high half
// of each round key) for a 16, 24 or 32 byte key, using aes64ks1i/aes64ks2
// as the spec intends.
func aes64ExpandKey(t testing.TB, key []byte) []uint64 {
	t.Helper()
	nk := len(key) / 4
	nr := nk + 6
	var k []uint64
	for i := 0; i < len(key); i += 8 {
		k = append(k, binary.LittleEndian.Uint64(key[i:]))
	}
	for rnum := uint(0); len(k) < 2*(nr+1); rnum++ {
		n := len(k)
		switch nk {
		case 4:
			a := AES64KS2(ks1i(t, k[n-1], rnum), k[n-2])
			b := AES64KS2(a, k[n-1])
			k = append(k, a, b)
		case 6:
			a := AES64KS2(ks1i(t, k[n-1], rnum), k[n-3])
			b := AES64KS2(a, k[n-2])
			c := AES64KS2(b, k[n-1])
			k = append(k, a, b, c)
		case 8:
			a := AES64KS2(ks1i(t, k[n-1], rnum), k[n-4])
			b := AES64KS2(a, k[n-3])
			c := AES64KS2(ks1i(t, b, 0xA), k[n-2]) // SubWord only
			d := AES64KS2(c, k[n-1])
			k = append(k, a, b, c, d)
		default:
			t.Fatalf("bad key length %d", len(key))
		}
	}
	return k[:2*(nr+1)]
}

func aes64Encrypt(rk []uint64, pt []byte) []byte {
	nr := len(rk)/2 - 1
	s0 := binary.LittleEndian.Uint64(pt[0:]) ^ rk[0]
	s1 := binary.LittleEndian.Uint64(pt[8:]) ^ rk[1]
	for r := 1; r < nr; r++ {
		s0, s1 = AES64ESM(s0, s1)^rk[2*r], AES64ESM(s1, s0)^rk[2*r+1]
	}
	s0, s1 = AES64ES(s0, s1)^rk[2*nr], AES64ES(s1, s0)^rk[2*nr+1]
	ct := make([]byte, 16)
	binary.LittleEndian.PutUint64(ct[0:], s0)
	binary.LittleEndian.PutUint64(ct[8:], s1)
	return ct
}

// ---- Complete AES encryption built only from the RV32 instructions. ----

// aes32SubWord is SubWord computed with four aes32esi, as in the
// specification's RV32 key-schedule usage.
func aes32SubWord(x uint32) uint32 {
	var t uint32
	for bs := uint(0); bs < 4; bs++ {
		t = AES32ESI(t, x, bs)
	}
	return t
}

// aes32ExpandKey is the FIPS-197 §5.2 key expansion over little-endian
// words (byte 0 of each word in the low bits), with SubWord from aes32esi.
func aes32ExpandKey(key []byte) []uint32 {
	nk := len(key) / 4
	nr := nk + 6
	w := make([]uint32, 4*(nr+1))
	for i := range nk {
		w[i] = binary.LittleEndian.Uint32(key[4*i:])
	}
	rc := byte(1)
	for i := nk; i < len(w); i++ {
		tmp := w[i-1]
		switch {
		case i%nk == 0:
			tmp = aes32SubWord(bits.RotateLeft32(tmp, -8)) ^ uint32(rc) // RotWord
			rc = sailXt2(rc)
		case nk > 6 && i%nk == 4:
			tmp = aes32SubWord(tmp)
		}
		w[i] = w[i-nk] ^ tmp
	}
	return w
}

func loadCols(b []byte) (c [4]uint32) {
	for j := range c {
		c[j] = binary.LittleEndian.Uint32(b[4*j:])
	}
	return c
}

func storeCols(c [4]uint32) []byte {
	b := make([]byte, 16)
	for j := range c {
		binary.LittleEndian.PutUint32(b[4*j:], c[j])
	}
	return b
}

func aes32Encrypt(w []uint32, pt []byte) []byte {
	nr := len(w)/4 - 1
	c := loadCols(pt)
	for j := range c {
		c[j] ^= w[j]
	}
	for r := 1; r <= nr; r++ {
		var n [4]uint32
		for j := range 4 {
			n[j] = w[4*r+j]
			for row := uint(0); row < 4; row++ {
				// ShiftRows: row `row` of output column j comes from
				// input column j+row.
				src := c[(j+int(row))%4]
				if r < nr {
					n[j] = AES32ESMI(n[j], src, row)
				} else {
					n[j] = AES32ESI(n[j], src, row)
				}
			}
		}
		c = n
	}
	return storeCols(c)
}

// ---- Vectors. ----

type aesVector struct{ key, pt, ct string }

// FIPS-197 Appendix C.1-C.3.
var fips197C = []aesVector{
	{"000102030405060708090a0b0c0d0e0f", "00112233445566778899aabbccddeeff", "69c4e0d86a7b0430d8cdb78070b4c55a"},
	{"000102030405060708090a0b0c0d0e0f1011121314151617", "00112233445566778899aabbccddeeff", "dda97ca4864cdfe06eaf70a0ec0d7191"},
	{"000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f", "00112233445566778899aabbccddeeff", "8ea2b7ca516745bfeafc49904b496089"},
}

func TestAESKeyExpansionFIPS197AppendixA(t *testing.T) {
	for _, tc := range []struct{ key, last string }{
		// A.1: w40..w43; A.3: w56..w59.
		{"2b7e151628aed2a6abf7158809cf4f3c", "d014f9a8c9ee2589e13f0cc8b6630ca6"},
		{"603deb1015ca71be2b73aef0857d77811f352c073b6108d72d9810a30914dff4", "fe4890d1e6188d0b046df344706c631e"},
	} {
		key, last := mustHex(t, tc.key), mustHex(t, tc.last)
		rk := aes64ExpandKey(t, key)
		got := AESStateFromRegs(rk[len(rk)-2], rk[len(rk)-1])
		if !bytes.Equal(got[:], last) {
			t.Errorf("RV64 last round key for %s = %x, want %x", tc.key, got, last)
		}
		w := aes32ExpandKey(key)
		if got := storeCols([4]uint32(w[len(w)-4:])); !bytes.Equal(got, last) {
			t.Errorf("RV32 last round key for %s = %x, want %x", tc.key, got, last)
		}
	}
}

func TestAESEncryptFIPS197(t *testing.T) {
	for _, v := range fips197C {
		key, pt, ct := mustHex(t, v.key), mustHex(t, v.pt), mustHex(t, v.ct)
		if got := aes64Encrypt(aes64ExpandKey(t, key), pt); !bytes.Equal(got, ct) {
			t.Errorf("RV64 AES-%d: got %x, want %x", 8*len(key), got, ct)
		}
		if got := aes32Encrypt(aes32ExpandKey(key), pt); !bytes.Equal(got, ct) {
			t.Errorf("RV32 AES-%d: got %x, want %x", 8*len(key), got, ct)
		}
	}
}

func TestAESEncryptRandom(t *testing.T) {
	r := newRand(t)
	for _, klen := range []int{16, 24, 32} {
		for range 300 {
			key := make([]byte, klen)
			pt := make([]byte, 16)
			for i := range key {
				key[i] = byte(r.Uint32())
			}
			for i := range pt {
				pt[i] = byte(r.Uint32())
			}
			blk, err := aes.NewCipher(key)
			if err != nil {
				t.Fatal(err)
			}
			want := make([]byte, 16)
			blk.Encrypt(want, pt)
			if got := aes64Encrypt(aes64ExpandKey(t, key), pt); !bytes.Equal(got, want) {
				t.Fatalf("RV64 AES-%d key %x pt %x: got %x, want %x", 8*klen, key, pt, got, want)
			}
			if got := aes32Encrypt(aes32ExpandKey(key), pt); !bytes.Equal(got, want) {
				t.Fatalf("RV32 AES-%d key %x pt %x: got %x, want %x", 8*klen, key, pt, got, want)
			}
		}
	}
}

var sinkU32 uint32

func BenchmarkAES64ESM(b *testing.B) {
	x, y := uint64(0x0123456789abcdef), uint64(0xfedcba9876543210)
	for b.Loop() {
		x, y = AES64ESM(x, y), x
	}
	sinkU64 = x ^ y
}

func BenchmarkAES64ES(b *testing.B) {
	x, y := uint64(0x0123456789abcdef), uint64(0xfedcba9876543210)
	for b.Loop() {
		x, y = AES64ES(x, y), x
	}
	sinkU64 = x ^ y
}

func BenchmarkAES32ESMI(b *testing.B) {
	x, y := uint32(0x01234567), uint32(0x89abcdef)
	for b.Loop() {
		x, y = AES32ESMI(y, x, 1), x
	}
	sinkU32 = x ^ y
}
