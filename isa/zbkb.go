package isa

// Zbkb: bit manipulation for cryptography (scalar crypto spec, "Zbkb"); the instructions it
// shares with Zbb are in zbb.go.
func init() {
	k := Exts(ExtZbkb)
	register(
		Row{PACK, "pack", maskF7, 0x08004033, ArgsR, k, 0, ClassBitPerm, 0},
		Row{PACKH, "packh", maskF7, 0x08007033, ArgsR, k, 0, ClassBitPerm, 0},
		Row{PACKW, "packw", maskF7, 0x0800403b, ArgsR, k, 64, ClassBitPerm, 0},
		Row{BREV8, "brev8", maskF12, 0x68705013, ArgsR2, k, 0, ClassBitPerm, 0},
		Row{ZIP, "zip", maskF12, 0x08f01013, ArgsR2, k, 32, ClassBitPerm, 0},
		Row{UNZIP, "unzip", maskF12, 0x08f05013, ArgsR2, k, 32, ClassBitPerm, 0},
	)
}
