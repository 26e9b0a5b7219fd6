package isa

// Zksh: SM3 permutations.
func init() {
	s := Exts(ExtZksh)
	register(
		Row{SM3P0, "sm3p0", maskF12, 0x10801013, ArgsR2, s, 0, ClassSM3, 0},
		Row{SM3P1, "sm3p1", maskF12, 0x10901013, ArgsR2, s, 0, ClassSM3, 0},
	)
}
