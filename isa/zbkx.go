package isa

// Zbkx: crossbar permutations.
func init() {
	x := Exts(ExtZbkx)
	register(
		Row{XPERM4, "xperm4", maskF7, 0x28002033, ArgsR, x, 0, ClassXperm, 0},
		Row{XPERM8, "xperm8", maskF7, 0x28004033, ArgsR, x, 0, ClassXperm, 0},
	)
}
