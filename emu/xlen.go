package emu

import "rvsim/isa"

// XLEN is handled here, once. Registers hold sign-extended 32-bit values on RV32, so most
// instructions compute the same bits at both widths. The ones that do not are executed as
// their RV64 "W" twin (RV32 add is RV64 addw) or as an RV32-only internal op below. The
// mapping is applied when an instruction is decoded into the cache, so the interpreter's
// loop never tests XLEN.

// Internal ops, numbered after the isa ops.
const (
	opDecode  = 0 // the slot has not been decoded yet
	opIllegal = uint16(isa.NumOps) + iota
	opPageEnd // the two slots past a page's last instruction
	opAUIPC32
	opJAL32
	opJALR32
	opMULH32
	opMULHU32
	opMULHSU32
	opSH1ADD32
	opSH2ADD32
	opSH3ADD32
	opORCB32
	opBREV832
	opREV832
	opBSET32
	opBCLR32
	opBINV32
	opBEXT32
	opBSETI32
	opBCLRI32
	opBINVI32
	opCLMUL32
	opCLMULH32
	opCLMULR32
	opXPERM4_32
	opXPERM8_32
	numXOps
)

var identityOps, rv32Ops [isa.NumOps]uint16

func init() {
	for i := range identityOps {
		identityOps[i] = uint16(i)
		rv32Ops[i] = uint16(i)
	}
	for op, x := range map[isa.Op]uint16{
		isa.ADD: uint16(isa.ADDW), isa.SUB: uint16(isa.SUBW), isa.SLL: uint16(isa.SLLW),
		isa.SRL: uint16(isa.SRLW), isa.SRA: uint16(isa.SRAW), isa.ADDI: uint16(isa.ADDIW),
		isa.SLLI: uint16(isa.SLLIW), isa.SRLI: uint16(isa.SRLIW), isa.SRAI: uint16(isa.SRAIW),
		isa.MUL: uint16(isa.MULW), isa.DIV: uint16(isa.DIVW), isa.DIVU: uint16(isa.DIVUW),
		isa.REM: uint16(isa.REMW), isa.REMU: uint16(isa.REMUW),
		isa.ROL: uint16(isa.ROLW), isa.ROR: uint16(isa.RORW), isa.RORI: uint16(isa.RORIW),
		isa.CLZ: uint16(isa.CLZW), isa.CTZ: uint16(isa.CTZW), isa.CPOP: uint16(isa.CPOPW),
		isa.PACK:  uint16(isa.PACKW),
		isa.AUIPC: opAUIPC32, isa.JAL: opJAL32, isa.JALR: opJALR32,
		isa.MULH: opMULH32, isa.MULHU: opMULHU32, isa.MULHSU: opMULHSU32,
		isa.SH1ADD: opSH1ADD32, isa.SH2ADD: opSH2ADD32, isa.SH3ADD: opSH3ADD32,
		isa.ORC_B: opORCB32, isa.BREV8: opBREV832, isa.REV8: opREV832,
		isa.BSET: opBSET32, isa.BCLR: opBCLR32, isa.BINV: opBINV32, isa.BEXT: opBEXT32,
		isa.BSETI: opBSETI32, isa.BCLRI: opBCLRI32, isa.BINVI: opBINVI32,
		isa.CLMUL: opCLMUL32, isa.CLMULH: opCLMULH32, isa.CLMULR: opCLMULR32,
		isa.XPERM4: opXPERM4_32, isa.XPERM8: opXPERM8_32,
	} {
		rv32Ops[op] = x
	}
}

func sext32(v uint64) uint64 { return uint64(int64(int32(v))) }
