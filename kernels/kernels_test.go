package kernels

import (
	"bytes"
	"crypto/aes"
	"crypto/cipher"
	"encoding/binary"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	smcipher "github.com/emmansun/gmsm/cipher"
	"github.com/emmansun/gmsm/sm4"

	"rvsim/internal/fulltest"
	"rvsim/testvectors"
)

// The committed ELFs; these tests need no cross compiler.
func openAll(t *testing.T) []*Kernel {
	t.Helper()
	paths, err := filepath.Glob("bin/*.elf")
	if err != nil || len(paths) == 0 {
		t.Fatalf("no kernels in bin/: %v", err)
	}
	var ks []*Kernel
	for _, p := range paths {
		k, err := Open(p)
		if err != nil {
			if strings.Contains(p, "-kat-") {
				continue // the examples are programs, not kernel libraries
			}
			t.Fatal(err)
		}
		ks = append(ks, k)
	}
	if len(ks) != 19 {
		t.Errorf("%d kernels in bin/, want 19 (sm4 c/zksed/zksed-zbkb, aes c/zkn, ghash c/zbc, RV32 and RV64; "+
			"sm4 zvksed-zvkb, aes zvkned/zvkned-x8, ghash zvkg/zvbc, RV64)", len(ks))
	}
	return ks
}

func TestModes(t *testing.T) {
	want := map[string]string{
		"sm4":   "block ecb cbc cfb128 ofb ctr gcm-c gcm-zbc ccm xts ghash-c ghash-zbc",
		"aes":   "block ecb cbc cfb128 ofb ctr gcm-c gcm-zbc ccm xts ghash-c ghash-zbc",
		"ghash": "",
	}
	for _, k := range openAll(t) {
		got := strings.Join(k.Modes(), " ")
		w := want[k.Family]
		if isVector(k) && k.Family != "ghash" {
			w = "block ecb cbc cfb128 ofb ctr gcm-zvbc gcm-zvkg ccm xts ghash-zvbc ghash-zvkg"
		}
		if k.Family == "ghash" {
			w = "ghash-" + k.Variant
		}
		if got != w {
			t.Errorf("%s: modes %q, want %q", k.Name, got, w)
		}
		if k.ISA(k.Family+"_ecb_encrypt") != VariantISA(k.Variant, k.XLEN) {
			t.Errorf("%s: runs with %q", k.Name, k.ISA(""))
		}
	}
}

// TestVectors runs every official vector through every kernel and mode it applies to (the
// million-fold SM4 vector only in TestMillion).
func TestVectors(t *testing.T) {
	all, err := testvectors.All()
	if err != nil {
		t.Fatal(err)
	}
	for _, k := range openAll(t) {
		for _, mode := range k.Modes() {
			n := 0
			for i := range all {
				v := &all[i]
				if !Applies(k, mode, v) || v.Iterations > 1 {
					continue
				}
				n++
				if err := RunVector(k, mode, v); err != nil {
					t.Errorf("%s %s: %s: %v", k.Name, mode, v, err)
				}
			}
			if n == 0 {
				t.Errorf("%s %s: no vectors", k.Name, mode)
			}
		}
	}
}

// TestMillion runs GB/T 32907's 1,000,000-fold example on the fastest SM4 kernel.
func TestMillion(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: skipping the 1,000,000-iteration SM4 vector")
	}
	all, _ := testvectors.All()
	k, err := Open("bin/sm4-zksed-rv64.elf")
	if err != nil {
		t.Fatal(err)
	}
	for i := range all {
		if v := &all[i]; v.Iterations > 1 {
			if err := RunVector(k, ModeBlock, v); err != nil {
				t.Error(err)
			}
			t.Logf("%s: %d instructions", v, k.Insns)
		}
	}
}

// ---- random inputs against Go's crypto/aes and crypto/cipher and gmsm ----------------------------

var lengths = []int{0, 1, 15, 16, 17, 31, 32, 33, 48, 63, 64, 100, 255, 256, 1000, 4096}

func refBlock(t *testing.T, family string, key []byte) cipher.Block {
	var b cipher.Block
	var err error
	if family == "sm4" {
		b, err = sm4.NewCipher(key)
	} else {
		b, err = aes.NewCipher(key)
	}
	if err != nil {
		t.Fatal(err)
	}
	return b
}

type randSrc struct{ *rand.Rand }

func (r randSrc) bytes(n int) []byte {
	b := make([]byte, n)
	for i := range b {
		b[i] = byte(r.Uint32())
	}
	return b
}

func (r randSrc) key(family string, i int) []byte {
	if family == "sm4" {
		return r.bytes(16)
	}
	return r.bytes([]int{16, 24, 32}[i%3])
}

