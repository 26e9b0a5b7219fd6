package isa

// Zksed: SM4 (scalar crypto spec, "Zksed"): bs in bits 31:30 selects the byte of rs2.
func init() {
	declare(ExtZksed, Extension{Name: "zksed", Hwprobe: 1 << 14, LLVM: "zksed", QEMU: "zksed", Implemented: true})
	s := Exts(ExtZksed)
	register(
		Row{Op: SM4ED, Name: "sm4ed", Mask: maskBS, Match: 0x30000033, Args: ArgsBS, Exts: s, Class: ClassSM4},
		Row{Op: SM4KS, Name: "sm4ks", Mask: maskBS, Match: 0x34000033, Args: ArgsBS, Exts: s, Class: ClassSM4},
	)
}
