package sem

import (
	"bytes"
	"crypto/aes"
	"encoding/binary"
	"testing"
)

// ---- Literal transcriptions of the [VCrypto] Sail helpers on a 128-bit
// element group (aes_get_column(x, c) is element c). ----

func vSailShiftRowsFwd(x [4]uint32) [4]uint32 {
	ic0, ic1, ic2, ic3 := x[0], x[1], x[2], x[3]
	m := func(a, b, c, d uint32) uint32 { // a[31..24] @ b[23..16] @ c[15..8] @ d[7..0]
		return a&0xff000000 | b&0x00ff0000 | c&0x0000ff00 | d&0x000000ff
	}
	return [4]uint32{m(ic3, ic2, ic1, ic0), m(ic0, ic3, ic2, ic1), m(ic1, ic0, ic3, ic2), m(ic2, ic1, ic0, ic3)}
}

func vSailShiftRowsInv(x [4]uint32) [4]uint32 {
	ic0, ic1, ic2, ic3 := x[0], x[1], x[2], x[3]
	m := func(a, b, c, d uint32) uint32 {
		return a&0xff000000 | b&0x00ff0000 | c&0x0000ff00 | d&0x000000ff
	}
	return [4]uint32{m(ic1, ic2, ic3, ic0), m(ic2, ic3, ic0, ic1), m(ic3, ic0, ic1, ic2), m(ic0, ic1, ic2, ic3)}
}

func vSailMap(x [4]uint32, f func(uint32) uint32) [4]uint32 {
	return [4]uint32{f(x[0]), f(x[1]), f(x[2]), f(x[3])}
}

func vSailXor(a, b [4]uint32) [4]uint32 {
	return [4]uint32{a[0] ^ b[0], a[1] ^ b[1], a[2] ^ b[2], a[3] ^ b[3]}
}

func vSailSubWord(x uint32, box *[256]byte) uint32 {
	return cat4(box[byte(x>>24)], box[byte(x>>16)], box[byte(x>>8)], box[byte(x)])
}

func vSailRcon(r uint) uint32 {
	return [16]uint32{0x01, 0x02, 0x04, 0x08, 0x10, 0x20, 0x40, 0x80, 0x1b, 0x36}[r&15]
}

func vSailRotWord(x uint32) uint32 { // a0 @ a3 @ a2 @ a1
	return cat4(byte(x), byte(x>>24), byte(x>>16), byte(x>>8))
}

func vSailKF1(cur [4]uint32, rnd uint) [4]uint32 {
	rnd &= 0xf
	if rnd > 10 || rnd == 0 {
		rnd ^= 8
	}
	r := (rnd - 1) & 0xf
	var w [4]uint32
	w[0] = vSailSubWord(vSailRotWord(cur[3]), &AESSBox) ^ vSailRcon(r) ^ cur[0]
	w[1] = w[0] ^ cur[1]
	w[2] = w[1] ^ cur[2]
	w[3] = w[2] ^ cur[3]
	return w
}

func vSailKF2(prev, cur [4]uint32, rnd uint) [4]uint32 {
	rnd &= 0xf
	if rnd < 2 || rnd > 14 {
		rnd ^= 8
	}
	var w [4]uint32
	if rnd&1 == 1 {
		w[0] = vSailSubWord(cur[3], &AESSBox) ^ prev[0]
	} else {
		w[0] = vSailSubWord(vSailRotWord(cur[3]), &AESSBox) ^ vSailRcon(rnd>>1-1) ^ prev[0]
	}
	w[1] = w[0] ^ prev[1]
	w[2] = w[1] ^ prev[2]
	w[3] = w[2] ^ prev[3]
	return w
}

func randGroup(r interface{ Uint32() uint32 }) [4]uint32 {
	return [4]uint32{r.Uint32(), r.Uint32(), r.Uint32(), r.Uint32()}
}

