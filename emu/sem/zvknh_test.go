package sem

import (
	"bytes"
	"crypto/sha256"
	"crypto/sha512"
	"encoding/binary"
	"math/bits"
	"testing"
)

// Literal transcriptions of the [VCrypto] vsha2ms and vsha2c pseudo-code
// on SEW-bit words (sew 32 or 64), values zero-extended in uint64.
func vSailRotr(x uint64, n, sew uint) uint64 {
	m := ^uint64(0) >> (64 - sew)
	return (x>>n | x<<(sew-n)) & m
}

func vSailSig0(x uint64, sew uint) uint64 {
	if sew == 32 {
		return vSailRotr(x, 7, 32) ^ vSailRotr(x, 18, 32) ^ x>>3
	}
	return vSailRotr(x, 1, 64) ^ vSailRotr(x, 8, 64) ^ x>>7
}

func vSailSig1(x uint64, sew uint) uint64 {
	if sew == 32 {
		return vSailRotr(x, 17, 32) ^ vSailRotr(x, 19, 32) ^ x>>10
	}
	return vSailRotr(x, 19, 64) ^ vSailRotr(x, 61, 64) ^ x>>6
}

func vSailSum0(x uint64, sew uint) uint64 {
	if sew == 32 {
		return vSailRotr(x, 2, 32) ^ vSailRotr(x, 13, 32) ^ vSailRotr(x, 22, 32)
	}
	return vSailRotr(x, 28, 64) ^ vSailRotr(x, 34, 64) ^ vSailRotr(x, 39, 64)
}

func vSailSum1(x uint64, sew uint) uint64 {
	if sew == 32 {
		return vSailRotr(x, 6, 32) ^ vSailRotr(x, 11, 32) ^ vSailRotr(x, 25, 32)
	}
	return vSailRotr(x, 14, 64) ^ vSailRotr(x, 18, 64) ^ vSailRotr(x, 41, 64)
}

func vSailSHA2MS(vd, vs2, vs1 [4]uint64, sew uint) [4]uint64 {
	m := ^uint64(0) >> (64 - sew)
	var W [20]uint64
	W[3], W[2], W[1], W[0] = vd[3], vd[2], vd[1], vd[0]
	W[11], W[10], W[9], W[4] = vs2[3], vs2[2], vs2[1], vs2[0]
	W[15], W[14], W[13], W[12] = vs1[3], vs1[2], vs1[1], vs1[0]
	W[16] = (vSailSig1(W[14], sew) + W[9] + vSailSig0(W[1], sew) + W[0]) & m
	W[17] = (vSailSig1(W[15], sew) + W[10] + vSailSig0(W[2], sew) + W[1]) & m
	W[18] = (vSailSig1(W[16], sew) + W[11] + vSailSig0(W[3], sew) + W[2]) & m
	W[19] = (vSailSig1(W[17], sew) + W[12] + vSailSig0(W[4], sew) + W[3]) & m
	return [4]uint64{W[16], W[17], W[18], W[19]}
}

func vSailSHA2C(vd, vs2, vs1 [4]uint64, sew uint, low bool) [4]uint64 {
	m := ^uint64(0) >> (64 - sew)
	a, b, e, f := vs2[3], vs2[2], vs2[1], vs2[0]
	c, d, g, h := vd[3], vd[2], vd[1], vd[0]
	W1, W0 := vs1[3], vs1[2]
	if low {
		W1, W0 = vs1[1], vs1[0]
	}
	for _, w := range []uint64{W0, W1} {
		T1 := (h + vSailSum1(e, sew) + (e&f ^ ^e&g&m) + w) & m
		T2 := (vSailSum0(a, sew) + (a&b ^ a&c ^ b&c)) & m
		h, g, f, e, d, c, b, a = g, f, e, (d+T1)&m, c, b, a, (T1+T2)&m
	}
	return [4]uint64{f, e, b, a}
}

