package softfloat

import (
	"fmt"
	"math"
	"math/big"
	"math/rand/v2"
	"sync/atomic"
	"testing"
)

// Every operation, every rounding mode, on special operands in all
// combinations and on random operands weighted towards interesting
// exponents, against the big.Float oracle; results and flags must match.
// Each arithmetic operation is also checked through its exact integer path
// alone (the "slow" variants), so both paths are verified everywhere and
// not only where the fast path declines.

var modes = []RoundingMode{RNE, RTZ, RDN, RUP, RMM}

func randomCount(t *testing.T, n int) int {
	if testing.Short() {
		return n / 10
	}
	return n
}

// specials are the operands every op is tried on in all combinations.
func specials(o ofmt) []uint64 {
	var v []uint64
	add := func(x uint64) { v = append(v, x, x|o.signBit()) }
	if o.width == 32 {
		for _, x := range []uint32{
			0, 1, 2, 0x007fffff, 0x00400000, 0x00800000, 0x00800001, 0x00ffffff,
			0x7f7fffff, 0x7f7ffffe, 0x7f000000, 0x3f800000, 0x3f800001, 0x3f7fffff,
			0x3f000000, 0x3fc00000, 0x40200000, 0x40400000, 0x34000000, 0x33800000,
			0x7f800000, 0x7fc00000, 0x7f800001, 0x7fbfffff, 0x7fc00001,
			0x4f000000, 0x4effffff, 0x4f000001, 0x4f800000, 0x4f7fffff, 0x4f800001,
			0x5f000000, 0x5effffff, 0x5f000001, 0x5f800000, 0x5f7fffff, 0x5f800001,
			0x4b000000, 0x4b7fffff, 0x4b800000, 0x1f800000, 0x20000000,
		} {
			add(uint64(x))
		}
		return v
	}
	for _, x := range []uint64{
		0, 1, 2, 0x000fffffffffffff, 0x0008000000000000, 0x0010000000000000,
		0x0010000000000001, 0x001fffffffffffff, 0x7fefffffffffffff, 0x7feffffffffffffe,
		0x7fe0000000000000, 0x3ff0000000000000, 0x3ff0000000000001, 0x3fefffffffffffff,
		0x3fe0000000000000, 0x3ff8000000000000, 0x4004000000000000, 0x4008000000000000,
		0x3cb0000000000000, 0x3ca0000000000000,
		0x7ff0000000000000, 0x7ff8000000000000, 0x7ff0000000000001, 0x7ff7ffffffffffff,
		0x7ff8000000000001,
		// 2^31, 2^32, 2^63, 2^64 and their neighbours; 2^31 +- 0.5.
		0x41e0000000000000, 0x41dfffffffffffff, 0x41e0000000000001, 0x41dfffffffe00000,
		0x41e0000000100000, 0x41f0000000000000, 0x41efffffffffffff, 0x41f0000000000001,
		0x41efffffffe00000, 0x41effffffff00000, 0x43e0000000000000, 0x43dfffffffffffff,
		0x43e0000000000001, 0x43f0000000000000, 0x43efffffffffffff, 0x43f0000000000001,
		0x4330000000000000, 0x433fffffffffffff, 0x4340000000000000,
		// binary32 boundaries as binary64 (for narrowing).
		0x47efffffe0000000, 0x47efffffefffffff, 0x47effffff0000000, 0x47f0000000000000,
		0x3810000000000000, 0x380fffffffffffff, 0x380ffffff0000000, 0x36a0000000000000,
		0x3690000000000000, 0x3690000000000001, 0x36a8000000000000,
		0x1ff0000000000000, 0x2000000000000000,
	} {
		add(x)
	}
	return v
}

// gen produces random operands of one format, weighted towards extreme
// and related exponents and towards significands that produce ties,
// carries and cancellation.
type gen struct {
	r *rand.Rand
	o ofmt
}

func (g gen) maxField() int    { return 1<<(g.o.width-g.o.p) - 1 }
func (g gen) bias() int        { return g.maxField() >> 1 }
func (g gen) fracBits() uint   { return uint(g.o.p - 1) }
func (g gen) fracMask() uint64 { return 1<<g.fracBits() - 1 }

