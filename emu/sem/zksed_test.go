package sem

import (
	"bytes"
	"encoding/binary"
	"math/bits"
	"testing"

	"github.com/emmansun/gmsm/sm4"
)

// GB/T 32907-2016 §7.3 linear transforms, in the standard (big-endian
// word) frame.
func sm4L(b uint32) uint32 {
	return b ^ bits.RotateLeft32(b, 2) ^ bits.RotateLeft32(b, 10) ^ bits.RotateLeft32(b, 18) ^ bits.RotateLeft32(b, 24)
}

func sm4LKey(b uint32) uint32 {
	return b ^ bits.RotateLeft32(b, 13) ^ bits.RotateLeft32(b, 23)
}

func sm4Tau(a uint32) uint32 {
	return cat4(SM4SBox[byte(a>>24)], SM4SBox[byte(a>>16)], SM4SBox[byte(a>>8)], SM4SBox[byte(a)])
}

func TestSM4SBox(t *testing.T) {
	var seen [256]bool
	for i := range 256 {
		if SM4Sub(byte(i)) != SM4SBox[i] {
			t.Fatalf("SM4Sub(%#x) differs from SM4SBox", i)
		}
		seen[SM4SBox[i]] = true
	}
	for i, ok := range seen {
		if !ok {
			t.Fatalf("SM4SBox is not a permutation: %#x missing", i)
		}
	}
	// GB/T 32907 S-box table: first, last and row-e/column-f entries.
	if SM4SBox[0x00] != 0xd6 || SM4SBox[0xff] != 0x48 || SM4SBox[0xef] != 0x84 || SM4SBox[0x01] != 0x90 {
		t.Errorf("SM4SBox spot values wrong")
	}
}

func TestSM4InstructionsAgainstSail(t *testing.T) {
	pairs64(t, 5000, func(a, b uint64) {
		rs1, rs2 := uint32(a), uint32(b)
		for bs := uint(0); bs < 4; bs++ {
			// The Sail code of §3.43 / §3.44, term by term.
			x := uint32(SM4SBox[byte(rs2>>(8*bs))])
			yed := x ^ x<<8 ^ x<<2 ^ x<<18 ^ (x&0x3f)<<26 ^ (x&0xc0)<<10
			yks := x ^ (x&0x07)<<29 ^ (x&0xfe)<<7 ^ (x&0x01)<<23 ^ (x&0xf8)<<13
			wantED := bits.RotateLeft32(yed, int(8*bs)) ^ rs1
			wantKS := bits.RotateLeft32(yks, int(8*bs)) ^ rs1
			if got := SM4ED(rs1, rs2, bs); got != wantED {
				t.Fatalf("SM4ED(%#x, %#x, %d) = %#x, want %#x", rs1, rs2, bs, got, wantED)
			}
			if got := SM4KS(rs1, rs2, bs); got != wantKS {
				t.Fatalf("SM4KS(%#x, %#x, %d) = %#x, want %#x", rs1, rs2, bs, got, wantKS)
			}
			for _, s := range []struct {
				st   SM4Steps
				y    uint32
				want uint32
			}{{SM4EDSteps(rs1, rs2, bs), yed, wantED}, {SM4KSSteps(rs1, rs2, bs), yks, wantKS}} {
				want := SM4Steps{BS: bs, Shamt: 8 * bs, SBoxIn: byte(rs2 >> (8 * bs)), SBoxOut: byte(x),
					Linear: s.y, Rotated: bits.RotateLeft32(s.y, int(8*bs)), Result: s.want}
				if s.st != want {
					t.Fatalf("steps = %+v, want %+v", s.st, want)
				}
			}
		}
	})
}

// The instructions' linear layers are the GB/T ones seen through a byte
// swap: they operate on words loaded little-endian from memory.
func TestSM4ByteOrder(t *testing.T) {
	for i := range 256 {
		x := uint32(i)
		if got, want := sm4EDLinear(x), bits.RotateLeft32(bits.ReverseBytes32(sm4L(x)), 8); got != want {
			t.Fatalf("sm4ed linear layer(%#x) = %#x, want %#x", x, got, want)
		}
		if got, want := sm4KSLinear(x), bits.RotateLeft32(bits.ReverseBytes32(sm4LKey(x)), 8); got != want {
			t.Fatalf("sm4ks linear layer(%#x) = %#x, want %#x", x, got, want)
		}
	}
	values64(t, 5000, func(v uint64) {
		b := uint32(v) // a word in the standard (big-endian) frame
		ed, ks := uint32(0), uint32(0)
		for bs := uint(0); bs < 4; bs++ {
			ed = SM4ED(ed, bits.ReverseBytes32(b), bs)
			ks = SM4KS(ks, bits.ReverseBytes32(b), bs)
		}
		if want := bits.ReverseBytes32(sm4L(sm4Tau(b))); ed != want {
			t.Fatalf("4x sm4ed of bswap(%#x) = %#x, want bswap(T) = %#x", b, ed, want)
		}
		if want := bits.ReverseBytes32(sm4LKey(sm4Tau(b))); ks != want {
			t.Fatalf("4x sm4ks of bswap(%#x) = %#x, want bswap(T') = %#x", b, ks, want)
		}
	})
}

