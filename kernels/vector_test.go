package kernels

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"rvsim/testvectors"
)

// The vector kernels (sm4-zvksed-zvkb, aes-zvkned, aes-zvkned-x8, ghash-zvkg, ghash-zvbc).
// TestVectors, TestRandom, TestMisaligned and TestGHASH check them at the default VLEN of 128
// like every kernel; these tests add VLEN 256 and 512, tail- and mask-agnostic elements
// filled with ones (so a kernel that relies on them fails), lengths around the batch sizes
// (4 blocks a register group at VLEN=128, 8 at 256, 16 at 512), and that the batched modes
// do take more blocks at a time on a wider VLEN.

// isVector reports whether k was built for the vector extension (a zv... variant).
func isVector(k *Kernel) bool {
	for _, e := range strings.Split(k.Variant, "-") {
		if strings.HasPrefix(e, "zv") {
			return true
		}
	}
	return false
}

func vectorKernels(t *testing.T) []*Kernel {
	var vs []*Kernel
	for _, k := range openAll(t) {
		if isVector(k) {
			vs = append(vs, k)
		}
	}
	if len(vs) != 5 {
		t.Fatalf("%d vector kernels in bin/, want 5 (sm4 zvksed-zvkb, aes zvkned/zvkned-x8, ghash zvkg/zvbc)", len(vs))
	}
	return vs
}

// vectorLengths: around 1, 4, 8 and 16 blocks, and long messages.
var vectorLengths = []int{0, 1, 15, 16, 17, 48, 63, 64, 65, 112, 127, 128, 129, 255, 256, 257, 500, 1024, 4096}

// TestVectorVLEN runs every official vector and the random checks on every vector kernel at
// VLEN 128, 256 and 512 with agnostic elements set to ones.
func TestVectorVLEN(t *testing.T) {
	all, err := testvectors.All()
	if err != nil {
		t.Fatal(err)
	}
	for _, vlen := range []int{128, 256, 512} {
		for i, k := range vectorKernels(t) {
			k.VLEN, k.AgnosticOnes = vlen, true
			t.Run(fmt.Sprintf("%s/VLEN=%d", k.Name, vlen), func(t *testing.T) {
				for _, mode := range k.Modes() {
					n := 0
					for j := range all {
						if v := &all[j]; Applies(k, mode, v) && v.Iterations == 1 {
							n++
							if err := RunVector(k, mode, v); err != nil {
								t.Errorf("%s: %s: %v", mode, v, err)
							}
						}
					}
					if n == 0 {
						t.Errorf("%s: no vectors", mode)
					}
				}
				r := randSrc{rand.New(rand.NewPCG(uint64(i), uint64(vlen)))}
				if k.Family != "ghash" {
					testRandomLengths(t, k, r, vectorLengths)
				}
				for _, g := range k.GHASHVariants() {
					for _, n := range vectorLengths {
						h, a, c := r.bytes(16), r.bytes(n%37), r.bytes(n)
						want := testvectors.GHASH(h, a, c, testvectors.GCMLengths(len(a), len(c)))
						got, err := k.GHASH(g, h, a, c, testvectors.GCMLengths(len(a), len(c)))
						if err != nil {
							t.Fatalf("ghash-%s: %v", g, err)
						}
						eq(t, fmt.Sprintf("ghash-%s len %d", g, n), got, want)
					}
				}
			})
			k.VLEN, k.AgnosticOnes = 0, false
		}
	}
}

