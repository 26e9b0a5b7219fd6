package isa

// Zbb: basic bit manipulation (bit-manipulation spec, "Zbb"). The rotates, andn/orn/xnor and
// rev8 are also in Zbkb, so their rows name both extensions.
func init() {
	declare(ExtZbb, Extension{Name: "zbb", Hwprobe: 1 << 4, LLVM: "zbb", QEMU: "zbb", Implemented: true})
	b := Exts(ExtZbb)
	bk := Exts(ExtZbb, ExtZbkb)
	register(
		Row{Op: ANDN, Name: "andn", Mask: maskF7, Match: 0x40007033, Args: ArgsR, Exts: bk, Class: ClassALU},
		Row{Op: ORN, Name: "orn", Mask: maskF7, Match: 0x40006033, Args: ArgsR, Exts: bk, Class: ClassALU},
		Row{Op: XNOR, Name: "xnor", Mask: maskF7, Match: 0x40004033, Args: ArgsR, Exts: bk, Class: ClassALU},
		Row{Op: CLZ, Name: "clz", Mask: maskF12, Match: 0x60001013, Args: ArgsR2, Exts: b, Class: ClassBitCount},
		Row{Op: CTZ, Name: "ctz", Mask: maskF12, Match: 0x60101013, Args: ArgsR2, Exts: b, Class: ClassBitCount},
		Row{Op: CPOP, Name: "cpop", Mask: maskF12, Match: 0x60201013, Args: ArgsR2, Exts: b, Class: ClassBitCount},
		Row{Op: CLZW, Name: "clzw", Mask: maskF12, Match: 0x6000101b, Args: ArgsR2, Exts: b, XLEN: 64, Class: ClassBitCount},
		Row{Op: CTZW, Name: "ctzw", Mask: maskF12, Match: 0x6010101b, Args: ArgsR2, Exts: b, XLEN: 64, Class: ClassBitCount},
		Row{Op: CPOPW, Name: "cpopw", Mask: maskF12, Match: 0x6020101b, Args: ArgsR2, Exts: b, XLEN: 64, Class: ClassBitCount},
		Row{Op: MAX, Name: "max", Mask: maskF7, Match: 0x0a006033, Args: ArgsR, Exts: b, Class: ClassALU},
		Row{Op: MAXU, Name: "maxu", Mask: maskF7, Match: 0x0a007033, Args: ArgsR, Exts: b, Class: ClassALU},
		Row{Op: MIN, Name: "min", Mask: maskF7, Match: 0x0a004033, Args: ArgsR, Exts: b, Class: ClassALU},
		Row{Op: MINU, Name: "minu", Mask: maskF7, Match: 0x0a005033, Args: ArgsR, Exts: b, Class: ClassALU},
		Row{Op: SEXT_B, Name: "sext.b", Mask: maskF12, Match: 0x60401013, Args: ArgsR2, Exts: b, Class: ClassALU},
		Row{Op: SEXT_H, Name: "sext.h", Mask: maskF12, Match: 0x60501013, Args: ArgsR2, Exts: b, Class: ClassALU},
		// zext.h is pack/packw with rs2 = x0: the narrower row wins when Zbb is enabled.
		Row{Op: ZEXT_H, Name: "zext.h", Mask: maskF12, Match: 0x08004033, Args: ArgsR2, Exts: b, XLEN: 32, Class: ClassALU},
		Row{Op: ZEXT_H, Name: "zext.h", Mask: maskF12, Match: 0x0800403b, Args: ArgsR2, Exts: b, XLEN: 64, Class: ClassALU},
		Row{Op: ROL, Name: "rol", Mask: maskF7, Match: 0x60001033, Args: ArgsR, Exts: bk, Class: ClassALU},
		Row{Op: ROR, Name: "ror", Mask: maskF7, Match: 0x60005033, Args: ArgsR, Exts: bk, Class: ClassALU},
		Row{Op: RORI, Name: "rori", Mask: maskF6, Match: 0x60005013, Args: ArgsShamt, Exts: bk, Class: ClassALU},
		Row{Op: ROLW, Name: "rolw", Mask: maskF7, Match: 0x6000103b, Args: ArgsR, Exts: bk, XLEN: 64, Class: ClassALU},
		Row{Op: RORW, Name: "rorw", Mask: maskF7, Match: 0x6000503b, Args: ArgsR, Exts: bk, XLEN: 64, Class: ClassALU},
		Row{Op: RORIW, Name: "roriw", Mask: maskF7, Match: 0x6000501b, Args: ArgsShamtW, Exts: bk, XLEN: 64, Class: ClassALU},
		Row{Op: ORC_B, Name: "orc.b", Mask: maskF12, Match: 0x28705013, Args: ArgsR2, Exts: b, Class: ClassBitPerm},
		Row{Op: REV8, Name: "rev8", Mask: maskF12, Match: 0x69805013, Args: ArgsR2, Exts: bk, XLEN: 32, Class: ClassBitPerm},
		Row{Op: REV8, Name: "rev8", Mask: maskF12, Match: 0x6b805013, Args: ArgsR2, Exts: bk, XLEN: 64, Class: ClassBitPerm},
	)
}
