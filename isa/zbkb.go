package isa

// Zbkb: bit manipulation for cryptography (scalar crypto spec, "Zbkb"); the instructions it
// shares with Zbb are in zbb.go.
func init() {
	declare(ExtZbkb, Extension{Name: "zbkb", Hwprobe: 1 << 8, LLVM: "zbkb", QEMU: "zbkb", Implemented: true})
	k := Exts(ExtZbkb)
	register(
		Row{Op: PACK, Name: "pack", Mask: maskF7, Match: 0x08004033, Args: ArgsR, Exts: k, Class: ClassBitPerm},
		Row{Op: PACKH, Name: "packh", Mask: maskF7, Match: 0x08007033, Args: ArgsR, Exts: k, Class: ClassBitPerm},
		Row{Op: PACKW, Name: "packw", Mask: maskF7, Match: 0x0800403b, Args: ArgsR, Exts: k, XLEN: 64, Class: ClassBitPerm},
		Row{Op: BREV8, Name: "brev8", Mask: maskF12, Match: 0x68705013, Args: ArgsR2, Exts: k, Class: ClassBitPerm},
		Row{Op: ZIP, Name: "zip", Mask: maskF12, Match: 0x08f01013, Args: ArgsR2, Exts: k, XLEN: 32, Class: ClassBitPerm},
		Row{Op: UNZIP, Name: "unzip", Mask: maskF12, Match: 0x08f05013, Args: ArgsR2, Exts: k, XLEN: 32, Class: ClassBitPerm},
	)
}
