package kernels

import (
	"testing"
)

// BenchmarkVectorKernels reports the emulator's speed (MIPS, instructions retired by the data
// call per second of wall time) on each vector kernel over 16 KiB: the figure the vector
// unit's fast paths are measured by (README "Speed"). AES and SM4 run ctr and ecb
// (encryption); GHASH runs one update over the 16 KiB.
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
				for i := 0; i < b.N; i++ {
					if _, err := k.GHASH(variant, key, in); err != nil {
						b.Fatal(err)
					}
					insns += k.Insns
				}
				b.ReportMetric(float64(insns)/b.Elapsed().Seconds()/1e6, "MIPS")
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
				for i := 0; i < b.N; i++ {
					if _, err := p.Call(size); err != nil {
						b.Fatal(err)
					}
					insns += k.Insns
				}
				b.ReportMetric(float64(insns)/b.Elapsed().Seconds()/1e6, "MIPS")
			})
		}
	}
}
