package sem

import (
	"bytes"
	"crypto/sha256"
	"crypto/sha512"
	"encoding/binary"
	"math/big"
	"testing"
)

// FIPS 180-4 §4.2.2/§4.2.3 constants (first 32/64 bits of the fractional
// parts of the cube roots of the first primes) and §5.3.3/§5.3.5 initial
// hash values (square roots), computed here from their definitions.

func firstPrimes(n int) []int64 {
	var ps []int64
	for c := int64(2); len(ps) < n; c++ {
		prime := true
		for _, p := range ps {
			if c%p == 0 {
				prime = false
				break
			}
		}
		if prime {
			ps = append(ps, c)
		}
	}
	return ps
}

// fracRoot returns the first 64 bits of the fractional part of p^(1/k),
// k = 2 or 3: floor(root(p * 2^(64k))) mod 2^64.
func fracRoot(p int64, k uint) uint64 {
	n := new(big.Int).Lsh(big.NewInt(p), 64*k)
	var r *big.Int
	if k == 2 {
		r = new(big.Int).Sqrt(n)
	} else {
		lo, hi := big.NewInt(0), new(big.Int).Lsh(big.NewInt(1), 72)
		for new(big.Int).Sub(hi, lo).Cmp(big.NewInt(1)) > 0 { // invariant lo^3 <= n < hi^3
			mid := new(big.Int).Rsh(new(big.Int).Add(lo, hi), 1)
			if new(big.Int).Exp(mid, big.NewInt(3), nil).Cmp(n) <= 0 {
				lo = mid
			} else {
				hi = mid
			}
		}
		r = lo
	}
	return r.Uint64() // low 64 bits
}

var sha512K, sha512H = func() (k [80]uint64, h [8]uint64) {
	for i, p := range firstPrimes(80) {
		k[i] = fracRoot(p, 3)
		if i < 8 {
			h[i] = fracRoot(p, 2)
		}
	}
	return k, h
}()

func TestSHA2Constants(t *testing.T) {
	if sha512K[0] != 0x428a2f98d728ae22 || sha512K[79] != 0x6c44198c4a475817 ||
		sha512H[0] != 0x6a09e667f3bcc908 || sha512H[7] != 0x5be0cd19137e2179 {
		t.Fatalf("derived SHA-2 constants wrong: %#x %#x %#x %#x", sha512K[0], sha512K[79], sha512H[0], sha512H[7])
	}
}

func shaPad(msg []byte, block, lenBytes int) []byte {
	p := append([]byte{}, msg...)
	p = append(p, 0x80)
	for (len(p)+lenBytes)%block != 0 {
		p = append(p, 0)
	}
	var l [16]byte
	binary.BigEndian.PutUint64(l[8:], uint64(len(msg))*8)
	return append(p, l[16-lenBytes:]...)
}

// sha256Ref is SHA-256 (FIPS 180-4 §6.2) using the Zknh functions.
func sha256Ref(msg []byte) []byte {
	var h [8]uint32
	for i := range h {
		h[i] = uint32(sha512H[i] >> 32)
	}
	p := shaPad(msg, 64, 8)
	for len(p) > 0 {
		var w [64]uint32
		for i := range 16 {
			w[i] = binary.BigEndian.Uint32(p[4*i:])
		}
		for i := 16; i < 64; i++ {
			w[i] = SHA256Sig1(w[i-2]) + w[i-7] + SHA256Sig0(w[i-15]) + w[i-16]
		}
		a, b, c, d, e, f, g, hh := h[0], h[1], h[2], h[3], h[4], h[5], h[6], h[7]
		for i := range 64 {
			t1 := hh + SHA256Sum1(e) + (e&f ^ ^e&g) + uint32(sha512K[i]>>32) + w[i]
			t2 := SHA256Sum0(a) + (a&b ^ a&c ^ b&c)
			hh, g, f, e, d, c, b, a = g, f, e, d+t1, c, b, a, t1+t2
		}
		for i, v := range [8]uint32{a, b, c, d, e, f, g, hh} {
			h[i] += v
		}
		p = p[64:]
	}
	out := make([]byte, 32)
	for i, v := range h {
		binary.BigEndian.PutUint32(out[4*i:], v)
	}
	return out
}

type sha512Funcs struct{ sig0, sig1, sum0, sum1 func(uint64) uint64 }

var sha512RV64 = sha512Funcs{SHA512Sig0, SHA512Sig1, SHA512Sum0, SHA512Sum1}

// The RV32 forms: a 64-bit value as (hi, lo) register pair, combined as
// the instruction descriptions show ("sha512sig0l t0, a0, a1;
// sha512sig0h t1, a1, a0" with a0 = low, a1 = high).
var sha512RV32 = sha512Funcs{
	sig0: func(x uint64) uint64 {
		hi, lo := uint32(x>>32), uint32(x)
		return uint64(SHA512Sig0H(hi, lo))<<32 | uint64(SHA512Sig0L(lo, hi))
	},
	sig1: func(x uint64) uint64 {
		hi, lo := uint32(x>>32), uint32(x)
		return uint64(SHA512Sig1H(hi, lo))<<32 | uint64(SHA512Sig1L(lo, hi))
	},
	sum0: func(x uint64) uint64 {
		hi, lo := uint32(x>>32), uint32(x)
		return uint64(SHA512Sum0R(hi, lo))<<32 | uint64(SHA512Sum0R(lo, hi))
	},
	sum1: func(x uint64) uint64 {
		hi, lo := uint32(x>>32), uint32(x)
		return uint64(SHA512Sum1R(hi, lo))<<32 | uint64(SHA512Sum1R(lo, hi))
	},
}

