package isa

// Zbb: basic bit manipulation (bit-manipulation spec, "Zbb"). The rotates, andn/orn/xnor and
// rev8 are also in Zbkb, so their rows name both extensions.
func init() {
	b := Exts(ExtZbb)
	bk := Exts(ExtZbb, ExtZbkb)
	register(
		Row{ANDN, "andn", maskF7, 0x40007033, ArgsR, bk, 0, ClassALU, 0},
		Row{ORN, "orn", maskF7, 0x40006033, ArgsR, bk, 0, ClassALU, 0},
		Row{XNOR, "xnor", maskF7, 0x40004033, ArgsR, bk, 0, ClassALU, 0},
		Row{CLZ, "clz", maskF12, 0x60001013, ArgsR2, b, 0, ClassBitCount, 0},
		Row{CTZ, "ctz", maskF12, 0x60101013, ArgsR2, b, 0, ClassBitCount, 0},
		Row{CPOP, "cpop", maskF12, 0x60201013, ArgsR2, b, 0, ClassBitCount, 0},
		Row{CLZW, "clzw", maskF12, 0x6000101b, ArgsR2, b, 64, ClassBitCount, 0},
		Row{CTZW, "ctzw", maskF12, 0x6010101b, ArgsR2, b, 64, ClassBitCount, 0},
		Row{CPOPW, "cpopw", maskF12, 0x6020101b, ArgsR2, b, 64, ClassBitCount, 0},
		Row{MAX, "max", maskF7, 0x0a006033, ArgsR, b, 0, ClassALU, 0},
		Row{MAXU, "maxu", maskF7, 0x0a007033, ArgsR, b, 0, ClassALU, 0},
		Row{MIN, "min", maskF7, 0x0a004033, ArgsR, b, 0, ClassALU, 0},
		Row{MINU, "minu", maskF7, 0x0a005033, ArgsR, b, 0, ClassALU, 0},
		Row{SEXT_B, "sext.b", maskF12, 0x60401013, ArgsR2, b, 0, ClassALU, 0},
		Row{SEXT_H, "sext.h", maskF12, 0x60501013, ArgsR2, b, 0, ClassALU, 0},
		// zext.h is pack/packw with rs2 = x0: the narrower row wins when Zbb is enabled.
		Row{ZEXT_H, "zext.h", maskF12, 0x08004033, ArgsR2, b, 32, ClassALU, 0},
		Row{ZEXT_H, "zext.h", maskF12, 0x0800403b, ArgsR2, b, 64, ClassALU, 0},
		Row{ROL, "rol", maskF7, 0x60001033, ArgsR, bk, 0, ClassALU, 0},
		Row{ROR, "ror", maskF7, 0x60005033, ArgsR, bk, 0, ClassALU, 0},
		Row{RORI, "rori", maskF6, 0x60005013, ArgsShamt, bk, 0, ClassALU, 0},
		Row{ROLW, "rolw", maskF7, 0x6000103b, ArgsR, bk, 64, ClassALU, 0},
		Row{RORW, "rorw", maskF7, 0x6000503b, ArgsR, bk, 64, ClassALU, 0},
		Row{RORIW, "roriw", maskF7, 0x6000501b, ArgsShamtW, bk, 64, ClassALU, 0},
		Row{ORC_B, "orc.b", maskF12, 0x28705013, ArgsR2, b, 0, ClassBitPerm, 0},
		Row{REV8, "rev8", maskF12, 0x69805013, ArgsR2, bk, 32, ClassBitPerm, 0},
		Row{REV8, "rev8", maskF12, 0x6b805013, ArgsR2, bk, 64, ClassBitPerm, 0},
	)
}
