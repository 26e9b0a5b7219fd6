package sem

import (
	"encoding/hex"
	"math/rand/v2"
	"testing"
)

// Shared test helpers.

// newRand returns a deterministic generator so failures are reproducible.
func newRand(t testing.TB) *rand.Rand {
	t.Helper()
	return rand.New(rand.NewPCG(0x5eed, uint64(len(t.Name()))))
}

// edge64 are register values that tend to expose off-by-one and
// sign/carry mistakes.
var edge64 = []uint64{
	0, 1, 2, 0x7f, 0x80, 0xff, 0x100, 0x7fff, 0x8000, 0xffff,
	0x7fffffff, 0x80000000, 0xffffffff, 0x100000000,
	0x7fffffffffffffff, 0x8000000000000000, 0xffffffffffffffff,
	0x0101010101010101, 0x8080808080808080, 0x7f7f7f7f7f7f7f7f,
	0x5555555555555555, 0xaaaaaaaaaaaaaaaa, 0x0123456789abcdef,
	0xfedcba9876543210, 0xff00ff00ff00ff00, 0x00ff00ff00ff00ff,
}

// pairs64 calls f on all pairs of edge values and on n random pairs.
func pairs64(t testing.TB, n int, f func(a, b uint64)) {
	t.Helper()
	for _, a := range edge64 {
		for _, b := range edge64 {
			f(a, b)
		}
	}
	r := newRand(t)
	for range n {
		f(r.Uint64(), r.Uint64())
	}
}

// values64 calls f on all edge values and n random values.
func values64(t testing.TB, n int, f func(x uint64)) {
	t.Helper()
	for _, x := range edge64 {
		f(x)
	}
	r := newRand(t)
	for range n {
		f(r.Uint64())
	}
}

func mustHex(t testing.TB, s string) []byte {
	t.Helper()
	b, err := hex.DecodeString(s)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// The interpreter calls these once per instruction: none may allocate.
func TestNoAllocs(t *testing.T) {
	var (
		a, b   uint64 = 0x0123456789abcdef, 0xfedcba9876543210
		x, y   uint32 = 0x01234567, 0x89abcdef
		s64    uint64
		s32    uint32
		st     SM4Steps
		state  [16]byte
		okSink bool
	)
	allocs := testing.AllocsPerRun(100, func() {
		s64 ^= Brev8(a) ^ OrcB(b) ^ Pack64(a, b) ^ Packh(a, b) ^ Packw(a, b)
		s32 ^= Zip32(x) ^ Unzip32(y) ^ Pack32(x, y)
		s64 ^= Clmul64(a, b) ^ Clmulh64(a, b) ^ Clmulr64(a, b)
		s32 ^= Clmul32(x, y) ^ Clmulh32(x, y) ^ Clmulr32(x, y)
		s64 ^= Xperm4_64(a, b) ^ Xperm8_64(a, b)
		s32 ^= Xperm4_32(x, y) ^ Xperm8_32(x, y)
		s32 ^= SM4ED(x, y, 1) ^ SM4KS(x, y, 2)
		st = SM4EDSteps(x, y, 3)
		st = SM4KSSteps(x, y, 0)
		s32 ^= AES32ESI(x, y, 1) ^ AES32ESMI(x, y, 2) ^ AES32DSI(x, y, 3) ^ AES32DSMI(x, y, 0)
		s64 ^= AES64ES(a, b) ^ AES64ESM(a, b) ^ AES64DS(a, b) ^ AES64DSM(a, b) ^ AES64IM(a) ^ AES64KS2(a, b)
		var k uint64
		k, okSink = AES64KS1I(a, 3)
		s64 ^= k
		state = AESMixColumns(AESSubBytes(AESShiftRows(AESStateFromRegs(a, b))))
		state = AESInvMixColumns(AESInvSubBytes(AESInvShiftRows(state)))
		s32 ^= SHA256Sig0(x) ^ SHA256Sig1(x) ^ SHA256Sum0(x) ^ SHA256Sum1(x)
		s64 ^= SHA512Sig0(a) ^ SHA512Sig1(a) ^ SHA512Sum0(a) ^ SHA512Sum1(a)
		s32 ^= SHA512Sig0H(x, y) ^ SHA512Sig0L(x, y) ^ SHA512Sig1H(x, y) ^ SHA512Sig1L(x, y) ^ SHA512Sum0R(x, y) ^ SHA512Sum1R(x, y)
		s32 ^= SM3P0(x) ^ SM3P1(y)
		a, x = a+1, x+1
	})
	if allocs != 0 {
		t.Errorf("%v allocations per run", allocs)
	}
	_, _, _, _, _ = s64, s32, st, state, okSink
}