func to64(w [4]uint32) [4]uint64 {
	return [4]uint64{uint64(w[0]), uint64(w[1]), uint64(w[2]), uint64(w[3])}
}

func TestVSHA2AgainstSail(t *testing.T) {
	r := newRand(t)
	for range 5000 {
		a, b, c := randGroup(r), randGroup(r), randGroup(r)
		if got, want := to64(VSHA2MS32(a, b, c)), vSailSHA2MS(to64(a), to64(b), to64(c), 32); got != want {
			t.Fatalf("VSHA2MS32(%08x, %08x, %08x) = %08x, want %08x", a, b, c, got, want)
		}
		for _, high := range []bool{false, true} {
			want := vSailSHA2C(to64(a), to64(b), to64(c), 32, !high)
			if got := to64(VSHA2C32(a, b, c, high)); got != want {
				t.Fatalf("VSHA2C32(%08x, %08x, %08x, %v) = %08x, want %08x", a, b, c, high, got, want)
			}
			st := VSHA2CSteps(32, to64(a), to64(b), to64(c), high)
			if got := [4]uint64{st[1].F, st[1].E, st[1].B, st[1].A}; got != want {
				t.Fatalf("VSHA2CSteps(32) = %+v, want %08x", st, want)
			}
		}
		x := [4]uint64{r.Uint64(), r.Uint64(), r.Uint64(), r.Uint64()}
		y := [4]uint64{r.Uint64(), r.Uint64(), r.Uint64(), r.Uint64()}
		z := [4]uint64{r.Uint64(), r.Uint64(), r.Uint64(), r.Uint64()}
		if got, want := VSHA2MS64(x, y, z), vSailSHA2MS(x, y, z, 64); got != want {
			t.Fatalf("VSHA2MS64 = %016x, want %016x", got, want)
		}
		for _, high := range []bool{false, true} {
			want := vSailSHA2C(x, y, z, 64, !high)
			if got := VSHA2C64(x, y, z, high); got != want {
				t.Fatalf("VSHA2C64(%v) = %016x, want %016x", high, got, want)
			}
			st := VSHA2CSteps(64, x, y, z, high)
			if got := [4]uint64{st[1].F, st[1].E, st[1].B, st[1].A}; got != want {
				t.Fatalf("VSHA2CSteps(64) = %+v, want %016x", st, want)
			}
		}
	}
}

// vsha256 hashes msg the way vector software does: byte-swapped message
// words in groups {W3..W0}, the state in the {a, b, e, f} and {c, d, g, h}
// groups, four rounds per vsha2cl/vsha2ch pair, vsha2ms for the schedule.
func vsha256(msg []byte) []byte {
	var k [64]uint32
	for i := range k {
		k[i] = uint32(sha512K[i] >> 32)
	}
	var h [8]uint32
	for i := range h {
		h[i] = uint32(sha512H[i] >> 32)
	}
	abef := [4]uint32{h[5], h[4], h[1], h[0]}
	cdgh := [4]uint32{h[7], h[6], h[3], h[2]}
	p := shaPad(msg, 64, 8)
	for ; len(p) > 0; p = p[64:] {
		var q [4][4]uint32
		for i := range 16 {
			q[i/4][i%4] = bits.ReverseBytes32(binary.LittleEndian.Uint32(p[4*i:])) // vle32 + vrev8
		}
		sabef, scdgh := abef, cdgh
		for r := range 16 {
			var wk [4]uint32
			for i := range wk {
				wk[i] = q[0][i] + k[4*r+i]
			}
			abef, cdgh = VSHA2C32(cdgh, abef, wk, false), abef
			abef, cdgh = VSHA2C32(cdgh, abef, wk, true), abef
			if r < 12 {
				mid := [4]uint32{q[1][0], q[2][1], q[2][2], q[2][3]} // vmerge: {W11, W10, W9, W4}
				q = [4][4]uint32{q[1], q[2], q[3], VSHA2MS32(q[0], mid, q[3])}
			} else {
				q = [4][4]uint32{q[1], q[2], q[3], {}}
			}
		}
		for i := range 4 {
			abef[i] += sabef[i]
			cdgh[i] += scdgh[i]
		}
	}
	out := make([]byte, 32)
	for i, w := range [8]uint32{abef[3], abef[2], cdgh[3], cdgh[2], abef[1], abef[0], cdgh[1], cdgh[0]} {
		binary.BigEndian.PutUint32(out[4*i:], w)
	}
	return out
}

