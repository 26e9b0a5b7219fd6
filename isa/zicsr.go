package isa

// Zicsr and Zifencei (unprivileged spec chapters of the same names).
func init() {
	declare(ExtZicsr, Extension{Name: "zicsr", Implemented: true})
	declare(ExtZifencei, Extension{Name: "zifencei", Implemented: true})
	// Zicntr: the counters (rdcycle, rdtime, rdinstret) are CSRs read with csrrs (csr.go).
	declare(ExtZicntr, Extension{Name: "zicntr", Implemented: true})
	csr := Exts(ExtZicsr)
	register(
		// FENCE.I ignores its funct12, rs1 and rd fields, as the spec asks for forward compatibility.
		Row{Op: FENCE_I, Name: "fence.i", Mask: maskF3, Match: 0x100f, Args: ArgsNone, Exts: Exts(ExtZifencei), Class: ClassFence},
		Row{Op: CSRRW, Name: "csrrw", Mask: maskF3, Match: 0x1073, Args: ArgsCSR, Exts: csr, Class: ClassCSR},
		Row{Op: CSRRS, Name: "csrrs", Mask: maskF3, Match: 0x2073, Args: ArgsCSR, Exts: csr, Class: ClassCSR},
		Row{Op: CSRRC, Name: "csrrc", Mask: maskF3, Match: 0x3073, Args: ArgsCSR, Exts: csr, Class: ClassCSR},
		Row{Op: CSRRWI, Name: "csrrwi", Mask: maskF3, Match: 0x5073, Args: ArgsCSRI, Exts: csr, Class: ClassCSR},
		Row{Op: CSRRSI, Name: "csrrsi", Mask: maskF3, Match: 0x6073, Args: ArgsCSRI, Exts: csr, Class: ClassCSR},
		Row{Op: CSRRCI, Name: "csrrci", Mask: maskF3, Match: 0x7073, Args: ArgsCSRI, Exts: csr, Class: ClassCSR},
	)
}
