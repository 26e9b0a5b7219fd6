package isa

// The vector bit-manipulation and crypto extensions (vector cryptography spec v1.0):
// Zvbb (with its subset Zvkb), Zvbc, Zvkg, Zvkned, Zvknha/Zvknhb, Zvksed and Zvksh. Zvbb and
// Zvbc use OP-V with a vm bit like any vector instruction; the others use OP-VE, are
// unmasked (vm = 1 by encoding) and work on element groups.
func init() {
	declare(ExtZvbb, Extension{Name: "zvbb", Hwprobe: 1 << 17, LLVM: "zvbb", Vector: true, Implemented: true})
	declare(ExtZvkb, Extension{Name: "zvkb", Hwprobe: 1 << 19, Vector: true, Implemented: true}) // LLVM: implied by zvbb
	declare(ExtZvbc, Extension{Name: "zvbc", Hwprobe: 1 << 18, LLVM: "zvbc", Vector: true, Implemented: true})
	declare(ExtZvkg, Extension{Name: "zvkg", Hwprobe: 1 << 20, LLVM: "zvkg", Vector: true, Implemented: true})
	declare(ExtZvkned, Extension{Name: "zvkned", Hwprobe: 1 << 21, LLVM: "zvkned", Vector: true, Implemented: true})
	declare(ExtZvknha, Extension{Name: "zvknha", Hwprobe: 1 << 22, Vector: true, Implemented: true}) // LLVM: a subset of zvknhb
	declare(ExtZvknhb, Extension{Name: "zvknhb", Hwprobe: 1 << 23, LLVM: "zvknhb", Vector: true, Implemented: true})
	declare(ExtZvksed, Extension{Name: "zvksed", Hwprobe: 1 << 24, LLVM: "zvksed", Vector: true, Implemented: true})
	declare(ExtZvksh, Extension{Name: "zvksh", Hwprobe: 1 << 25, LLVM: "zvksh", Vector: true, Implemented: true})
	declare(ExtZvkt, Extension{Name: "zvkt", Hwprobe: 1 << 26, Vector: true, Implemented: true})
	bb := Exts(ExtZvbb)
	kb := Exts(ExtZvbb, ExtZvkb) // the Zvkb subset of Zvbb
	bm := ClassVBitmanip
	register(
		Row{Op: VANDN_VV, Name: "vandn.vv", Mask: maskV, Match: vArith(opV, 0x01, fOPIVV), Args: ArgsVV, Exts: kb, Class: bm},
		Row{Op: VANDN_VX, Name: "vandn.vx", Mask: maskV, Match: vArith(opV, 0x01, fOPIVX), Args: ArgsVX, Exts: kb, Class: bm},
		// VXUNARY0, beside the integer extensions.
		Row{Op: VBREV8_V, Name: "vbrev8.v", Mask: maskVs1, Match: vArith(opV, 0x12, fOPMVV) | vsub1(0x08), Args: ArgsV2, Exts: kb, Class: bm},
		Row{Op: VREV8_V, Name: "vrev8.v", Mask: maskVs1, Match: vArith(opV, 0x12, fOPMVV) | vsub1(0x09), Args: ArgsV2, Exts: kb, Class: bm},
		Row{Op: VBREV_V, Name: "vbrev.v", Mask: maskVs1, Match: vArith(opV, 0x12, fOPMVV) | vsub1(0x0a), Args: ArgsV2, Exts: bb, Class: bm},
		Row{Op: VCLZ_V, Name: "vclz.v", Mask: maskVs1, Match: vArith(opV, 0x12, fOPMVV) | vsub1(0x0c), Args: ArgsV2, Exts: bb, Class: bm},
		Row{Op: VCTZ_V, Name: "vctz.v", Mask: maskVs1, Match: vArith(opV, 0x12, fOPMVV) | vsub1(0x0d), Args: ArgsV2, Exts: bb, Class: bm},
		Row{Op: VCPOP_V, Name: "vcpop.v", Mask: maskVs1, Match: vArith(opV, 0x12, fOPMVV) | vsub1(0x0e), Args: ArgsV2, Exts: bb, Class: bm},
		Row{Op: VROR_VV, Name: "vror.vv", Mask: maskV, Match: vArith(opV, 0x14, fOPIVV), Args: ArgsVV, Exts: kb, Class: bm},
		Row{Op: VROR_VX, Name: "vror.vx", Mask: maskV, Match: vArith(opV, 0x14, fOPIVX), Args: ArgsVX, Exts: kb, Class: bm},
		// vror.vi: funct6 is 01010 followed by uimm[5] (bit 26).
		Row{Op: VROR_VI, Name: "vror.vi", Mask: 0xf800707f, Match: vArith(opV, 0x14, fOPIVI), Args: ArgsVIU6, Exts: kb, Class: bm},
		Row{Op: VROL_VV, Name: "vrol.vv", Mask: maskV, Match: vArith(opV, 0x15, fOPIVV), Args: ArgsVV, Exts: kb, Class: bm},
		Row{Op: VROL_VX, Name: "vrol.vx", Mask: maskV, Match: vArith(opV, 0x15, fOPIVX), Args: ArgsVX, Exts: kb, Class: bm},
		Row{Op: VWSLL_VV, Name: "vwsll.vv", Mask: maskV, Match: vArith(opV, 0x35, fOPIVV), Args: ArgsVV, Exts: bb, Class: bm},
		Row{Op: VWSLL_VX, Name: "vwsll.vx", Mask: maskV, Match: vArith(opV, 0x35, fOPIVX), Args: ArgsVX, Exts: bb, Class: bm},
		Row{Op: VWSLL_VI, Name: "vwsll.vi", Mask: maskV, Match: vArith(opV, 0x35, fOPIVI), Args: ArgsVIU, Exts: bb, Class: bm},
	)

	bc := Exts(ExtZvbc)
	register(
		Row{Op: VCLMUL_VV, Name: "vclmul.vv", Mask: maskV, Match: vArith(opV, 0x0c, fOPMVV), Args: ArgsVV, Exts: bc, Class: ClassVClmul},
		Row{Op: VCLMUL_VX, Name: "vclmul.vx", Mask: maskV, Match: vArith(opV, 0x0c, fOPMVX), Args: ArgsVX, Exts: bc, Class: ClassVClmul},
		Row{Op: VCLMULH_VV, Name: "vclmulh.vv", Mask: maskV, Match: vArith(opV, 0x0d, fOPMVV), Args: ArgsVV, Exts: bc, Class: ClassVClmul},
		Row{Op: VCLMULH_VX, Name: "vclmulh.vx", Mask: maskV, Match: vArith(opV, 0x0d, fOPMVX), Args: ArgsVX, Exts: bc, Class: ClassVClmul},
	)

	// OP-VE. The .vv/.vs pairs of the AES and SM4 rounds share funct6 0x28 (.vv) and 0x29
	// (.vs), with the vs1 field selecting the instruction.
	ve := func(op Op, name string, funct6 uint32, args Args, exts ExtSet, class Class) Row {
		return Row{Op: op, Name: name, Mask: maskVvm, Match: vArith(opVE, funct6, fOPMVV) | vmBit, Args: args, Exts: exts, Class: class}
	}
	ve1 := func(op Op, name string, funct6, sub uint32, exts ExtSet, class Class) Row {
		return Row{Op: op, Name: name, Mask: maskVs1vm, Match: vArith(opVE, funct6, fOPMVV) | vmBit | vsub1(sub), Args: ArgsV2, Exts: exts, Class: class}
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
