package sem

import (
	"bytes"
	"encoding/binary"
	"math/bits"
	"testing"

	"github.com/emmansun/gmsm/sm4"
)

// vSailSM4Round and vSailSM4RoundKey transcribe sm4_round and ROUND_KEY of
// [VCrypto] "vsm4r" and "vsm4k" with sm4_subword.
func vSailSM4Round(x, s uint32) uint32 {
	return x ^ s ^ bits.RotateLeft32(s, 2) ^ bits.RotateLeft32(s, 10) ^ bits.RotateLeft32(s, 18) ^ bits.RotateLeft32(s, 24)
}

func vSailSM4RoundKey(x, s uint32) uint32 {
	return x ^ s ^ bits.RotateLeft32(s, 13) ^ bits.RotateLeft32(s, 23)
}

func vSailSM4SubWord(x uint32) uint32 { return vSailSubWord(x, &SM4SBox) }

// The ck list of [VCrypto] "vsm4k.vi".
var vSailSM4CK = [32]uint32{
	0x00070E15, 0x1C232A31, 0x383F464D, 0x545B6269,
	0x70777E85, 0x8C939AA1, 0xA8AFB6BD, 0xC4CBD2D9,
	0xE0E7EEF5, 0xFC030A11, 0x181F262D, 0x343B4249,
	0x50575E65, 0x6C737A81, 0x888F969D, 0xA4ABB2B9,
	0xC0C7CED5, 0xDCE3EAF1, 0xF8FF060D, 0x141B2229,
	0x30373E45, 0x4C535A61, 0x686F767D, 0x848B9299,
	0xA0A7AEB5, 0xBCC3CAD1, 0xD8DFE6ED, 0xF4FB0209,
	0x10171E25, 0x2C333A41, 0x484F565D, 0x646B7279,
}

func TestSM4CK(t *testing.T) {
	if SM4CK != vSailSM4CK {
		t.Fatalf("SM4CK = %08x, want %08x", SM4CK, vSailSM4CK)
	}
	// The scalar tests' CK is the same constant in the scalar (byte-swapped) frame.
	for i, ck := range SM4CK {
		if sm4CK(i) != bits.ReverseBytes32(ck) {
			t.Fatalf("CK_%d: %08x vs scalar frame %08x", i, ck, sm4CK(i))
		}
	}
	if binary.BigEndian.Uint32(sm4FK[:]) != SM4FK[0] || binary.BigEndian.Uint32(sm4FK[12:]) != SM4FK[3] {
		t.Fatalf("SM4FK = %08x", SM4FK)
	}
}

func TestVSM4AgainstSail(t *testing.T) {
	r := newRand(t)
	for range 5000 {
		x, k := randGroup(r), randGroup(r)
		// vsm4r
		w := [8]uint32{x[0], x[1], x[2], x[3]}
		for i := range 4 {
			w[i+4] = vSailSM4Round(w[i], vSailSM4SubWord(w[i+1]^w[i+2]^w[i+3]^k[i]))
		}
		if got := VSM4R(x, k); got != [4]uint32(w[4:]) {
			t.Fatalf("VSM4R(%08x, %08x) = %08x, want %08x", x, k, got, w[4:])
		}
		steps := VSM4RSteps(x, k)
		for i, s := range steps {
			if s.Out != w[i+4] || s.S != vSailSM4SubWord(s.B) {
				t.Fatalf("VSM4RSteps(%08x, %08x)[%d] = %+v", x, k, i, s)
			}
		}
		// vsm4k, every uimm (uimm[4:3] ignored)
		for uimm := uint(0); uimm < 32; uimm++ {
			rnd := uimm & 7
			w := [8]uint32{k[0], k[1], k[2], k[3]}
			for i := range 4 {
				w[i+4] = vSailSM4RoundKey(w[i], vSailSM4SubWord(w[i+1]^w[i+2]^w[i+3]^vSailSM4CK[4*rnd+uint(i)]))
			}
			if got := VSM4K(k, uimm); got != [4]uint32(w[4:]) {
				t.Fatalf("VSM4K(%08x, %d) = %08x, want %08x", k, uimm, got, w[4:])
			}
			ks := VSM4KSteps(k, uimm)
			if ks[3].Out != w[7] || ks[0].Out != w[4] {
				t.Fatalf("VSM4KSteps(%08x, %d) = %+v", k, uimm, ks)
			}
		}
	}
}

// The vector and scalar SM4 instructions share the S-box and compute the
// same transforms in different word frames: T(B) is the byte-swapped chain
// of the four sm4ed on the byte-swapped word, likewise T' with sm4ks.
func TestVSM4MatchesScalar(t *testing.T) {
	values64(t, 5000, func(v uint64) {
		b := uint32(v)
		if got, want := SM4RoundT(b), bits.ReverseBytes32(sm4T(0, bits.ReverseBytes32(b))); got != want {
			t.Fatalf("SM4RoundT(%08x) = %08x, scalar sm4ed chain gives %08x", b, got, want)
		}
		if got, want := SM4KeyT(b), bits.ReverseBytes32(sm4TKey(0, bits.ReverseBytes32(b))); got != want {
			t.Fatalf("SM4KeyT(%08x) = %08x, scalar sm4ks chain gives %08x", b, got, want)
		}
	})
}

// vsm4Block encrypts or decrypts one block the way vector software does:
// vrev8 after the load, vsm4k.vi for the key schedule, eight vsm4r with the
// round-key groups (reversed for decryption), and the final word reversal R.
func vsm4Block(key, in []byte, decrypt bool) []byte {
	var k, x [4]uint32
	for i := range 4 {
		k[i] = binary.BigEndian.Uint32(key[4*i:]) ^ SM4FK[i]
		x[i] = binary.BigEndian.Uint32(in[4*i:])
	}
	var rk [8][4]uint32
	for r := range rk {
		k = VSM4K(k, uint(r))
		rk[r] = k
	}
	for r := range 8 {
		g := rk[r]
		if decrypt {
			g = rk[7-r]
			g = [4]uint32{g[3], g[2], g[1], g[0]}
		}
		x = VSM4R(x, g)
	}
	out := make([]byte, 16)
	for i := range 4 {
		binary.BigEndian.PutUint32(out[4*i:], x[3-i])
	}
	return out
}

func TestVSM4GBT32907Example(t *testing.T) {
	key := mustHex(t, "0123456789abcdeffedcba9876543210")
	want := mustHex(t, "681edf34d206965e86b3e94f536e4246")
	if got := vsm4Block(key, key, false); !bytes.Equal(got, want) {
		t.Fatalf("SM4 encrypt = %x, want %x", got, want)
	}
	if got := vsm4Block(key, want, true); !bytes.Equal(got, key) {
		t.Fatalf("SM4 decrypt = %x, want %x", got, key)
	}
}

func TestVSM4Random(t *testing.T) {
	r := newRand(t)
	key, in, want := make([]byte, 16), make([]byte, 16), make([]byte, 16)
	for range 500 {
		for i := range key {
			key[i], in[i] = byte(r.Uint32()), byte(r.Uint32())
		}
		blk, err := sm4.NewCipher(key)
		if err != nil {
			t.Fatal(err)
		}
		blk.Encrypt(want, in)
		if got := vsm4Block(key, in, false); !bytes.Equal(got, want) {
			t.Fatalf("SM4 encrypt key %x pt %x = %x, want %x", key, in, got, want)
		}
		blk.Decrypt(want, in)
		if got := vsm4Block(key, in, true); !bytes.Equal(got, want) {
			t.Fatalf("SM4 decrypt key %x ct %x = %x, want %x", key, in, got, want)
		}
	}
}
