package isa

// Privileged instructions (privileged spec, "Machine-Level ISA" and "Supervisor-Level ISA").
// rvsim models M and U modes; sret and sfence.vma decode so that their trap names them.
func init() {
	p := Exts(ExtPriv)
	register(
		Row{Op: MRET, Name: "mret", Mask: maskAll, Match: 0x30200073, Args: ArgsNone, Exts: p, Class: ClassSystem},
		Row{Op: SRET, Name: "sret", Mask: maskAll, Match: 0x10200073, Args: ArgsNone, Exts: p, Class: ClassSystem},
		Row{Op: WFI, Name: "wfi", Mask: maskAll, Match: 0x10500073, Args: ArgsNone, Exts: p, Class: ClassSystem},
		Row{Op: SFENCE_VMA, Name: "sfence.vma", Mask: 0xfe007fff, Match: 0x12000073, Args: ArgsSfence, Exts: p, Class: ClassFence},
	)
}
