package kernels

import (
	"errors"
	"fmt"
)

// ErrAuth is returned by the Open methods when a tag does not verify.
var ErrAuth = errors.New("message authentication failed")

// Block encrypts (or decrypts) one 16-byte block with FAMILY_encrypt / FAMILY_decrypt.
func (k *Kernel) Block(key, in []byte, decrypt bool) ([]byte, error) {
	p, err := k.Prepare(Spec{Mode: ModeBlock, Decrypt: decrypt, Key: key, In: in, InPlace: true})
	if err != nil {
		return nil, err
	}
	if _, err := p.Call(16); err != nil {
		return nil, err
	}
	return p.Output(16)
}

// Iterate encrypts block n times in a row with one key (the output of each encryption is the
// input of the next), as GB/T 32907's million-fold example does, and returns the result.
func (k *Kernel) Iterate(key, block []byte, n int) ([]byte, error) {
	p, err := k.Prepare(Spec{Mode: ModeBlock, Key: key, In: block, InPlace: true})
	if err != nil {
		return nil, err
	}
	for i := 0; i < n; i++ {
		if _, err := p.Call(16); err != nil {
			return nil, err
		}
	}
	return p.Output(16)
}

// ECB runs FAMILY_ecb_encrypt or FAMILY_ecb_decrypt over in (a multiple of 16 bytes).
func (k *Kernel) ECB(key, in []byte, decrypt bool) ([]byte, error) {
	p, err := k.Prepare(Spec{Mode: ModeECB, Decrypt: decrypt, Key: key, In: in})
	if err != nil {
		return nil, err
	}
	if _, err := p.Call(len(in)); err != nil {
		return nil, err
	}
	return p.Output(len(in))
}

// chained runs one of the (ks, iv, in, out, len) modes and returns the output and the IV or
// counter block as the kernel left it.
func (k *Kernel) chained(mode string, key, iv, in []byte, decrypt bool) (out, ivOut []byte, err error) {
	p, err := k.Prepare(Spec{Mode: mode, Decrypt: decrypt, Key: key, IV: iv, In: in})
	if err != nil {
		return nil, nil, err
	}
	if _, err := p.Call(len(in)); err != nil {
		return nil, nil, err
	}
	if out, err = p.Output(len(in)); err != nil {
		return nil, nil, err
	}
	ivOut, err = p.ReadIV()
	return out, ivOut, err
}

// CBC runs FAMILY_cbc_encrypt or _decrypt (in is a multiple of 16 bytes); ivOut is the IV
// the kernel left for a following call.
func (k *Kernel) CBC(key, iv, in []byte, decrypt bool) (out, ivOut []byte, err error) {
	return k.chained(ModeCBC, key, iv, in, decrypt)
}

// CFB runs FAMILY_cfb128_encrypt or _decrypt (both with the encryption schedule).
func (k *Kernel) CFB(key, iv, in []byte, decrypt bool) (out, ivOut []byte, err error) {
	return k.chained(ModeCFB, key, iv, in, decrypt)
}

// OFB runs FAMILY_ofb_encrypt (which also decrypts).
func (k *Kernel) OFB(key, iv, in []byte) (out, ivOut []byte, err error) {
	return k.chained(ModeOFB, key, iv, in, false)
}

// CTR runs FAMILY_ctr_encrypt (which also decrypts); ctrOut is the counter block afterwards.
func (k *Kernel) CTR(key, ctr, in []byte) (out, ctrOut []byte, err error) {
	return k.chained(ModeCTR, key, ctr, in, false)
}

// XTS runs FAMILY_xts_encrypt or _decrypt with data key key1, tweak key key2 and the 16-byte
// tweak.
func (k *Kernel) XTS(key1, key2, tweak, in []byte, decrypt bool) ([]byte, error) {
	p, err := k.Prepare(Spec{Mode: ModeXTS, Decrypt: decrypt, Key: key1, Key2: key2, IV: tweak, In: in})
	if err != nil {
		return nil, err
	}
	ret, err := p.Call(len(in))
	if err != nil {
		return nil, err
	}
	if ret != 0 {
		return nil, fmt.Errorf("%s: %s returned %d for %d bytes", k.Name, p.Sym, int64(ret), len(in))
	}
	return p.Output(len(in))
}

// aead runs an init/encrypt/decrypt triple: GCM (init = FAMILY_gcm_init_ghash_V) or CCM.
// For encryption tagIn is nil and the tag is returned; for decryption the tag is checked
// and ErrAuth returned when it does not verify.
func (k *Kernel) aead(mode, ghash string, key, nonce, aad, in, tagIn []byte, tagLen int) (out, tag []byte, err error) {
	p, err := k.Prepare(Spec{Mode: mode, GHASH: ghash, Decrypt: tagIn != nil, Key: key, IV: nonce, AAD: aad,
		Tag: tagIn, TagLen: tagLen, In: in})
	if err != nil {
		return nil, nil, err
	}
	ret, err := p.Call(len(in))
	if err != nil {
		return nil, nil, err
	}
	if out, err = p.Output(len(in)); err != nil {
		return nil, nil, err
	}
	if tag, err = p.ReadTag(); err != nil {
		return nil, nil, err
	}
	if ret != 0 {
		return out, tag, ErrAuth
	}
	return out, tag, nil
}

// GCMSeal encrypts with the GCM entry points of GHASH variant ghash ("c", "zbc").
func (k *Kernel) GCMSeal(ghash string, key, iv, aad, pt []byte, tagLen int) (ct, tag []byte, err error) {
	return k.aead(ModeGCM, ghash, key, iv, aad, pt, nil, tagLen)
}

// GCMOpen decrypts and verifies with the GCM entry points of GHASH variant ghash; it returns
// ErrAuth when the tag does not verify.
func (k *Kernel) GCMOpen(ghash string, key, iv, aad, ct, tag []byte) ([]byte, error) {
	pt, _, err := k.aead(ModeGCM, ghash, key, iv, aad, ct, tag, len(tag))
	return pt, err
}

// CCMSeal encrypts with FAMILY_ccm_init and FAMILY_ccm_encrypt.
func (k *Kernel) CCMSeal(key, nonce, aad, pt []byte, tagLen int) (ct, tag []byte, err error) {
	return k.aead(ModeCCM, "", key, nonce, aad, pt, nil, tagLen)
}

// CCMOpen decrypts and verifies with FAMILY_ccm_init and FAMILY_ccm_decrypt; it returns
// ErrAuth (and the zeroed output) when the tag does not verify.
func (k *Kernel) CCMOpen(key, nonce, aad, ct, tag []byte) ([]byte, error) {
	pt, _, err := k.aead(ModeCCM, "", key, nonce, aad, ct, tag, len(tag))
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
	if _, err := k.call(true, "ghash_init_"+variant, 16, ctx, hp); err != nil {
		return nil, err
	}
	for _, c := range chunks {
		p, err := k.buf(c)
		if err != nil {
			return nil, err
		}
		if _, err := k.call(false, upd, len(c), ctx, p, uint64(len(c))); err != nil {
			return nil, err
		}
	}
	out, err := k.alloc(16)
	if err != nil {
		return nil, err
	}
	if _, err := k.call(true, "ghash_final_"+variant, 16, ctx, out); err != nil {
		return nil, err
	}
	return k.read(out, 16)
}
