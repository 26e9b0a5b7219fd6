package softfloat

import (
	"math"
	"math/rand/v2"
	"testing"
)

// RNE benchmarks on normal operands (the interpreter's common case), each
// next to the native Go operation on the same data. Operands cycle through
// a small table so neither side can be constant-folded; results go to a
// sink so neither is dead code.

const benchN = 1024

var (
	bench64a, bench64b, bench64c [benchN]uint64
	bench32a, bench32b, bench32c [benchN]uint32
	sink64                       uint64
	sink32                       uint32
	sinkFlags                    Flags
)

func init() {
	r := rand.New(rand.NewPCG(9, 9))
	for i := range benchN {
		bench64a[i] = math.Float64bits((r.Float64() + 0.5) * float64(r.IntN(1000)+1))
		bench64b[i] = math.Float64bits((r.Float64() - 0.5) * float64(r.IntN(1000)+1))
		bench64c[i] = math.Float64bits(r.Float64() * 100)
		bench32a[i] = math.Float32bits(float32(math.Float64frombits(bench64a[i])))
		bench32b[i] = math.Float32bits(float32(math.Float64frombits(bench64b[i])))
		bench32c[i] = math.Float32bits(float32(math.Float64frombits(bench64c[i])))
	}
}

func bench64(b *testing.B, f func(x, y uint64, rm RoundingMode) (uint64, Flags)) {
	bench64rm(b, f, RNE)
}

func bench64rm(b *testing.B, f func(x, y uint64, rm RoundingMode) (uint64, Flags), rm RoundingMode) {
	defer cpuTimer(b)()
	var acc uint64
	var fl Flags
	for i := range b.N {
		r, f := f(bench64a[i%benchN], bench64b[i%benchN], rm)
		acc += r
		fl |= f
	}
	sink64, sinkFlags = acc, fl
}

func bench32(b *testing.B, f func(x, y uint32, rm RoundingMode) (uint32, Flags)) {
	bench32rm(b, f, RNE)
}

func bench32rm(b *testing.B, f func(x, y uint32, rm RoundingMode) (uint32, Flags), rm RoundingMode) {
	defer cpuTimer(b)()
	var acc uint32
	var fl Flags
	for i := range b.N {
		r, f := f(bench32a[i%benchN], bench32b[i%benchN], rm)
		acc += r
		fl |= f
	}
	sink32, sinkFlags = acc, fl
}

func native64(b *testing.B, f func(x, y float64) float64) {
	defer cpuTimer(b)()
	var acc uint64
	for i := range b.N {
		acc += math.Float64bits(f(math.Float64frombits(bench64a[i%benchN]), math.Float64frombits(bench64b[i%benchN])))
	}
	sink64 = acc
}

func native32(b *testing.B, f func(x, y float32) float32) {
	defer cpuTimer(b)()
	var acc uint32
	for i := range b.N {
		acc += math.Float32bits(f(math.Float32frombits(bench32a[i%benchN]), math.Float32frombits(bench32b[i%benchN])))
	}
	sink32 = acc
}

func BenchmarkF64Add(b *testing.B) { bench64(b, F64Add) }
func BenchmarkF64Mul(b *testing.B) { bench64(b, F64Mul) }
func BenchmarkF64Div(b *testing.B) { bench64(b, F64Div) }
func BenchmarkF32Add(b *testing.B) { bench32(b, F32Add) }
func BenchmarkF32Mul(b *testing.B) { bench32(b, F32Mul) }
func BenchmarkF32Div(b *testing.B) { bench32(b, F32Div) }

func BenchmarkF64MulAdd(b *testing.B) {
	defer cpuTimer(b)()
	var acc uint64
	var fl Flags
	for i := range b.N {
		r, f := F64MulAdd(bench64a[i%benchN], bench64b[i%benchN], bench64c[i%benchN], RNE)
		acc += r
		fl |= f
	}
	sink64, sinkFlags = acc, fl
}

func BenchmarkF32MulAdd(b *testing.B) {
	defer cpuTimer(b)()
	var acc uint32
	var fl Flags
	for i := range b.N {
		r, f := F32MulAdd(bench32a[i%benchN], bench32b[i%benchN], bench32c[i%benchN], RNE)
		acc += r
		fl |= f
	}
	sink32, sinkFlags = acc, fl
}

