package main

import (
	"bytes"
	"errors"
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
	mode, ghash, decrypt, err := kernels.ParseEntryPoint(kv.k.Family, sym)
	switch {
	case errors.Is(err, kernels.ErrNotDataEntry) && !strings.HasPrefix(sym, kv.k.Family+"_"):
		return fmt.Errorf("--call %s: --vector needs a %s_* data entry point", sym, kv.k.Family)
	case errors.Is(err, kernels.ErrNotDataEntry):
		return fmt.Errorf("--call %s: %v", sym, kernels.ErrNotDataEntry)
	case err != nil:
		return fmt.Errorf("--call %v", err)
	}
	kv.mode, kv.ghash, kv.decrypt = mode, ghash, decrypt
	known := false
	for _, m := range testvectors.Modes {
		known = known || m == kv.mode
	}
	if !known {
		return fmt.Errorf("--call %s: no test vectors for mode %q", sym, kv.mode)
	}
	return nil
}

// defaultSym picks the encrypt entry point of the vector's mode (for GCM, with the first of
// the kernel's GHASH variants).
func (kv *kernelVector) defaultSym() error {
	if kv.mode == kernels.ModeGCM {
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
	}
	kv.sym = kernels.EntryPoint(kv.k.Family, kv.mode, kv.ghash, false)
	return nil
}

// prepare sets up the buffers and runs the key schedule (and context) calls on mc through
// package kernels, returning the data call's arguments and the check to run when it returns.
func (kv *kernelVector) prepare(mc *emu.Machine) ([]uint64, func(*session) string, error) {
	v := &kv.v
	in, want := v.PT, v.CT
	if kv.decrypt {
		in, want = v.CT, v.PT
	}
	spec := kernels.Spec{Mode: kv.mode, GHASH: kv.ghash, Decrypt: kv.decrypt, Key: v.Key, Key2: v.Key2,
		IV: v.IV, AAD: v.AAD, TagLen: len(v.Tag), In: in}
	aead := kv.mode == kernels.ModeGCM || kv.mode == kernels.ModeCCM
	if aead && kv.decrypt {
		spec.Tag = v.Tag
	}
	if kv.mode == kernels.ModeBlock && len(in) != 16 {
		return nil, nil, fmt.Errorf("vector %s has %d bytes, not one block", v.String(), len(in))
	}
	p, err := kv.k.PrepareOn(mc, spec)
	if err != nil {
		return nil, nil, err
	}
	check := func(s *session) string {
		got := make([]byte, len(want))
		s.h.Mem.Read(p.Out, got)
		what := "ciphertext"
		if kv.decrypt {
			what = "plaintext"
		}
		if !bytes.Equal(got, want) {
			return fmt.Sprintf("output DIFFERS from test vector %s:\n  got  %x\n  want %x", v.String(), got, want)
		}
		if aead && !kv.decrypt {
			tag := make([]byte, len(v.Tag))
			s.h.Mem.Read(p.Tag, tag)
			if !bytes.Equal(tag, v.Tag) {
				return fmt.Sprintf("%s matches, but the tag DIFFERS from test vector %s:\n  got  %x\n  want %x", what, v.String(), tag, v.Tag)
			}
			what += " and tag"
		}
		if aead && kv.decrypt && s.h.Reg(10) != 0 {
			return fmt.Sprintf("%s matches, but the call rejected the vector's tag (a0 = %d)", what, int64(s.h.Reg(10)))
		}
		shown := fmt.Sprintf("%x", want)
		if len(shown) > 64 {
			shown = shown[:64] + "..."
		}
		return fmt.Sprintf("output matches test vector %s (%s %s)", v.String(), what, shown)
	}
	return p.Args(len(in)), check, nil
}
