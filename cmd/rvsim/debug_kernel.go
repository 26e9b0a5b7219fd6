package main

import (
	"bytes"
	"fmt"
	"sort"
	"strings"

	"rvsim/elf"
	"rvsim/emu"
	"rvsim/kernels"
	"rvsim/testvectors"
)

// --vector: a kernel entry point called on an official test vector, following the ABI of
// kernels/README.md (the argument lists package kernels uses): the key schedule is expanded
// (and a GCM/CCM context initialised) by calls the session does not step through, the
// buffers are placed in scratch memory, and the data call is what the session debugs. When
// it returns, check compares the output (and tag) with the vector.

type kernelVector struct {
	k       *kernels.Kernel
	v       testvectors.Vector
	sym     string
	isa     string
	mode    string // "block", "ecb", ..., "gcm", "ccm"
	ghash   string // GCM's GHASH variant
	decrypt bool
}

// findKernelVector resolves --vector (and --call, when given) for the kernel at path.
func findKernelVector(path string, f *elf.File, call, name string) (*kernelVector, error) {
	k, err := kernels.Open(path)
	if err != nil {
		return nil, err
	}
	kv := &kernelVector{k: k}
	if call != "" {
		if err := kv.parseSym(call); err != nil {
			return nil, err
		}
	}
	all, err := testvectors.All()
	if err != nil {
		return nil, err
	}
	var cands []testvectors.Vector
	for _, v := range all {
		if v.Cipher != k.Family || kv.mode != "" && v.Mode != kv.mode {
			continue
		}
		if v.Name == name || v.String() == name {
			cands = []testvectors.Vector{v}
			break
		}
		if strings.HasPrefix(v.Name, name) || strings.Contains(v.String(), name) {
			cands = append(cands, v)
		}
	}
	switch {
	case len(cands) == 0:
		return nil, fmt.Errorf("--vector %q: no %s vector of that name%s ('rvsim verify --list' shows them)", name, k.Family, modeNote(kv.mode))
	case len(cands) > 1:
		var names []string
		for i, v := range cands {
			if i == 6 {
				names = append(names, "...")
				break
			}
			names = append(names, fmt.Sprintf("%q", v.String()))
		}
		return nil, fmt.Errorf("--vector %q matches %d vectors: %s", name, len(cands), strings.Join(names, ", "))
	}
	kv.v = cands[0]
	if kv.v.Iterations > 1 {
		return nil, fmt.Errorf("vector %s runs the cipher %d times; pick a one-pass vector", kv.v.String(), kv.v.Iterations)
	}
	if call == "" {
		kv.mode = kv.v.Mode
		if err := kv.defaultSym(); err != nil {
			return nil, err
		}
	}
	if !k.Has(kv.sym) {
		return nil, fmt.Errorf("%s exports no %s", path, kv.sym)
	}
	kv.isa = k.ISA(kv.sym)
	return kv, nil
}

func modeNote(mode string) string {
	if mode == "" {
		return ""
	}
	return " for mode " + mode
}

// parseSym works out the mode and direction of an entry point from its name.
func (kv *kernelVector) parseSym(sym string) error {
	kv.sym = sym
	rest, ok := strings.CutPrefix(sym, kv.k.Family+"_")
	if !ok {
		return fmt.Errorf("--call %s: --vector needs a %s_* data entry point", sym, kv.k.Family)
	}
	switch {
	case rest == "encrypt" || rest == "decrypt":
		kv.mode, kv.decrypt = "block", rest == "decrypt"
	case strings.HasPrefix(rest, "gcm_encrypt_ghash_"), strings.HasPrefix(rest, "gcm_decrypt_ghash_"):
		kv.mode, kv.decrypt = "gcm", strings.HasPrefix(rest, "gcm_decrypt")
		kv.ghash = rest[len("gcm_encrypt_ghash_"):]
	default:
		m, dir, ok := strings.Cut(rest, "_")
		if !ok || dir != "encrypt" && dir != "decrypt" {
			return fmt.Errorf("--call %s: not a data entry point (FAMILY_MODE_encrypt or _decrypt)", sym)
		}
		kv.mode, kv.decrypt = m, dir == "decrypt"
	}
	known := false
	for _, m := range testvectors.Modes {
		known = known || m == kv.mode
	}
	if !known {
		return fmt.Errorf("--call %s: no test vectors for mode %q", sym, kv.mode)
	}
	return nil
}

// defaultSym picks the encrypt entry point of the vector's mode.
func (kv *kernelVector) defaultSym() error {
	p := kv.k.Family + "_"
	switch kv.mode {
	case "block":
		kv.sym = p + "encrypt"
	case "gcm":
		var vs []string
		for _, m := range kv.k.Modes() {
			if v, ok := strings.CutPrefix(m, kernels.ModeGCM+"-"); ok {
				vs = append(vs, v)
			}
		}
		if len(vs) == 0 {
			return fmt.Errorf("%s has no GCM entry points", kv.k.Name)
		}
		sort.Strings(vs)
		kv.ghash = vs[0]
		kv.sym = p + "gcm_encrypt_ghash_" + kv.ghash
	default:
		kv.sym = p + kv.mode + "_encrypt"
	}
	return nil
}