func (g gen) frac(like uint64) uint64 {
	m := g.fracMask()
	switch g.r.IntN(8) {
	case 0:
		return 0
	case 1:
		return m
	case 2: // sparse: a few set bits
		var f uint64
		for range g.r.IntN(3) + 1 {
			f |= 1 << g.r.UintN(g.fracBits())
		}
		return f
	case 3: // close to the other operand's: cancellation
		return (like + uint64(g.r.IntN(7)) - 3) & m
	case 4: // a run of ones or zeros at the bottom: ties after rounding
		k := g.r.UintN(g.fracBits())
		f := g.r.Uint64() & m &^ (1<<k - 1)
		if g.r.IntN(2) == 0 {
			f |= 1<<k - 1
		}
		return f
	case 5: // a run at the top
		k := g.r.UintN(g.fracBits())
		return (m >> k << k) | g.r.Uint64()&(1<<g.r.UintN(4)-1)
	default:
		return g.r.Uint64() & m
	}
}

// field clamps an exponent field into range, rarely producing infinity or
// NaN.
func (g gen) field(e int) uint64 {
	if e < 0 {
		e = 0
	}
	if e > g.maxField() {
		e = g.maxField()
	}
	if e == g.maxField() && g.r.IntN(4) != 0 {
		e--
	}
	return uint64(e)
}

func (g gen) make(e int, frac uint64) uint64 {
	x := g.field(e)<<g.fracBits() | frac
	if g.r.IntN(2) == 0 {
		x |= g.o.signBit()
	}
	return x
}

// exp picks an exponent field: anywhere, near the subnormal range, near
// overflow, or near 1.
func (g gen) exp() int {
	switch g.r.IntN(6) {
	case 0, 1:
		return g.r.IntN(g.maxField() + 1)
	case 2:
		return g.r.IntN(4)
	case 3:
		return g.maxField() - 1 - g.r.IntN(3)
	default:
		return g.bias() + g.r.IntN(81) - 40
	}
}

func (g gen) any() uint64 {
	if g.r.IntN(40) == 0 {
		s := specials(g.o)
		return s[g.r.IntN(len(s))]
	}
	return g.make(g.exp(), g.frac(g.r.Uint64()))
}

// offset is an exponent difference that matters for alignment: equal,
// adjacent, or about the precision apart.
func (g gen) offset() int {
	p := g.o.p
	switch g.r.IntN(5) {
	case 0:
		return g.r.IntN(7) - 3
	case 1:
		return p + g.r.IntN(5) - 2
	case 2:
		return -(p + g.r.IntN(5) - 2)
	case 3: // far apart: the smaller one only matters as a sticky bit
		d := 2*p + g.r.IntN(p+4)
		if g.r.IntN(2) == 0 {
			d = -d
		}
		return d
	default:
		return g.r.IntN(4*p) - 2*p
	}
}

func (g gen) fieldOf(x uint64) int { return int(x&^g.o.signBit()) >> g.fracBits() }

// near is an operand whose exponent is related to x's.
func (g gen) near(x uint64) uint64 {
	return g.make(g.fieldOf(x)+g.offset(), g.frac(x))
}

// boundary is an exponent field near the edges of the range that a result
// can fall onto: around the subnormal range (including far below it) or
// around overflow.
func (g gen) boundary() int {
	switch g.r.IntN(4) {
	case 0:
		return g.r.IntN(6) - 2
	case 1:
		return -g.r.IntN(g.o.p + 3)
	case 2:
		// Around the lower limits of the fast paths (exponent fields 60
		// for binary64, 26 for binary32), where the error terms of
		// products come close to the subnormal range.
		if g.o.width == 64 {
			return 60 + g.r.IntN(17) - 8
		}
		return 26 + g.r.IntN(9) - 4
	default:
		return g.maxField() + g.r.IntN(4) - 3
	}
}

// pair returns operands for a binary op of the given kind.
func (g gen) pair(kind string) (uint64, uint64) {
	a := g.any()
	if kind == "add" && g.r.IntN(10) == 0 {
		// Opposite signs and (nearly) equal magnitudes: exact zeros,
		// whose sign depends on the mode, and deep cancellation.
		return a, a ^ g.o.signBit() + uint64(g.r.IntN(5)) - 2
	}
	switch g.r.IntN(3) {
	case 0:
		return a, g.any()
	case 1:
		if kind == "add" {
			return a, g.near(a)
		}
		fallthrough
	default:
		// Make the result's exponent land near a boundary.
		ea := g.fieldOf(a)
		var eb int
		switch kind {
		case "mul":
			eb = g.boundary() - ea + g.bias()
		case "div":
			eb = ea - g.boundary() + g.bias()
		default:
			eb = ea + g.offset()
		}
		return a, g.make(eb, g.frac(a))
	}
}