func eq(t *testing.T, what string, got, want []byte) {
	t.Helper()
	if !bytes.Equal(got, want) {
		if len(got) > 48 {
			for i := range got {
				if i >= len(want) || got[i] != want[i] {
					t.Errorf("%s: differs first at byte %d of %d (got %d bytes, want %d)", what, i, len(want), len(got), len(want))
					return
				}
			}
		}
		t.Errorf("%s: got %x, want %x", what, got, want)
	}
}

func must[T any](t *testing.T, what string) func(T, error) T {
	return func(v T, err error) T {
		t.Helper()
		if err != nil {
			t.Fatalf("%s: %v", what, err)
		}
		return v
	}
}

// testRandom checks one cipher kernel's modes on random keys, IVs, nonces, AAD and lengths.
func testRandom(t *testing.T, k *Kernel, r randSrc) { testRandomLengths(t, k, r, lengths) }

func testRandomLengths(t *testing.T, k *Kernel, r randSrc, lengths []int) {
	f := k.Family
	for i, n := range lengths {
		key := r.key(f, i)
		b := refBlock(t, f, key)
		pt := r.bytes(n)
		iv := r.bytes(16)
		name := fmt.Sprintf("%s len %d key %d", k.Name, n, 8*len(key))
		blocks := n &^ 15

		// ECB and CBC take whole blocks.
		want := make([]byte, blocks)
		for j := 0; j < blocks; j += 16 {
			b.Encrypt(want[j:], pt[j:])
		}
		ct := must[[]byte](t, name)(k.ECB(key, pt[:blocks], false))
		eq(t, name+" ecb encrypt", ct, want)
		eq(t, name+" ecb decrypt", must[[]byte](t, name)(k.ECB(key, ct, true)), pt[:blocks])

		cipher.NewCBCEncrypter(b, iv).CryptBlocks(want, pt[:blocks])
		ct, ivOut, err := k.CBC(key, iv, pt[:blocks], false)
		must[int](t, name)(0, err)
		eq(t, name+" cbc encrypt", ct, want)
		if blocks > 0 {
			eq(t, name+" cbc encrypt iv", ivOut, want[blocks-16:])
		}
		got, _, err := k.CBC(key, iv, ct, true)
		must[int](t, name)(0, err)
		eq(t, name+" cbc decrypt", got, pt[:blocks])

		// CFB, OFB and CTR take any length.
		want = make([]byte, n)
		cipher.NewCFBEncrypter(b, iv).XORKeyStream(want, pt)
		ct, ivOut, err = k.CFB(key, iv, pt, false)
		must[int](t, name)(0, err)
		eq(t, name+" cfb encrypt", ct, want)
		if n%16 == 0 && n > 0 {
			eq(t, name+" cfb iv", ivOut, ct[n-16:])
		}
		got, _, err = k.CFB(key, iv, ct, true)
		must[int](t, name)(0, err)
		eq(t, name+" cfb decrypt", got, pt)

		cipher.NewOFB(b, iv).XORKeyStream(want, pt)
		ct, ivOut, err = k.OFB(key, iv, pt)
		must[int](t, name)(0, err)
		eq(t, name+" ofb", ct, want)
		if n%16 == 0 && n > 0 {
			ks := make([]byte, 16)
			for j := range ks {
				ks[j] = ct[n-16+j] ^ pt[n-16+j]
			}
			eq(t, name+" ofb iv", ivOut, ks)
		}

		// CTR: a counter that does not wrap agrees with Go's 128-bit CTR; one about to wrap
		// shows the 32-bit increment.
		ctr := append([]byte(nil), iv...)
		binary.BigEndian.PutUint32(ctr[12:], r.Uint32()>>8)
		cipher.NewCTR(b, ctr).XORKeyStream(want, pt)
		ct, ctrOut, err := k.CTR(key, ctr, pt)
		must[int](t, name)(0, err)
		eq(t, name+" ctr", ct, want)
		_, next := testvectors.CTR32(b, ctr, pt)
		eq(t, name+" ctr counter", ctrOut, next)
		binary.BigEndian.PutUint32(ctr[12:], 0xfffffffe)
		want, next = testvectors.CTR32(b, ctr, pt)
		ct, ctrOut, err = k.CTR(key, ctr, pt)
		must[int](t, name)(0, err)
		eq(t, name+" ctr wrapping", ct, want)
		eq(t, name+" ctr wrapping counter", ctrOut, next)

		// GCM with each GHASH variant: 12-byte and other IVs, tags of 16 and fewer bytes.
		aad := r.bytes([]int{0, 1, 13, 16, 20, 64}[i%6])
		ivLen := []int{12, 12, 8, 60, 1, 16}[i%6]
		nonce := r.bytes(ivLen)
		gcm := must[cipher.AEAD](t, name)(cipher.NewGCMWithNonceSize(b, ivLen))
		sealed := gcm.Seal(nil, nonce, pt, aad)
		tagLen := []int{16, 12, 16, 8, 4, 16, 13}[i%7]
		for _, g := range k.gcmVariants() {
			gn := name + " gcm-" + g
			ct, tag, err := k.GCMSeal(g, key, nonce, aad, pt, tagLen)
			must[int](t, gn)(0, err)
			eq(t, gn+" ciphertext", ct, sealed[:n])
			eq(t, gn+" tag", tag, sealed[n:n+tagLen])
			got, err := k.GCMOpen(g, key, nonce, aad, ct, tag)
			must[int](t, gn)(0, err)
			eq(t, gn+" open", got, pt)
			tag[0] ^= 0x80
			if _, err := k.GCMOpen(g, key, nonce, aad, ct, tag); !errors.Is(err, ErrAuth) {
				t.Errorf("%s: corrupted tag: %v", gn, err)
			}
		}

		// CCM: nonces of 7 to 13 bytes, tags of 4 to 16.
		nl := 7 + i%7
		tl := 4 + 2*(i%7)
		nonce = r.bytes(nl)
		ccm := must[cipher.AEAD](t, name)(smcipher.NewCCMWithNonceAndTagSize(b, nl, tl))
		sealed = ccm.Seal(nil, nonce, pt, aad)
		ct, tag, err := k.CCMSeal(key, nonce, aad, pt, tl)
		must[int](t, name)(0, err)
		eq(t, name+" ccm ciphertext", ct, sealed[:n])
		eq(t, name+" ccm tag", tag, sealed[n:])
		got, err = k.CCMOpen(key, nonce, aad, ct, tag)
		must[int](t, name)(0, err)
		eq(t, name+" ccm open", got, pt)
		tag[tl-1] ^= 1
		if got, err := k.CCMOpen(key, nonce, aad, ct, tag); !errors.Is(err, ErrAuth) || !bytes.Equal(got, make([]byte, n)) {
			t.Errorf("%s ccm: corrupted tag: %v (output %x)", name, err, got)
		}

		// XTS (16 bytes or more): gmsm with a 64-bit sector number, and a full 16-byte tweak.
		if n >= 16 {
			xkey := r.bytes([]int{16, 32}[i%2])
			k2 := r.bytes(len(xkey))
			if f == "sm4" {
				xkey, k2 = r.bytes(16), r.bytes(16)
			}
			newc := aes.NewCipher
			if f == "sm4" {
				newc = sm4.NewCipher
			}
			x := must[smcipher.XTSBlockMode](t, name)(smcipher.NewXTS(newc, append(append([]byte(nil), xkey...), k2...)))
			sector := r.Uint64()
			tweak := make([]byte, 16)
			binary.LittleEndian.PutUint64(tweak, sector)
			want = make([]byte, n)
			x.Encrypt(want, pt, sector)
			ct := must[[]byte](t, name)(k.XTS(xkey, k2, tweak, pt, false))
			eq(t, name+" xts", ct, want)
			eq(t, name+" xts decrypt", must[[]byte](t, name)(k.XTS(xkey, k2, tweak, ct, true)), pt)
			tweak = r.bytes(16)
			want = testvectors.XTS(refBlock(t, f, xkey), refBlock(t, f, k2), tweak, pt, false)
			eq(t, name+" xts full tweak", must[[]byte](t, name)(k.XTS(xkey, k2, tweak, pt, false)), want)
		}
	}
}