func TestVAESRoundsAgainstSail(t *testing.T) {
	r := newRand(t)
	fwd := func(x uint32) uint32 { return vSailSubWord(x, &AESSBox) }
	inv := func(x uint32) uint32 { return vSailSubWord(x, &AESInvSBox) }
	for range 5000 {
		s, k := randGroup(r), randGroup(r)
		want := map[string][4]uint32{
			"vaesef": vSailXor(vSailShiftRowsFwd(vSailMap(s, fwd)), k),
			"vaesem": vSailXor(vSailMap(vSailShiftRowsFwd(vSailMap(s, fwd)), sailMixColumnFwd), k),
			"vaesdf": vSailXor(vSailMap(vSailShiftRowsInv(s), inv), k),
			"vaesdm": vSailMap(vSailXor(vSailMap(vSailShiftRowsInv(s), inv), k), sailMixColumnInv),
			"vaesz":  vSailXor(s, k),
		}
		got := map[string][4]uint32{
			"vaesef": VAESEF(s, k), "vaesem": VAESEM(s, k), "vaesdf": VAESDF(s, k),
			"vaesdm": VAESDM(s, k), "vaesz": VAESZ(s, k),
		}
		kinds := map[string]AESRoundKind{
			"vaesef": AESRoundEncFinal, "vaesem": AESRoundEncMiddle, "vaesdf": AESRoundDecFinal,
			"vaesdm": AESRoundDecMiddle, "vaesz": AESRoundZero,
		}
		for name, w := range want {
			if got[name] != w {
				t.Fatalf("%s(%08x, %08x) = %08x, want %08x", name, s, k, got[name], w)
			}
			st := VAESRoundSteps(kinds[name], s, k)
			if AESStateToGroup(st.Result()) != w {
				t.Fatalf("VAESRoundSteps(%s) result %x, want %08x", name, st.Result(), w)
			}
			if st.Steps[0].Name != "input" || st.Steps[0].State != AESStateFromGroup(s) {
				t.Fatalf("VAESRoundSteps(%s) first step %+v", name, st.Steps[0])
			}
		}
	}
}

func TestVAESKeyScheduleAgainstSail(t *testing.T) {
	r := newRand(t)
	for range 500 {
		prev, cur := randGroup(r), randGroup(r)
		for uimm := uint(0); uimm < 32; uimm++ {
			if got, want := VAESKF1(cur, uimm), vSailKF1(cur, uimm); got != want {
				t.Fatalf("VAESKF1(%08x, %d) = %08x, want %08x", cur, uimm, got, want)
			}
			if got, want := VAESKF2(prev, cur, uimm), vSailKF2(prev, cur, uimm); got != want {
				t.Fatalf("VAESKF2(%08x, %08x, %d) = %08x, want %08x", prev, cur, uimm, got, want)
			}
		}
	}
}

func TestVAESKFRoundMapping(t *testing.T) {
	// [VCrypto]: vaeskf1 maps 0 to 8 and 11..15 to 3..7; vaeskf2 maps 0..1
	// to 8..9 and 15 to 7; uimm[4] is ignored.
	kf1 := [16]uint{8, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 3, 4, 5, 6, 7}
	kf2 := [16]uint{8, 9, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 7}
	for u := uint(0); u < 32; u++ {
		if got := VAESKF1Round(u); got != kf1[u&15] {
			t.Errorf("VAESKF1Round(%d) = %d, want %d", u, got, kf1[u&15])
		}
		if got := VAESKF2Round(u); got != kf2[u&15] {
			t.Errorf("VAESKF2Round(%d) = %d, want %d", u, got, kf2[u&15])
		}
	}
}

// ---- Complete AES from the vector instructions. ----

func loadGroup(b []byte) [4]uint32 {
	var s [16]byte
	copy(s[:], b)
	return AESStateToGroup(s)
}

