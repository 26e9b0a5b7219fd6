package isa

// The vector bit-manipulation and crypto extensions (vector cryptography spec v1.0):
// Zvbb (with its subset Zvkb), Zvbc, Zvkg, Zvkned, Zvknha/Zvknhb, Zvksed and Zvksh. Zvbb and
// Zvbc use OP-V with a vm bit like any vector instruction; the others use OP-VE, are
// unmasked (vm = 1 by encoding) and work on element groups.
func init() {
	bb := Exts(ExtZvbb)
	kb := Exts(ExtZvbb, ExtZvkb) // the Zvkb subset of Zvbb
	bm := ClassVBitmanip
	register(
		Row{VANDN_VV, "vandn.vv", maskV, vArith(opV, 0x01, fOPIVV), ArgsVV, kb, 0, bm, 0},
		Row{VANDN_VX, "vandn.vx", maskV, vArith(opV, 0x01, fOPIVX), ArgsVX, kb, 0, bm, 0},
		// VXUNARY0, beside the integer extensions.
		Row{VBREV8_V, "vbrev8.v", maskVs1, vArith(opV, 0x12, fOPMVV) | vsub1(0x08), ArgsV2, kb, 0, bm, 0},
		Row{VREV8_V, "vrev8.v", maskVs1, vArith(opV, 0x12, fOPMVV) | vsub1(0x09), ArgsV2, kb, 0, bm, 0},
		Row{VBREV_V, "vbrev.v", maskVs1, vArith(opV, 0x12, fOPMVV) | vsub1(0x0a), ArgsV2, bb, 0, bm, 0},
		Row{VCLZ_V, "vclz.v", maskVs1, vArith(opV, 0x12, fOPMVV) | vsub1(0x0c), ArgsV2, bb, 0, bm, 0},
		Row{VCTZ_V, "vctz.v", maskVs1, vArith(opV, 0x12, fOPMVV) | vsub1(0x0d), ArgsV2, bb, 0, bm, 0},
		Row{VCPOP_V, "vcpop.v", maskVs1, vArith(opV, 0x12, fOPMVV) | vsub1(0x0e), ArgsV2, bb, 0, bm, 0},
		Row{VROR_VV, "vror.vv", maskV, vArith(opV, 0x14, fOPIVV), ArgsVV, kb, 0, bm, 0},
		Row{VROR_VX, "vror.vx", maskV, vArith(opV, 0x14, fOPIVX), ArgsVX, kb, 0, bm, 0},
		// vror.vi: funct6 is 01010 followed by uimm[5] (bit 26).
		Row{VROR_VI, "vror.vi", 0xf800707f, vArith(opV, 0x14, fOPIVI), ArgsVIU6, kb, 0, bm, 0},
		Row{VROL_VV, "vrol.vv", maskV, vArith(opV, 0x15, fOPIVV), ArgsVV, kb, 0, bm, 0},
		Row{VROL_VX, "vrol.vx", maskV, vArith(opV, 0x15, fOPIVX), ArgsVX, kb, 0, bm, 0},
		Row{VWSLL_VV, "vwsll.vv", maskV, vArith(opV, 0x35, fOPIVV), ArgsVV, bb, 0, bm, 0},
		Row{VWSLL_VX, "vwsll.vx", maskV, vArith(opV, 0x35, fOPIVX), ArgsVX, bb, 0, bm, 0},
		Row{VWSLL_VI, "vwsll.vi", maskV, vArith(opV, 0x35, fOPIVI), ArgsVIU, bb, 0, bm, 0},
	)

	bc := Exts(ExtZvbc)
	register(
		Row{VCLMUL_VV, "vclmul.vv", maskV, vArith(opV, 0x0c, fOPMVV), ArgsVV, bc, 0, ClassVClmul, 0},
		Row{VCLMUL_VX, "vclmul.vx", maskV, vArith(opV, 0x0c, fOPMVX), ArgsVX, bc, 0, ClassVClmul, 0},
		Row{VCLMULH_VV, "vclmulh.vv", maskV, vArith(opV, 0x0d, fOPMVV), ArgsVV, bc, 0, ClassVClmul, 0},
		Row{VCLMULH_VX, "vclmulh.vx", maskV, vArith(opV, 0x0d, fOPMVX), ArgsVX, bc, 0, ClassVClmul, 0},
	)

	// OP-VE. The .vv/.vs pairs of the AES and SM4 rounds share funct6 0x28 (.vv) and 0x29
	// (.vs), with the vs1 field selecting the instruction.
	ve := func(op Op, name string, funct6 uint32, args Args, exts ExtSet, class Class) Row {
		return Row{op, name, maskVvm, vArith(opVE, funct6, fOPMVV) | vmBit, args, exts, 0, class, 0}
	}
	ve1 := func(op Op, name string, funct6, sub uint32, exts ExtSet, class Class) Row {
		return Row{op, name, maskVs1vm, vArith(opVE, funct6, fOPMVV) | vmBit | vsub1(sub), ArgsV2, exts, 0, class, 0}
	}
	g := Exts(ExtZvkg)
	ned := Exts(ExtZvkned)
	nh := Exts(ExtZvknha, ExtZvknhb)
	sed := Exts(ExtZvksed)
	sh := Exts(ExtZvksh)
	register(
		ve(VGHSH_VV, "vghsh.vv", 0x2c, ArgsVV, g, ClassVGHASH),
		ve1(VGMUL_VV, "vgmul.vv", 0x28, 0x11, g, ClassVGHASH),

		ve1(VAESDM_VV, "vaesdm.vv", 0x28, 0x00, ned, ClassVAES),
		ve1(VAESDM_VS, "vaesdm.vs", 0x29, 0x00, ned, ClassVAES),
		ve1(VAESDF_VV, "vaesdf.vv", 0x28, 0x01, ned, ClassVAES),
		ve1(VAESDF_VS, "vaesdf.vs", 0x29, 0x01, ned, ClassVAES),
		ve1(VAESEM_VV, "vaesem.vv", 0x28, 0x02, ned, ClassVAES),
		ve1(VAESEM_VS, "vaesem.vs", 0x29, 0x02, ned, ClassVAES),
		ve1(VAESEF_VV, "vaesef.vv", 0x28, 0x03, ned, ClassVAES),
		ve1(VAESEF_VS, "vaesef.vs", 0x29, 0x03, ned, ClassVAES),
		ve1(VAESZ_VS, "vaesz.vs", 0x29, 0x07, ned, ClassVAES),
		// The round number is a uimm5 in the vs1 field.
		ve(VAESKF1_VI, "vaeskf1.vi", 0x22, ArgsVIU, ned, ClassVAESKey),
		ve(VAESKF2_VI, "vaeskf2.vi", 0x2a, ArgsVIU, ned, ClassVAESKey),

		ve(VSHA2MS_VV, "vsha2ms.vv", 0x2d, ArgsVV, nh, ClassVSHA2),
		ve(VSHA2CH_VV, "vsha2ch.vv", 0x2e, ArgsVV, nh, ClassVSHA2),
		ve(VSHA2CL_VV, "vsha2cl.vv", 0x2f, ArgsVV, nh, ClassVSHA2),

		ve(VSM4K_VI, "vsm4k.vi", 0x21, ArgsVIU, sed, ClassVSM4),
		ve1(VSM4R_VV, "vsm4r.vv", 0x28, 0x10, sed, ClassVSM4),
		ve1(VSM4R_VS, "vsm4r.vs", 0x29, 0x10, sed, ClassVSM4),

		ve(VSM3ME_VV, "vsm3me.vv", 0x20, ArgsVV, sh, ClassVSM3),
		ve(VSM3C_VI, "vsm3c.vi", 0x2b, ArgsVIU, sh, ClassVSM3),
	)
}
