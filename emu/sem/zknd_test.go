package sem

import (
	"bytes"
	"crypto/aes"
	"encoding/binary"
	"math/bits"
	"testing"
)

// Sail transcriptions for the inverse direction (see zkne_test.go).

func sailMixColumnInv(x uint32) uint32 {
	s0, s1, s2, s3 := byte(x), byte(x>>8), byte(x>>16), byte(x>>24)
	g := sailGfmul
	b0 := g(s0, 0xE) ^ g(s1, 0xB) ^ g(s2, 0xD) ^ g(s3, 0x9)
	b1 := g(s0, 0x9) ^ g(s1, 0xE) ^ g(s2, 0xB) ^ g(s3, 0xD)
	b2 := g(s0, 0xD) ^ g(s1, 0x9) ^ g(s2, 0xE) ^ g(s3, 0xB)
	b3 := g(s0, 0xB) ^ g(s1, 0xD) ^ g(s2, 0x9) ^ g(s3, 0xE)
	return cat4(b3, b2, b1, b0)
}

func sailShiftRowsInv(rs2, rs1 uint64) uint64 {
	return cat8(getbyte(rs2, 3), getbyte(rs2, 6), getbyte(rs1, 1), getbyte(rs1, 4),
		getbyte(rs1, 7), getbyte(rs2, 2), getbyte(rs2, 5), getbyte(rs1, 0))
}

func sailAES64DSM(rs1, rs2 uint64) uint64 {
	sb := sailSboxEach(sailShiftRowsInv(rs2, rs1), &AESInvSBox)
	return uint64(sailMixColumnInv(uint32(sb>>32)))<<32 | uint64(sailMixColumnInv(uint32(sb)))
}

func sailAES32DSMI(rs1, rs2 uint32, bs uint) uint32 {
	shamt := bs * 8
	so := AESInvSBox[byte(rs2>>shamt)]
	mixed := cat4(sailGfmul(so, 0xb), sailGfmul(so, 0xd), sailGfmul(so, 0x9), sailGfmul(so, 0xe))
	return rs1 ^ bits.RotateLeft32(mixed, int(shamt))
}

func TestAESInvSBox(t *testing.T) {
	for x := range 256 {
		if AESInvSBox[AESSBox[x]] != byte(x) {
			t.Fatalf("AESInvSBox[AESSBox[%#x]] = %#x", x, AESInvSBox[AESSBox[x]])
		}
	}
	if AESInvSBox[0x00] != 0x52 || AESInvSBox[0xff] != 0x7d {
		t.Errorf("AESInvSBox spot values wrong")
	}
}

func TestAESInvMixColumn(t *testing.T) {
	values64(t, 20000, func(x uint64) {
		for _, c := range []uint32{uint32(x), uint32(x >> 32)} {
			if got, want := AESInvMixColumn(c), sailMixColumnInv(c); got != want {
				t.Fatalf("AESInvMixColumn(%#x) = %#x, want %#x", c, got, want)
			}
			if AESInvMixColumn(AESMixColumn(c)) != c || AESMixColumn(AESInvMixColumn(c)) != c {
				t.Fatalf("InvMixColumn is not the inverse of MixColumn at %#x", c)
			}
			if got, want := AESInvSubWord(c), cat4(AESInvSBox[byte(c>>24)], AESInvSBox[byte(c>>16)], AESInvSBox[byte(c>>8)], AESInvSBox[byte(c)]); got != want {
				t.Fatalf("AESInvSubWord(%#x) = %#x, want %#x", c, got, want)
			}
		}
	})
	if got := AESInvMixColumn(0xbca14d8e); got != 0x455313db {
		t.Errorf("AESInvMixColumn(8e4da1bc) = %#x", got)
	}
}

func TestAES32DecInstructions(t *testing.T) {
	pairs64(t, 5000, func(a, b uint64) {
		rs1, rs2 := uint32(a), uint32(b)
		for bs := uint(0); bs < 4; bs++ {
			if got, want := AES32DSMI(rs1, rs2, bs), sailAES32DSMI(rs1, rs2, bs); got != want {
				t.Fatalf("AES32DSMI(%#x, %#x, %d) = %#x, want %#x", rs1, rs2, bs, got, want)
			}
			want := rs1 ^ bits.RotateLeft32(uint32(AESInvSBox[byte(rs2>>(8*bs))]), int(8*bs))
			if got := AES32DSI(rs1, rs2, bs); got != want {
				t.Fatalf("AES32DSI(%#x, %#x, %d) = %#x, want %#x", rs1, rs2, bs, got, want)
			}
		}
	})
}