// triple returns operands for fused multiply-add.
func (g gen) triple() (uint64, uint64, uint64) {
	a, b := g.pair("mul")
	if g.r.IntN(4) == 0 {
		a, b = g.any(), g.any()
	}
	if g.r.IntN(5) == 0 {
		return a, b, g.any()
	}
	// c near the product, for cancellation and sticky-bit cases.
	pe := g.fieldOf(a) + g.fieldOf(b) - g.bias()
	c := g.make(pe+g.offset(), g.frac(a^b))
	if g.o.width == 64 && g.r.IntN(8) == 0 {
		// c = -err(a*b), give or take a few units: a*b+c is then about
		// u1 alone, the error term cancelled (and near the guard, a
		// subnormal error term).
		x, y := math.Float64frombits(a), math.Float64frombits(b)
		u2 := math.FMA(x, y, -float64(x*y))
		if v := -u2 * (1 + float64(g.r.IntN(5)-2)*0x1p-52); !math.IsNaN(v) {
			return a, b, math.Float64bits(v)
		}
	}
	if g.o.width == 64 && g.r.IntN(4) == 0 {
		// c = k*ulp(a*b) - err(a*b), rounded: a*b+c is then within a
		// rounding error of c of a float64, the case where only
		// ErrFma's last term z shows that the result is inexact.
		x, y := math.Float64frombits(a), math.Float64frombits(b)
		u1 := x * y
		u2 := math.FMA(x, y, -u1)
		ulp := math.Nextafter(math.Abs(u1), math.Inf(1)) - math.Abs(u1)
		if v := float64(float64(g.r.IntN(9)-4)*ulp) - u2; !math.IsNaN(v) {
			return a, b, math.Float64bits(v)
		}
	}
	if g.r.IntN(3) == 0 {
		// The exact negation of the rounded product, give or take: deep
		// cancellation.
		if p, _ := g.o.mul(a, b, RNE); !g.o.isNaN(p) {
			c = (p ^ g.o.signBit()) + uint64(g.r.IntN(5)) - 2
		}
	}
	return a, b, c
}

// mismatch collects failures of one test, reporting the first few.
type mismatch struct {
	t     *testing.T
	count atomic.Int64
	cases atomic.Int64
}

func (m *mismatch) check(desc func() string, got, want uint64, gf, wf Flags) {
	m.cases.Add(1)
	if got == want && gf == wf {
		return
	}
	if m.count.Add(1) <= 10 {
		m.t.Errorf("%s: got %#x flags %s, want %#x flags %s", desc(), got, gf, want, wf)
	}
}

func (m *mismatch) done() {
	if n := m.count.Load(); n > 10 {
		m.t.Errorf("... %d mismatches in all", n)
	}
	m.t.Logf("%d cases", m.cases.Load())
}

// Operations under test, all on uint64 bit patterns.
type unaryOp func(a uint64, rm RoundingMode) (uint64, Flags)
type binaryOp func(a, b uint64, rm RoundingMode) (uint64, Flags)
type ternaryOp func(a, b, c uint64, rm RoundingMode) (uint64, Flags)

func w32b(f func(a, b uint32, rm RoundingMode) (uint32, Flags)) binaryOp {
	return func(a, b uint64, rm RoundingMode) (uint64, Flags) {
		r, fl := f(uint32(a), uint32(b), rm)
		return uint64(r), fl
	}
}

func w32t(f func(a, b, c uint32, rm RoundingMode) (uint32, Flags)) ternaryOp {
	return func(a, b, c uint64, rm RoundingMode) (uint64, Flags) {
		r, fl := f(uint32(a), uint32(b), uint32(c), rm)
		return uint64(r), fl
	}
}

type binCase struct {
	name string
	o    ofmt
	kind string
	impl binaryOp
	ref  binaryOp
}

