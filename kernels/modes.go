package kernels

import (
	"errors"
	"fmt"
)

// ErrAuth is returned by the Open methods when a tag does not verify.
var ErrAuth = errors.New("message authentication failed")

// Block encrypts (or decrypts) one 16-byte block with FAMILY_encrypt / FAMILY_decrypt.
func (k *Kernel) Block(key, in []byte, decrypt bool) ([]byte, error) {
	sym := k.Family + "_encrypt"
	if decrypt {
		sym = k.Family + "_decrypt"
	}
	if len(in) != 16 {
		return nil, fmt.Errorf("block of %d bytes", len(in))
	}
	if err := k.begin(sym); err != nil {
		return nil, err
	}
	ks, err := k.setKey(key, decrypt)
	if err != nil {
		return nil, err
	}
	p, err := k.buf(in)
	if err != nil {
		return nil, err
	}
	if _, err := k.call(false, sym, ks, p, p); err != nil {
		return nil, err
	}
	return k.read(p, 16)
}

// Iterate encrypts block n times in a row with one key (the output of each encryption is the
// input of the next), as GB/T 32907's million-fold example does, and returns the result.
func (k *Kernel) Iterate(key, block []byte, n int) ([]byte, error) {
	sym := k.Family + "_encrypt"
	if err := k.begin(sym); err != nil {
		return nil, err
	}
	ks, err := k.setKey(key, false)
	if err != nil {
		return nil, err
	}
	p, err := k.buf(block)
	if err != nil {
		return nil, err
	}
	for i := 0; i < n; i++ {
		if _, err := k.call(false, sym, ks, p, p); err != nil {
			return nil, err
		}
	}
	return k.read(p, 16)
}

// ECB runs FAMILY_ecb_encrypt or FAMILY_ecb_decrypt over in (a multiple of 16 bytes).
func (k *Kernel) ECB(key, in []byte, decrypt bool) ([]byte, error) {
	sym := k.Family + "_ecb_encrypt"
	if decrypt {
		sym = k.Family + "_ecb_decrypt"
	}
	if err := k.begin(sym); err != nil {
		return nil, err
	}
	ks, err := k.setKey(key, decrypt)
	if err != nil {
		return nil, err
	}
	in0, out, err := k.inOut(in)
	if err != nil {
		return nil, err
	}
	if _, err := k.call(false, sym, ks, in0, out, uint64(len(in))); err != nil {
		return nil, err
	}
	return k.read(out, len(in))
}

// inOut places in and a same-sized output buffer in guest memory.
func (k *Kernel) inOut(in []byte) (uint64, uint64, error) {
	p, err := k.buf(in)
	if err != nil {
		return 0, 0, err
	}
	q, err := k.alloc(len(in))
	return p, q, err
}

// chained runs one of the (ks, iv, in, out, len) modes and returns the output and the IV or
// counter block as the kernel left it.
func (k *Kernel) chained(sym string, key, iv, in []byte, decKey bool) (out, ivOut []byte, err error) {
	if len(iv) != 16 {
		return nil, nil, fmt.Errorf("IV of %d bytes", len(iv))
	}
	if err := k.begin(sym); err != nil {
		return nil, nil, err
	}
	ks, err := k.setKey(key, decKey)
	if err != nil {
		return nil, nil, err
	}
	ivp, err := k.buf(iv)
	if err != nil {
		return nil, nil, err
	}
	p, q, err := k.inOut(in)
	if err != nil {
		return nil, nil, err
	}
	if _, err := k.call(false, sym, ks, ivp, p, q, uint64(len(in))); err != nil {
		return nil, nil, err
	}
	if out, err = k.read(q, len(in)); err != nil {
		return nil, nil, err
	}
	ivOut, err = k.read(ivp, 16)
	return out, ivOut, err
}

// CBC runs FAMILY_cbc_encrypt or _decrypt (in is a multiple of 16 bytes); ivOut is the IV
// the kernel left for a following call.
func (k *Kernel) CBC(key, iv, in []byte, decrypt bool) (out, ivOut []byte, err error) {
	if decrypt {
		return k.chained(k.Family+"_cbc_decrypt", key, iv, in, true)
	}
	return k.chained(k.Family+"_cbc_encrypt", key, iv, in, false)
}

// CFB runs FAMILY_cfb128_encrypt or _decrypt (both with the encryption schedule).
func (k *Kernel) CFB(key, iv, in []byte, decrypt bool) (out, ivOut []byte, err error) {
	if decrypt {
		return k.chained(k.Family+"_cfb128_decrypt", key, iv, in, false)
	}
	return k.chained(k.Family+"_cfb128_encrypt", key, iv, in, false)
}

// OFB runs FAMILY_ofb_encrypt (which also decrypts).
func (k *Kernel) OFB(key, iv, in []byte) (out, ivOut []byte, err error) {
	return k.chained(k.Family+"_ofb_encrypt", key, iv, in, false)
}

// CTR runs FAMILY_ctr_encrypt (which also decrypts); ctrOut is the counter block afterwards.
func (k *Kernel) CTR(key, ctr, in []byte) (out, ctrOut []byte, err error) {
	return k.chained(k.Family+"_ctr_encrypt", key, ctr, in, false)
}

