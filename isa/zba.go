package isa

// Zba: address generation (bit-manipulation spec, "Zba").
func init() {
	declare(ExtZba, Extension{Name: "zba", Hwprobe: 1 << 3, LLVM: "zba", QEMU: "zba", Implemented: true})
	z := Exts(ExtZba)
	register(
		Row{Op: SH1ADD, Name: "sh1add", Mask: maskF7, Match: 0x20002033, Args: ArgsR, Exts: z, Class: ClassALU},
		Row{Op: SH2ADD, Name: "sh2add", Mask: maskF7, Match: 0x20004033, Args: ArgsR, Exts: z, Class: ClassALU},
		Row{Op: SH3ADD, Name: "sh3add", Mask: maskF7, Match: 0x20006033, Args: ArgsR, Exts: z, Class: ClassALU},
		Row{Op: ADD_UW, Name: "add.uw", Mask: maskF7, Match: 0x0800003b, Args: ArgsR, Exts: z, XLEN: 64, Class: ClassALU},
		Row{Op: SH1ADD_UW, Name: "sh1add.uw", Mask: maskF7, Match: 0x2000203b, Args: ArgsR, Exts: z, XLEN: 64, Class: ClassALU},
		Row{Op: SH2ADD_UW, Name: "sh2add.uw", Mask: maskF7, Match: 0x2000403b, Args: ArgsR, Exts: z, XLEN: 64, Class: ClassALU},
		Row{Op: SH3ADD_UW, Name: "sh3add.uw", Mask: maskF7, Match: 0x2000603b, Args: ArgsR, Exts: z, XLEN: 64, Class: ClassALU},
		Row{Op: SLLI_UW, Name: "slli.uw", Mask: maskF6, Match: 0x0800101b, Args: ArgsShamt, Exts: z, XLEN: 64, Class: ClassALU},
	)
}
