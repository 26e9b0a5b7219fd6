package testvectors

import (
	"crypto/cipher"
	"encoding/binary"
)

// Reference implementations of the parts of the modes that Go's crypto/cipher does not have
// in the kernels' form, written from the specifications; the tests check them against the
// official vectors before trusting them with random inputs.

// GHASH is GHASH_H (SP 800-38D 6.4) over the chunks, each zero-padded to whole blocks:
// bit by bit, X = (X ^ B)·H with the right-shift multiplication of the specification.
func GHASH(h []byte, chunks ...[]byte) []byte {
	hh, hl := binary.BigEndian.Uint64(h), binary.BigEndian.Uint64(h[8:])
	var xh, xl uint64
	for _, c := range chunks {
		for len(c) > 0 {
			var b [16]byte
			n := copy(b[:], c)
			c = c[n:]
			xh ^= binary.BigEndian.Uint64(b[:])
			xl ^= binary.BigEndian.Uint64(b[8:])
			// Z = X·H: for each bit of X from x^0, add V when it is set, then V = V·x.
			var zh, zl uint64
			vh, vl := hh, hl
			for i := 0; i < 128; i++ {
				var bit uint64
				if i < 64 {
					bit = xh >> (63 - i) & 1
				} else {
					bit = xl >> (127 - i) & 1
				}
				zh ^= vh & -bit
				zl ^= vl & -bit
				carry := vl & 1
				vl = vl>>1 | vh<<63
				vh = vh>>1 ^ 0xe100000000000000&-carry
			}
			xh, xl = zh, zl
		}
	}
	out := make([]byte, 16)
	binary.BigEndian.PutUint64(out, xh)
	binary.BigEndian.PutUint64(out[8:], xl)
	return out
}

// GCMLengths is GCM's final GHASH block: the bit lengths of the AAD and the ciphertext.
func GCMLengths(aadLen, ctLen int) []byte {
	b := make([]byte, 16)
	binary.BigEndian.PutUint64(b, uint64(aadLen)*8)
	binary.BigEndian.PutUint64(b[8:], uint64(ctLen)*8)
	return b
}

// GCMValues returns, for a GCM vector's key (as b) and IV, the hash key H = E(K, 0^128) and
// E(K, Y0), so that tag = MSB(GHASH(H, A, C) ^ E(K, Y0)).
func GCMValues(b cipher.Block, iv []byte) (h, ey0 []byte) {
	h = make([]byte, 16)
	b.Encrypt(h, h)
	y0 := make([]byte, 16)
	if len(iv) == 12 {
		copy(y0, iv)
		y0[15] = 1
	} else {
		y0 = GHASH(h, iv, GCMLengths(0, len(iv)))
	}
	ey0 = make([]byte, 16)
	b.Encrypt(ey0, y0)
	return h, ey0
}

// CTR32 is counter mode with the kernels' counter: the block is used as it is, then its last
// four bytes are incremented as a big-endian number modulo 2^32 (the first twelve never
// change). It returns the output and the counter block after the last (partial) block.
func CTR32(b cipher.Block, ctr, in []byte) (out, next []byte) {
	c := append([]byte(nil), ctr...)
	out = make([]byte, len(in))
	k := make([]byte, 16)
	for i := 0; i < len(in); i += 16 {
		b.Encrypt(k, c)
		binary.BigEndian.PutUint32(c[12:], binary.BigEndian.Uint32(c[12:])+1)
		for j := i; j < len(in) && j < i+16; j++ {
			out[j] = in[j] ^ k[j-i]
		}
	}
	return out, c
}

// XTS is XTS-AES of IEEE 1619-2007 (any 16-byte block cipher): data key b1, tweak key b2,
// a 16-byte tweak, 16 or more bytes with ciphertext stealing.
func XTS(b1, b2 cipher.Block, tweak, in []byte, decrypt bool) []byte {
	out := make([]byte, len(in))
	t := make([]byte, 16)
	b2.Encrypt(t, tweak)
	mulAlpha := func(t []byte) {
		lo, hi := binary.LittleEndian.Uint64(t), binary.LittleEndian.Uint64(t[8:])
		carry := hi >> 63
		hi = hi<<1 | lo>>63
		lo = lo<<1 ^ 0x87*carry
		binary.LittleEndian.PutUint64(t, lo)
		binary.LittleEndian.PutUint64(t[8:], hi)
	}
	block := func(t, src, dst []byte) {
		var x [16]byte
		for i := range x {
			x[i] = src[i] ^ t[i]
		}
		if decrypt {
			b1.Decrypt(x[:], x[:])
		} else {
			b1.Encrypt(x[:], x[:])
		}
		for i := range x {
			dst[i] = x[i] ^ t[i]
		}
	}
	tail := len(in) % 16
	full := len(in) / 16
	if tail != 0 {
		full--
	}
	for i := 0; i < full; i++ {
		block(t, in[16*i:], out[16*i:])
		mulAlpha(t)
	}
	if tail != 0 {
		p := 16 * full
		t2 := append([]byte(nil), t...)
		mulAlpha(t2)
		first, second := t, t2
		if decrypt {
			first, second = t2, t
		}
		cc := make([]byte, 16)
		block(first, in[p:], cc)
		pp := make([]byte, 16)
		copy(pp, in[p+16:])
		copy(pp[tail:], cc[tail:])
		copy(out[p+16:], cc[:tail])
		block(second, pp, out[p:])
	}
	return out
}
