package isa

// RV32I and RV64I base integer instructions (unprivileged spec, "RV32I Base Integer
// Instruction Set" and "RV64I"), plus the fence and environment-call instructions.

// Masks shared by the encoding formats.
const (
	maskOpcode = 0x0000007f // U and J formats
	maskF3     = 0x0000707f // I, S and B formats
	maskF7     = 0xfe00707f // R format
	maskF6     = 0xfc00707f // RV64 shift-immediate format (6-bit shamt)
	maskF12    = 0xfff0707f // R format with rs2 fixed (unary ops)
	maskAll    = 0xffffffff
)

var extI = Exts(ExtI)

func init() {
	declare(ExtI, Extension{Name: "i", Implemented: true})
	register(
		Row{Op: LUI, Name: "lui", Mask: maskOpcode, Match: 0x37, Args: ArgsU, Exts: extI, Class: ClassALU},
		Row{Op: AUIPC, Name: "auipc", Mask: maskOpcode, Match: 0x17, Args: ArgsU, Exts: extI, Class: ClassALU},
		Row{Op: JAL, Name: "jal", Mask: maskOpcode, Match: 0x6f, Args: ArgsJ, Exts: extI, Class: ClassJump},
		Row{Op: JALR, Name: "jalr", Mask: maskF3, Match: 0x67, Args: ArgsLoad, Exts: extI, Class: ClassJump},
		Row{Op: BEQ, Name: "beq", Mask: maskF3, Match: 0x0063, Args: ArgsB, Exts: extI, Class: ClassBranch},
		Row{Op: BNE, Name: "bne", Mask: maskF3, Match: 0x1063, Args: ArgsB, Exts: extI, Class: ClassBranch},
		Row{Op: BLT, Name: "blt", Mask: maskF3, Match: 0x4063, Args: ArgsB, Exts: extI, Class: ClassBranch},
		Row{Op: BGE, Name: "bge", Mask: maskF3, Match: 0x5063, Args: ArgsB, Exts: extI, Class: ClassBranch},
		Row{Op: BLTU, Name: "bltu", Mask: maskF3, Match: 0x6063, Args: ArgsB, Exts: extI, Class: ClassBranch},
		Row{Op: BGEU, Name: "bgeu", Mask: maskF3, Match: 0x7063, Args: ArgsB, Exts: extI, Class: ClassBranch},
		Row{Op: LB, Name: "lb", Mask: maskF3, Match: 0x0003, Args: ArgsLoad, Exts: extI, Class: ClassLoad, Mem: 1},
		Row{Op: LH, Name: "lh", Mask: maskF3, Match: 0x1003, Args: ArgsLoad, Exts: extI, Class: ClassLoad, Mem: 2},
		Row{Op: LW, Name: "lw", Mask: maskF3, Match: 0x2003, Args: ArgsLoad, Exts: extI, Class: ClassLoad, Mem: 4},
		Row{Op: LD, Name: "ld", Mask: maskF3, Match: 0x3003, Args: ArgsLoad, Exts: extI, XLEN: 64, Class: ClassLoad, Mem: 8},
		Row{Op: LBU, Name: "lbu", Mask: maskF3, Match: 0x4003, Args: ArgsLoad, Exts: extI, Class: ClassLoad, Mem: 1},
		Row{Op: LHU, Name: "lhu", Mask: maskF3, Match: 0x5003, Args: ArgsLoad, Exts: extI, Class: ClassLoad, Mem: 2},
		Row{Op: LWU, Name: "lwu", Mask: maskF3, Match: 0x6003, Args: ArgsLoad, Exts: extI, XLEN: 64, Class: ClassLoad, Mem: 4},
		Row{Op: SB, Name: "sb", Mask: maskF3, Match: 0x0023, Args: ArgsStore, Exts: extI, Class: ClassStore, Mem: 1},
		Row{Op: SH, Name: "sh", Mask: maskF3, Match: 0x1023, Args: ArgsStore, Exts: extI, Class: ClassStore, Mem: 2},
		Row{Op: SW, Name: "sw", Mask: maskF3, Match: 0x2023, Args: ArgsStore, Exts: extI, Class: ClassStore, Mem: 4},
		Row{Op: SD, Name: "sd", Mask: maskF3, Match: 0x3023, Args: ArgsStore, Exts: extI, XLEN: 64, Class: ClassStore, Mem: 8},
		Row{Op: ADDI, Name: "addi", Mask: maskF3, Match: 0x0013, Args: ArgsI, Exts: extI, Class: ClassALU},
		Row{Op: SLTI, Name: "slti", Mask: maskF3, Match: 0x2013, Args: ArgsI, Exts: extI, Class: ClassALU},
		Row{Op: SLTIU, Name: "sltiu", Mask: maskF3, Match: 0x3013, Args: ArgsI, Exts: extI, Class: ClassALU},
		Row{Op: XORI, Name: "xori", Mask: maskF3, Match: 0x4013, Args: ArgsI, Exts: extI, Class: ClassALU},
		Row{Op: ORI, Name: "ori", Mask: maskF3, Match: 0x6013, Args: ArgsI, Exts: extI, Class: ClassALU},
		Row{Op: ANDI, Name: "andi", Mask: maskF3, Match: 0x7013, Args: ArgsI, Exts: extI, Class: ClassALU},
		Row{Op: SLLI, Name: "slli", Mask: maskF6, Match: 0x00001013, Args: ArgsShamt, Exts: extI, Class: ClassALU},
		Row{Op: SRLI, Name: "srli", Mask: maskF6, Match: 0x00005013, Args: ArgsShamt, Exts: extI, Class: ClassALU},
		Row{Op: SRAI, Name: "srai", Mask: maskF6, Match: 0x40005013, Args: ArgsShamt, Exts: extI, Class: ClassALU},
		Row{Op: ADD, Name: "add", Mask: maskF7, Match: 0x00000033, Args: ArgsR, Exts: extI, Class: ClassALU},
		Row{Op: SUB, Name: "sub", Mask: maskF7, Match: 0x40000033, Args: ArgsR, Exts: extI, Class: ClassALU},
		Row{Op: SLL, Name: "sll", Mask: maskF7, Match: 0x00001033, Args: ArgsR, Exts: extI, Class: ClassALU},
		Row{Op: SLT, Name: "slt", Mask: maskF7, Match: 0x00002033, Args: ArgsR, Exts: extI, Class: ClassALU},
		Row{Op: SLTU, Name: "sltu", Mask: maskF7, Match: 0x00003033, Args: ArgsR, Exts: extI, Class: ClassALU},
		Row{Op: XOR, Name: "xor", Mask: maskF7, Match: 0x00004033, Args: ArgsR, Exts: extI, Class: ClassALU},
		Row{Op: SRL, Name: "srl", Mask: maskF7, Match: 0x00005033, Args: ArgsR, Exts: extI, Class: ClassALU},
		Row{Op: SRA, Name: "sra", Mask: maskF7, Match: 0x40005033, Args: ArgsR, Exts: extI, Class: ClassALU},
		Row{Op: OR, Name: "or", Mask: maskF7, Match: 0x00006033, Args: ArgsR, Exts: extI, Class: ClassALU},
		Row{Op: AND, Name: "and", Mask: maskF7, Match: 0x00007033, Args: ArgsR, Exts: extI, Class: ClassALU},
		Row{Op: ADDIW, Name: "addiw", Mask: maskF3, Match: 0x001b, Args: ArgsI, Exts: extI, XLEN: 64, Class: ClassALU},
		Row{Op: SLLIW, Name: "slliw", Mask: maskF7, Match: 0x0000101b, Args: ArgsShamtW, Exts: extI, XLEN: 64, Class: ClassALU},
		Row{Op: SRLIW, Name: "srliw", Mask: maskF7, Match: 0x0000501b, Args: ArgsShamtW, Exts: extI, XLEN: 64, Class: ClassALU},
		Row{Op: SRAIW, Name: "sraiw", Mask: maskF7, Match: 0x4000501b, Args: ArgsShamtW, Exts: extI, XLEN: 64, Class: ClassALU},
		Row{Op: ADDW, Name: "addw", Mask: maskF7, Match: 0x0000003b, Args: ArgsR, Exts: extI, XLEN: 64, Class: ClassALU},
		Row{Op: SUBW, Name: "subw", Mask: maskF7, Match: 0x4000003b, Args: ArgsR, Exts: extI, XLEN: 64, Class: ClassALU},
		Row{Op: SLLW, Name: "sllw", Mask: maskF7, Match: 0x0000103b, Args: ArgsR, Exts: extI, XLEN: 64, Class: ClassALU},
		Row{Op: SRLW, Name: "srlw", Mask: maskF7, Match: 0x0000503b, Args: ArgsR, Exts: extI, XLEN: 64, Class: ClassALU},
		Row{Op: SRAW, Name: "sraw", Mask: maskF7, Match: 0x4000503b, Args: ArgsR, Exts: extI, XLEN: 64, Class: ClassALU},
		// FENCE ignores fm, rs1 and rd as the spec asks of base implementations.
		Row{Op: FENCE, Name: "fence", Mask: maskF3, Match: 0x000f, Args: ArgsFence, Exts: extI, Class: ClassFence},
		Row{Op: ECALL, Name: "ecall", Mask: maskAll, Match: 0x00000073, Args: ArgsNone, Exts: extI, Class: ClassSystem},
		Row{Op: EBREAK, Name: "ebreak", Mask: maskAll, Match: 0x00100073, Args: ArgsNone, Exts: extI, Class: ClassSystem},
	)
}