// TestVectorBatching: the modes that run a register group of blocks at a time retire about
// half the instructions per byte at VLEN=256 that they do at 128, and the serial ones about
// the same.
func TestVectorBatching(t *testing.T) {
	k, err := Open("bin/sm4-zvksed-zvkb-rv64.elf")
	if err != nil {
		t.Fatal(err)
	}
	g, err := Open("bin/ghash-zvbc-rv64.elf")
	if err != nil {
		t.Fatal(err)
	}
	r := randSrc{rand.New(rand.NewPCG(1, 1))}
	key, iv, msg := r.bytes(16), r.bytes(16), r.bytes(4096)
	modes := []struct {
		name    string
		batched bool
		run     func() (*Kernel, error)
	}{
		{"ecb", true, func() (*Kernel, error) { _, err := k.ECB(key, msg, false); return k, err }},
		{"cbc decrypt", true, func() (*Kernel, error) { _, _, err := k.CBC(key, iv, msg, true); return k, err }},
		{"cfb decrypt", true, func() (*Kernel, error) { _, _, err := k.CFB(key, iv, msg, true); return k, err }},
		{"ctr", true, func() (*Kernel, error) { _, _, err := k.CTR(key, iv, msg); return k, err }},
		{"xts", true, func() (*Kernel, error) { _, err := k.XTS(key, iv, iv, msg, false); return k, err }},
		{"ghash-zvkg", true, func() (*Kernel, error) { _, err := k.GHASH("zvkg", key, msg); return k, err }},
		{"ghash-zvbc", true, func() (*Kernel, error) { _, err := g.GHASH("zvbc", key, msg); return g, err }},
		{"cbc encrypt", false, func() (*Kernel, error) { _, _, err := k.CBC(key, iv, msg, false); return k, err }},
		{"ofb", false, func() (*Kernel, error) { _, _, err := k.OFB(key, iv, msg); return k, err }},
	}
	for _, m := range modes {
		var insns [2]uint64
		for i, vlen := range []int{128, 256} {
			k.VLEN, g.VLEN = vlen, vlen
			kk, err := m.run()
			if err != nil {
				t.Fatalf("%s at VLEN=%d: %v", m.name, vlen, err)
			}
			insns[i] = kk.Insns
		}
		ratio := float64(insns[1]) / float64(insns[0])
		t.Logf("%s: %.2f instructions per byte at VLEN=128, %.2f at 256", m.name, float64(insns[0])/4096, float64(insns[1])/4096)
		if m.batched && ratio > 0.65 || !m.batched && ratio < 0.95 {
			t.Errorf("%s: %d instructions at VLEN=128, %d at 256 (ratio %.2f)", m.name, insns[0], insns[1], ratio)
		}
	}
}

// TestVectorISA: the vector kernels run on rv64imacv plus their variant's extensions (and
// the GHASH variant's for the GCM entry points), and fault without them.
func TestVectorISA(t *testing.T) {
	for _, c := range []struct{ variant, want string }{
		{"zvksed-zvkb", "rv64imacv_zvksed_zvkb"},
		{"zvkned", "rv64imacv_zvkned"},
		{"zvkned-x8", "rv64imacv_zvkned"},
		{"zvkg", "rv64imacv_zvkg"},
		{"zksed-zbkb", "rv64imac_zksed_zbkb"},
		{"c", "rv64imac"},
	} {
		if got := VariantISA(c.variant, 64); got != c.want {
			t.Errorf("VariantISA(%q) = %q, want %q", c.variant, got, c.want)
		}
	}
	k, err := Open("bin/aes-zvkned-rv64.elf")
	if err != nil {
		t.Fatal(err)
	}
	for sym, want := range map[string]string{
		"aes_ecb_encrypt":            "rv64imacv_zvkned",
		"aes_gcm_encrypt_ghash_zvkg": "rv64imacv_zvkned_zvkg",
		"aes_gcm_init_ghash_zvbc":    "rv64imacv_zvkned_zvbc",
		"ghash_update_zvkg":          "rv64imacv_zvkned_zvkg",
	} {
		if got := k.ISA(sym); got != want {
			t.Errorf("%s runs with %q, want %q", sym, got, want)
		}
	}
	s, err := Open("bin/sm4-zvksed-zvkb-rv64.elf")
	if err != nil {
		t.Fatal(err)
	}
	s.baseISA = "rv64imacv_zvksed" // pretend the core lacks Zvkb
	if _, err := s.Block(make([]byte, 16), make([]byte, 16), false); err == nil || !strings.Contains(err.Error(), "vrev8.v") {
		t.Errorf("sm4-zvksed-zvkb under rv64imacv_zvksed: %v, want an illegal vrev8.v", err)
	}
	k.baseISA = "rv64imac_zvkned" // no V: the vector unit is off
	if _, err := k.Block(make([]byte, 16), make([]byte, 16), false); err == nil {
		t.Errorf("aes-zvkned without V ran")
	}
}

