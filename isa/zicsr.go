package isa

// Zicsr and Zifencei (unprivileged spec chapters of the same names).
func init() {
	csr := Exts(ExtZicsr)
	register(
		// FENCE.I ignores its funct12, rs1 and rd fields, as the spec asks for forward compatibility.
		Row{FENCE_I, "fence.i", maskF3, 0x100f, ArgsNone, Exts(ExtZifencei), 0, ClassFence, 0},
		Row{CSRRW, "csrrw", maskF3, 0x1073, ArgsCSR, csr, 0, ClassCSR, 0},
		Row{CSRRS, "csrrs", maskF3, 0x2073, ArgsCSR, csr, 0, ClassCSR, 0},
		Row{CSRRC, "csrrc", maskF3, 0x3073, ArgsCSR, csr, 0, ClassCSR, 0},
		Row{CSRRWI, "csrrwi", maskF3, 0x5073, ArgsCSRI, csr, 0, ClassCSR, 0},
		Row{CSRRSI, "csrrsi", maskF3, 0x6073, ArgsCSRI, csr, 0, ClassCSR, 0},
		Row{CSRRCI, "csrrci", maskF3, 0x7073, ArgsCSRI, csr, 0, ClassCSR, 0},
	)
}