// vsha512 is vsha256 with SEW=64.
func vsha512(msg []byte) []byte {
	h := sha512H
	abef := [4]uint64{h[5], h[4], h[1], h[0]}
	cdgh := [4]uint64{h[7], h[6], h[3], h[2]}
	p := shaPad(msg, 128, 16)
	for ; len(p) > 0; p = p[128:] {
		var q [4][4]uint64
		for i := range 16 {
			q[i/4][i%4] = binary.BigEndian.Uint64(p[8*i:])
		}
		sabef, scdgh := abef, cdgh
		for r := range 20 {
			var wk [4]uint64
			for i := range wk {
				wk[i] = q[0][i] + sha512K[4*r+i]
			}
			abef, cdgh = VSHA2C64(cdgh, abef, wk, false), abef
			abef, cdgh = VSHA2C64(cdgh, abef, wk, true), abef
			if r < 16 {
				mid := [4]uint64{q[1][0], q[2][1], q[2][2], q[2][3]}
				q = [4][4]uint64{q[1], q[2], q[3], VSHA2MS64(q[0], mid, q[3])}
			} else {
				q = [4][4]uint64{q[1], q[2], q[3], {}}
			}
		}
		for i := range 4 {
			abef[i] += sabef[i]
			cdgh[i] += scdgh[i]
		}
	}
	out := make([]byte, 64)
	for i, w := range [8]uint64{abef[3], abef[2], cdgh[3], cdgh[2], abef[1], abef[0], cdgh[1], cdgh[0]} {
		binary.BigEndian.PutUint64(out[8*i:], w)
	}
	return out
}

func TestVSHA2Messages(t *testing.T) {
	for _, tc := range []struct{ msg, d256, d512 string }{
		{"abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad",
			"ddaf35a193617abacc417349ae20413112e6fa4e89a97ea20a9eeee64b55d39a2192992a274fc1a836ba3c23a3feebbd454d4423643ce80e2a9ac94fa54ca49f"},
		{"abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq", "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1",
			"204a8fc6dda82f0a0ced7beb8e08a41657c16ef468b228a8279be331a703c33596fd15c13b1b07f9aa1d3bea57789ca031ad85c7a71dd70354ec631238ca3445"},
	} {
		if got := vsha256([]byte(tc.msg)); !bytes.Equal(got, mustHex(t, tc.d256)) {
			t.Errorf("SHA-256(%q) = %x, want %s", tc.msg, got, tc.d256)
		}
		if got := vsha512([]byte(tc.msg)); !bytes.Equal(got, mustHex(t, tc.d512)) {
			t.Errorf("SHA-512(%q) = %x, want %s", tc.msg, got, tc.d512)
		}
	}
	r := newRand(t)
	for n := 0; n < 300; n += 5 {
		msg := make([]byte, n)
		for i := range msg {
			msg[i] = byte(r.Uint32())
		}
		if got, want := vsha256(msg), sha256.Sum256(msg); !bytes.Equal(got, want[:]) {
			t.Fatalf("SHA-256 of %d bytes mismatch", n)
		}
		if got, want := vsha512(msg), sha512.Sum512(msg); !bytes.Equal(got, want[:]) {
			t.Fatalf("SHA-512 of %d bytes mismatch", n)
		}
	}
}
