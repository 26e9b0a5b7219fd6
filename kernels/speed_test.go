package kernels

import (
	"syscall"
	"testing"
	"time"
)

// cpuTime is the process's user and system CPU time: on a shared machine the CPU time an
// emulated instruction costs is steadier than the wall time (reported as cpu-MIPS).
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// reportMIPS reports insns over the benchmark's wall time and over the CPU time since cpu0.
func reportMIPS(b *testing.B, insns uint64, cpu0 time.Duration) {
	b.ReportMetric(float64(insns)/b.Elapsed().Seconds()/1e6, "MIPS")
	if d := cpuTime() - cpu0; d > 0 {
		b.ReportMetric(float64(insns)/d.Seconds()/1e6, "cpu-MIPS")
	}
}

// BenchmarkVectorKernels reports the emulator's speed (MIPS, instructions retired by the data
// call per second of wall time) on each vector kernel over 16 KiB: the figure the vector
// unit's fast paths are measured by (README "Speed"). AES and SM4 run ctr and ecb
// (encryption); GHASH runs init, one update over the 16 KiB and final (all counted).
func BenchmarkVectorKernels(b *testing.B) {
	const size = 16 << 10
	in := make([]byte, size)
	for i := range in {
		in[i] = byte(i * 7)
	}
	key := make([]byte, 16)
	iv := make([]byte, 16)
	for _, name := range []string{"aes-zvkned-rv64", "aes-zvkned-x8-rv64", "sm4-zvksed-zvkb-rv64", "ghash-zvkg-rv64", "ghash-zvbc-rv64"} {
		k, err := Open("bin/" + name + ".elf")
		if err != nil {
			b.Fatal(err)
		}
		if k.Family == "ghash" {
			variant := name[len("ghash-") : len(name)-len("-rv64")]
			b.Run(name, func(b *testing.B) {
				var insns uint64
				cpu0 := cpuTime()
				for i := 0; i < b.N; i++ {
					if _, err := k.GHASH(variant, key, in); err != nil {
						b.Fatal(err)
					}
					insns += k.Insns + k.SetupInsns
				}
				reportMIPS(b, insns, cpu0)
			})
			continue
		}
		for _, mode := range []string{ModeCTR, ModeECB} {
			b.Run(name+"/"+mode, func(b *testing.B) {
				p, err := k.Prepare(Spec{Mode: mode, Key: key, IV: iv, In: in, Len: size})
				if err != nil {
					b.Fatal(err)
				}
				b.ResetTimer()
				var insns uint64
				cpu0 := cpuTime()
				for i := 0; i < b.N; i++ {
					// k.Insns adds up the calls since Prepare: count this call's own.
					before := k.Insns
					if _, err := p.Call(size); err != nil {
						b.Fatal(err)
					}
					insns += k.Insns - before
				}
				reportMIPS(b, insns, cpu0)
			})
		}
	}
}