func binaryCases() []binCase {
	var cs []binCase
	for _, w := range []struct {
		o        ofmt
		f        *format
		add, sub binaryOp
		mul, div binaryOp
		prefix   string
	}{
		{o32, &fmt32, w32b(F32Add), w32b(F32Sub), w32b(F32Mul), w32b(F32Div), "f32"},
		{o64, &fmt64, F64Add, F64Sub, F64Mul, F64Div, "f64"},
	} {
		o, f := w.o, w.f
		cs = append(cs,
			binCase{w.prefix + "/add", o, "add", w.add, o.add},
			binCase{w.prefix + "/sub", o, "add", w.sub, o.sub},
			binCase{w.prefix + "/mul", o, "mul", w.mul, o.mul},
			binCase{w.prefix + "/div", o, "div", w.div, o.div},
			binCase{w.prefix + "/add/slow", o, "add", f.add, o.add},
			binCase{w.prefix + "/mul/slow", o, "mul", f.mul, o.mul},
			binCase{w.prefix + "/div/slow", o, "div", f.div, o.div},
		)
	}
	return cs
}

func TestBinaryOps(t *testing.T) {
	for _, c := range binaryCases() {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			m := &mismatch{t: t}
			defer m.done()
			run := func(a, b uint64, rm RoundingMode) {
				got, gf := c.impl(a, b, rm)
				want, wf := c.ref(a, b, rm)
				m.check(func() string { return fmt.Sprintf("%s(%#x, %#x, %s)", c.name, a, b, rm) }, got, want, gf, wf)
			}
			sp := specials(c.o)
			for _, rm := range modes {
				for _, a := range sp {
					for _, b := range sp {
						run(a, b, rm)
					}
				}
			}
			g := gen{rand.New(rand.NewPCG(1, uint64(len(c.name)))), c.o}
			for range randomCount(t, 200000) {
				a, b := g.pair(c.kind)
				run(a, b, modes[g.r.IntN(len(modes))])
			}
		})
	}
}

func TestSqrt(t *testing.T) {
	for _, c := range []struct {
		name string
		o    ofmt
		impl unaryOp
	}{
		{"f32", o32, func(a uint64, rm RoundingMode) (uint64, Flags) {
			r, fl := F32Sqrt(uint32(a), rm)
			return uint64(r), fl
		}},
		{"f64", o64, F64Sqrt},
		{"f32/slow", o32, fmt32.sqrt},
		{"f64/slow", o64, fmt64.sqrt},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			m := &mismatch{t: t}
			defer m.done()
			run := func(a uint64, rm RoundingMode) {
				got, gf := c.impl(a, rm)
				want, wf := c.o.sqrt(a, rm)
				m.check(func() string { return fmt.Sprintf("sqrt(%#x, %s)", a, rm) }, got, want, gf, wf)
			}
			for _, rm := range modes {
				for _, a := range specials(c.o) {
					run(a, rm)
				}
			}
			g := gen{rand.New(rand.NewPCG(2, 0)), c.o}
			for range randomCount(t, 200000) {
				a := g.any()
				if g.r.IntN(4) == 0 {
					// Perfect squares, and their neighbours.
					s := g.o.value(a)
					if s = s * s; !math.IsInf(s, 0) && !math.IsNaN(s) {
						if c.o.width == 32 {
							a = uint64(math.Float32bits(float32(s)))
						} else {
							a = math.Float64bits(s)
						}
						a += uint64(g.r.IntN(3)) - 1
					}
				}
				run(a, modes[g.r.IntN(len(modes))])
			}
		})
	}
}