func TestAES64DecInstructions(t *testing.T) {
	pairs64(t, 5000, func(rs1, rs2 uint64) {
		if got, want := AES64InvShiftRows(rs1, rs2), sailShiftRowsInv(rs2, rs1); got != want {
			t.Fatalf("AES64InvShiftRows(%#x, %#x) = %#x, want %#x", rs1, rs2, got, want)
		}
		if got, want := AES64DS(rs1, rs2), sailSboxEach(sailShiftRowsInv(rs2, rs1), &AESInvSBox); got != want {
			t.Fatalf("AES64DS(%#x, %#x) = %#x, want %#x", rs1, rs2, got, want)
		}
		if got, want := AES64DSM(rs1, rs2), sailAES64DSM(rs1, rs2); got != want {
			t.Fatalf("AES64DSM(%#x, %#x) = %#x, want %#x", rs1, rs2, got, want)
		}
		want := uint64(sailMixColumnInv(uint32(rs1>>32)))<<32 | uint64(sailMixColumnInv(uint32(rs1)))
		if got := AES64IM(rs1); got != want {
			t.Fatalf("AES64IM(%#x) = %#x, want %#x", rs1, got, want)
		}
		st := AESStateFromRegs(rs1, rs2)
		lo, hi := AESStateToRegs(AESInvSubBytes(AESInvShiftRows(st)))
		if AES64DS(rs1, rs2) != lo || AES64DS(rs2, rs1) != hi {
			t.Fatalf("AES64DS disagrees with InvSubBytes(InvShiftRows(state))")
		}
		lo, hi = AESStateToRegs(AESInvMixColumns(AESInvSubBytes(AESInvShiftRows(st))))
		if AES64DSM(rs1, rs2) != lo || AES64DSM(rs2, rs1) != hi {
			t.Fatalf("AES64DSM disagrees with InvMixColumns(InvSubBytes(InvShiftRows(state)))")
		}
		if AESInvShiftRows(AESShiftRows(st)) != st || AESInvSubBytes(AESSubBytes(st)) != st ||
			AESInvMixColumns(AESMixColumns(st)) != st {
			t.Fatalf("state helpers are not inverses")
		}
	})
}

// aes64Decrypt is the FIPS-197 §5.3.5 equivalent inverse cipher built from
// aes64im (round-key transform) and aes64dsm/aes64ds.
func aes64Decrypt(rk []uint64, ct []byte) []byte {
	nr := len(rk)/2 - 1
	s0 := binary.LittleEndian.Uint64(ct[0:]) ^ rk[2*nr]
	s1 := binary.LittleEndian.Uint64(ct[8:]) ^ rk[2*nr+1]
	for r := nr - 1; r >= 1; r-- {
		s0, s1 = AES64DSM(s0, s1)^AES64IM(rk[2*r]), AES64DSM(s1, s0)^AES64IM(rk[2*r+1])
	}
	s0, s1 = AES64DS(s0, s1)^rk[0], AES64DS(s1, s0)^rk[1]
	pt := make([]byte, 16)
	binary.LittleEndian.PutUint64(pt[0:], s0)
	binary.LittleEndian.PutUint64(pt[8:], s1)
	return pt
}

// aes32InvMixColumn computes InvMixColumns of a round-key word with RV32
// instructions only: aes32esi applies the S-box, after which aes32dsmi's
// inverse S-box cancels it and leaves the InvMixColumns contributions.
func aes32InvMixColumn(x uint32) uint32 {
	s := aes32SubWord(x)
	var t uint32
	for bs := uint(0); bs < 4; bs++ {
		t = AES32DSMI(t, s, bs)
	}
	return t
}

func aes32Decrypt(w []uint32, ct []byte) []byte {
	nr := len(w)/4 - 1
	c := loadCols(ct)
	for j := range c {
		c[j] ^= w[4*nr+j]
	}
	for r := nr - 1; r >= 0; r-- {
		var n [4]uint32
		for j := range 4 {
			if r > 0 {
				n[j] = aes32InvMixColumn(w[4*r+j])
			} else {
				n[j] = w[j]
			}
			for row := uint(0); row < 4; row++ {
				// InvShiftRows: row `row` of output column j comes from
				// input column j-row.
				src := c[(j-int(row)+4)%4]
				if r > 0 {
					n[j] = AES32DSMI(n[j], src, row)
				} else {
					n[j] = AES32DSI(n[j], src, row)
				}
			}
		}
		c = n
	}
	return storeCols(c)
}

func TestAESDecryptFIPS197(t *testing.T) {
	for _, v := range fips197C {
		key, pt, ct := mustHex(t, v.key), mustHex(t, v.pt), mustHex(t, v.ct)
		if got := aes64Decrypt(aes64ExpandKey(t, key), ct); !bytes.Equal(got, pt) {
			t.Errorf("RV64 AES-%d: got %x, want %x", 8*len(key), got, pt)
		}
		if got := aes32Decrypt(aes32ExpandKey(key), ct); !bytes.Equal(got, pt) {
			t.Errorf("RV32 AES-%d: got %x, want %x", 8*len(key), got, pt)
		}
	}
}

func TestAESDecryptRandom(t *testing.T) {
	r := newRand(t)
	for _, klen := range []int{16, 24, 32} {
		for range 300 {
			key := make([]byte, klen)
			ct := make([]byte, 16)
			for i := range key {
				key[i] = byte(r.Uint32())
			}
			for i := range ct {
				ct[i] = byte(r.Uint32())
			}
			blk, err := aes.NewCipher(key)
			if err != nil {
				t.Fatal(err)
			}
			want := make([]byte, 16)
			blk.Decrypt(want, ct)
			if got := aes64Decrypt(aes64ExpandKey(t, key), ct); !bytes.Equal(got, want) {
				t.Fatalf("RV64 AES-%d key %x ct %x: got %x, want %x", 8*klen, key, ct, got, want)
			}
			if got := aes32Decrypt(aes32ExpandKey(key), ct); !bytes.Equal(got, want) {
				t.Fatalf("RV32 AES-%d key %x ct %x: got %x, want %x", 8*klen, key, ct, got, want)
			}
		}
	}
}

func BenchmarkAES64DSM(b *testing.B) {
	x, y := uint64(0x0123456789abcdef), uint64(0xfedcba9876543210)
	for b.Loop() {
		x, y = AES64DSM(x, y), x
	}
	sinkU64 = x ^ y
}

func BenchmarkAES64IM(b *testing.B) {
	x := uint64(0x0123456789abcdef)
	for b.Loop() {
		x = AES64IM(x)
	}
	sinkU64 = x
}
