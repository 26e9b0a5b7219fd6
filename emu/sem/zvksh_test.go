package sem

import (
	"bytes"
	"encoding/binary"
	"math/bits"
	"testing"

	"github.com/emmansun/gmsm/sm3"
)

// vSailSM3C transcribes the vsm3c.vi pseudo-code of [VCrypto].
func vSailSM3C(vd, vs2 [8]uint32, rnds uint) [8]uint32 {
	rol := bits.RotateLeft32
	rev8 := bits.ReverseBytes32
	tj := func(j int) uint32 {
		if j <= 15 {
			return 0x79CC4519
		}
		return 0x7A879D8A
	}
	ff := func(x, y, z uint32, j int) uint32 {
		if j <= 15 {
			return x ^ y ^ z
		}
		return x&y | x&z | y&z
	}
	gg := func(x, y, z uint32, j int) uint32 {
		if j <= 15 {
			return x ^ y ^ z
		}
		return x&y | ^x&z
	}
	p0 := func(x uint32) uint32 { return x ^ rol(x, 9) ^ rol(x, 17) }
	A, B, C, D, E, F, G, H := rev8(vd[0]), rev8(vd[1]), rev8(vd[2]), rev8(vd[3]), rev8(vd[4]), rev8(vd[5]), rev8(vd[6]), rev8(vd[7])
	w0, w1, w4, w5 := rev8(vs2[0]), rev8(vs2[1]), rev8(vs2[4]), rev8(vs2[5])
	x0, x1 := w0^w4, w1^w5
	j := 2 * int(rnds&31)
	ss1 := rol(rol(A, 12)+E+rol(tj(j), j%32), 7)
	ss2 := ss1 ^ rol(A, 12)
	tt1 := ff(A, B, C, j) + D + ss2 + x0
	tt2 := gg(E, F, G, j) + H + ss1 + w0
	D = C
	C1 := rol(B, 9)
	B = A
	A1 := tt1
	H = G
	G1 := rol(F, 19)
	F = E
	E1 := p0(tt2)
	j = 2*int(rnds&31) + 1
	ss1 = rol(rol(A1, 12)+E1+rol(tj(j), j%32), 7)
	ss2 = ss1 ^ rol(A1, 12)
	tt1 = ff(A1, B, C1, j) + D + ss2 + x1
	tt2 = gg(E1, F, G1, j) + H + ss1 + w1
	C2 := rol(B, 9)
	A2 := tt1
	G2 := rol(F, 19)
	E2 := p0(tt2)
	return [8]uint32{rev8(A2), rev8(A1), rev8(C2), rev8(C1), rev8(E2), rev8(E1), rev8(G2), rev8(G1)}
}

func vSailSM3ME(vs1, vs2 [8]uint32) (out [8]uint32) {
	rol := bits.RotateLeft32
	var w [24]uint32
	for i := range 8 {
		w[i] = bits.ReverseBytes32(vs1[i])
		w[i+8] = bits.ReverseBytes32(vs2[i])
	}
	W := func(m16, m9, m3, m13, m6 uint32) uint32 {
		x := m16 ^ m9 ^ rol(m3, 15)
		return x ^ rol(x, 15) ^ rol(x, 23) ^ rol(m13, 7) ^ m6
	}
	w[16] = W(w[0], w[7], w[13], w[3], w[10])
	w[17] = W(w[1], w[8], w[14], w[4], w[11])
	w[18] = W(w[2], w[9], w[15], w[5], w[12])
	w[19] = W(w[3], w[10], w[16], w[6], w[13])
	w[20] = W(w[4], w[11], w[17], w[7], w[14])
	w[21] = W(w[5], w[12], w[18], w[8], w[15])
	w[22] = W(w[6], w[13], w[19], w[9], w[16])
	w[23] = W(w[7], w[14], w[20], w[10], w[17])
	for i := range 8 {
		out[i] = bits.ReverseBytes32(w[16+i])
	}
	return out
}

