//go:build !linux

package softfloat

import "testing"

// cpuTimer reports nothing where per-thread CPU time is not available.
func cpuTimer(b *testing.B) func() { return func() {} }
