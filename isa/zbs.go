package isa

// Zbs: single-bit instructions.
func init() {
	s := Exts(ExtZbs)
	register(
		Row{BCLR, "bclr", maskF7, 0x48001033, ArgsR, s, 0, ClassALU, 0},
		Row{BCLRI, "bclri", maskF6, 0x48001013, ArgsShamt, s, 0, ClassALU, 0},
		Row{BEXT, "bext", maskF7, 0x48005033, ArgsR, s, 0, ClassALU, 0},
		Row{BEXTI, "bexti", maskF6, 0x48005013, ArgsShamt, s, 0, ClassALU, 0},
		Row{BINV, "binv", maskF7, 0x68001033, ArgsR, s, 0, ClassALU, 0},
		Row{BINVI, "binvi", maskF6, 0x68001013, ArgsShamt, s, 0, ClassALU, 0},
		Row{BSET, "bset", maskF7, 0x28001033, ArgsR, s, 0, ClassALU, 0},
		Row{BSETI, "bseti", maskF6, 0x28001013, ArgsShamt, s, 0, ClassALU, 0},
	)
}