func randGroup8(r interface{ Uint32() uint32 }) (g [8]uint32) {
	for i := range g {
		g[i] = r.Uint32()
	}
	return g
}

func TestVSM3AgainstSail(t *testing.T) {
	r := newRand(t)
	for range 3000 {
		a, b := randGroup8(r), randGroup8(r)
		if got, want := VSM3ME(a, b), vSailSM3ME(a, b); got != want {
			t.Fatalf("VSM3ME(%08x, %08x) = %08x, want %08x", a, b, got, want)
		}
		for uimm := uint(0); uimm < 32; uimm++ {
			want := vSailSM3C(a, b, uimm)
			if got := VSM3C(a, b, uimm); got != want {
				t.Fatalf("VSM3C(%08x, %08x, %d) = %08x, want %08x", a, b, uimm, got, want)
			}
			st := VSM3CSteps(a, b, uimm)
			s := st[1]
			rev := bits.ReverseBytes32
			if got := [8]uint32{rev(s.A), rev(s.B), rev(s.C), rev(s.D), rev(s.E), rev(s.F), rev(s.G), rev(s.H)}; got != want {
				t.Fatalf("VSM3CSteps(%d) = %+v, want %08x", uimm, st, want)
			}
		}
	}
}

// vsm3 hashes msg the way vector software does: message words in memory
// order (the instructions swap them), vsm3me for W[16..71], vsm3c with the
// vs2 groups {-, -, W[j+5], W[j+4], -, -, W[j+1], W[j]} formed by slides.
func vsm3(msg []byte) []byte {
	iv := [8]uint32{0x7380166f, 0x4914b2b9, 0x172442d7, 0xda8a0600, 0xa96f30bc, 0x163138aa, 0xe38dee4d, 0xb0fb0e4e}
	var st [8]uint32
	for i := range st {
		st[i] = bits.ReverseBytes32(iv[i]) // the state is kept byte-swapped too
	}
	p := shaPad(msg, 64, 8)
	for ; len(p) > 0; p = p[64:] {
		var w [72]uint32
		for i := range 16 {
			w[i] = binary.LittleEndian.Uint32(p[4*i:])
		}
		for g := 2; g < 9; g++ {
			copy(w[8*g:], func() []uint32 {
				r := VSM3ME([8]uint32(w[8*g-16:]), [8]uint32(w[8*g-8:]))
				return r[:]
			}())
		}
		s := st
		for i := range 32 {
			j := 2 * i
			var vs2 [8]uint32
			vs2[0], vs2[1], vs2[4], vs2[5] = w[j], w[j+1], w[j+4], w[j+5]
			s = VSM3C(s, vs2, uint(i))
		}
		for i := range st {
			st[i] ^= s[i]
		}
	}
	out := make([]byte, 32)
	for i, x := range st {
		binary.LittleEndian.PutUint32(out[4*i:], x)
	}
	return out
}

func TestVSM3Messages(t *testing.T) {
	for _, tc := range []struct{ msg, want string }{
		// GB/T 32905-2016 Appendix A.1 and A.2.
		{"abc", "66c7f0f462eeedd9d1f2d46bdc10e4e24167c4875cf2f7a2297da02b8f4ba8e0"},
		{"abcdabcdabcdabcdabcdabcdabcdabcdabcdabcdabcdabcdabcdabcdabcdabcd", "debe9ff92275b8a138604889c18e5a4d6fdb70e5387e5765293dcba39c0c5732"},
	} {
		if got := vsm3([]byte(tc.msg)); !bytes.Equal(got, mustHex(t, tc.want)) {
			t.Errorf("SM3(%q) = %x, want %s", tc.msg, got, tc.want)
		}
	}
	r := newRand(t)
	for n := 0; n < 300; n += 3 {
		msg := make([]byte, n)
		for i := range msg {
			msg[i] = byte(r.Uint32())
		}
		if got, want := vsm3(msg), sm3.Sum(msg); !bytes.Equal(got, want[:]) {
			t.Fatalf("SM3 of %d bytes = %x, want %x", n, got, want)
		}
	}
}
