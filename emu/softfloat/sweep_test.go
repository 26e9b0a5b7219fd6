package softfloat

import (
	"fmt"
	"testing"
)

// A strided sweep over binary32 bit patterns for the one-operand
// operations: a stride coprime to 2^32 visits every exponent with varied
// significands, systematically rather than at random. Each pattern is
// tried in every rounding mode.
func TestSweepF32Unary(t *testing.T) {
	stride := uint32(6007) // prime: about 715,000 patterns
	if testing.Short() {
		stride = 200003
	}
	ops := []struct {
		name string
		impl func(a uint32, rm RoundingMode) (uint64, Flags)
		ref  func(a uint64, rm RoundingMode) (uint64, Flags)
	}{
		{"sqrt", func(a uint32, rm RoundingMode) (uint64, Flags) { r, f := F32Sqrt(a, rm); return uint64(r), f }, o32.sqrt},
		{"toI32", func(a uint32, rm RoundingMode) (uint64, Flags) { r, f := F32ToI32(a, rm); return uint64(uint32(r)), f },
			func(a uint64, rm RoundingMode) (uint64, Flags) { return o32.toInt(a, rm, 32, true) }},
		{"toU32", func(a uint32, rm RoundingMode) (uint64, Flags) { r, f := F32ToU32(a, rm); return uint64(r), f },
			func(a uint64, rm RoundingMode) (uint64, Flags) { return o32.toInt(a, rm, 32, false) }},
		{"toI64", func(a uint32, rm RoundingMode) (uint64, Flags) { r, f := F32ToI64(a, rm); return uint64(r), f },
			func(a uint64, rm RoundingMode) (uint64, Flags) { return o32.toInt(a, rm, 64, true) }},
		{"toU64", func(a uint32, rm RoundingMode) (uint64, Flags) { return F32ToU64(a, rm) },
			func(a uint64, rm RoundingMode) (uint64, Flags) { return o32.toInt(a, rm, 64, false) }},
		{"toF64", func(a uint32, rm RoundingMode) (uint64, Flags) { return F32ToF64(a) },
			func(a uint64, rm RoundingMode) (uint64, Flags) { return o64.convert(o32, a, rm) }},
		{"classify", func(a uint32, rm RoundingMode) (uint64, Flags) { return uint64(F32Classify(a)), 0 },
			func(a uint64, rm RoundingMode) (uint64, Flags) { return uint64(o32.classify(a)), 0 }},
	}
	for _, op := range ops {
		t.Run(op.name, func(t *testing.T) {
			t.Parallel()
			m := &mismatch{t: t}
			defer m.done()
			for a := uint32(0); ; a += stride {
				for _, rm := range modes {
					got, gf := op.impl(a, rm)
					want, wf := op.ref(uint64(a), rm)
					m.check(func() string { return fmt.Sprintf("%s(%#x, %s)", op.name, a, rm) }, got, want, gf, wf)
				}
				if a > ^uint32(0)-stride {
					break
				}
			}
		})
	}
}