func TestRandom(t *testing.T) {
	for i, k := range openAll(t) {
		r := randSrc{rand.New(rand.NewPCG(uint64(i), 0x5eed))}
		if k.Family == "ghash" {
			continue
		}
		t.Run(k.Name, func(t *testing.T) { testRandom(t, k, r) })
	}
}

// TestMisaligned repeats the random checks with every data buffer 1 and 3 bytes past a
// 16-byte boundary (the kernels take the byte-at-a-time paths).
func TestMisaligned(t *testing.T) {
	for i, k := range openAll(t) {
		if k.Family == "ghash" {
			continue
		}
		for _, m := range []int{1, 3} {
			k.Misalign = m
			r := randSrc{rand.New(rand.NewPCG(uint64(i), uint64(m)))}
			t.Run(fmt.Sprintf("%s+%d", k.Name, m), func(t *testing.T) { testRandom(t, k, r) })
		}
		k.Misalign = 0
	}
}

// TestGHASH checks every GHASH entry point (in the GHASH ELFs and in the cipher ELFs) against
// the bitwise reference, with updates of every length.
func TestGHASH(t *testing.T) {
	r := randSrc{rand.New(rand.NewPCG(7, 7))}
	for _, k := range openAll(t) {
		for _, g := range k.GHASHVariants() {
			for _, n := range lengths {
				h := r.bytes(16)
				a, c := r.bytes(n/3), r.bytes(n)
				want := testvectors.GHASH(h, a, c, testvectors.GCMLengths(len(a), len(c)))
				got, err := k.GHASH(g, h, a, c, testvectors.GCMLengths(len(a), len(c)))
				if err != nil {
					t.Fatalf("%s ghash-%s: %v", k.Name, g, err)
				}
				eq(t, fmt.Sprintf("%s ghash-%s len %d", k.Name, g, n), got, want)
			}
		}
	}
}