func TestMulAdd(t *testing.T) {
	type form struct {
		name            string
		negProd, negAdd bool
		f32             func(a, b, c uint32, rm RoundingMode) (uint32, Flags)
		f64             ternaryOp
	}
	forms := []form{
		{"fmadd", false, false, F32MulAdd, F64MulAdd},
		{"fmsub", false, true, F32MulSub, F64MulSub},
		{"fnmsub", true, false, F32NegMulSub, F64NegMulSub},
		{"fnmadd", true, true, F32NegMulAdd, F64NegMulAdd},
	}
	type fmaCase struct {
		name            string
		o               ofmt
		negProd, negAdd bool
		impl            ternaryOp
	}
	var cs []fmaCase
	for _, fm := range forms {
		cs = append(cs,
			fmaCase{"f32/" + fm.name, o32, fm.negProd, fm.negAdd, w32t(fm.f32)},
			fmaCase{"f64/" + fm.name, o64, fm.negProd, fm.negAdd, fm.f64})
	}
	for _, w := range []struct {
		o ofmt
		f *format
		n string
	}{{o32, &fmt32, "f32"}, {o64, &fmt64, "f64"}} {
		cs = append(cs, fmaCase{w.n + "/fmadd/slow", w.o, false, false, func(a, b, c uint64, rm RoundingMode) (uint64, Flags) {
			return w.f.mulAdd(a, b, c, false, false, rm)
		}}, fmaCase{w.n + "/fnmadd/slow", w.o, true, true, func(a, b, c uint64, rm RoundingMode) (uint64, Flags) {
			return w.f.mulAdd(a, b, c, true, true, rm)
		}})
	}
	for _, c := range cs {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			m := &mismatch{t: t}
			defer m.done()
			run := func(a, b, d uint64, rm RoundingMode) {
				got, gf := c.impl(a, b, d, rm)
				want, wf := c.o.fma(a, b, d, c.negProd, c.negAdd, rm)
				m.check(func() string { return fmt.Sprintf("%s(%#x, %#x, %#x, %s)", c.name, a, b, d, rm) }, got, want, gf, wf)
			}
			// All triples of a reduced special set, every mode.
			sp := specials(c.o)
			small := sp[:0:0]
			for i, x := range sp {
				if i%3 == 0 || i < 14 {
					small = append(small, x)
				}
			}
			g := gen{rand.New(rand.NewPCG(3, uint64(len(c.name)))), c.o}
			for _, a := range small {
				for _, b := range small {
					for _, d := range small {
						run(a, b, d, modes[g.r.IntN(len(modes))])
					}
				}
			}
			for range randomCount(t, 200000) {
				a, b, d := g.triple()
				run(a, b, d, modes[g.r.IntN(len(modes))])
			}
		})
	}
}

// intSpecials are integer inputs for int-to-float conversion: boundaries,
// values needing exactly p or p+1 bits, ties, and the extremes.
func intSpecials() []uint64 {
	v := []uint64{0, 1, 2, 3, 0x7fffffff, 0x80000000, 0xffffffff, 0x100000000,
		0x7fffffffffffffff, 0x8000000000000000, 0xffffffffffffffff}
	for _, p := range []uint{24, 53} {
		for _, d := range []uint64{0, 1, 2, 3, 5} {
			base := uint64(1) << p
			v = append(v, base+d, base-d, base*2+d, base*4+2, base*4+6, base*8+4)
		}
	}
	for i := range uint(64) {
		v = append(v, 1<<i, 1<<i|1, 1<<i-1)
	}
	n := len(v)
	for _, x := range v[:n] {
		v = append(v, -x)
	}
	return v
}

func TestIntToFloat(t *testing.T) {
	type conv struct {
		name   string
		o      ofmt
		signed bool
		n      uint
		impl   func(x uint64, rm RoundingMode) (uint64, Flags)
	}
	cs := []conv{
		{"I32ToF32", o32, true, 32, func(x uint64, rm RoundingMode) (uint64, Flags) {
			r, fl := I32ToF32(int32(x), rm)
			return uint64(r), fl
		}},
		{"U32ToF32", o32, false, 32, func(x uint64, rm RoundingMode) (uint64, Flags) {
			r, fl := U32ToF32(uint32(x), rm)
			return uint64(r), fl
		}},
		{"I64ToF32", o32, true, 64, func(x uint64, rm RoundingMode) (uint64, Flags) {
			r, fl := I64ToF32(int64(x), rm)
			return uint64(r), fl
		}},
		{"U64ToF32", o32, false, 64, func(x uint64, rm RoundingMode) (uint64, Flags) {
			r, fl := U64ToF32(x, rm)
			return uint64(r), fl
		}},
		{"I32ToF64", o64, true, 32, func(x uint64, rm RoundingMode) (uint64, Flags) { return I32ToF64(int32(x), rm) }},
		{"U32ToF64", o64, false, 32, func(x uint64, rm RoundingMode) (uint64, Flags) { return U32ToF64(uint32(x), rm) }},
		{"I64ToF64", o64, true, 64, func(x uint64, rm RoundingMode) (uint64, Flags) { return I64ToF64(int64(x), rm) }},
		{"U64ToF64", o64, false, 64, U64ToF64},
	}
	for _, c := range cs {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			m := &mismatch{t: t}
			defer m.done()
			run := func(x uint64, rm RoundingMode) {
				// Truncate to the source width and interpret.
				if c.n == 32 {
					x = uint64(uint32(x))
				}
				v := new(big.Int).SetUint64(x)
				if c.signed && x>>(c.n-1) != 0 { // negative: subtract 2^n
					v.Sub(v, new(big.Int).Lsh(big.NewInt(1), c.n))
				}
				got, gf := c.impl(x, rm)
				want, wf := c.o.fromInt(v, rm)
				m.check(func() string { return fmt.Sprintf("%s(%#x, %s)", c.name, x, rm) }, got, want, gf, wf)
			}
			for _, rm := range modes {
				for _, x := range intSpecials() {
					run(x, rm)
				}
			}
			r := rand.New(rand.NewPCG(4, uint64(c.n)))
			for range randomCount(t, 100000) {
				x := r.Uint64() >> r.UintN(64)
				if r.IntN(2) == 0 {
					x = -x
				}
				run(x, modes[r.IntN(len(modes))])
			}
		})
	}
}

