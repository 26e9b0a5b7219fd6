package isa

// M: integer multiplication and division.
func init() {
	declare(ExtM, Extension{Name: "m", LLVM: "m", Implemented: true})
	m := Exts(ExtM)
	register(
		Row{Op: MUL, Name: "mul", Mask: maskF7, Match: 0x02000033, Args: ArgsR, Exts: m, Class: ClassMul},
		Row{Op: MULH, Name: "mulh", Mask: maskF7, Match: 0x02001033, Args: ArgsR, Exts: m, Class: ClassMul},
		Row{Op: MULHSU, Name: "mulhsu", Mask: maskF7, Match: 0x02002033, Args: ArgsR, Exts: m, Class: ClassMul},
		Row{Op: MULHU, Name: "mulhu", Mask: maskF7, Match: 0x02003033, Args: ArgsR, Exts: m, Class: ClassMul},
		Row{Op: DIV, Name: "div", Mask: maskF7, Match: 0x02004033, Args: ArgsR, Exts: m, Class: ClassDiv},
		Row{Op: DIVU, Name: "divu", Mask: maskF7, Match: 0x02005033, Args: ArgsR, Exts: m, Class: ClassDiv},
		Row{Op: REM, Name: "rem", Mask: maskF7, Match: 0x02006033, Args: ArgsR, Exts: m, Class: ClassDiv},
		Row{Op: REMU, Name: "remu", Mask: maskF7, Match: 0x02007033, Args: ArgsR, Exts: m, Class: ClassDiv},
		Row{Op: MULW, Name: "mulw", Mask: maskF7, Match: 0x0200003b, Args: ArgsR, Exts: m, XLEN: 64, Class: ClassMul},
		Row{Op: DIVW, Name: "divw", Mask: maskF7, Match: 0x0200403b, Args: ArgsR, Exts: m, XLEN: 64, Class: ClassDiv},
		Row{Op: DIVUW, Name: "divuw", Mask: maskF7, Match: 0x0200503b, Args: ArgsR, Exts: m, XLEN: 64, Class: ClassDiv},
		Row{Op: REMW, Name: "remw", Mask: maskF7, Match: 0x0200603b, Args: ArgsR, Exts: m, XLEN: 64, Class: ClassDiv},
		Row{Op: REMUW, Name: "remuw", Mask: maskF7, Match: 0x0200703b, Args: ArgsR, Exts: m, XLEN: 64, Class: ClassDiv},
	)
}