// TestErrors: the entry points reject what the ABI says they reject.
func TestErrors(t *testing.T) {
	for _, k := range openAll(t) {
		if k.Family == "ghash" {
			continue
		}
		key := make([]byte, 16)
		if _, err := k.XTS(key, key, make([]byte, 16), make([]byte, 15), false); err == nil {
			t.Errorf("%s: XTS of 15 bytes accepted", k.Name)
		}
		if _, _, err := k.CCMSeal(key, make([]byte, 6), nil, nil, 16); err == nil {
			t.Errorf("%s: CCM with a 6-byte nonce accepted", k.Name)
		}
		if _, _, err := k.CCMSeal(key, make([]byte, 12), nil, nil, 5); err == nil {
			t.Errorf("%s: CCM with a 5-byte tag accepted", k.Name)
		}
		if _, _, err := k.CCMSeal(key, make([]byte, 13), nil, make([]byte, 1<<16), 16); err == nil {
			t.Errorf("%s: CCM with 65536 bytes and a 2-byte length field accepted", k.Name)
		}
		if _, _, err := k.GCMSeal("c", key, nil, nil, nil, 16); err == nil {
			t.Errorf("%s: GCM with an empty IV accepted", k.Name)
		}
		if k.Family == "aes" {
			if _, err := k.Block(make([]byte, 20), make([]byte, 16), false); err == nil {
				t.Errorf("%s: a 160-bit AES key accepted", k.Name)
			}
		}
	}
}

// TestISA: the kernels run with exactly their variant's extensions, so one that used
// another would fault; and a variant's instructions fault on a core without them.
func TestISA(t *testing.T) {
	k, err := Open("bin/sm4-zksed-rv64.elf")
	if err != nil {
		t.Fatal(err)
	}
	k.baseISA = "rv64imac" // pretend the core lacks Zksed
	_, err = k.Block(make([]byte, 16), make([]byte, 16), false)
	if err == nil || !strings.Contains(err.Error(), "sm4ks") {
		t.Errorf("sm4-zksed under rv64imac: %v, want an illegal sm4ks", err)
	}
}

// TestBuild rebuilds the kernels with clang-19 and lld-19 and checks that the result is
// byte for byte the committed bin/ (what `make -C kernels check` does).
func TestBuild(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: not rebuilding the kernels")
	}
	// Rebuilding every kernel takes a minute and more; CI sets the variable (and also runs
	// make check).
	fulltest.SkipUnlessFull(t, "rebuilding the kernels")
	for _, tool := range []string{"clang-19", "ld.lld-19", "make"} {
		if _, err := exec.LookPath(tool); err != nil {
			if os.Getenv("CI") == "true" {
				t.Fatalf("%s is required on CI (run scripts/setup.sh): %v", tool, err)
			}
			t.Skipf("%s not on PATH (scripts/setup.sh installs it); not rebuilding the kernels", tool)
		}
	}
	out := t.TempDir()
	cmd := exec.Command("make", "-s", "-j2", "OUT="+out, "all")
	if b, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("make: %v\n%s", err, b)
	}
	fresh, _ := filepath.Glob(filepath.Join(out, "*.elf"))
	committed, _ := filepath.Glob("bin/*.elf")
	if len(fresh) != len(committed) {
		t.Errorf("a fresh build has %d ELFs, bin/ %d", len(fresh), len(committed))
	}
	for _, f := range fresh {
		a, _ := os.ReadFile(f)
		b, err := os.ReadFile(filepath.Join("bin", filepath.Base(f)))
		if err != nil || !bytes.Equal(a, b) {
			t.Errorf("%s: differs from a fresh build (run make in kernels/ and commit bin/)", filepath.Base(f))
		}
	}
}
