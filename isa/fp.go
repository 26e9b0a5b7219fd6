package isa

// The floating-point encodings outside F and D (Zfh's half precision, Zfa, Q): rvsim
// recognises their major opcodes so that a program using them is told "not implemented"
// rather than "illegal instruction". These rows are the least specific of their buckets,
// so every F and D row is tried first; LOAD-FP/STORE-FP widths 0 and 5..7 belong to V.
func init() {
	fd := Exts(ExtF, ExtD)
	register(
		Row{Op: FP, Name: "fp", Mask: maskF3, Match: 0x1007, Args: ArgsNone, Exts: fd, Class: ClassFP},
		Row{Op: FP, Name: "fp", Mask: maskF3, Match: 0x4007, Args: ArgsNone, Exts: fd, Class: ClassFP},
		Row{Op: FP, Name: "fp", Mask: maskF3, Match: 0x1027, Args: ArgsNone, Exts: fd, Class: ClassFP},
		Row{Op: FP, Name: "fp", Mask: maskF3, Match: 0x4027, Args: ArgsNone, Exts: fd, Class: ClassFP},
		Row{Op: FP, Name: "fp", Mask: maskOpcode, Match: 0x43, Args: ArgsNone, Exts: fd, Class: ClassFP},
		Row{Op: FP, Name: "fp", Mask: maskOpcode, Match: 0x47, Args: ArgsNone, Exts: fd, Class: ClassFP},
		Row{Op: FP, Name: "fp", Mask: maskOpcode, Match: 0x4b, Args: ArgsNone, Exts: fd, Class: ClassFP},
		Row{Op: FP, Name: "fp", Mask: maskOpcode, Match: 0x4f, Args: ArgsNone, Exts: fd, Class: ClassFP},
		Row{Op: FP, Name: "fp", Mask: maskOpcode, Match: 0x53, Args: ArgsNone, Exts: fd, Class: ClassFP},
	)
}
