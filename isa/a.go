package isa

// A: atomics. aq/rl (bits 26:25) are operands, not part of the opcode; LR has rs2 = 0.
const (
	maskAMO = 0xf800707f
	maskLR  = 0xf9f0707f
)

func init() {
	declare(ExtA, Extension{Name: "a", LLVM: "a", Implemented: true})
	a := Exts(ExtA)
	register(
		Row{Op: LR_W, Name: "lr.w", Mask: maskLR, Match: 0x1000202f, Args: ArgsLR, Exts: a, Class: ClassAtomic, Mem: 4},
		Row{Op: SC_W, Name: "sc.w", Mask: maskAMO, Match: 0x1800202f, Args: ArgsAMO, Exts: a, Class: ClassAtomic, Mem: 4},
		Row{Op: AMOSWAP_W, Name: "amoswap.w", Mask: maskAMO, Match: 0x0800202f, Args: ArgsAMO, Exts: a, Class: ClassAtomic, Mem: 4},
		Row{Op: AMOADD_W, Name: "amoadd.w", Mask: maskAMO, Match: 0x0000202f, Args: ArgsAMO, Exts: a, Class: ClassAtomic, Mem: 4},
		Row{Op: AMOXOR_W, Name: "amoxor.w", Mask: maskAMO, Match: 0x2000202f, Args: ArgsAMO, Exts: a, Class: ClassAtomic, Mem: 4},
		Row{Op: AMOAND_W, Name: "amoand.w", Mask: maskAMO, Match: 0x6000202f, Args: ArgsAMO, Exts: a, Class: ClassAtomic, Mem: 4},
		Row{Op: AMOOR_W, Name: "amoor.w", Mask: maskAMO, Match: 0x4000202f, Args: ArgsAMO, Exts: a, Class: ClassAtomic, Mem: 4},
		Row{Op: AMOMIN_W, Name: "amomin.w", Mask: maskAMO, Match: 0x8000202f, Args: ArgsAMO, Exts: a, Class: ClassAtomic, Mem: 4},
		Row{Op: AMOMAX_W, Name: "amomax.w", Mask: maskAMO, Match: 0xa000202f, Args: ArgsAMO, Exts: a, Class: ClassAtomic, Mem: 4},
		Row{Op: AMOMINU_W, Name: "amominu.w", Mask: maskAMO, Match: 0xc000202f, Args: ArgsAMO, Exts: a, Class: ClassAtomic, Mem: 4},
		Row{Op: AMOMAXU_W, Name: "amomaxu.w", Mask: maskAMO, Match: 0xe000202f, Args: ArgsAMO, Exts: a, Class: ClassAtomic, Mem: 4},
		Row{Op: LR_D, Name: "lr.d", Mask: maskLR, Match: 0x1000302f, Args: ArgsLR, Exts: a, XLEN: 64, Class: ClassAtomic, Mem: 8},
		Row{Op: SC_D, Name: "sc.d", Mask: maskAMO, Match: 0x1800302f, Args: ArgsAMO, Exts: a, XLEN: 64, Class: ClassAtomic, Mem: 8},
		Row{Op: AMOSWAP_D, Name: "amoswap.d", Mask: maskAMO, Match: 0x0800302f, Args: ArgsAMO, Exts: a, XLEN: 64, Class: ClassAtomic, Mem: 8},
		Row{Op: AMOADD_D, Name: "amoadd.d", Mask: maskAMO, Match: 0x0000302f, Args: ArgsAMO, Exts: a, XLEN: 64, Class: ClassAtomic, Mem: 8},
		Row{Op: AMOXOR_D, Name: "amoxor.d", Mask: maskAMO, Match: 0x2000302f, Args: ArgsAMO, Exts: a, XLEN: 64, Class: ClassAtomic, Mem: 8},
		Row{Op: AMOAND_D, Name: "amoand.d", Mask: maskAMO, Match: 0x6000302f, Args: ArgsAMO, Exts: a, XLEN: 64, Class: ClassAtomic, Mem: 8},
		Row{Op: AMOOR_D, Name: "amoor.d", Mask: maskAMO, Match: 0x4000302f, Args: ArgsAMO, Exts: a, XLEN: 64, Class: ClassAtomic, Mem: 8},
		Row{Op: AMOMIN_D, Name: "amomin.d", Mask: maskAMO, Match: 0x8000302f, Args: ArgsAMO, Exts: a, XLEN: 64, Class: ClassAtomic, Mem: 8},
		Row{Op: AMOMAX_D, Name: "amomax.d", Mask: maskAMO, Match: 0xa000302f, Args: ArgsAMO, Exts: a, XLEN: 64, Class: ClassAtomic, Mem: 8},
		Row{Op: AMOMINU_D, Name: "amominu.d", Mask: maskAMO, Match: 0xc000302f, Args: ArgsAMO, Exts: a, XLEN: 64, Class: ClassAtomic, Mem: 8},
		Row{Op: AMOMAXU_D, Name: "amomaxu.d", Mask: maskAMO, Match: 0xe000302f, Args: ArgsAMO, Exts: a, XLEN: 64, Class: ClassAtomic, Mem: 8},
	)
}
