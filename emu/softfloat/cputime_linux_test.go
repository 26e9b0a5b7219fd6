//go:build linux

package softfloat

import (
	"runtime"
	"syscall"
	"testing"
)

// cpuTimer reports the benchmark's CPU time per operation (the calling
// thread's user+system time, from getrusage(RUSAGE_THREAD)) as cpu-ns/op:
// unlike ns/op it does not count time spent waiting for a core on a
// loaded machine. Use as `defer cpuTimer(b)()`.
func cpuTimer(b *testing.B) func() {
	runtime.LockOSThread()
	start := threadCPU()
	return func() {
		d := threadCPU() - start
		runtime.UnlockOSThread()
		if b.N > 0 {
			b.ReportMetric(float64(d)/float64(b.N), "cpu-ns/op")
		}
	}
}

func threadCPU() int64 {
	const rusageThread = 1 // RUSAGE_THREAD
	var ru syscall.Rusage
	if err := syscall.Getrusage(rusageThread, &ru); err != nil {
		return 0
	}
	return ru.Utime.Nano() + ru.Stime.Nano()
}
