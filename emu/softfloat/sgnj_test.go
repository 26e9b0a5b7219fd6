package softfloat

import (
	"math"
	"math/rand/v2"
	"testing"
)

// Sign injection only moves sign bits: NaN payloads (even signalling ones)
// pass through unchanged and no flag exists to raise.
func TestSignInjection(t *testing.T) {
	for _, c := range []struct {
		name      string
		got, want uint64
	}{
		{"fsgnj.s(1, -2)", uint64(F32Sgnj(0x3f800000, 0xc0000000)), 0xbf800000},
		{"fsgnj.s(-1, 2)", uint64(F32Sgnj(0xbf800000, 0x40000000)), 0x3f800000},
		{"fsgnjn.s(1, 2)", uint64(F32Sgnjn(0x3f800000, 0x40000000)), 0xbf800000},
		{"fsgnjn.s(x, x) = fneg", uint64(F32Sgnjn(0x7f800001, 0x7f800001)), 0xff800001},
		{"fsgnjx.s(-1, -2)", uint64(F32Sgnjx(0xbf800000, 0xc0000000)), 0x3f800000},
		{"fsgnjx.s(x, x) = fabs", uint64(F32Sgnjx(0xffc12345, 0xffc12345)), 0x7fc12345},
		{"fsgnj.d(1, -0)", F64Sgnj(0x3ff0000000000000, 1<<63), 0xbff0000000000000},
		{"fsgnjn.d(sNaN, +0)", F64Sgnjn(0x7ff0000000000001, 0), 0xfff0000000000001},
		{"fsgnjx.d(-inf, -1)", F64Sgnjx(0xfff0000000000000, 0xbff0000000000000), 0x7ff0000000000000},
	} {
		if c.got != c.want {
			t.Errorf("%s = %#x, want %#x", c.name, c.got, c.want)
		}
	}
	// Against math.Copysign on random patterns (it too only moves bits).
	r := rand.New(rand.NewPCG(11, 0))
	for range 10000 {
		a, b := r.Uint64(), r.Uint64()
		x, y := math.Float64frombits(a), math.Float64frombits(b)
		neg := func(v uint64) float64 {
			if v>>63 != 0 {
				return -1
			}
			return 1
		}
		if got, want := F64Sgnj(a, b), math.Float64bits(math.Copysign(x, y)); got != want {
			t.Fatalf("F64Sgnj(%#x, %#x) = %#x, want %#x", a, b, got, want)
		}
		if got, want := F64Sgnjn(a, b), math.Float64bits(math.Copysign(x, -neg(b))); got != want {
			t.Fatalf("F64Sgnjn(%#x, %#x) = %#x, want %#x", a, b, got, want)
		}
		if got, want := F64Sgnjx(a, b), math.Float64bits(math.Copysign(x, neg(a)*neg(b))); got != want {
			t.Fatalf("F64Sgnjx(%#x, %#x) = %#x, want %#x", a, b, got, want)
		}
		a32, b32 := uint32(a), uint32(b)
		if got, want := F32Sgnj(a32, b32), a32&0x7fffffff|b32&0x80000000; got != want {
			t.Fatalf("F32Sgnj(%#x, %#x) = %#x, want %#x", a32, b32, got, want)
		}
		if got, want := F32Sgnjn(a32, b32), a32&0x7fffffff|^b32&0x80000000; got != want {
			t.Fatalf("F32Sgnjn(%#x, %#x) = %#x, want %#x", a32, b32, got, want)
		}
		if got, want := F32Sgnjx(a32, b32), a32^b32&0x80000000; got != want {
			t.Fatalf("F32Sgnjx(%#x, %#x) = %#x, want %#x", a32, b32, got, want)
		}
	}
}

// Rounding-mode values above RMM behave as RNE (documented; the caller
// rejects the reserved encodings before calling).
func TestOutOfRangeModeIsRNE(t *testing.T) {
	g := gen{rand.New(rand.NewPCG(12, 0)), o64}
	for range 20000 {
		a, b, c := g.triple()
		for _, rm := range []RoundingMode{5, 6, 7, 255} {
			for _, op := range []struct {
				name string
				f    func(RoundingMode) (uint64, Flags)
			}{
				{"F64Add", func(m RoundingMode) (uint64, Flags) { return F64Add(a, b, m) }},
				{"F64Mul", func(m RoundingMode) (uint64, Flags) { return F64Mul(a, b, m) }},
				{"F64Div", func(m RoundingMode) (uint64, Flags) { return F64Div(a, b, m) }},
				{"F64Sqrt", func(m RoundingMode) (uint64, Flags) { return F64Sqrt(a, m) }},
				{"F64MulAdd", func(m RoundingMode) (uint64, Flags) { return F64MulAdd(a, b, c, m) }},
				{"F64ToI32", func(m RoundingMode) (uint64, Flags) { r, f := F64ToI32(a, m); return uint64(r), f }},
				{"U64ToF32", func(m RoundingMode) (uint64, Flags) { r, f := U64ToF32(a, m); return uint64(r), f }},
				{"F32MulAdd", func(m RoundingMode) (uint64, Flags) {
					r, f := F32MulAdd(uint32(a), uint32(b), uint32(c), m)
					return uint64(r), f
				}},
			} {
				got, gf := op.f(rm)
				want, wf := op.f(RNE)
				if got != want || gf != wf {
					t.Fatalf("%s(%#x, %#x, %#x) rm=%d: %#x %s, RNE gives %#x %s", op.name, a, b, c, rm, got, gf, want, wf)
				}
			}
		}
	}
}
