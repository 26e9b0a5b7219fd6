package isa

// F and D are outside rvsim's scope today. Their major opcodes are recognised so that a
// program using them is told "not implemented" rather than "illegal instruction". The
// LOAD-FP/STORE-FP rows name only the scalar widths (W, D): the others belong to V.
func init() {
	declare(ExtF, Extension{Name: "f"})
	declare(ExtD, Extension{Name: "d"})
	fd := Exts(ExtF, ExtD)
	register(
		Row{Op: FP, Name: "fp", Mask: maskF3, Match: 0x2007, Args: ArgsNone, Exts: fd, Class: ClassFP},
		Row{Op: FP, Name: "fp", Mask: maskF3, Match: 0x3007, Args: ArgsNone, Exts: fd, Class: ClassFP},
		Row{Op: FP, Name: "fp", Mask: maskF3, Match: 0x2027, Args: ArgsNone, Exts: fd, Class: ClassFP},
		Row{Op: FP, Name: "fp", Mask: maskF3, Match: 0x3027, Args: ArgsNone, Exts: fd, Class: ClassFP},
		Row{Op: FP, Name: "fp", Mask: maskOpcode, Match: 0x43, Args: ArgsNone, Exts: fd, Class: ClassFP},
		Row{Op: FP, Name: "fp", Mask: maskOpcode, Match: 0x47, Args: ArgsNone, Exts: fd, Class: ClassFP},
		Row{Op: FP, Name: "fp", Mask: maskOpcode, Match: 0x4b, Args: ArgsNone, Exts: fd, Class: ClassFP},
		Row{Op: FP, Name: "fp", Mask: maskOpcode, Match: 0x4f, Args: ArgsNone, Exts: fd, Class: ClassFP},
		Row{Op: FP, Name: "fp", Mask: maskOpcode, Match: 0x53, Args: ArgsNone, Exts: fd, Class: ClassFP},
	)
}
