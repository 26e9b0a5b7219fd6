package isa

// Zksed: SM4 (scalar crypto spec, "Zksed"): bs in bits 31:30 selects the byte of rs2.
func init() {
	s := Exts(ExtZksed)
	register(
		Row{SM4ED, "sm4ed", maskBS, 0x30000033, ArgsBS, s, 0, ClassSM4, 0},
		Row{SM4KS, "sm4ks", maskBS, 0x34000033, ArgsBS, s, 0, ClassSM4, 0},
	)
}
