package isa

// Zba: address generation (bit-manipulation spec, "Zba").
func init() {
	z := Exts(ExtZba)
	register(
		Row{SH1ADD, "sh1add", maskF7, 0x20002033, ArgsR, z, 0, ClassALU, 0},
		Row{SH2ADD, "sh2add", maskF7, 0x20004033, ArgsR, z, 0, ClassALU, 0},
		Row{SH3ADD, "sh3add", maskF7, 0x20006033, ArgsR, z, 0, ClassALU, 0},
		Row{ADD_UW, "add.uw", maskF7, 0x0800003b, ArgsR, z, 64, ClassALU, 0},
		Row{SH1ADD_UW, "sh1add.uw", maskF7, 0x2000203b, ArgsR, z, 64, ClassALU, 0},
		Row{SH2ADD_UW, "sh2add.uw", maskF7, 0x2000403b, ArgsR, z, 64, ClassALU, 0},
		Row{SH3ADD_UW, "sh3add.uw", maskF7, 0x2000603b, ArgsR, z, 64, ClassALU, 0},
		Row{SLLI_UW, "slli.uw", maskF6, 0x0800101b, ArgsShamt, z, 64, ClassALU, 0},
	)
}
