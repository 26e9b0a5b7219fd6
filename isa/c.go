package isa

// C: the compressed instructions (unprivileged spec, "C" Standard Extension, the RVC opcode
// map), each the 16-bit form of a 32-bit instruction, which decoding expands it to.
func init() {
	declare(ExtC, Extension{Name: "c", Hwprobe: 1 << 1, LLVM: "c", Implemented: true})
	registerC(
		cRow{Name: "c.addi4spn", Mask: 0xe003, Match: 0x0000, Op: ADDI, Form: cfAddi4spn},
		cRow{Name: "c.fld", Mask: 0xe003, Match: 0x2000, Op: FLD, Form: cfLD, Needs: Exts(ExtD)},
		cRow{Name: "c.lw", Mask: 0xe003, Match: 0x4000, Op: LW, Form: cfLW},
		cRow{Name: "c.flw", Mask: 0xe003, Match: 0x6000, Op: FLW, Form: cfLW, XLEN: 32, Needs: Exts(ExtF)},
		cRow{Name: "c.ld", Mask: 0xe003, Match: 0x6000, Op: LD, Form: cfLD, XLEN: 64},
		cRow{Name: "c.fsd", Mask: 0xe003, Match: 0xa000, Op: FSD, Form: cfSD, Needs: Exts(ExtD)},
		cRow{Name: "c.sw", Mask: 0xe003, Match: 0xc000, Op: SW, Form: cfSW},
		cRow{Name: "c.fsw", Mask: 0xe003, Match: 0xe000, Op: FSW, Form: cfSW, XLEN: 32, Needs: Exts(ExtF)},
		cRow{Name: "c.sd", Mask: 0xe003, Match: 0xe000, Op: SD, Form: cfSD, XLEN: 64},

		cRow{Name: "c.addi", Mask: 0xe003, Match: 0x0001, Op: ADDI, Form: cfAddi},
		cRow{Name: "c.jal", Mask: 0xe003, Match: 0x2001, Op: JAL, Form: cfJ, XLEN: 32, Link: true},
		cRow{Name: "c.addiw", Mask: 0xe003, Match: 0x2001, Op: ADDIW, Form: cfAddi, XLEN: 64},
		cRow{Name: "c.li", Mask: 0xe003, Match: 0x4001, Op: ADDI, Form: cfLi},
		cRow{Name: "c.addi16sp", Mask: 0xef83, Match: 0x6101, Op: ADDI, Form: cfAddi16sp},
		cRow{Name: "c.lui", Mask: 0xe003, Match: 0x6001, Op: LUI, Form: cfLui},
		cRow{Name: "c.srli", Mask: 0xec03, Match: 0x8001, Op: SRLI, Form: cfShiftP},
		cRow{Name: "c.srai", Mask: 0xec03, Match: 0x8401, Op: SRAI, Form: cfShiftP},
		cRow{Name: "c.andi", Mask: 0xec03, Match: 0x8801, Op: ANDI, Form: cfAndi},
		cRow{Name: "c.sub", Mask: 0xfc63, Match: 0x8c01, Op: SUB, Form: cfArithP},
		cRow{Name: "c.xor", Mask: 0xfc63, Match: 0x8c21, Op: XOR, Form: cfArithP},
		cRow{Name: "c.or", Mask: 0xfc63, Match: 0x8c41, Op: OR, Form: cfArithP},
		cRow{Name: "c.and", Mask: 0xfc63, Match: 0x8c61, Op: AND, Form: cfArithP},
		cRow{Name: "c.subw", Mask: 0xfc63, Match: 0x9c01, Op: SUBW, Form: cfArithP, XLEN: 64},
		cRow{Name: "c.addw", Mask: 0xfc63, Match: 0x9c21, Op: ADDW, Form: cfArithP, XLEN: 64},
		cRow{Name: "c.j", Mask: 0xe003, Match: 0xa001, Op: JAL, Form: cfJ},
		cRow{Name: "c.beqz", Mask: 0xe003, Match: 0xc001, Op: BEQ, Form: cfBranchZ},
		cRow{Name: "c.bnez", Mask: 0xe003, Match: 0xe001, Op: BNE, Form: cfBranchZ},

		cRow{Name: "c.slli", Mask: 0xe003, Match: 0x0002, Op: SLLI, Form: cfSlli},
		cRow{Name: "c.fldsp", Mask: 0xe003, Match: 0x2002, Op: FLD, Form: cfFLDSP, Needs: Exts(ExtD)},
		cRow{Name: "c.lwsp", Mask: 0xe003, Match: 0x4002, Op: LW, Form: cfLWSP},
		cRow{Name: "c.flwsp", Mask: 0xe003, Match: 0x6002, Op: FLW, Form: cfFLWSP, XLEN: 32, Needs: Exts(ExtF)},
		cRow{Name: "c.ldsp", Mask: 0xe003, Match: 0x6002, Op: LD, Form: cfLDSP, XLEN: 64},
		cRow{Name: "c.jr", Mask: 0xf07f, Match: 0x8002, Op: JALR, Form: cfJR},
		cRow{Name: "c.mv", Mask: 0xf003, Match: 0x8002, Op: ADD, Form: cfMv},
		cRow{Name: "c.ebreak", Mask: 0xffff, Match: 0x9002, Op: EBREAK, Form: cfNone},
		cRow{Name: "c.jalr", Mask: 0xf07f, Match: 0x9002, Op: JALR, Form: cfJR, Link: true},
		cRow{Name: "c.add", Mask: 0xf003, Match: 0x9002, Op: ADD, Form: cfAdd},
		cRow{Name: "c.fsdsp", Mask: 0xe003, Match: 0xa002, Op: FSD, Form: cfSDSP, Needs: Exts(ExtD)},
		cRow{Name: "c.swsp", Mask: 0xe003, Match: 0xc002, Op: SW, Form: cfSWSP},
		cRow{Name: "c.fswsp", Mask: 0xe003, Match: 0xe002, Op: FSW, Form: cfSWSP, XLEN: 32, Needs: Exts(ExtF)},
		cRow{Name: "c.sdsp", Mask: 0xe003, Match: 0xe002, Op: SD, Form: cfSDSP, XLEN: 64},
	)
}
