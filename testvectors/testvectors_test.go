package testvectors

import (
	"bytes"
	"crypto/aes"
	"crypto/cipher"
	"encoding/binary"
	"fmt"
	"strings"
	"testing"

	smcipher "github.com/emmansun/gmsm/cipher"
	"github.com/emmansun/gmsm/sm4"
)

func newBlock(v *Vector, key []byte) (cipher.Block, error) {
	if v.Cipher == "sm4" {
		return sm4.NewCipher(key)
	}
	return aes.NewCipher(key)
}

// checkVector recomputes a vector with Go's crypto/aes and crypto/cipher, gmsm's SM4 and
// CCM, and this package's CTR32/XTS/GHASH, in both directions where the mode has two.
func checkVector(v *Vector) error {
	b, err := newBlock(v, v.Key)
	if err != nil {
		return err
	}
	want := func(what string, got, want []byte) error {
		if !bytes.Equal(got, want) {
			return fmt.Errorf("%s: got %x, want %x", what, got, want)
		}
		return nil
	}
	ivc := func() []byte { return append([]byte(nil), v.IV...) }
	n := len(v.PT)
	out := make([]byte, n)
	switch v.Mode {
	case "block":
		copy(out, v.PT)
		for i := 0; i < v.Iterations; i++ {
			b.Encrypt(out, out)
		}
		if err := want("encrypt", out, v.CT); err != nil || v.Iterations > 1 {
			return err
		}
		b.Decrypt(out, v.CT)
		return want("decrypt", out, v.PT)
	case "ecb":
		for i := 0; i < n; i += 16 {
			b.Encrypt(out[i:], v.PT[i:])
		}
		if err := want("encrypt", out, v.CT); err != nil {
			return err
		}
		for i := 0; i < n; i += 16 {
			b.Decrypt(out[i:], v.CT[i:])
		}
		return want("decrypt", out, v.PT)
	case "cbc":
		cipher.NewCBCEncrypter(b, ivc()).CryptBlocks(out, v.PT)
		if err := want("encrypt", out, v.CT); err != nil {
			return err
		}
		cipher.NewCBCDecrypter(b, ivc()).CryptBlocks(out, v.CT)
		return want("decrypt", out, v.PT)
	case "cfb128":
		cipher.NewCFBEncrypter(b, ivc()).XORKeyStream(out, v.PT)
		if err := want("encrypt", out, v.CT); err != nil {
			return err
		}
		cipher.NewCFBDecrypter(b, ivc()).XORKeyStream(out, v.CT)
		return want("decrypt", out, v.PT)
	case "ofb":
		cipher.NewOFB(b, ivc()).XORKeyStream(out, v.PT)
		return want("encrypt", out, v.CT)
	case "ctr":
		got, _ := CTR32(b, v.IV, v.PT)
		if err := want("encrypt (32-bit counter)", got, v.CT); err != nil {
			return err
		}
		cipher.NewCTR(b, ivc()).XORKeyStream(out, v.PT)
		return want("encrypt (Go's 128-bit counter)", out, v.CT)
	case "gcm":
		var g cipher.AEAD
		if len(v.Tag) == 16 {
			g, err = cipher.NewGCMWithNonceSize(b, len(v.IV))
		} else {
			g, err = cipher.NewGCMWithTagSize(b, len(v.Tag))
		}
		if err != nil {
			return err
		}
		sealed := g.Seal(nil, v.IV, v.PT, v.AAD)
		if err := want("seal", sealed, append(append([]byte(nil), v.CT...), v.Tag...)); err != nil {
			return err
		}
		// The tag is GHASH(H, A, C) ^ E(K, Y0) (what the GHASH kernels are checked with).
		h, ey0 := GCMValues(b, v.IV)
		s := GHASH(h, v.AAD, v.CT, GCMLengths(len(v.AAD), len(v.CT)))
		for i := range s {
			s[i] ^= ey0[i]
		}
		return want("GHASH(H, A, C) ^ E(K, Y0)", s[:len(v.Tag)], v.Tag)
	case "ccm":
		g, err := smcipher.NewCCMWithNonceAndTagSize(b, len(v.IV), len(v.Tag))
		if err != nil {
			return err
		}
		sealed := g.Seal(nil, v.IV, v.PT, v.AAD)
		if err := want("seal", sealed, append(append([]byte(nil), v.CT...), v.Tag...)); err != nil {
			return err
		}
		pt, err := g.Open(nil, v.IV, sealed, v.AAD)
		if err != nil {
			return err
		}
		return want("open", pt, v.PT)
	case "xts":
		b2, err := newBlock(v, v.Key2)
		if err != nil {
			return err
		}
		if err := want("encrypt", XTS(b, b2, v.IV, v.PT, false), v.CT); err != nil {
			return err
		}
		if err := want("decrypt", XTS(b, b2, v.IV, v.CT, true), v.PT); err != nil {
			return err
		}
		// gmsm's XTS takes the tweak as a 64-bit sector number: cross-check when it fits.
		if bytes.Equal(v.IV[8:], make([]byte, 8)) {
			newc := aes.NewCipher
			if v.Cipher == "sm4" {
				newc = sm4.NewCipher
			}
			x, err := smcipher.NewXTS(newc, append(append([]byte(nil), v.Key...), v.Key2...))
			if err != nil {
				return err
			}
			x.Encrypt(out, v.PT, binary.LittleEndian.Uint64(v.IV))
			return want("encrypt (gmsm)", out, v.CT)
		}
		return nil
	}
	return fmt.Errorf("mode %q not checked", v.Mode)
}