// XTS runs FAMILY_xts_encrypt or _decrypt with data key key1, tweak key key2 and the 16-byte
// tweak.
func (k *Kernel) XTS(key1, key2, tweak, in []byte, decrypt bool) ([]byte, error) {
	sym := k.Family + "_xts_encrypt"
	if decrypt {
		sym = k.Family + "_xts_decrypt"
	}
	if len(tweak) != 16 {
		return nil, fmt.Errorf("XTS tweak of %d bytes", len(tweak))
	}
	if err := k.begin(sym); err != nil {
		return nil, err
	}
	k1, err := k.setKey(key1, decrypt)
	if err != nil {
		return nil, err
	}
	k2, err := k.setKey(key2, false)
	if err != nil {
		return nil, err
	}
	tp, err := k.buf(tweak)
	if err != nil {
		return nil, err
	}
	p, q, err := k.inOut(in)
	if err != nil {
		return nil, err
	}
	ret, err := k.call(false, sym, k1, k2, tp, p, q, uint64(len(in)))
	if err != nil {
		return nil, err
	}
	if ret != 0 {
		return nil, fmt.Errorf("%s: %s returned %d for %d bytes", k.Name, sym, int64(ret), len(in))
	}
	return k.read(q, len(in))
}

// aead runs an init/encrypt/decrypt triple: GCM (init = FAMILY_gcm_init_ghash_V) or CCM.
// For encryption tagIn is nil and the tag is returned; for decryption the tag is checked
// and ErrAuth returned when it does not verify.
func (k *Kernel) aead(initSym, sym string, key, nonce, aad, in, tagIn []byte, tagLen int) (out, tag []byte, err error) {
	if err := k.begin(sym); err != nil {
		return nil, nil, err
	}
	ks, err := k.setKey(key, false)
	if err != nil {
		return nil, nil, err
	}
	ctx, err := k.aligned(CtxSize)
	if err != nil {
		return nil, nil, err
	}
	np, err := k.buf(nonce)
	if err != nil {
		return nil, nil, err
	}
	ret, err := k.call(true, initSym, ctx, ks, np, uint64(len(nonce)), uint64(tagLen))
	if err != nil {
		return nil, nil, err
	}
	if ret != 0 {
		return nil, nil, fmt.Errorf("%s: %s rejected a %d-byte nonce or a %d-byte tag", k.Name, initSym, len(nonce), tagLen)
	}
	ap, err := k.buf(aad)
	if err != nil {
		return nil, nil, err
	}
	p, q, err := k.inOut(in)
	if err != nil {
		return nil, nil, err
	}
	if tagIn == nil {
		tagIn = make([]byte, tagLen)
	}
	tp, err := k.buf(tagIn)
	if err != nil {
		return nil, nil, err
	}
	ret, err = k.call(false, sym, ctx, ap, uint64(len(aad)), p, q, uint64(len(in)), tp)
	if err != nil {
		return nil, nil, err
	}
	if out, err = k.read(q, len(in)); err != nil {
		return nil, nil, err
	}
	if tag, err = k.read(tp, tagLen); err != nil {
		return nil, nil, err
	}
	if ret != 0 {
		return out, tag, ErrAuth
	}
	return out, tag, nil
}

// GCMSeal encrypts with the GCM entry points of GHASH variant ghash ("c", "zbc").
func (k *Kernel) GCMSeal(ghash string, key, iv, aad, pt []byte, tagLen int) (ct, tag []byte, err error) {
	p := k.Family + "_gcm_"
	return k.aead(p+"init_ghash_"+ghash, p+"encrypt_ghash_"+ghash, key, iv, aad, pt, nil, tagLen)
}

// GCMOpen decrypts and verifies with the GCM entry points of GHASH variant ghash; it returns
// ErrAuth when the tag does not verify.
func (k *Kernel) GCMOpen(ghash string, key, iv, aad, ct, tag []byte) ([]byte, error) {
	p := k.Family + "_gcm_"
	pt, _, err := k.aead(p+"init_ghash_"+ghash, p+"decrypt_ghash_"+ghash, key, iv, aad, ct, tag, len(tag))
	return pt, err
}

// CCMSeal encrypts with FAMILY_ccm_init and FAMILY_ccm_encrypt.
func (k *Kernel) CCMSeal(key, nonce, aad, pt []byte, tagLen int) (ct, tag []byte, err error) {
	p := k.Family + "_ccm_"
	return k.aead(p+"init", p+"encrypt", key, nonce, aad, pt, nil, tagLen)
}

// CCMOpen decrypts and verifies with FAMILY_ccm_init and FAMILY_ccm_decrypt; it returns
// ErrAuth (and the zeroed output) when the tag does not verify.
func (k *Kernel) CCMOpen(key, nonce, aad, ct, tag []byte) ([]byte, error) {
	p := k.Family + "_ccm_"
	pt, _, err := k.aead(p+"init", p+"decrypt", key, nonce, aad, ct, tag, len(tag))
	return pt, err
}

// GHASH computes GHASH_H over the concatenation of chunks with ghash_init_V, one
// ghash_update_V per chunk (each zero-padded to a whole block) and ghash_final_V.
func (k *Kernel) GHASH(variant string, h []byte, chunks ...[]byte) ([]byte, error) {
	if len(h) != 16 {
		return nil, fmt.Errorf("GHASH key of %d bytes", len(h))
	}
	upd := "ghash_update_" + variant
	if err := k.begin(upd); err != nil {
		return nil, err
	}
	ctx, err := k.aligned(GHASHSize)
	if err != nil {
		return nil, err
	}
	hp, err := k.buf(h)
	if err != nil {
		return nil, err
	}
	if _, err := k.call(true, "ghash_init_"+variant, ctx, hp); err != nil {
		return nil, err
	}
	for _, c := range chunks {
		p, err := k.buf(c)
		if err != nil {
			return nil, err
		}
		if _, err := k.call(false, upd, ctx, p, uint64(len(c))); err != nil {
			return nil, err
		}
	}
	out, err := k.alloc(16)
	if err != nil {
		return nil, err
	}
	if _, err := k.call(true, "ghash_final_"+variant, ctx, out); err != nil {
		return nil, err
	}
	return k.read(out, 16)
}
