package kernels

import (
	"bytes"
	"crypto/aes"
	"errors"
	"fmt"
	"strings"

	"rvsim/testvectors"
)

// VectorMode is the vector mode a kernel mode is checked with: "gcm-zbc" → "gcm";
// "ghash-c" → "gcm" too (the GHASH kernels are checked with the GCM vectors).
func VectorMode(mode string) string {
	switch {
	case strings.HasPrefix(mode, ModeGCM+"-"), strings.HasPrefix(mode, ModeGHASHx):
		return "gcm"
	}
	return mode
}

// Applies reports whether vector v exercises mode of kernel k. GHASH is checked with the
// AES GCM vectors, whose E(K, ·) Go's crypto/aes supplies.
func Applies(k *Kernel, mode string, v *testvectors.Vector) bool {
	if VectorMode(mode) != v.Mode {
		return false
	}
	if strings.HasPrefix(mode, ModeGHASHx) {
		return v.Cipher == "aes"
	}
	return v.Cipher == k.Family
}

// RunVector runs vector v through mode of kernel k, in both directions where the mode has
// two (and, for GCM and CCM, checks that a corrupted tag is rejected). It returns nil when
// the kernel reproduces the vector. k.Insns and k.SetupInsns count the last call.
func RunVector(k *Kernel, mode string, v *testvectors.Vector) error {
	check := func(what string, got, want []byte, err error) error {
		if err != nil {
			return fmt.Errorf("%s: %v", what, err)
		}
		if !bytes.Equal(got, want) {
			return fmt.Errorf("%s: got %x, want %x", what, got, want)
		}
		return nil
	}
	iv := func() []byte { return append([]byte(nil), v.IV...) }
	switch {
	case mode == ModeBlock:
		if v.Iterations > 1 {
			got, err := k.Iterate(v.Key, v.PT, v.Iterations)
			return check(fmt.Sprintf("encrypt %d times", v.Iterations), got, v.CT, err)
		}
		got, err := k.Block(v.Key, v.PT, false)
		if err := check("encrypt", got, v.CT, err); err != nil {
			return err
		}
		got, err = k.Block(v.Key, v.CT, true)
		return check("decrypt", got, v.PT, err)
	case mode == ModeECB:
		got, err := k.ECB(v.Key, v.PT, false)
		if err := check("encrypt", got, v.CT, err); err != nil {
			return err
		}
		got, err = k.ECB(v.Key, v.CT, true)
		return check("decrypt", got, v.PT, err)
	case mode == ModeCBC, mode == ModeCFB:
		run := k.CBC
		if mode == ModeCFB {
			run = k.CFB
		}
		got, _, err := run(v.Key, iv(), v.PT, false)
		if err := check("encrypt", got, v.CT, err); err != nil {
			return err
		}
		got, _, err = run(v.Key, iv(), v.CT, true)
		return check("decrypt", got, v.PT, err)
	case mode == ModeOFB, mode == ModeCTR:
		run := k.OFB
		if mode == ModeCTR {
			run = k.CTR
		}
		got, _, err := run(v.Key, iv(), v.PT)
		if err := check("encrypt", got, v.CT, err); err != nil {
			return err
		}
		got, _, err = run(v.Key, iv(), v.CT)
		return check("decrypt", got, v.PT, err)
	case mode == ModeXTS:
		got, err := k.XTS(v.Key, v.Key2, v.IV, v.PT, false)
		if err := check("encrypt", got, v.CT, err); err != nil {
			return err
		}
		got, err = k.XTS(v.Key, v.Key2, v.IV, v.CT, true)
		return check("decrypt", got, v.PT, err)
	case mode == ModeCCM, strings.HasPrefix(mode, ModeGCM+"-"):
		seal := func(key, nonce, aad, pt []byte, n int) ([]byte, []byte, error) {
			return k.CCMSeal(key, nonce, aad, pt, n)
		}
		open := k.CCMOpen
		if mode != ModeCCM {
			g := strings.TrimPrefix(mode, ModeGCM+"-")
			seal = func(key, nonce, aad, pt []byte, n int) ([]byte, []byte, error) {
				return k.GCMSeal(g, key, nonce, aad, pt, n)
			}
			open = func(key, nonce, aad, ct, tag []byte) ([]byte, error) { return k.GCMOpen(g, key, nonce, aad, ct, tag) }
		}
		ct, tag, err := seal(v.Key, v.IV, v.AAD, v.PT, len(v.Tag))
		if err := check("encrypt", ct, v.CT, err); err != nil {
			return err
		}
		if err := check("tag", tag, v.Tag, nil); err != nil {
			return err
		}
		insns, setup := k.Insns, k.SetupInsns
		bad := append([]byte(nil), v.Tag...)
		bad[len(bad)-1] ^= 1
		if _, err := open(v.Key, v.IV, v.AAD, v.CT, bad); !errors.Is(err, ErrAuth) {
			return fmt.Errorf("decrypt with a corrupted tag: got error %v, want a failed check", err)
		}
		pt, err := open(v.Key, v.IV, v.AAD, v.CT, v.Tag)
		k.Insns, k.SetupInsns = insns, setup // report the encryption
		return check("decrypt", pt, v.PT, err)
	case strings.HasPrefix(mode, ModeGHASHx):
		g := strings.TrimPrefix(mode, ModeGHASHx)
		b, err := aes.NewCipher(v.Key)
		if err != nil {
			return err
		}
		h, ey0 := testvectors.GCMValues(b, v.IV)
		s, err := k.GHASH(g, h, v.AAD, v.CT, testvectors.GCMLengths(len(v.AAD), len(v.CT)))
		if err != nil {
			return err
		}
		for i := range s {
			s[i] ^= ey0[i]
		}
		return check("GHASH(H, A, C) ^ E(K, Y0)", s[:len(v.Tag)], v.Tag, nil)
	}
	return fmt.Errorf("mode %q has no vectors", mode)
}