// TestVectors checks every official vector against Go's and gmsm's implementations, so a
// transcription error cannot survive.
func TestVectors(t *testing.T) {
	all, err := All()
	if err != nil {
		t.Fatal(err)
	}
	count := map[string]int{}
	for i := range all {
		v := &all[i]
		count[v.File]++
		if testing.Short() && v.Iterations > 1 {
			continue
		}
		if err := checkVector(v); err != nil {
			t.Errorf("%s (line %d): %v", v, v.Line, err)
		}
	}
	// What the sources promise (see each file's header).
	wantCount := map[string]int{
		"fips197.txt": 4, "sp800-38a.txt": 15, "gcm-spec.txt": 18, "sp800-38c.txt": 4,
		"ieee1619.txt": 19, "gbt32907.txt": 2, "rfc8998.txt": 2, "draft-ribose-cfrg-sm4.txt": 10,
		"sm4-xts.txt": 1,
	}
	for f, n := range wantCount {
		if count[f] != n {
			t.Errorf("%s: %d vectors, want %d", f, count[f], n)
		}
	}
	if len(count) != len(wantCount) {
		t.Errorf("data files %v, want %d", Files(), len(wantCount))
	}
}

// TestHeaders: every file names its source in a header comment.
func TestHeaders(t *testing.T) {
	all, err := All()
	if err != nil {
		t.Fatal(err)
	}
	for _, v := range all {
		if len(v.Source) < 40 {
			t.Errorf("%s: header comment %q does not name a source", v.File, v.Source)
		}
	}
}

// TestReferenceGHASH: the bitwise GHASH against the GCM specification's intermediate values
// (Test Case 2: H, C and GHASH(H, A, C)).
func TestReferenceGHASH(t *testing.T) {
	h := mustHex("66e94bd4ef8a2c3b884cfa59ca342b2e")
	c := mustHex("0388dace60b6a392f328c2b971b2fe78")
	got := GHASH(h, c, GCMLengths(0, 16))
	if want := mustHex("f38cbb1ad69223dcc3457ae5b6b0f885"); !bytes.Equal(got, want) {
		t.Errorf("GHASH = %x, want %x", got, want)
	}
}

func mustHex(s string) []byte {
	var b []byte
	if _, err := fmt.Sscanf(s, "%x", &b); err != nil {
		panic(err)
	}
	return b
}

func TestParse(t *testing.T) {
	src := `# A header naming its source, long enough to count as one.

name = one
cipher = sm4
mode = ecb
key = 00112233445566778899aabbccddeeff
pt = 00 x 32
ct = 0011
	2233 x 8

# a comment between vectors
name = two
cipher = aes
mode = gcm
key = 000102030405060708090a0b0c0d0e0f
iv = 000000000000000000000000
aad =
pt =
ct =
tag = 00112233
`
	vs, err := Parse(strings.NewReader(src), "x.txt")
	if err != nil {
		t.Fatal(err)
	}
	if len(vs) != 2 || len(vs[0].PT) != 32 || !bytes.Equal(vs[0].CT[:4], mustHex("00112233")) || len(vs[0].CT) != 32 {
		t.Fatalf("parsed %+v", vs)
	}
	if vs[1].Line != 12 || vs[1].AAD == nil && len(vs[1].AAD) != 0 || len(vs[1].Tag) != 4 {
		t.Errorf("second vector %+v", vs[1])
	}
	if !strings.Contains(vs[0].Source, "header naming") {
		t.Errorf("Source = %q", vs[0].Source)
	}
	for _, bad := range []string{
		"name = a\ncipher = des\nmode = ecb\nkey = 00\npt =\nct =\n",
		"name = a\ncipher = aes\nmode = ecb\nkey = 000102030405060708090a0b0c0d0e0f\npt = 00\nct = 00\n",
		"name = a\ncipher = aes\nmode = cbc\nkey = 000102030405060708090a0b0c0d0e0f\npt =\nct =\n",
		"name = a\ncipher = aes\nmode = ecb\nkey = 000102030405060708090a0b0c0d0e0f\npt = zz\nct =\n",
		"name = a\ncolour = blue\n",
		"\tcontinued\n",
		"name = a\ncipher = aes\nmode = ecb\nkey = 000102030405060708090a0b0c0d0e0f\npt =\nct =\n\nname = a\ncipher = aes\nmode = ecb\nkey = 000102030405060708090a0b0c0d0e0f\npt =\nct =\n",
	} {
		if _, err := Parse(strings.NewReader(bad), "bad.txt"); err == nil {
			t.Errorf("Parse accepted %q", bad)
		}
	}
}
