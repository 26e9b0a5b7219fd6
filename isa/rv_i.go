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
	register(
		Row{LUI, "lui", maskOpcode, 0x37, ArgsU, extI, 0, ClassALU, 0},
		Row{AUIPC, "auipc", maskOpcode, 0x17, ArgsU, extI, 0, ClassALU, 0},
		Row{JAL, "jal", maskOpcode, 0x6f, ArgsJ, extI, 0, ClassJump, 0},
		Row{JALR, "jalr", maskF3, 0x67, ArgsLoad, extI, 0, ClassJump, 0},
		Row{BEQ, "beq", maskF3, 0x0063, ArgsB, extI, 0, ClassBranch, 0},
		Row{BNE, "bne", maskF3, 0x1063, ArgsB, extI, 0, ClassBranch, 0},
		Row{BLT, "blt", maskF3, 0x4063, ArgsB, extI, 0, ClassBranch, 0},
		Row{BGE, "bge", maskF3, 0x5063, ArgsB, extI, 0, ClassBranch, 0},
		Row{BLTU, "bltu", maskF3, 0x6063, ArgsB, extI, 0, ClassBranch, 0},
		Row{BGEU, "bgeu", maskF3, 0x7063, ArgsB, extI, 0, ClassBranch, 0},
		Row{LB, "lb", maskF3, 0x0003, ArgsLoad, extI, 0, ClassLoad, 1},
		Row{LH, "lh", maskF3, 0x1003, ArgsLoad, extI, 0, ClassLoad, 2},
		Row{LW, "lw", maskF3, 0x2003, ArgsLoad, extI, 0, ClassLoad, 4},
		Row{LD, "ld", maskF3, 0x3003, ArgsLoad, extI, 64, ClassLoad, 8},
		Row{LBU, "lbu", maskF3, 0x4003, ArgsLoad, extI, 0, ClassLoad, 1},
		Row{LHU, "lhu", maskF3, 0x5003, ArgsLoad, extI, 0, ClassLoad, 2},
		Row{LWU, "lwu", maskF3, 0x6003, ArgsLoad, extI, 64, ClassLoad, 4},
		Row{SB, "sb", maskF3, 0x0023, ArgsStore, extI, 0, ClassStore, 1},
		Row{SH, "sh", maskF3, 0x1023, ArgsStore, extI, 0, ClassStore, 2},
		Row{SW, "sw", maskF3, 0x2023, ArgsStore, extI, 0, ClassStore, 4},
		Row{SD, "sd", maskF3, 0x3023, ArgsStore, extI, 64, ClassStore, 8},
		Row{ADDI, "addi", maskF3, 0x0013, ArgsI, extI, 0, ClassALU, 0},
		Row{SLTI, "slti", maskF3, 0x2013, ArgsI, extI, 0, ClassALU, 0},
		Row{SLTIU, "sltiu", maskF3, 0x3013, ArgsI, extI, 0, ClassALU, 0},
		Row{XORI, "xori", maskF3, 0x4013, ArgsI, extI, 0, ClassALU, 0},
		Row{ORI, "ori", maskF3, 0x6013, ArgsI, extI, 0, ClassALU, 0},
		Row{ANDI, "andi", maskF3, 0x7013, ArgsI, extI, 0, ClassALU, 0},
		Row{SLLI, "slli", maskF6, 0x00001013, ArgsShamt, extI, 0, ClassALU, 0},
		Row{SRLI, "srli", maskF6, 0x00005013, ArgsShamt, extI, 0, ClassALU, 0},
		Row{SRAI, "srai", maskF6, 0x40005013, ArgsShamt, extI, 0, ClassALU, 0},
		Row{ADD, "add", maskF7, 0x00000033, ArgsR, extI, 0, ClassALU, 0},
		Row{SUB, "sub", maskF7, 0x40000033, ArgsR, extI, 0, ClassALU, 0},
		Row{SLL, "sll", maskF7, 0x00001033, ArgsR, extI, 0, ClassALU, 0},
		Row{SLT, "slt", maskF7, 0x00002033, ArgsR, extI, 0, ClassALU, 0},
		Row{SLTU, "sltu", maskF7, 0x00003033, ArgsR, extI, 0, ClassALU, 0},
		Row{XOR, "xor", maskF7, 0x00004033, ArgsR, extI, 0, ClassALU, 0},
		Row{SRL, "srl", maskF7, 0x00005033, ArgsR, extI, 0, ClassALU, 0},
		Row{SRA, "sra", maskF7, 0x40005033, ArgsR, extI, 0, ClassALU, 0},
		Row{OR, "or", maskF7, 0x00006033, ArgsR, extI, 0, ClassALU, 0},
		Row{AND, "and", maskF7, 0x00007033, ArgsR, extI, 0, ClassALU, 0},
		Row{ADDIW, "addiw", maskF3, 0x001b, ArgsI, extI, 64, ClassALU, 0},
		Row{SLLIW, "slliw", maskF7, 0x0000101b, ArgsShamtW, extI, 64, ClassALU, 0},
		Row{SRLIW, "srliw", maskF7, 0x0000501b, ArgsShamtW, extI, 64, ClassALU, 0},
		Row{SRAIW, "sraiw", maskF7, 0x4000501b, ArgsShamtW, extI, 64, ClassALU, 0},
		Row{ADDW, "addw", maskF7, 0x0000003b, ArgsR, extI, 64, ClassALU, 0},
		Row{SUBW, "subw", maskF7, 0x4000003b, ArgsR, extI, 64, ClassALU, 0},
		Row{SLLW, "sllw", maskF7, 0x0000103b, ArgsR, extI, 64, ClassALU, 0},
		Row{SRLW, "srlw", maskF7, 0x0000503b, ArgsR, extI, 64, ClassALU, 0},
		Row{SRAW, "sraw", maskF7, 0x4000503b, ArgsR, extI, 64, ClassALU, 0},
		// FENCE ignores fm, rs1 and rd as the spec asks of base implementations.
		Row{FENCE, "fence", maskF3, 0x000f, ArgsFence, extI, 0, ClassFence, 0},
		Row{ECALL, "ecall", maskAll, 0x00000073, ArgsNone, extI, 0, ClassSystem, 0},
		Row{EBREAK, "ebreak", maskAll, 0x00100073, ArgsNone, extI, 0, ClassSystem, 0},
	)
}