// TestVectorInPlace: every mode with the output over the input (the ABI allows in == out)
// gives what it gives into a separate buffer; 213 bytes run the 8-, 4- and 1-block loops of
// aes-zvkned-x8 and a partial batch of the SM4 ones.
func TestVectorInPlace(t *testing.T) {
	r := randSrc{rand.New(rand.NewPCG(3, 3))}
	for _, k := range vectorKernels(t) {
		if k.Family == "ghash" {
			continue
		}
		for _, n := range []int{213, 4096} {
			key, key2, iv, msg, aad := r.bytes(16), r.bytes(16), r.bytes(16), r.bytes(n), r.bytes(20)
			whole := msg[:n&^15]
			// run calls sym with the arguments args builds around the buffer p, which holds
			// in on entry, and returns p afterwards.
			run := func(sym string, decKey bool, in []byte, args func(ks, k2, ivp, p uint64) []uint64) []byte {
				t.Helper()
				must[int](t, sym)(0, k.begin(sym))
				ks := must[uint64](t, sym)(k.setKey(key, decKey))
				k2 := must[uint64](t, sym)(k.setKey(key2, false))
				ivp := must[uint64](t, sym)(k.buf(iv))
				p := must[uint64](t, sym)(k.buf(in))
				must[uint64](t, sym)(k.call(false, sym, len(in), args(ks, k2, ivp, p)...))
				return must[[]byte](t, sym)(k.read(p, len(in)))
			}
			f := k.Family + "_"
			chained := func(ks, _, ivp, p uint64) []uint64 { return []uint64{ks, ivp, p, p, uint64(n)} }
			wholeChained := func(ks, _, ivp, p uint64) []uint64 { return []uint64{ks, ivp, p, p, uint64(len(whole))} }
			ecb := func(ks, _, _, p uint64) []uint64 { return []uint64{ks, p, p, uint64(len(whole))} }
			xts := func(ks, k2, ivp, p uint64) []uint64 { return []uint64{ks, k2, ivp, p, p, uint64(n)} }
			name := fmt.Sprintf("%s len %d", k.Name, n)

			want := must[[]byte](t, name)(k.ECB(key, whole, false))
			eq(t, name+" ecb encrypt", run(f+"ecb_encrypt", false, whole, ecb), want)
			want = must[[]byte](t, name)(k.ECB(key, whole, true))
			eq(t, name+" ecb decrypt", run(f+"ecb_decrypt", true, whole, ecb), want)
			want, _, _ = k.CBC(key, iv, whole, false)
			eq(t, name+" cbc encrypt", run(f+"cbc_encrypt", false, whole, wholeChained), want)
			want, _, _ = k.CBC(key, iv, whole, true)
			eq(t, name+" cbc decrypt", run(f+"cbc_decrypt", true, whole, wholeChained), want)
			want, _, _ = k.CFB(key, iv, msg, false)
			eq(t, name+" cfb encrypt", run(f+"cfb128_encrypt", false, msg, chained), want)
			want, _, _ = k.CFB(key, iv, msg, true)
			eq(t, name+" cfb decrypt", run(f+"cfb128_decrypt", false, msg, chained), want)
			want, _, _ = k.OFB(key, iv, msg)
			eq(t, name+" ofb", run(f+"ofb_encrypt", false, msg, chained), want)
			want, _, _ = k.CTR(key, iv, msg)
			eq(t, name+" ctr", run(f+"ctr_encrypt", false, msg, chained), want)
			want = must[[]byte](t, name)(k.XTS(key, key2, iv, msg, false))
			eq(t, name+" xts encrypt", run(f+"xts_encrypt", false, msg, xts), want)
			want = must[[]byte](t, name)(k.XTS(key, key2, iv, msg, true))
			eq(t, name+" xts decrypt", run(f+"xts_decrypt", true, msg, xts), want)

			// GCM and CCM: encrypt in place, then decrypt in place.
			for _, g := range append(k.gcmVariants(), "ccm") {
				initSym, encSym, decSym := f+"gcm_init_ghash_"+g, f+"gcm_encrypt_ghash_"+g, f+"gcm_decrypt_ghash_"+g
				nonce := iv[:12]
				ct, tag, err := k.GCMSeal(g, key, nonce, aad, msg, 16)
				if g == "ccm" {
					initSym, encSym, decSym = f+"ccm_init", f+"ccm_encrypt", f+"ccm_decrypt"
					ct, tag, err = k.CCMSeal(key, nonce, aad, msg, 16)
				}
				must[int](t, name)(0, err)
				for _, dir := range []struct {
					sym     string
					in, out []byte
				}{{encSym, msg, ct}, {decSym, ct, msg}} {
					aead := func(ks, _, _, p uint64) []uint64 {
						ctx := must[uint64](t, name)(k.aligned(CtxSize))
						np := must[uint64](t, name)(k.buf(nonce))
						if ret := must[uint64](t, name)(k.call(true, initSym, 12, ctx, ks, np, 12, 16)); ret != 0 {
							t.Fatalf("%s: %s returned %d", name, initSym, ret)
						}
						ap := must[uint64](t, name)(k.buf(aad))
						tp := must[uint64](t, name)(k.buf(tag))
						return []uint64{ctx, ap, uint64(len(aad)), p, p, uint64(n), tp}
					}
					eq(t, name+" "+dir.sym, run(dir.sym, false, dir.in, aead), dir.out)
				}
			}
		}
	}
}