// vaesExpandKey expands a 16-, 24- or 32-byte key into round-key groups the
// way vector software does: vaeskf1 for AES-128, vaeskf2 for AES-256, and
// for AES-192 (which has no instruction of its own) vaeskf1 on {w0, w1, w2,
// w5}, which yields w6, w7 and w8 and a fourth word corrected to w9.
func vaesExpandKey(key []byte) [][4]uint32 {
	switch len(key) {
	case 16:
		rk := [][4]uint32{loadGroup(key)}
		for rnd := uint(1); rnd <= 10; rnd++ {
			rk = append(rk, VAESKF1(rk[rnd-1], rnd))
		}
		return rk
	case 32:
		rk := [][4]uint32{loadGroup(key), loadGroup(key[16:])}
		for rnd := uint(2); rnd <= 14; rnd++ {
			rk = append(rk, VAESKF2(rk[rnd-2], rk[rnd-1], rnd))
		}
		return rk
	case 24:
		w := make([]uint32, 6, 52)
		for i := range w {
			w[i] = binary.LittleEndian.Uint32(key[4*i:])
		}
		for rnd := uint(1); len(w) < 52; rnd++ {
			b := w[len(w)-6:]
			n := VAESKF1([4]uint32{b[0], b[1], b[2], b[5]}, rnd)
			n[3] ^= b[5] ^ b[3]
			w = append(w, n[:]...)
			w = append(w, n[3]^b[4], n[3]^b[4]^b[5])
		}
		rk := make([][4]uint32, 13)
		for i := range rk {
			rk[i] = [4]uint32(w[4*i:])
		}
		return rk
	}
	panic("bad AES key size")
}

func vaesEncrypt(rk [][4]uint32, pt []byte) []byte {
	s := VAESZ(loadGroup(pt), rk[0])
	for _, k := range rk[1 : len(rk)-1] {
		s = VAESEM(s, k)
	}
	s = VAESEF(s, rk[len(rk)-1])
	out := AESStateFromGroup(s)
	return out[:]
}

func vaesDecrypt(rk [][4]uint32, ct []byte) []byte {
	n := len(rk) - 1
	s := VAESZ(loadGroup(ct), rk[n])
	for i := n - 1; i > 0; i-- {
		s = VAESDM(s, rk[i])
	}
	s = VAESDF(s, rk[0])
	out := AESStateFromGroup(s)
	return out[:]
}

func TestVAESFIPS197(t *testing.T) {
	for _, v := range fips197C {
		key, pt, ct := mustHex(t, v.key), mustHex(t, v.pt), mustHex(t, v.ct)
		rk := vaesExpandKey(key)
		if got := vaesEncrypt(rk, pt); !bytes.Equal(got, ct) {
			t.Errorf("AES-%d encrypt: got %x, want %x", 8*len(key), got, ct)
		}
		if got := vaesDecrypt(rk, ct); !bytes.Equal(got, pt) {
			t.Errorf("AES-%d decrypt: got %x, want %x", 8*len(key), got, pt)
		}
	}
	// FIPS-197 Appendix A: the last round keys.
	for _, tc := range []struct{ key, last string }{
		{"2b7e151628aed2a6abf7158809cf4f3c", "d014f9a8c9ee2589e13f0cc8b6630ca6"},
		{"8e73b0f7da0e6452c810f32b809079e562f8ead2522c6b7b", "e98ba06f448c773c8ecc720401002202"},
		{"603deb1015ca71be2b73aef0857d77811f352c073b6108d72d9810a30914dff4", "fe4890d1e6188d0b046df344706c631e"},
	} {
		rk := vaesExpandKey(mustHex(t, tc.key))
		if got := AESStateFromGroup(rk[len(rk)-1]); !bytes.Equal(got[:], mustHex(t, tc.last)) {
			t.Errorf("last round key for %s = %x, want %s", tc.key, got, tc.last)
		}
	}
}

func TestVAESRandom(t *testing.T) {
	r := newRand(t)
	for range 300 {
		for _, n := range []int{16, 24, 32} {
			key := make([]byte, n)
			pt := make([]byte, 16)
			for i := range key {
				key[i] = byte(r.Uint32())
			}
			for i := range pt {
				pt[i] = byte(r.Uint32())
			}
			c, _ := aes.NewCipher(key)
			want := make([]byte, 16)
			c.Encrypt(want, pt)
			rk := vaesExpandKey(key)
			if got := vaesEncrypt(rk, pt); !bytes.Equal(got, want) {
				t.Fatalf("AES-%d(%x, %x) = %x, want %x", 8*n, key, pt, got, want)
			}
			if got := vaesDecrypt(rk, want); !bytes.Equal(got, pt) {
				t.Fatalf("AES-%d decrypt(%x, %x) = %x, want %x", 8*n, key, want, got, pt)
			}
		}
	}
}
