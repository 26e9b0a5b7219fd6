package isa

// Zksh: SM3 permutations.
func init() {
	declare(ExtZksh, Extension{Name: "zksh", Hwprobe: 1 << 15, LLVM: "zksh", QEMU: "zksh", Implemented: true})
	s := Exts(ExtZksh)
	register(
		Row{Op: SM3P0, Name: "sm3p0", Mask: maskF12, Match: 0x10801013, Args: ArgsR2, Exts: s, Class: ClassSM3},
		Row{Op: SM3P1, Name: "sm3p1", Mask: maskF12, Match: 0x10901013, Args: ArgsR2, Exts: s, Class: ClassSM3},
	)
}
