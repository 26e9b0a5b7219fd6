package isa

// A: atomics. aq/rl (bits 26:25) are operands, not part of the opcode; LR has rs2 = 0.
const (
	maskAMO = 0xf800707f
	maskLR  = 0xf9f0707f
)

func init() {
	a := Exts(ExtA)
	register(
		Row{LR_W, "lr.w", maskLR, 0x1000202f, ArgsLR, a, 0, ClassAtomic, 4},
		Row{SC_W, "sc.w", maskAMO, 0x1800202f, ArgsAMO, a, 0, ClassAtomic, 4},
		Row{AMOSWAP_W, "amoswap.w", maskAMO, 0x0800202f, ArgsAMO, a, 0, ClassAtomic, 4},
		Row{AMOADD_W, "amoadd.w", maskAMO, 0x0000202f, ArgsAMO, a, 0, ClassAtomic, 4},
		Row{AMOXOR_W, "amoxor.w", maskAMO, 0x2000202f, ArgsAMO, a, 0, ClassAtomic, 4},
		Row{AMOAND_W, "amoand.w", maskAMO, 0x6000202f, ArgsAMO, a, 0, ClassAtomic, 4},
		Row{AMOOR_W, "amoor.w", maskAMO, 0x4000202f, ArgsAMO, a, 0, ClassAtomic, 4},
		Row{AMOMIN_W, "amomin.w", maskAMO, 0x8000202f, ArgsAMO, a, 0, ClassAtomic, 4},
		Row{AMOMAX_W, "amomax.w", maskAMO, 0xa000202f, ArgsAMO, a, 0, ClassAtomic, 4},
		Row{AMOMINU_W, "amominu.w", maskAMO, 0xc000202f, ArgsAMO, a, 0, ClassAtomic, 4},
		Row{AMOMAXU_W, "amomaxu.w", maskAMO, 0xe000202f, ArgsAMO, a, 0, ClassAtomic, 4},
		Row{LR_D, "lr.d", maskLR, 0x1000302f, ArgsLR, a, 64, ClassAtomic, 8},
		Row{SC_D, "sc.d", maskAMO, 0x1800302f, ArgsAMO, a, 64, ClassAtomic, 8},
		Row{AMOSWAP_D, "amoswap.d", maskAMO, 0x0800302f, ArgsAMO, a, 64, ClassAtomic, 8},
		Row{AMOADD_D, "amoadd.d", maskAMO, 0x0000302f, ArgsAMO, a, 64, ClassAtomic, 8},
		Row{AMOXOR_D, "amoxor.d", maskAMO, 0x2000302f, ArgsAMO, a, 64, ClassAtomic, 8},
		Row{AMOAND_D, "amoand.d", maskAMO, 0x6000302f, ArgsAMO, a, 64, ClassAtomic, 8},
		Row{AMOOR_D, "amoor.d", maskAMO, 0x4000302f, ArgsAMO, a, 64, ClassAtomic, 8},
		Row{AMOMIN_D, "amomin.d", maskAMO, 0x8000302f, ArgsAMO, a, 64, ClassAtomic, 8},
		Row{AMOMAX_D, "amomax.d", maskAMO, 0xa000302f, ArgsAMO, a, 64, ClassAtomic, 8},
		Row{AMOMINU_D, "amominu.d", maskAMO, 0xc000302f, ArgsAMO, a, 64, ClassAtomic, 8},
		Row{AMOMAXU_D, "amomaxu.d", maskAMO, 0xe000302f, ArgsAMO, a, 64, ClassAtomic, 8},
	)
}
