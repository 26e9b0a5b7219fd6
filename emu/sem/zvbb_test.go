package sem

import "testing"

// Literal transcriptions of the [VBitmanip] Zvbb pseudo-code for one
// element of width sew.
func vSailBrev(x uint64, sew uint) (out uint64) {
	for i := range sew {
		out |= (x >> i & 1) << (sew - 1 - i)
	}
	return out
}

func vSailRev8(x uint64, sew uint) (out uint64) {
	for k := uint(0); k < sew; k += 8 {
		out |= (x >> k & 0xff) << (sew - 8 - k)
	}
	return out
}

func vSailClz(x uint64, sew uint) uint64 {
	j := int(sew) - 1
	for ; j >= 0; j-- {
		if x>>j&1 == 1 {
			break
		}
	}
	return uint64(int(sew) - 1 - j)
}

func vSailCtz(x uint64, sew uint) uint64 {
	j := uint(0)
	for ; j < sew; j++ {
		if x>>j&1 == 1 {
			break
		}
	}
	return uint64(j)
}

func vSailCpop(x uint64, sew uint) (n uint64) {
	for j := range sew {
		n += x >> j & 1
	}
	return n
}

func vSailRol(x, n uint64, sew uint) uint64 {
	for range n & uint64(sew-1) {
		x = (x<<1 | x>>(sew-1)&1) & sewMask(sew)
	}
	return x
}

func vSailRor(x, n uint64, sew uint) uint64 {
	for range n & uint64(sew-1) {
		x = x>>1 | (x&1)<<(sew-1)
	}
	return x
}

func TestZvbbAgainstSail(t *testing.T) {
	pairs64(t, 3000, func(a, b uint64) {
		for _, sew := range []uint{8, 16, 32, 64} {
			m := sewMask(sew)
			x, n := a&m, b
			check := func(name string, got, want uint64) {
				t.Helper()
				if got != want {
					t.Fatalf("%s(%#x, %#x) sew %d = %#x, want %#x", name, x, n, sew, got, want)
				}
			}
			check("VAndn", VAndn(x, n&m, sew), ^n&x&m)
			check("VBrev", VBrev(x, sew), vSailBrev(x, sew))
			check("VBrev8", VBrev8(x, sew), brev8Ref(x)&m)
			check("VRev8", VRev8(x, sew), vSailRev8(x, sew))
			check("VClz", VClz(x, sew), vSailClz(x, sew))
			check("VCtz", VCtz(x, sew), vSailCtz(x, sew))
			check("VCpop", VCpop(x, sew), vSailCpop(x, sew))
			check("VRol", VRol(x, n, sew), vSailRol(x, n, sew))
			check("VRor", VRor(x, n, sew), vSailRor(x, n, sew))
			if sew <= 32 {
				check("VWsll", VWsll(x, n, sew), x<<(n&uint64(2*sew-1))&sewMask(2*sew))
			}
		}
		if VClmul(a, b) != clmulRef(a, b, 64) || VClmulh(a, b) != clmulhRef(a, b, 64) {
			t.Fatalf("VClmul/VClmulh(%#x, %#x) mismatch", a, b)
		}
	})
}

// The vector unit calls these once per element or element group: none may
// allocate.
func TestVectorNoAllocs(t *testing.T) {
	var (
		g4   = [4]uint32{1, 2, 3, 4}
		g8   = [8]uint32{1, 2, 3, 4, 5, 6, 7, 8}
		d4   = [4]uint64{1, 2, 3, 4}
		s4   [4]uint32
		s8   [8]uint32
		sd4  [4]uint64
		s64  uint64
		lo   uint64
		hi   uint64
		st   AESRoundSteps
		sm4s [4]SM4RoundStep
		sha  [2]SHA2Round
		sm3s [2]SM3Round
	)
	allocs := testing.AllocsPerRun(100, func() {
		s4 = VAESEF(g4, s4)
		s4 = VAESEM(g4, s4)
		s4 = VAESDF(g4, s4)
		s4 = VAESDM(g4, s4)
		s4 = VAESZ(g4, s4)
		s4 = VAESKF1(s4, 3)
		s4 = VAESKF2(g4, s4, 5)
		s4 = VSM4K(s4, 2)
		s4 = VSM4R(g4, s4)
		s4 = VGHSH(g4, s4, g4)
		s4 = VGMUL(s4, g4)
		s4 = VSHA2MS32(g4, s4, g4)
		s4 = VSHA2C32(g4, s4, g4, true)
		sd4 = VSHA2MS64(d4, sd4, d4)
		sd4 = VSHA2C64(d4, sd4, d4, false)
		s8 = VSM3ME(g8, s8)
		s8 = VSM3C(g8, s8, 7)
		lo, hi = GF128Mul(lo+1, hi, 3, 4)
		s64 ^= VAndn(s64, 3, 64) ^ VBrev(s64, 32) ^ VBrev8(s64, 16) ^ VRev8(s64, 64) ^ VClz(s64, 8) ^
			VCtz(s64, 32) ^ VCpop(s64, 64) ^ VRol(s64, 5, 16) ^ VRor(s64, 7, 64) ^ VWsll(s64, 9, 32) ^
			VClmul(s64, 5) ^ VClmulh(s64, 7)
		st = VAESRoundSteps(AESRoundDecMiddle, g4, s4)
		sm4s = VSM4RSteps(g4, s4)
		sm3s = VSM3CSteps(g8, s8, 3)
		sha = VSHA2CSteps(64, d4, sd4, d4, true)
	})
	if allocs != 0 {
		t.Errorf("%v allocations per run", allocs)
	}
	_, _, _, _, _, _, _, _, _, _ = s4, s8, sd4, s64, lo, hi, st, sm4s, sha, sm3s
}
