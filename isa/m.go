package isa

// M: integer multiplication and division.
func init() {
	m := Exts(ExtM)
	register(
		Row{MUL, "mul", maskF7, 0x02000033, ArgsR, m, 0, ClassMul, 0},
		Row{MULH, "mulh", maskF7, 0x02001033, ArgsR, m, 0, ClassMul, 0},
		Row{MULHSU, "mulhsu", maskF7, 0x02002033, ArgsR, m, 0, ClassMul, 0},
		Row{MULHU, "mulhu", maskF7, 0x02003033, ArgsR, m, 0, ClassMul, 0},
		Row{DIV, "div", maskF7, 0x02004033, ArgsR, m, 0, ClassDiv, 0},
		Row{DIVU, "divu", maskF7, 0x02005033, ArgsR, m, 0, ClassDiv, 0},
		Row{REM, "rem", maskF7, 0x02006033, ArgsR, m, 0, ClassDiv, 0},
		Row{REMU, "remu", maskF7, 0x02007033, ArgsR, m, 0, ClassDiv, 0},
		Row{MULW, "mulw", maskF7, 0x0200003b, ArgsR, m, 64, ClassMul, 0},
		Row{DIVW, "divw", maskF7, 0x0200403b, ArgsR, m, 64, ClassDiv, 0},
		Row{DIVUW, "divuw", maskF7, 0x0200503b, ArgsR, m, 64, ClassDiv, 0},
		Row{REMW, "remw", maskF7, 0x0200603b, ArgsR, m, 64, ClassDiv, 0},
		Row{REMUW, "remuw", maskF7, 0x0200703b, ArgsR, m, 64, ClassDiv, 0},
	)
}
