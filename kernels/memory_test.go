package kernels

import (
	"runtime"
	"testing"

	"rvsim/testvectors"
)

// heapInUse is the live heap after a full collection.
func heapInUse() uint64 {
	runtime.GC()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	return ms.HeapInuse
}

// TestMemory bounds what a verified kernel holds: every vector of every mode of the kernel
// with the most machines (one per ISA: its own, +zbc, +zvkg...) must leave under 48 MiB of
// heap live while the kernel is open, and Release must give nearly all of it back. Each
// machine used to map 64 MiB of scratch memory for Call's buffers up front (190 MB for one
// kernel, 3.1 GB for a whole `rvsim verify`).
func TestMemory(t *testing.T) {
	all, err := testvectors.All()
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"bin/sm4-zksed-zbkb-rv64.elf", "bin/aes-zvkned-rv64.elf"} {
		k, err := Open(name)
		if err != nil {
			t.Fatal(err)
		}
		base := heapInUse()
		runs := 0
		for _, mode := range k.Modes() {
			for i := range all {
				if v := &all[i]; v.Iterations == 1 && Applies(k, mode, v) {
					if err := RunVector(k, mode, v); err != nil {
						t.Fatalf("%s %s: %s: %v", k.Name, mode, v, err)
					}
					runs++
				}
			}
		}
		held := int64(heapInUse()) - int64(base)
		machines := len(k.machines)
		k.Release()
		left := int64(heapInUse()) - int64(base)
		t.Logf("%s: %d vector runs on %d machines: %.1f MiB live, %.1f MiB after Release", k.Name, runs, machines, float64(held)/(1<<20), float64(left)/(1<<20))
		if held > 48<<20 {
			t.Errorf("%s: %.1f MiB live after its vectors, want under 48 MiB", k.Name, float64(held)/(1<<20))
		}
		if left > 4<<20 {
			t.Errorf("%s: %.1f MiB still live after Release, want under 4 MiB", k.Name, float64(left)/(1<<20))
		}
		runtime.KeepAlive(k)
	}
}