// The exact integer paths, for comparison (what directed rounding modes
// and the fast paths' rejects cost).
func BenchmarkF64AddSlow(b *testing.B) { bench64(b, fmt64.add) }
func BenchmarkF64MulSlow(b *testing.B) { bench64(b, fmt64.mul) }
func BenchmarkF64DivSlow(b *testing.B) { bench64(b, fmt64.div) }
func BenchmarkF64MulAddSlow(b *testing.B) {
	defer cpuTimer(b)()
	var acc uint64
	for i := range b.N {
		r, _ := fmt64.mulAdd(bench64a[i%benchN], bench64b[i%benchN], bench64c[i%benchN], false, false, RNE)
		acc += r
	}
	sink64 = acc
}

func BenchmarkNativeF64Add(b *testing.B) { native64(b, func(x, y float64) float64 { return x + y }) }
func BenchmarkNativeF64Mul(b *testing.B) { native64(b, func(x, y float64) float64 { return x * y }) }
func BenchmarkNativeF64Div(b *testing.B) { native64(b, func(x, y float64) float64 { return x / y }) }
func BenchmarkNativeF32Add(b *testing.B) { native32(b, func(x, y float32) float32 { return x + y }) }
func BenchmarkNativeF32Mul(b *testing.B) { native32(b, func(x, y float32) float32 { return x * y }) }
func BenchmarkNativeF32Div(b *testing.B) { native32(b, func(x, y float32) float32 { return x / y }) }

func BenchmarkNativeF64MulAdd(b *testing.B) {
	defer cpuTimer(b)()
	var acc uint64
	for i := range b.N {
		acc += math.Float64bits(math.FMA(math.Float64frombits(bench64a[i%benchN]),
			math.Float64frombits(bench64b[i%benchN]), math.Float64frombits(bench64c[i%benchN])))
	}
	sink64 = acc
}

func BenchmarkNativeF32MulAdd(b *testing.B) {
	defer cpuTimer(b)()
	// Go has no binary32 FMA; this is the float64 FMA rounded to float32
	// (not always correctly rounded, but the cost a native loop would pay).
	var acc uint32
	for i := range b.N {
		acc += math.Float32bits(float32(math.FMA(float64(math.Float32frombits(bench32a[i%benchN])),
			float64(math.Float32frombits(bench32b[i%benchN])), float64(math.Float32frombits(bench32c[i%benchN])))))
	}
	sink32 = acc
}

// Native operations behind a call that is not inlined: the cost of the
// call alone, which any interpreter handler pays too, so the difference to
// the F32/F64 benchmarks above is what exact flags cost.

//go:noinline
func addCall64(x, y uint64) uint64 {
	return math.Float64bits(math.Float64frombits(x) + math.Float64frombits(y))
}

//go:noinline
func mulCall64(x, y uint64) uint64 {
	return math.Float64bits(math.Float64frombits(x) * math.Float64frombits(y))
}

//go:noinline
func divCall64(x, y uint64) uint64 {
	return math.Float64bits(math.Float64frombits(x) / math.Float64frombits(y))
}

func benchCall64(b *testing.B, f func(x, y uint64) uint64) {
	defer cpuTimer(b)()
	var acc uint64
	for i := range b.N {
		acc += f(bench64a[i%benchN], bench64b[i%benchN])
	}
	sink64 = acc
}

func BenchmarkNativeCallF64Add(b *testing.B) { benchCall64(b, addCall64) }
func BenchmarkNativeCallF64Mul(b *testing.B) { benchCall64(b, mulCall64) }
func BenchmarkNativeCallF64Div(b *testing.B) { benchCall64(b, divCall64) }

// Directed modes on the same data: the fast paths' neighbour step.
func BenchmarkF64AddRDN(b *testing.B) { bench64rm(b, F64Add, RDN) }
func BenchmarkF64MulRUP(b *testing.B) { bench64rm(b, F64Mul, RUP) }
func BenchmarkF64DivRTZ(b *testing.B) { bench64rm(b, F64Div, RTZ) }
func BenchmarkF32AddRDN(b *testing.B) { bench32rm(b, F32Add, RDN) }
func BenchmarkF32MulRMM(b *testing.B) { bench32rm(b, F32Mul, RMM) }

// fcvt.w.d with rtz is what C's (int)x compiles to.
func BenchmarkF64ToI32RTZ(b *testing.B) {
	defer cpuTimer(b)()
	var acc int32
	var fl Flags
	for i := range b.N {
		r, f := F64ToI32(bench64a[i%benchN], RTZ)
		acc += r
		fl |= f
	}
	sink32, sinkFlags = uint32(acc), fl
}
