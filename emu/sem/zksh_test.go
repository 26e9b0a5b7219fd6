package sem

import (
	"bytes"
	"encoding/binary"
	"math/bits"
	"testing"

	"github.com/emmansun/gmsm/sm3"
)

// sm3Ref is SM3 (GB/T 32905-2016 §5) using the Zksh permutations.
func sm3Ref(msg []byte) []byte {
	v := [8]uint32{0x7380166f, 0x4914b2b9, 0x172442d7, 0xda8a0600, 0xa96f30bc, 0x163138aa, 0xe38dee4d, 0xb0fb0e4e}
	p := shaPad(msg, 64, 8) // same padding as SHA-256 (§5.2)
	for len(p) > 0 {
		// Message expansion (§5.3.2).
		var w [68]uint32
		for j := range 16 {
			w[j] = binary.BigEndian.Uint32(p[4*j:])
		}
		for j := 16; j < 68; j++ {
			w[j] = SM3P1(w[j-16]^w[j-9]^bits.RotateLeft32(w[j-3], 15)) ^ bits.RotateLeft32(w[j-13], 7) ^ w[j-6]
		}
		// Compression (§5.3.3).
		a, b, c, d, e, f, g, h := v[0], v[1], v[2], v[3], v[4], v[5], v[6], v[7]
		for j := range 64 {
			tj, ff, gg := uint32(0x79cc4519), a^b^c, e^f^g
			if j >= 16 {
				tj, ff, gg = 0x7a879d8a, a&b|a&c|b&c, e&f|^e&g
			}
			ss1 := bits.RotateLeft32(bits.RotateLeft32(a, 12)+e+bits.RotateLeft32(tj, j%32), 7)
			ss2 := ss1 ^ bits.RotateLeft32(a, 12)
			tt1 := ff + d + ss2 + (w[j] ^ w[j+4])
			tt2 := gg + h + ss1 + w[j]
			d, c, b, a = c, bits.RotateLeft32(b, 9), a, tt1
			h, g, f, e = g, bits.RotateLeft32(f, 19), e, SM3P0(tt2)
		}
		for i, x := range [8]uint32{a, b, c, d, e, f, g, h} {
			v[i] ^= x
		}
		p = p[64:]
	}
	out := make([]byte, 32)
	for i, x := range v {
		binary.BigEndian.PutUint32(out[4*i:], x)
	}
	return out
}

func TestSM3Permutations(t *testing.T) {
	values64(t, 10000, func(x uint64) {
		w := uint32(x)
		rol := func(n int) uint32 { return w<<n | w>>(32-n) }
		if SM3P0(w) != w^rol(9)^rol(17) || SM3P1(w) != w^rol(15)^rol(23) {
			t.Fatalf("SM3 permutation mismatch at %#x", w)
		}
	})
}

func TestSM3(t *testing.T) {
	for _, tc := range []struct{ msg, want string }{
		// GB/T 32905-2016 Appendix A examples 1 and 2.
		{"abc", "66c7f0f462eeedd9d1f2d46bdc10e4e24167c4875cf2f7a2297da02b8f4ba8e0"},
		{"abcdabcdabcdabcdabcdabcdabcdabcdabcdabcdabcdabcdabcdabcdabcdabcd", "debe9ff92275b8a138604889c18e5a4d6fdb70e5387e5765293dcba39c0c5732"},
	} {
		if got, want := sm3Ref([]byte(tc.msg)), mustHex(t, tc.want); !bytes.Equal(got, want) {
			t.Errorf("SM3(%q) = %x, want %x", tc.msg, got, want)
		}
	}
	r := newRand(t)
	for n := range 300 {
		msg := make([]byte, n)
		for i := range msg {
			msg[i] = byte(r.Uint32())
		}
		want := sm3.Sum(msg)
		if got := sm3Ref(msg); !bytes.Equal(got, want[:]) {
			t.Fatalf("SM3 of %d bytes = %x, want %x", n, got, want)
		}
	}
}