// ---- Complete SM4 built from sm4ks/sm4ed. Words are kept as little-endian
// loads of the big-endian data (the frame the instructions work in), so
// the GB/T constants are loaded the same way. ----

// sm4FK is FK of GB/T 32907 §7.3, as bytes in memory order.
var sm4FK = [16]byte{0xa3, 0xb1, 0xba, 0xc6, 0x56, 0xaa, 0x33, 0x50, 0x67, 0x7d, 0x91, 0x97, 0xb2, 0x70, 0x22, 0xdc}

// sm4CK returns CK_i of GB/T 32907 §7.3 (byte j of CK_i is (4i+j)*7 mod
// 256) in the instruction frame.
func sm4CK(i int) uint32 {
	var b [4]byte
	for j := range b {
		b[j] = byte((4*i + j) * 7)
	}
	return binary.LittleEndian.Uint32(b[:])
}

func sm4T(x, in uint32) uint32 {
	for bs := uint(0); bs < 4; bs++ {
		x = SM4ED(x, in, bs)
	}
	return x
}

func sm4TKey(x, in uint32) uint32 {
	for bs := uint(0); bs < 4; bs++ {
		x = SM4KS(x, in, bs)
	}
	return x
}

func sm4ExpandKey(key []byte) (rk [32]uint32) {
	var k [4]uint32
	for i := range k {
		k[i] = binary.LittleEndian.Uint32(key[4*i:]) ^ binary.LittleEndian.Uint32(sm4FK[4*i:])
	}
	for i := range rk {
		// K(i+4) = K(i) ^ T'(K(i+1) ^ K(i+2) ^ K(i+3) ^ CK(i))
		n := sm4TKey(k[0], k[1]^k[2]^k[3]^sm4CK(i))
		rk[i] = n
		k = [4]uint32{k[1], k[2], k[3], n}
	}
	return rk
}

// sm4Crypt encrypts with rk, or decrypts with rk reversed (GB/T 32907 §7.2).
func sm4Crypt(rk *[32]uint32, in []byte, decrypt bool) []byte {
	var x [4]uint32
	for i := range x {
		x[i] = binary.LittleEndian.Uint32(in[4*i:])
	}
	for i := range 32 {
		k := rk[i]
		if decrypt {
			k = rk[31-i]
		}
		// X(i+4) = X(i) ^ T(X(i+1) ^ X(i+2) ^ X(i+3) ^ rk(i))
		n := sm4T(x[0], x[1]^x[2]^x[3]^k)
		x = [4]uint32{x[1], x[2], x[3], n}
	}
	out := make([]byte, 16)
	for i := range x { // reverse transform R: (X35, X34, X33, X32)
		binary.LittleEndian.PutUint32(out[4*i:], x[3-i])
	}
	return out
}

func TestSM4GBT32907Example(t *testing.T) {
	key := mustHex(t, "0123456789abcdeffedcba9876543210")
	pt := key
	want := mustHex(t, "681edf34d206965e86b3e94f536e4246")
	rk := sm4ExpandKey(key)
	// First and last round keys of the standard's example (big-endian).
	if rk[0] != bits.ReverseBytes32(0xf12186f9) || rk[31] != bits.ReverseBytes32(0x9124a012) {
		t.Errorf("rk[0], rk[31] = %08x, %08x", bits.ReverseBytes32(rk[0]), bits.ReverseBytes32(rk[31]))
	}
	ct := sm4Crypt(&rk, pt, false)
	if !bytes.Equal(ct, want) {
		t.Fatalf("SM4 encrypt = %x, want %x", ct, want)
	}
	if got := sm4Crypt(&rk, ct, true); !bytes.Equal(got, pt) {
		t.Fatalf("SM4 decrypt = %x, want %x", got, pt)
	}
}

func TestSM4Random(t *testing.T) {
	r := newRand(t)
	key := make([]byte, 16)
	in := make([]byte, 16)
	want := make([]byte, 16)
	for range 1000 {
		for i := range key {
			key[i], in[i] = byte(r.Uint32()), byte(r.Uint32())
		}
		blk, err := sm4.NewCipher(key)
		if err != nil {
			t.Fatal(err)
		}
		rk := sm4ExpandKey(key)
		blk.Encrypt(want, in)
		if got := sm4Crypt(&rk, in, false); !bytes.Equal(got, want) {
			t.Fatalf("SM4 encrypt key %x pt %x = %x, want %x", key, in, got, want)
		}
		blk.Decrypt(want, in)
		if got := sm4Crypt(&rk, in, true); !bytes.Equal(got, want) {
			t.Fatalf("SM4 decrypt key %x ct %x = %x, want %x", key, in, got, want)
		}
	}
}

func BenchmarkSM4ED(b *testing.B) {
	x, y := uint32(0x01234567), uint32(0x89abcdef)
	for b.Loop() {
		x, y = SM4ED(y, x, 1), x
	}
	sinkU32 = x ^ y
}

func BenchmarkSM4EDSteps(b *testing.B) {
	x, y := uint32(0x01234567), uint32(0x89abcdef)
	for b.Loop() {
		x, y = SM4EDSteps(y, x, 1).Result, x
	}
	sinkU32 = x ^ y
}
