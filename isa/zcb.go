package isa

// Zcb: simple code-size saving instructions (unprivileged spec, "Zc*" extensions, Zcb 1.0):
// compressed forms of byte and halfword loads and stores, of zero and sign extension, of not
// and of mul, each expanding to the 32-bit instruction named. Some need the extension of
// that instruction too (Zbb's sext.b, zext.h, sext.h; Zba's zext.w; M's mul). QEMU 7.2 does
// not have Zcb.
func init() {
	z := declare(ExtZcb, Extension{Name: "zcb", Hwprobe: 1 << 44, LLVM: "zcb", Implemented: true})
	zcb := Exts(z)
	// The unary forms: funct6 100111, rd' in bits 9:7, bits 6:5 = 11, a sub-opcode in 4:2.
	unary := func(name string, sub uint16, op Op, imm int64, needs ExtSet, xlen int) cRow {
		return cRow{Name: name, Mask: 0xfc7f, Match: 0x9c61 | sub<<2, Op: op, Form: cfOwn, XLEN: xlen,
			Needs: zcb | needs, Expand: func(h uint16) (rd, rs1, rs2 uint8, i int64) {
				r := zcbReg(h, 7)
				return r, r, 0, imm
			}}
	}
	registerC(
		cRow{Name: "c.lbu", Mask: 0xfc03, Match: 0x8000, Op: LBU, Form: cfOwn, Needs: zcb, Expand: zcbByte},
		cRow{Name: "c.lhu", Mask: 0xfc43, Match: 0x8400, Op: LHU, Form: cfOwn, Needs: zcb, Expand: zcbHalf},
		cRow{Name: "c.lh", Mask: 0xfc43, Match: 0x8440, Op: LH, Form: cfOwn, Needs: zcb, Expand: zcbHalf},
		cRow{Name: "c.sb", Mask: 0xfc03, Match: 0x8800, Op: SB, Form: cfOwn, Needs: zcb, Expand: zcbByte},
		cRow{Name: "c.sh", Mask: 0xfc43, Match: 0x8c00, Op: SH, Form: cfOwn, Needs: zcb, Expand: zcbHalf},
		unary("c.zext.b", 0, ANDI, 0xff, 0, 0),
		unary("c.sext.b", 1, SEXT_B, 0, Exts(ExtZbb), 0),
		unary("c.zext.h", 2, ZEXT_H, 0, Exts(ExtZbb), 0),
		unary("c.sext.h", 3, SEXT_H, 0, Exts(ExtZbb), 0),
		unary("c.zext.w", 4, ADD_UW, 0, Exts(ExtZba), 64),
		unary("c.not", 5, XORI, -1, 0, 0),
		cRow{Name: "c.mul", Mask: 0xfc63, Match: 0x9c41, Op: MUL, Form: cfOwn, Needs: zcb | Exts(ExtM),
			Expand: func(h uint16) (rd, rs1, rs2 uint8, imm int64) {
				r := zcbReg(h, 7)
				return r, r, zcbReg(h, 2), 0
			}},
	)
}

// zcbReg is the register x8..x15 a 3-bit field at bit lo names.
func zcbReg(h uint16, lo uint) uint8 { return 8 + uint8(h>>lo)&7 }

// zcbByte expands c.lbu and c.sb: rd'/rs2' in bits 4:2, rs1' in 9:7, uimm[0] in bit 6 and
// uimm[1] in bit 5.
func zcbByte(h uint16) (rd, rs1, rs2 uint8, imm int64) {
	r := zcbReg(h, 2)
	return r, zcbReg(h, 7), r, int64(h>>6&1) | int64(h>>5&1)<<1
}

// zcbHalf expands c.lhu, c.lh and c.sh: as zcbByte with uimm[1] in bit 5 (bit 6 is part of
// the opcode).
func zcbHalf(h uint16) (rd, rs1, rs2 uint8, imm int64) {
	r := zcbReg(h, 2)
	return r, zcbReg(h, 7), r, int64(h>>5&1) << 1
}
