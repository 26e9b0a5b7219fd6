package isa

// Zbs: single-bit instructions.
func init() {
	declare(ExtZbs, Extension{Name: "zbs", Hwprobe: 1 << 5, LLVM: "zbs", QEMU: "zbs", Implemented: true})
	s := Exts(ExtZbs)
	register(
		Row{Op: BCLR, Name: "bclr", Mask: maskF7, Match: 0x48001033, Args: ArgsR, Exts: s, Class: ClassALU},
		Row{Op: BCLRI, Name: "bclri", Mask: maskF6, Match: 0x48001013, Args: ArgsShamt, Exts: s, Class: ClassALU},
		Row{Op: BEXT, Name: "bext", Mask: maskF7, Match: 0x48005033, Args: ArgsR, Exts: s, Class: ClassALU},
		Row{Op: BEXTI, Name: "bexti", Mask: maskF6, Match: 0x48005013, Args: ArgsShamt, Exts: s, Class: ClassALU},
		Row{Op: BINV, Name: "binv", Mask: maskF7, Match: 0x68001033, Args: ArgsR, Exts: s, Class: ClassALU},
		Row{Op: BINVI, Name: "binvi", Mask: maskF6, Match: 0x68001013, Args: ArgsShamt, Exts: s, Class: ClassALU},
		Row{Op: BSET, Name: "bset", Mask: maskF7, Match: 0x28001033, Args: ArgsR, Exts: s, Class: ClassALU},
		Row{Op: BSETI, Name: "bseti", Mask: maskF6, Match: 0x28001013, Args: ArgsShamt, Exts: s, Class: ClassALU},
	)
}
