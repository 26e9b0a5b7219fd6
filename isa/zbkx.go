package isa

// Zbkx: crossbar permutations.
func init() {
	declare(ExtZbkx, Extension{Name: "zbkx", Hwprobe: 1 << 10, LLVM: "zbkx", QEMU: "zbkx", Implemented: true})
	x := Exts(ExtZbkx)
	register(
		Row{Op: XPERM4, Name: "xperm4", Mask: maskF7, Match: 0x28002033, Args: ArgsR, Exts: x, Class: ClassXperm},
		Row{Op: XPERM8, Name: "xperm8", Mask: maskF7, Match: 0x28004033, Args: ArgsR, Exts: x, Class: ClassXperm},
	)
}
