package isa

// Zicboz: cache-block zero (CMO spec 1.0, "Zicboz"). cbo.zero writes zeros to the whole
// cache block that holds the address in rs1. rvsim's blocks are CacheBlockBytes long, as
// Zic64b (which the RVA23 profile requires) says; riscv_hwprobe reports the size. QEMU 7.2
// does not have Zicboz.
func init() {
	z := declare(ExtZicboz, Extension{Name: "zicboz", Hwprobe: 1 << 6, LLVM: "zicboz", Implemented: true})
	declare(ExtZic64b, Extension{Name: "zic64b", Implemented: true})
	register(
		Row{Op: CBO_ZERO, Name: "cbo.zero", Mask: 0xfff07fff, Match: 0x0040200f, Args: ArgsCBO, Exts: Exts(z), Class: ClassStore, Mem: CacheBlockBytes},
	)
}

// CacheBlockBytes is the size of the block cbo.zero writes (Zic64b).
const CacheBlockBytes = 64
