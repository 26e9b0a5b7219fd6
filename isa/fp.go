package isa

// F and D are outside rvsim's scope today. Their major opcodes are recognised so that a
// program using them is told "not implemented" rather than "illegal instruction". The
// LOAD-FP/STORE-FP rows name only the scalar widths (W, D): the others belong to V.
func init() {
	fd := Exts(ExtF, ExtD)
	register(
		Row{FP, "fp", maskF3, 0x2007, ArgsNone, fd, 0, ClassFP, 0},
		Row{FP, "fp", maskF3, 0x3007, ArgsNone, fd, 0, ClassFP, 0},
		Row{FP, "fp", maskF3, 0x2027, ArgsNone, fd, 0, ClassFP, 0},
		Row{FP, "fp", maskF3, 0x3027, ArgsNone, fd, 0, ClassFP, 0},
		Row{FP, "fp", maskOpcode, 0x43, ArgsNone, fd, 0, ClassFP, 0},
		Row{FP, "fp", maskOpcode, 0x47, ArgsNone, fd, 0, ClassFP, 0},
		Row{FP, "fp", maskOpcode, 0x4b, ArgsNone, fd, 0, ClassFP, 0},
		Row{FP, "fp", maskOpcode, 0x4f, ArgsNone, fd, 0, ClassFP, 0},
		Row{FP, "fp", maskOpcode, 0x53, ArgsNone, fd, 0, ClassFP, 0},
	)
}
