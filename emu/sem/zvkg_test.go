package sem

import (
	"bytes"
	"crypto/aes"
	"crypto/cipher"
	"encoding/binary"
	"testing"
)

// vSailGHSH transcribes the vghsh.vv loop of [VCrypto] on 128-bit values
// (lo, hi).
func vSailGHSH(y, x, h [4]uint32) [4]uint32 {
	brev8 := func(w [4]uint32) (lo, hi uint64) {
		lo, hi = egHalves(w)
		return brev8Ref(lo), brev8Ref(hi)
	}
	hlo, hhi := brev8(h)
	slo, shi := brev8([4]uint32{y[0] ^ x[0], y[1] ^ x[1], y[2] ^ x[2], y[3] ^ x[3]})
	var zlo, zhi uint64
	for bit := range 128 {
		s := slo >> bit & 1
		if bit >= 64 {
			s = shi >> (bit - 64) & 1
		}
		if s == 1 {
			zlo ^= hlo
			zhi ^= hhi
		}
		reduce := hhi>>63 == 1
		hhi = hhi<<1 | hlo>>63
		hlo <<= 1
		if reduce {
			hlo ^= 0x87
		}
	}
	return egJoin(brev8Ref(zlo), brev8Ref(zhi))
}

func TestVGHSHAgainstSail(t *testing.T) {
	r := newRand(t)
	for range 5000 {
		y, x, h := randGroup(r), randGroup(r), randGroup(r)
		if got, want := VGHSH(y, x, h), vSailGHSH(y, x, h); got != want {
			t.Fatalf("VGHSH(%08x, %08x, %08x) = %08x, want %08x", y, x, h, got, want)
		}
		if got, want := VGMUL(y, h), vSailGHSH(y, [4]uint32{}, h); got != want {
			t.Fatalf("VGMUL(%08x, %08x) = %08x, want %08x", y, h, got, want)
		}
	}
	// Edge values: every single-bit operand, and all ones.
	for i := range 128 {
		var a [4]uint32
		a[i/32] = 1 << (i % 32)
		ones := [4]uint32{^uint32(0), ^uint32(0), ^uint32(0), ^uint32(0)}
		for _, b := range [][4]uint32{a, ones, {1}, {0, 0, 0, 0x80000000}} {
			if got, want := VGMUL(a, b), vSailGHSH(a, [4]uint32{}, b); got != want {
				t.Fatalf("VGMUL(%08x, %08x) = %08x, want %08x", a, b, got, want)
			}
		}
	}
}

// vghash is GHASH_H (SP 800-38D §6.4) over A and C with the length block,
// one vghsh per block as vector software does it.
func vghash(h []byte, a, c []byte) []byte {
	H := loadGroup(h)
	var y [4]uint32
	for _, data := range [][]byte{a, c} {
		for len(data) > 0 {
			var blk [16]byte
			n := copy(blk[:], data)
			data = data[n:]
			y = VGHSH(y, loadGroup(blk[:]), H)
		}
	}
	var l [16]byte
	binary.BigEndian.PutUint64(l[:], uint64(len(a))*8)
	binary.BigEndian.PutUint64(l[8:], uint64(len(c))*8)
	y = VGHSH(y, loadGroup(l[:]), H)
	out := AESStateFromGroup(y)
	return out[:]
}

// The GCM specification's test cases 2..4 (AES-128): GHASH values as
// printed there, and tags against crypto/cipher.
func TestVGHASHGCMTestCases(t *testing.T) {
	key3 := "feffe9928665731c6d6a8f9467308308"
	p4 := "d9313225f88406e5a55909c5aff5269a86a7a9531534f7da2e4c303d8a318a721c3c0c95956809532fcf0e2449a6b525b16aedf5aa0de657ba637b39"
	for _, tc := range []struct {
		name, key, iv, p, a, ghash string
	}{
		{"2", "00000000000000000000000000000000", "000000000000000000000000", "00000000000000000000000000000000", "", "f38cbb1ad69223dcc3457ae5b6b0f885"},
		{"3", key3, "cafebabefacedbaddecaf888", p4 + "1aafd255", "", "7f1b32b81b820d02614f8895ac1d4eac"},
		{"4", key3, "cafebabefacedbaddecaf888", p4, "feedfacedeadbeeffeedfacedeadbeefabaddad2", "698e57f70e6ecc7fd9463b7260a9ae5f"},
	} {
		key, iv, p, a := mustHex(t, tc.key), mustHex(t, tc.iv), mustHex(t, tc.p), mustHex(t, tc.a)
		blk, _ := aes.NewCipher(key)
		h := make([]byte, 16)
		blk.Encrypt(h, h)
		gcm, _ := cipher.NewGCM(blk)
		sealed := gcm.Seal(nil, iv, p, a)
		c, tag := sealed[:len(p)], sealed[len(p):]
		g := vghash(h, a, c)
		if !bytes.Equal(g, mustHex(t, tc.ghash)) {
			t.Errorf("test case %s: GHASH = %x, want %s", tc.name, g, tc.ghash)
		}
		j0 := append(append([]byte{}, iv...), 0, 0, 0, 1)
		ek := make([]byte, 16)
		blk.Encrypt(ek, j0)
		for i := range ek {
			ek[i] ^= g[i]
		}
		if !bytes.Equal(ek, tag) {
			t.Errorf("test case %s: tag = %x, want %x", tc.name, ek, tag)
		}
	}
}