// prepare sets up the buffers and runs the key schedule (and context) calls, returning the
// data call's arguments and the check to run when it returns.
func (kv *kernelVector) prepare(mc *emu.Machine) ([]uint64, func(*session) string, error) {
	v := &kv.v
	fam := kv.k.Family
	call := func(sym string, args ...uint64) (uint64, error) {
		ret, st, err := mc.CallSymbol(sym, kernels.DefaultMaxInsns, args...)
		if err != nil {
			return 0, err
		}
		if st.Reason != emu.StopReturn {
			return 0, fmt.Errorf("setting up: %s: %v", sym, st)
		}
		return ret, nil
	}
	buf := func(b []byte) uint64 {
		a, err := mc.AllocBytes(b)
		if err != nil {
			panic(err)
		}
		return a
	}
	setKey := func(key []byte, dec bool) (uint64, error) {
		ks, err := mc.Alloc(kernels.KeySize)
		if err != nil {
			return 0, err
		}
		sym := fam + "_set_encrypt_key"
		if dec {
			sym = fam + "_set_decrypt_key"
		}
		args := []uint64{ks, buf(key)}
		if fam == "aes" {
			args = append(args, uint64(8*len(key)))
		}
		ret, err := call(sym, args...)
		if err == nil && fam == "aes" && ret != 0 {
			err = fmt.Errorf("%s rejected a %d-bit key", sym, 8*len(key))
		}
		return ks, err
	}
	in, want := v.PT, v.CT
	if kv.decrypt {
		in, want = v.CT, v.PT
	}
	var args []uint64
	var outAddr, tagAddr uint64
	check := func(s *session) string {
		got := make([]byte, len(want))
		s.h.Mem.Read(outAddr, got)
		what := "ciphertext"
		if kv.decrypt {
			what = "plaintext"
		}
		if !bytes.Equal(got, want) {
			return fmt.Sprintf("output DIFFERS from test vector %s:\n  got  %x\n  want %x", v.String(), got, want)
		}
		if tagAddr != 0 && !kv.decrypt {
			tag := make([]byte, len(v.Tag))
			s.h.Mem.Read(tagAddr, tag)
			if !bytes.Equal(tag, v.Tag) {
				return fmt.Sprintf("%s matches, but the tag DIFFERS from test vector %s:\n  got  %x\n  want %x", what, v.String(), tag, v.Tag)
			}
			what += " and tag"
		}
		if tagAddr != 0 && kv.decrypt && s.h.Reg(10) != 0 {
			return fmt.Sprintf("%s matches, but the call rejected the vector's tag (a0 = %d)", what, int64(s.h.Reg(10)))
		}
		shown := fmt.Sprintf("%x", want)
		if len(shown) > 64 {
			shown = shown[:64] + "..."
		}
		return fmt.Sprintf("output matches test vector %s (%s %s)", v.String(), what, shown)
	}
	decKey := kv.decrypt && (kv.mode == "block" || kv.mode == "ecb" || kv.mode == "cbc" || kv.mode == "xts")
	ks, err := setKey(v.Key, decKey)
	if err != nil {
		return nil, nil, err
	}
	inAddr := buf(in)
	out, err := mc.Alloc(uint64(len(in)))
	if err != nil {
		return nil, nil, err
	}
	outAddr = out
	n := uint64(len(in))
	switch kv.mode {
	case "block":
		if len(in) != 16 {
			return nil, nil, fmt.Errorf("vector %s has %d bytes, not one block", v.String(), len(in))
		}
		args = []uint64{ks, inAddr, out}
	case "ecb":
		args = []uint64{ks, inAddr, out, n}
	case "cbc", "cfb128", "ofb", "ctr":
		args = []uint64{ks, buf(v.IV), inAddr, out, n}
	case "xts":
		ks2, err := setKey(v.Key2, false)
		if err != nil {
			return nil, nil, err
		}
		args = []uint64{ks, ks2, buf(v.IV), inAddr, out, n}
	case "gcm", "ccm":
		ctx, err := mc.Alloc(kernels.CtxSize)
		if err != nil {
			return nil, nil, err
		}
		initSym := fam + "_ccm_init"
		if kv.mode == "gcm" {
			initSym = fam + "_gcm_init_ghash_" + kv.ghash
		}
		ret, err := call(initSym, ctx, ks, buf(v.IV), uint64(len(v.IV)), uint64(len(v.Tag)))
		if err != nil {
			return nil, nil, err
		}
		if ret != 0 {
			return nil, nil, fmt.Errorf("%s rejected the vector's nonce or tag length", initSym)
		}
		tag := make([]byte, len(v.Tag))
		if kv.decrypt {
			copy(tag, v.Tag)
		}
		tagAddr = buf(tag)
		args = []uint64{ctx, buf(v.AAD), uint64(len(v.AAD)), inAddr, out, n, tagAddr}
	default:
		return nil, nil, fmt.Errorf("mode %s: not supported by --vector", kv.mode)
	}
	return args, check, nil
}
