package emu

import (
	"math/big"
	"testing"
)

// CyclesToNanos is floor(cycles·10⁹/hz) exactly, saturating, against big-integer arithmetic.
func TestCyclesToNanos(t *testing.T) {
	for _, tc := range []struct{ cycles, hz uint64 }{
		{0, 1e9}, {12345, 0}, {12345, 1e9}, {10, 10e6}, {7, 3e6}, {1 << 40, 2_500_000_000},
		{1<<64 - 1, 1e9}, {1<<64 - 1, 2e9}, {1<<64 - 1, 1e6}, {1<<63 + 12345, 999_999_937},
		{3_000_000_001, 3e9}, {1, 1}, {1 << 50, 7_500_000},
	} {
		got := CyclesToNanos(tc.cycles, tc.hz)
		hz := tc.hz
		if hz == 0 {
			hz = 1e9
		}
		want := new(big.Int).Mul(new(big.Int).SetUint64(tc.cycles), big.NewInt(1e9))
		want.Div(want, new(big.Int).SetUint64(hz))
		if !want.IsUint64() {
			want.SetUint64(^uint64(0))
		}
		if got != want.Uint64() {
			t.Errorf("CyclesToNanos(%d, %d) = %d, want %d", tc.cycles, tc.hz, got, want.Uint64())
		}
	}
}