// sha512Ref is SHA-512 (FIPS 180-4 §6.4) using the given σ/Σ functions.
func sha512Ref(fn sha512Funcs, msg []byte) []byte {
	h := sha512H
	p := shaPad(msg, 128, 16)
	for len(p) > 0 {
		var w [80]uint64
		for i := range 16 {
			w[i] = binary.BigEndian.Uint64(p[8*i:])
		}
		for i := 16; i < 80; i++ {
			w[i] = fn.sig1(w[i-2]) + w[i-7] + fn.sig0(w[i-15]) + w[i-16]
		}
		a, b, c, d, e, f, g, hh := h[0], h[1], h[2], h[3], h[4], h[5], h[6], h[7]
		for i := range 80 {
			t1 := hh + fn.sum1(e) + (e&f ^ ^e&g) + sha512K[i] + w[i]
			t2 := fn.sum0(a) + (a&b ^ a&c ^ b&c)
			hh, g, f, e, d, c, b, a = g, f, e, d+t1, c, b, a, t1+t2
		}
		for i, v := range [8]uint64{a, b, c, d, e, f, g, hh} {
			h[i] += v
		}
		p = p[128:]
	}
	out := make([]byte, 64)
	for i, v := range h {
		binary.BigEndian.PutUint64(out[8*i:], v)
	}
	return out
}

func TestSHA256(t *testing.T) {
	want := mustHex(t, "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
	if got := sha256Ref([]byte("abc")); !bytes.Equal(got, want) {
		t.Fatalf("SHA-256(abc) = %x, want %x", got, want)
	}
	r := newRand(t)
	for n := range 300 {
		msg := make([]byte, n)
		for i := range msg {
			msg[i] = byte(r.Uint32())
		}
		want := sha256.Sum256(msg)
		if got := sha256Ref(msg); !bytes.Equal(got, want[:]) {
			t.Fatalf("SHA-256 of %d bytes mismatch", n)
		}
	}
}

func TestSHA512(t *testing.T) {
	want := mustHex(t, "ddaf35a193617abacc417349ae20413112e6fa4e89a97ea20a9eeee64b55d39a2192992a274fc1a836ba3c23a3feebbd454d4423643ce80e2a9ac94fa54ca49f")
	for name, fn := range map[string]sha512Funcs{"RV64": sha512RV64, "RV32": sha512RV32} {
		if got := sha512Ref(fn, []byte("abc")); !bytes.Equal(got, want) {
			t.Fatalf("%s SHA-512(abc) = %x, want %x", name, got, want)
		}
		r := newRand(t)
		for n := 0; n < 300; n += 7 {
			msg := make([]byte, n)
			for i := range msg {
				msg[i] = byte(r.Uint32())
			}
			want := sha512.Sum512(msg)
			if got := sha512Ref(fn, msg); !bytes.Equal(got, want[:]) {
				t.Fatalf("%s SHA-512 of %d bytes mismatch", name, n)
			}
		}
	}
}

func TestSHA2Functions(t *testing.T) {
	ror32 := func(x uint32, n int) uint32 { return x>>n | x<<(32-n) }
	ror64 := func(x uint64, n int) uint64 { return x>>n | x<<(64-n) }
	values64(t, 20000, func(x uint64) {
		w := uint32(x)
		if SHA256Sig0(w) != ror32(w, 7)^ror32(w, 18)^w>>3 || SHA256Sig1(w) != ror32(w, 17)^ror32(w, 19)^w>>10 ||
			SHA256Sum0(w) != ror32(w, 2)^ror32(w, 13)^ror32(w, 22) || SHA256Sum1(w) != ror32(w, 6)^ror32(w, 11)^ror32(w, 25) {
			t.Fatalf("SHA-256 function mismatch at %#x", w)
		}
		if SHA512Sig0(x) != ror64(x, 1)^ror64(x, 8)^x>>7 || SHA512Sig1(x) != ror64(x, 19)^ror64(x, 61)^x>>6 ||
			SHA512Sum0(x) != ror64(x, 28)^ror64(x, 34)^ror64(x, 39) || SHA512Sum1(x) != ror64(x, 14)^ror64(x, 18)^ror64(x, 41) {
			t.Fatalf("SHA-512 function mismatch at %#x", x)
		}
		// RV32 halves reassembled as (high << 32 | low).
		for _, f := range []struct {
			name     string
			rv32, rv func(uint64) uint64
		}{
			{"sig0", sha512RV32.sig0, SHA512Sig0}, {"sig1", sha512RV32.sig1, SHA512Sig1},
			{"sum0", sha512RV32.sum0, SHA512Sum0}, {"sum1", sha512RV32.sum1, SHA512Sum1},
		} {
			if got, want := f.rv32(x), f.rv(x); got != want {
				t.Fatalf("RV32 %s(%#x) = %#x, want %#x", f.name, x, got, want)
			}
		}
	})
}