func TestFloatToInt(t *testing.T) {
	type conv struct {
		name   string
		o      ofmt
		signed bool
		n      uint
		impl   func(x uint64, rm RoundingMode) (uint64, Flags)
	}
	cs := []conv{
		{"F32ToI32", o32, true, 32, func(x uint64, rm RoundingMode) (uint64, Flags) {
			r, fl := F32ToI32(uint32(x), rm)
			return uint64(uint32(r)), fl
		}},
		{"F32ToU32", o32, false, 32, func(x uint64, rm RoundingMode) (uint64, Flags) {
			r, fl := F32ToU32(uint32(x), rm)
			return uint64(r), fl
		}},
		{"F32ToI64", o32, true, 64, func(x uint64, rm RoundingMode) (uint64, Flags) {
			r, fl := F32ToI64(uint32(x), rm)
			return uint64(r), fl
		}},
		{"F32ToU64", o32, false, 64, func(x uint64, rm RoundingMode) (uint64, Flags) { return F32ToU64(uint32(x), rm) }},
		{"F64ToI32", o64, true, 32, func(x uint64, rm RoundingMode) (uint64, Flags) {
			r, fl := F64ToI32(x, rm)
			return uint64(uint32(r)), fl
		}},
		{"F64ToU32", o64, false, 32, func(x uint64, rm RoundingMode) (uint64, Flags) {
			r, fl := F64ToU32(x, rm)
			return uint64(r), fl
		}},
		{"F64ToI64", o64, true, 64, func(x uint64, rm RoundingMode) (uint64, Flags) {
			r, fl := F64ToI64(x, rm)
			return uint64(r), fl
		}},
		{"F64ToU64", o64, false, 64, F64ToU64},
	}
	// The integer path alone, for every width and signedness.
	for _, w := range []struct {
		o ofmt
		f *format
	}{{o32, &fmt32}, {o64, &fmt64}} {
		for _, n := range []uint{32, 64} {
			for _, signed := range []bool{true, false} {
				f, n, signed := w.f, n, signed
				cs = append(cs, conv{fmt.Sprintf("f%d/int%d/signed=%v/slow", w.o.width, n, signed), w.o, signed, n,
					func(x uint64, rm RoundingMode) (uint64, Flags) { return f.toIntSlow(x, rm, n, signed) }})
			}
		}
	}
	for _, c := range cs {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			m := &mismatch{t: t}
			defer m.done()
			run := func(a uint64, rm RoundingMode) {
				got, gf := c.impl(a, rm)
				want, wf := c.o.toInt(a, rm, c.n, c.signed)
				m.check(func() string { return fmt.Sprintf("%s(%#x, %s)", c.name, a, rm) }, got, want, gf, wf)
			}
			for _, rm := range modes {
				for _, a := range specials(c.o) {
					run(a, rm)
				}
			}
			g := gen{rand.New(rand.NewPCG(5, uint64(c.n))), c.o}
			for range randomCount(t, 100000) {
				var a uint64
				switch g.r.IntN(3) {
				case 0:
					a = g.any()
				default:
					// Magnitudes from below 1 to just past the
					// integer range, where rounding and saturation
					// decide.
					e := g.bias() + g.r.IntN(int(c.n)+4) - 2
					if g.r.IntN(4) == 0 {
						e = g.bias() - 1 - g.r.IntN(3)
					}
					a = g.make(e, g.frac(0))
				}
				run(a, modes[g.r.IntN(len(modes))])
			}
		})
	}
}

