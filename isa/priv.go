package isa

// Privileged instructions (privileged spec, "Machine-Level ISA" and "Supervisor-Level ISA").
// rvsim models M and U modes; sret and sfence.vma decode so that their trap names them.
func init() {
	p := Exts(ExtPriv)
	register(
		Row{MRET, "mret", maskAll, 0x30200073, ArgsNone, p, 0, ClassSystem, 0},
		Row{SRET, "sret", maskAll, 0x10200073, ArgsNone, p, 0, ClassSystem, 0},
		Row{WFI, "wfi", maskAll, 0x10500073, ArgsNone, p, 0, ClassSystem, 0},
		Row{SFENCE_VMA, "sfence.vma", 0xfe007fff, 0x12000073, ArgsSfence, p, 0, ClassFence, 0},
	)
}