func TestFloatToFloat(t *testing.T) {
	t.Parallel()
	t.Run("F32ToF64", func(t *testing.T) {
		m := &mismatch{t: t}
		defer m.done()
		run := func(a uint64) {
			got, gf := F32ToF64(uint32(a))
			want, wf := o64.convert(o32, a, RNE)
			m.check(func() string { return fmt.Sprintf("F32ToF64(%#x)", a) }, got, want, gf, wf)
		}
		for _, a := range specials(o32) {
			run(a)
		}
		g := gen{rand.New(rand.NewPCG(6, 0)), o32}
		for range randomCount(t, 100000) {
			run(g.any())
		}
	})
	t.Run("F64ToF32", func(t *testing.T) {
		m := &mismatch{t: t}
		defer m.done()
		run := func(a uint64, rm RoundingMode) {
			r, gf := F64ToF32(a, rm)
			want, wf := o32.convert(o64, a, rm)
			m.check(func() string { return fmt.Sprintf("F64ToF32(%#x, %s)", a, rm) }, uint64(r), want, gf, wf)
		}
		for _, rm := range modes {
			for _, a := range specials(o64) {
				run(a, rm)
			}
		}
		g := gen{rand.New(rand.NewPCG(7, 0)), o64}
		for range randomCount(t, 200000) {
			var a uint64
			if g.r.IntN(3) == 0 {
				a = g.any()
			} else {
				// Exponents around binary32's range: overflow,
				// subnormal and underflow to zero.
				e := 1023 + 127 + g.r.IntN(5) - 3
				if g.r.IntN(2) == 0 {
					e = 1023 - 126 - g.r.IntN(28) + 2
				}
				a = g.make(e, g.frac(0))
			}
			run(a, modes[g.r.IntN(len(modes))])
		}
	})
}

func TestCompareMinMaxClassify(t *testing.T) {
	for _, w := range []struct {
		name     string
		o        ofmt
		eq       func(a, b uint64) (bool, Flags)
		lt, le   func(a, b uint64) (bool, Flags)
		min, max func(a, b uint64) (uint64, Flags)
		class    func(a uint64) uint32
	}{
		{"f32", o32,
			func(a, b uint64) (bool, Flags) { return F32Eq(uint32(a), uint32(b)) },
			func(a, b uint64) (bool, Flags) { return F32Lt(uint32(a), uint32(b)) },
			func(a, b uint64) (bool, Flags) { return F32Le(uint32(a), uint32(b)) },
			func(a, b uint64) (uint64, Flags) { r, f := F32Min(uint32(a), uint32(b)); return uint64(r), f },
			func(a, b uint64) (uint64, Flags) { r, f := F32Max(uint32(a), uint32(b)); return uint64(r), f },
			func(a uint64) uint32 { return F32Classify(uint32(a)) }},
		{"f64", o64, F64Eq, F64Lt, F64Le, F64Min, F64Max, F64Classify},
	} {
		t.Run(w.name, func(t *testing.T) {
			t.Parallel()
			m := &mismatch{t: t}
			defer m.done()
			b2u := func(b bool) uint64 {
				if b {
					return 1
				}
				return 0
			}
			run := func(a, b uint64) {
				d := func(op string) func() string {
					return func() string { return fmt.Sprintf("%s %s(%#x, %#x)", w.name, op, a, b) }
				}
				g, gf := w.eq(a, b)
				r, rf := w.o.eq(a, b)
				m.check(d("eq"), b2u(g), b2u(r), gf, rf)
				g, gf = w.lt(a, b)
				r, rf = w.o.lt(a, b)
				m.check(d("lt"), b2u(g), b2u(r), gf, rf)
				g, gf = w.le(a, b)
				r, rf = w.o.le(a, b)
				m.check(d("le"), b2u(g), b2u(r), gf, rf)
				x, xf := w.min(a, b)
				y, yf := w.o.minMax(a, b, false)
				m.check(d("min"), x, y, xf, yf)
				x, xf = w.max(a, b)
				y, yf = w.o.minMax(a, b, true)
				m.check(d("max"), x, y, xf, yf)
				m.check(d("class"), uint64(w.class(a)), uint64(w.o.classify(a)), 0, 0)
			}
			sp := specials(w.o)
			for _, a := range sp {
				for _, b := range sp {
					run(a, b)
				}
			}
			g := gen{rand.New(rand.NewPCG(8, 0)), w.o}
			for range randomCount(t, 100000) {
				a, b := g.pair("add")
				if g.r.IntN(8) == 0 {
					b = a + uint64(g.r.IntN(3)) - 1
				}
				run(a, b)
			}
		})
	}
}
