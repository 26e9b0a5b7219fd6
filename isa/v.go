package isa

// V: the vector extension, RVV 1.0 (unprivileged spec, "V" Standard Extension for Vector
// Operations), integer and memory instructions. Zve32x and Zve64x are the embedded subsets:
// every integer instruction is in both, and the instructions whose only element width is 64
// bits (vle64.v, vlse64.v, vl<n>re64.v, indexed accesses with 64-bit offsets...) need V or
// Zve64x. Indexed accesses with 64-bit offsets are RV64 only ("does not support EEW=64 for
// index values when XLEN=32").
//
// Segment accesses are the unit-stride, strided and indexed rows with nf (bits 31:29) free:
// Inst.Nf holds it. Fault-only-first loads are rows of their own. Vector floating point is
// recognised as VFP, not decoded further.

// Vector encoding fields.
const (
	opV  = 0x57 // OP-V
	opVE = 0x77 // OP-VE (vector crypto)
	opLV = 0x07 // LOAD-FP
	opSV = 0x27 // STORE-FP

	// funct3 of OP-V.
	fOPIVV = 0
	fOPFVV = 1
	fOPMVV = 2
	fOPIVI = 3
	fOPIVX = 4
	fOPFVF = 5
	fOPMVX = 6
	fOPCFG = 7

	vmBit = 1 << 25

	maskV     = 0xfc00707f // funct6, funct3, opcode: vm and the three register fields free
	maskVvm   = 0xfe00707f // ... and vm fixed
	maskVs1   = 0xfc0ff07f // funct6, the vs1 field (a sub-opcode), funct3, opcode; vm free
	maskVs1vm = 0xfe0ff07f // ... and vm fixed
	maskVs2vm = 0xfff0707f // funct6, vm, the vs2 field, funct3, opcode
	maskVid   = 0xfdfff07f // funct6, vs2, vs1, funct3, opcode; vm free

	// Memory: mew, mop, lumop/sumop and width fixed (nf, vm free), or only mew, mop and
	// width (strided and indexed: the rs2/vs2 field is an operand).
	maskVMemUnit  = 0x1df0707f
	maskVMemWhole = 0x1ff0707f // vm fixed too
	maskVMemMask  = 0xfff0707f // nf and vm fixed too (vlm.v, vsm.v)
	maskVMemSX    = 0x1c00707f
)

// vArith is the match of an OP-V (or OP-VE) arithmetic encoding.
func vArith(opcode, funct6, funct3 uint32) uint32 { return funct6<<26 | funct3<<12 | opcode }

// vsub1 places a sub-opcode in the vs1 field (bits 19:15).
func vsub1(v uint32) uint32 { return v << 15 }

// vMem is the match of a vector load or store: mop (bits 27:26), lumop/sumop (24:20) and
// the width code of the element width.
func vMem(opcode, mop, umop uint32, eew int) uint32 {
	return mop<<26 | umop<<20 | vWidth(eew)<<12 | opcode
}

// vWidth is the width field (bits 14:12) of a vector access of eew-bit elements.
func vWidth(eew int) uint32 {
	switch eew {
	case 8:
		return 0
	case 16:
		return 5
	case 32:
		return 6
	}
	return 7
}

// vvxi registers the .vv, .vx and .vi forms of an OPI instruction; an op of OpInvalid is
// skipped (the form does not exist).
func vvxi(name string, funct6 uint32, vv, vx, vi Op, viArgs Args, exts ExtSet, class Class) {
	if vv != OpInvalid {
		register(Row{Op: vv, Name: name + ".vv", Mask: maskV, Match: vArith(opV, funct6, fOPIVV), Args: ArgsVV, Exts: exts, Class: class})
	}
	if vx != OpInvalid {
		register(Row{Op: vx, Name: name + ".vx", Mask: maskV, Match: vArith(opV, funct6, fOPIVX), Args: ArgsVX, Exts: exts, Class: class})
	}
	if vi != OpInvalid {
		register(Row{Op: vi, Name: name + ".vi", Mask: maskV, Match: vArith(opV, funct6, fOPIVI), Args: viArgs, Exts: exts, Class: class})
	}
}

// mvx registers the .vv and .vx forms of an OPM instruction (either may be OpInvalid); the
// suffixes are the mnemonic's (".vv"/".vx", ".wv"/".wx", ".vs").
func mvx(name, sv, sx string, funct6 uint32, vv, vx Op, args Args, exts ExtSet, class Class) {
	argsX := map[Args]Args{ArgsVV: ArgsVX, ArgsVVMacc: ArgsVXMacc}[args]
	if vv != OpInvalid {
		register(Row{Op: vv, Name: name + sv, Mask: maskV, Match: vArith(opV, funct6, fOPMVV), Args: args, Exts: exts, Class: class})
	}
	if vx != OpInvalid {
		register(Row{Op: vx, Name: name + sx, Mask: maskV, Match: vArith(opV, funct6, fOPMVX), Args: argsX, Exts: exts, Class: class})
	}
}

var (
	extVAll = Exts(ExtV, ExtZve64x, ExtZve32x) // every vector implementation
	extV64  = Exts(ExtV, ExtZve64x)            // 64-bit elements
)

func init() {
	// V implies Zve64d in LLVM, whose vector floating-point instructions rvsim recognises but
	// does not disassemble (vfp), so the golden files enable Zve64x (with F and D), which
	// prints every integer vector instruction as V does. QEMU's vector unit needs VLEN and
	// ELEN properties: the vector differential test sets its own -cpu.
	declare(ExtV, Extension{Name: "v", Hwprobe: 1 << 2, Vector: true, Implemented: true})
	declare(ExtZve64x, Extension{Name: "zve64x", LLVM: "zve64x", Vector: true, Implemented: true})
	declare(ExtZve32x, Extension{Name: "zve32x", Vector: true, Implemented: true})
	v := extVAll
	register(
		// vsetvli: bit 31 = 0; vsetivli: bits 31:30 = 11; vsetvl: bits 31:25 = 1000000.
		Row{Op: VSETVLI, Name: "vsetvli", Mask: 0x8000707f, Match: fOPCFG<<12 | opV, Args: ArgsVSetVLI, Exts: v, Class: ClassVSet},
		Row{Op: VSETIVLI, Name: "vsetivli", Mask: 0xc000707f, Match: 3<<30 | fOPCFG<<12 | opV, Args: ArgsVSetIVLI, Exts: v, Class: ClassVSet},
		Row{Op: VSETVL, Name: "vsetvl", Mask: 0xfe00707f, Match: 1<<31 | fOPCFG<<12 | opV, Args: ArgsVSetVL, Exts: v, Class: ClassVSet},
	)

	// Loads and stores, by element width. mop: 0 unit-stride, 1 indexed-unordered,
	// 2 strided, 3 indexed-ordered. lumop: 0 unit-stride, 8 whole register, 0xb mask,
	// 0x10 fault-only-first.
	type memOps struct {
		eew                              int
		le, leff, lse, luxei, loxei, lre Op
		se, sse, suxei, soxei            Op
	}
	for _, m := range []memOps{
		{8, VLE8_V, VLE8FF_V, VLSE8_V, VLUXEI8_V, VLOXEI8_V, VLRE8_V, VSE8_V, VSSE8_V, VSUXEI8_V, VSOXEI8_V},
		{16, VLE16_V, VLE16FF_V, VLSE16_V, VLUXEI16_V, VLOXEI16_V, VLRE16_V, VSE16_V, VSSE16_V, VSUXEI16_V, VSOXEI16_V},
		{32, VLE32_V, VLE32FF_V, VLSE32_V, VLUXEI32_V, VLOXEI32_V, VLRE32_V, VSE32_V, VSSE32_V, VSUXEI32_V, VSOXEI32_V},
		{64, VLE64_V, VLE64FF_V, VLSE64_V, VLUXEI64_V, VLOXEI64_V, VLRE64_V, VSE64_V, VSSE64_V, VSUXEI64_V, VSOXEI64_V},
	} {
		e := m.eew
		exts, xlenX := v, 0
		if e == 64 {
			exts, xlenX = extV64, 64
		}
		n := func(f string) string { return "v" + f + itoa(e) + ".v" }
		register(
			Row{Op: m.le, Name: n("le"), Mask: maskVMemUnit, Match: vMem(opLV, 0, 0, e), Args: ArgsVMem, Exts: exts, EEW: uint8(e), Class: ClassVLoad},
			Row{Op: m.leff, Name: "vle" + itoa(e) + "ff.v", Mask: maskVMemUnit, Match: vMem(opLV, 0, 0x10, e), Args: ArgsVMem, Exts: exts, EEW: uint8(e), Class: ClassVLoad},
			Row{Op: m.lse, Name: n("lse"), Mask: maskVMemSX, Match: vMem(opLV, 2, 0, e), Args: ArgsVMemStride, Exts: exts, EEW: uint8(e), Class: ClassVLoad},
			// The index EEW is e; the data EEW is SEW. 64-bit indices need RV64.
			Row{Op: m.luxei, Name: n("luxei"), Mask: maskVMemSX, Match: vMem(opLV, 1, 0, e), Args: ArgsVMemIndex, Exts: exts, XLEN: xlenX, EEW: uint8(e), Class: ClassVLoad},
			Row{Op: m.loxei, Name: n("loxei"), Mask: maskVMemSX, Match: vMem(opLV, 3, 0, e), Args: ArgsVMemIndex, Exts: exts, XLEN: xlenX, EEW: uint8(e), Class: ClassVLoad},
			Row{Op: m.lre, Name: "vl1re" + itoa(e) + ".v", Mask: maskVMemWhole, Match: vMem(opLV, 0, 8, e) | vmBit, Args: ArgsVMemWhole, Exts: exts, EEW: uint8(e), Class: ClassVLoad},
			Row{Op: m.se, Name: n("se"), Mask: maskVMemUnit, Match: vMem(opSV, 0, 0, e), Args: ArgsVMem, Exts: exts, EEW: uint8(e), Class: ClassVStore},
			Row{Op: m.sse, Name: n("sse"), Mask: maskVMemSX, Match: vMem(opSV, 2, 0, e), Args: ArgsVMemStride, Exts: exts, EEW: uint8(e), Class: ClassVStore},
			Row{Op: m.suxei, Name: n("suxei"), Mask: maskVMemSX, Match: vMem(opSV, 1, 0, e), Args: ArgsVMemIndex, Exts: exts, XLEN: xlenX, EEW: uint8(e), Class: ClassVStore},
			Row{Op: m.soxei, Name: n("soxei"), Mask: maskVMemSX, Match: vMem(opSV, 3, 0, e), Args: ArgsVMemIndex, Exts: exts, XLEN: xlenX, EEW: uint8(e), Class: ClassVStore},
		)
	}
	register(
		// Whole-register stores exist with EEW=8 only.
		Row{Op: VSR_V, Name: "vs1r.v", Mask: maskVMemWhole, Match: vMem(opSV, 0, 8, 8) | vmBit, Args: ArgsVMemWhole, Exts: v, Class: ClassVStore},
		Row{Op: VLM_V, Name: "vlm.v", Mask: maskVMemMask, Match: vMem(opLV, 0, 0xb, 8) | vmBit, Args: ArgsVMem, Exts: v, Class: ClassVLoad},
		Row{Op: VSM_V, Name: "vsm.v", Mask: maskVMemMask, Match: vMem(opSV, 0, 0xb, 8) | vmBit, Args: ArgsVMem, Exts: v, Class: ClassVStore},
	)

	// OPIVV / OPIVX / OPIVI.
	alu, fix, perm := ClassVALU, ClassVFixed, ClassVPermute
	vvxi("vadd", 0x00, VADD_VV, VADD_VX, VADD_VI, ArgsVI, v, alu)
	vvxi("vsub", 0x02, VSUB_VV, VSUB_VX, OpInvalid, 0, v, alu)
	vvxi("vrsub", 0x03, OpInvalid, VRSUB_VX, VRSUB_VI, ArgsVI, v, alu)
	vvxi("vminu", 0x04, VMINU_VV, VMINU_VX, OpInvalid, 0, v, alu)
	vvxi("vmin", 0x05, VMIN_VV, VMIN_VX, OpInvalid, 0, v, alu)
	vvxi("vmaxu", 0x06, VMAXU_VV, VMAXU_VX, OpInvalid, 0, v, alu)
	vvxi("vmax", 0x07, VMAX_VV, VMAX_VX, OpInvalid, 0, v, alu)
	vvxi("vand", 0x09, VAND_VV, VAND_VX, VAND_VI, ArgsVI, v, alu)
	vvxi("vor", 0x0a, VOR_VV, VOR_VX, VOR_VI, ArgsVI, v, alu)
	vvxi("vxor", 0x0b, VXOR_VV, VXOR_VX, VXOR_VI, ArgsVI, v, alu)
	vvxi("vrgather", 0x0c, VRGATHER_VV, VRGATHER_VX, VRGATHER_VI, ArgsVIU, v, perm)
	vvxi("vrgatherei16", 0x0e, VRGATHEREI16_VV, OpInvalid, OpInvalid, 0, v, perm)
	vvxi("vslideup", 0x0e, OpInvalid, VSLIDEUP_VX, VSLIDEUP_VI, ArgsVIU, v, perm)
	vvxi("vslidedown", 0x0f, OpInvalid, VSLIDEDOWN_VX, VSLIDEDOWN_VI, ArgsVIU, v, perm)
	register(
		// Add/subtract with carry/borrow take v0 (vm = 0); the forms that only produce the
		// carry out come with (vm = 0) and without (vm = 1) a carry in. vm = 1 is reserved
		// for vadc/vsbc, as for vmerge (where vm = 1, vs2 = 0 is vmv.v.*).
		Row{Op: VADC_VVM, Name: "vadc.vvm", Mask: maskVvm, Match: vArith(opV, 0x10, fOPIVV), Args: ArgsVVM, Exts: v, Class: alu},
		Row{Op: VADC_VXM, Name: "vadc.vxm", Mask: maskVvm, Match: vArith(opV, 0x10, fOPIVX), Args: ArgsVXM, Exts: v, Class: alu},
		Row{Op: VADC_VIM, Name: "vadc.vim", Mask: maskVvm, Match: vArith(opV, 0x10, fOPIVI), Args: ArgsVIM, Exts: v, Class: alu},
		Row{Op: VMADC_VVM, Name: "vmadc.vvm", Mask: maskVvm, Match: vArith(opV, 0x11, fOPIVV), Args: ArgsVVM, Exts: v, Class: alu},
		Row{Op: VMADC_VXM, Name: "vmadc.vxm", Mask: maskVvm, Match: vArith(opV, 0x11, fOPIVX), Args: ArgsVXM, Exts: v, Class: alu},
		Row{Op: VMADC_VIM, Name: "vmadc.vim", Mask: maskVvm, Match: vArith(opV, 0x11, fOPIVI), Args: ArgsVIM, Exts: v, Class: alu},
		Row{Op: VMADC_VV, Name: "vmadc.vv", Mask: maskVvm, Match: vArith(opV, 0x11, fOPIVV) | vmBit, Args: ArgsVV, Exts: v, Class: alu},
		Row{Op: VMADC_VX, Name: "vmadc.vx", Mask: maskVvm, Match: vArith(opV, 0x11, fOPIVX) | vmBit, Args: ArgsVX, Exts: v, Class: alu},
		Row{Op: VMADC_VI, Name: "vmadc.vi", Mask: maskVvm, Match: vArith(opV, 0x11, fOPIVI) | vmBit, Args: ArgsVI, Exts: v, Class: alu},
		Row{Op: VSBC_VVM, Name: "vsbc.vvm", Mask: maskVvm, Match: vArith(opV, 0x12, fOPIVV), Args: ArgsVVM, Exts: v, Class: alu},
		Row{Op: VSBC_VXM, Name: "vsbc.vxm", Mask: maskVvm, Match: vArith(opV, 0x12, fOPIVX), Args: ArgsVXM, Exts: v, Class: alu},
		Row{Op: VMSBC_VVM, Name: "vmsbc.vvm", Mask: maskVvm, Match: vArith(opV, 0x13, fOPIVV), Args: ArgsVVM, Exts: v, Class: alu},
		Row{Op: VMSBC_VXM, Name: "vmsbc.vxm", Mask: maskVvm, Match: vArith(opV, 0x13, fOPIVX), Args: ArgsVXM, Exts: v, Class: alu},
		Row{Op: VMSBC_VV, Name: "vmsbc.vv", Mask: maskVvm, Match: vArith(opV, 0x13, fOPIVV) | vmBit, Args: ArgsVV, Exts: v, Class: alu},
		Row{Op: VMSBC_VX, Name: "vmsbc.vx", Mask: maskVvm, Match: vArith(opV, 0x13, fOPIVX) | vmBit, Args: ArgsVX, Exts: v, Class: alu},
		Row{Op: VMERGE_VVM, Name: "vmerge.vvm", Mask: maskVvm, Match: vArith(opV, 0x17, fOPIVV), Args: ArgsVVM, Exts: v, Class: alu},
		Row{Op: VMERGE_VXM, Name: "vmerge.vxm", Mask: maskVvm, Match: vArith(opV, 0x17, fOPIVX), Args: ArgsVXM, Exts: v, Class: alu},
		Row{Op: VMERGE_VIM, Name: "vmerge.vim", Mask: maskVvm, Match: vArith(opV, 0x17, fOPIVI), Args: ArgsVIM, Exts: v, Class: alu},
		Row{Op: VMV_V_V, Name: "vmv.v.v", Mask: maskVs2vm, Match: vArith(opV, 0x17, fOPIVV) | vmBit, Args: ArgsVMvV, Exts: v, Class: alu},
		Row{Op: VMV_V_X, Name: "vmv.v.x", Mask: maskVs2vm, Match: vArith(opV, 0x17, fOPIVX) | vmBit, Args: ArgsVMvX, Exts: v, Class: alu},
		Row{Op: VMV_V_I, Name: "vmv.v.i", Mask: maskVs2vm, Match: vArith(opV, 0x17, fOPIVI) | vmBit, Args: ArgsVMvI, Exts: v, Class: alu},
	)
	// Compares: the .vi forms take a signed immediate, the unsigned compares included
	// (vmsleu.vi compares with the sign-extended immediate as an unsigned number).
	vvxi("vmseq", 0x18, VMSEQ_VV, VMSEQ_VX, VMSEQ_VI, ArgsVI, v, alu)
	vvxi("vmsne", 0x19, VMSNE_VV, VMSNE_VX, VMSNE_VI, ArgsVI, v, alu)
	vvxi("vmsltu", 0x1a, VMSLTU_VV, VMSLTU_VX, OpInvalid, 0, v, alu)
	vvxi("vmslt", 0x1b, VMSLT_VV, VMSLT_VX, OpInvalid, 0, v, alu)
	vvxi("vmsleu", 0x1c, VMSLEU_VV, VMSLEU_VX, VMSLEU_VI, ArgsVI, v, alu)
	vvxi("vmsle", 0x1d, VMSLE_VV, VMSLE_VX, VMSLE_VI, ArgsVI, v, alu)
	vvxi("vmsgtu", 0x1e, OpInvalid, VMSGTU_VX, VMSGTU_VI, ArgsVI, v, alu)
	vvxi("vmsgt", 0x1f, OpInvalid, VMSGT_VX, VMSGT_VI, ArgsVI, v, alu)
	// vsaddu.vi, like vmsleu.vi, sign-extends its immediate.
	vvxi("vsaddu", 0x20, VSADDU_VV, VSADDU_VX, VSADDU_VI, ArgsVI, v, fix)
	vvxi("vsadd", 0x21, VSADD_VV, VSADD_VX, VSADD_VI, ArgsVI, v, fix)
	vvxi("vssubu", 0x22, VSSUBU_VV, VSSUBU_VX, OpInvalid, 0, v, fix)
	vvxi("vssub", 0x23, VSSUB_VV, VSSUB_VX, OpInvalid, 0, v, fix)
	vvxi("vsll", 0x25, VSLL_VV, VSLL_VX, VSLL_VI, ArgsVIU, v, alu)
	// vsmul is a fixed-point multiply: it runs on the multiplier.
	vvxi("vsmul", 0x27, VSMUL_VV, VSMUL_VX, OpInvalid, 0, v, ClassVMul)
	// Whole-register moves share vsmul's funct6 in OPIVI; the simm5 field holds nr - 1.
	// The four rows split the 32 field values between them so that each holds one legal
	// value (0, 1, 3, 7) and no value is left out: decode reports the others as reserved.
	nr := vArith(opV, 0x27, fOPIVI) | vmBit
	register(
		Row{Op: VMV1R_V, Name: "vmv1r.v", Mask: maskVvm | 1<<15, Match: nr, Args: ArgsVMvNR, Exts: v, Class: perm},
		Row{Op: VMV2R_V, Name: "vmv2r.v", Mask: maskVvm | 3<<15, Match: nr | 1<<15, Args: ArgsVMvNR, Exts: v, Class: perm},
		Row{Op: VMV4R_V, Name: "vmv4r.v", Mask: maskVvm | 7<<15, Match: nr | 3<<15, Args: ArgsVMvNR, Exts: v, Class: perm},
		Row{Op: VMV8R_V, Name: "vmv8r.v", Mask: maskVvm | 7<<15, Match: nr | 7<<15, Args: ArgsVMvNR, Exts: v, Class: perm},
	)
	vvxi("vsrl", 0x28, VSRL_VV, VSRL_VX, VSRL_VI, ArgsVIU, v, alu)
	vvxi("vsra", 0x29, VSRA_VV, VSRA_VX, VSRA_VI, ArgsVIU, v, alu)
	vvxi("vssrl", 0x2a, VSSRL_VV, VSSRL_VX, VSSRL_VI, ArgsVIU, v, fix)
	vvxi("vssra", 0x2b, VSSRA_VV, VSSRA_VX, VSSRA_VI, ArgsVIU, v, fix)
	// Narrowing shifts and clips: the source is 2*SEW wide (".w" forms).
	for _, n := range []struct {
		name       string
		funct6     uint32
		wv, wx, wi Op
		class      Class
	}{
		{"vnsrl", 0x2c, VNSRL_WV, VNSRL_WX, VNSRL_WI, alu},
		{"vnsra", 0x2d, VNSRA_WV, VNSRA_WX, VNSRA_WI, alu},
		{"vnclipu", 0x2e, VNCLIPU_WV, VNCLIPU_WX, VNCLIPU_WI, fix},
		{"vnclip", 0x2f, VNCLIP_WV, VNCLIP_WX, VNCLIP_WI, fix},
	} {
		register(
			Row{Op: n.wv, Name: n.name + ".wv", Mask: maskV, Match: vArith(opV, n.funct6, fOPIVV), Args: ArgsVV, Exts: v, Class: n.class},
			Row{Op: n.wx, Name: n.name + ".wx", Mask: maskV, Match: vArith(opV, n.funct6, fOPIVX), Args: ArgsVX, Exts: v, Class: n.class},
			Row{Op: n.wi, Name: n.name + ".wi", Mask: maskV, Match: vArith(opV, n.funct6, fOPIVI), Args: ArgsVIU, Exts: v, Class: n.class},
		)
	}
	register(
		Row{Op: VWREDSUMU_VS, Name: "vwredsumu.vs", Mask: maskV, Match: vArith(opV, 0x30, fOPIVV), Args: ArgsVV, Exts: v, Class: ClassVReduce},
		Row{Op: VWREDSUM_VS, Name: "vwredsum.vs", Mask: maskV, Match: vArith(opV, 0x31, fOPIVV), Args: ArgsVV, Exts: v, Class: ClassVReduce},
	)

	// OPMVV / OPMVX.
	red := ClassVReduce
	mvx("vredsum", ".vs", "", 0x00, VREDSUM_VS, OpInvalid, ArgsVV, v, red)
	mvx("vredand", ".vs", "", 0x01, VREDAND_VS, OpInvalid, ArgsVV, v, red)
	mvx("vredor", ".vs", "", 0x02, VREDOR_VS, OpInvalid, ArgsVV, v, red)
	mvx("vredxor", ".vs", "", 0x03, VREDXOR_VS, OpInvalid, ArgsVV, v, red)
	mvx("vredminu", ".vs", "", 0x04, VREDMINU_VS, OpInvalid, ArgsVV, v, red)
	mvx("vredmin", ".vs", "", 0x05, VREDMIN_VS, OpInvalid, ArgsVV, v, red)
	mvx("vredmaxu", ".vs", "", 0x06, VREDMAXU_VS, OpInvalid, ArgsVV, v, red)
	mvx("vredmax", ".vs", "", 0x07, VREDMAX_VS, OpInvalid, ArgsVV, v, red)
	mvx("vaaddu", ".vv", ".vx", 0x08, VAADDU_VV, VAADDU_VX, ArgsVV, v, fix)
	mvx("vaadd", ".vv", ".vx", 0x09, VAADD_VV, VAADD_VX, ArgsVV, v, fix)
	mvx("vasubu", ".vv", ".vx", 0x0a, VASUBU_VV, VASUBU_VX, ArgsVV, v, fix)
	mvx("vasub", ".vv", ".vx", 0x0b, VASUB_VV, VASUB_VX, ArgsVV, v, fix)
	mvx("vslide1up", "", ".vx", 0x0e, OpInvalid, VSLIDE1UP_VX, ArgsVV, v, perm)
	mvx("vslide1down", "", ".vx", 0x0f, OpInvalid, VSLIDE1DOWN_VX, ArgsVV, v, perm)
	un := func(op Op, name string, mask, funct6, funct3, sub uint32, args Args, class Class) Row {
		return Row{Op: op, Name: name, Mask: mask, Match: vArith(opV, funct6, funct3) | vsub1(sub), Args: args, Exts: v, Class: class}
	}
	register(
		// VWXUNARY0 (vs1 selects) and VRXUNARY0 (vs2 = 0).
		un(VMV_X_S, "vmv.x.s", maskVs1vm, 0x10, fOPMVV, 0x00, ArgsXV, perm).vm1(),
		un(VCPOP_M, "vcpop.m", maskVs1, 0x10, fOPMVV, 0x10, ArgsXV, ClassVMask),
		un(VFIRST_M, "vfirst.m", maskVs1, 0x10, fOPMVV, 0x11, ArgsXV, ClassVMask),
		Row{Op: VMV_S_X, Name: "vmv.s.x", Mask: maskVs2vm, Match: vArith(opV, 0x10, fOPMVX) | vmBit, Args: ArgsVMvX, Exts: v, Class: perm},
		// VXUNARY0: integer extension (Zvbb adds its unary ops here, in zvk.go).
		un(VZEXT_VF8, "vzext.vf8", maskVs1, 0x12, fOPMVV, 0x02, ArgsV2, alu),
		un(VSEXT_VF8, "vsext.vf8", maskVs1, 0x12, fOPMVV, 0x03, ArgsV2, alu),
		un(VZEXT_VF4, "vzext.vf4", maskVs1, 0x12, fOPMVV, 0x04, ArgsV2, alu),
		un(VSEXT_VF4, "vsext.vf4", maskVs1, 0x12, fOPMVV, 0x05, ArgsV2, alu),
		un(VZEXT_VF2, "vzext.vf2", maskVs1, 0x12, fOPMVV, 0x06, ArgsV2, alu),
		un(VSEXT_VF2, "vsext.vf2", maskVs1, 0x12, fOPMVV, 0x07, ArgsV2, alu),
		// VMUNARY0.
		un(VMSBF_M, "vmsbf.m", maskVs1, 0x14, fOPMVV, 0x01, ArgsV2, ClassVMask),
		un(VMSOF_M, "vmsof.m", maskVs1, 0x14, fOPMVV, 0x02, ArgsV2, ClassVMask),
		un(VMSIF_M, "vmsif.m", maskVs1, 0x14, fOPMVV, 0x03, ArgsV2, ClassVMask),
		un(VIOTA_M, "viota.m", maskVs1, 0x14, fOPMVV, 0x10, ArgsV2, ClassVMask),
		un(VID_V, "vid.v", maskVid, 0x14, fOPMVV, 0x11, ArgsVD, alu),
		// vcompress and the mask-register logical instructions are unmasked (vm = 1).
		Row{Op: VCOMPRESS_VM, Name: "vcompress.vm", Mask: maskVvm, Match: vArith(opV, 0x17, fOPMVV) | vmBit, Args: ArgsVV, Exts: v, Class: perm},
	)
	for i, m := range []struct {
		op   Op
		name string
	}{
		{VMANDN_MM, "vmandn.mm"}, {VMAND_MM, "vmand.mm"}, {VMOR_MM, "vmor.mm"}, {VMXOR_MM, "vmxor.mm"},
		{VMORN_MM, "vmorn.mm"}, {VMNAND_MM, "vmnand.mm"}, {VMNOR_MM, "vmnor.mm"}, {VMXNOR_MM, "vmxnor.mm"},
	} {
		register(Row{Op: m.op, Name: m.name, Mask: maskVvm, Match: vArith(opV, 0x18+uint32(i), fOPMVV) | vmBit, Args: ArgsVV, Exts: v, Class: ClassVMask})
	}
	mul, div := ClassVMul, ClassVDiv
	mvx("vdivu", ".vv", ".vx", 0x20, VDIVU_VV, VDIVU_VX, ArgsVV, v, div)
	mvx("vdiv", ".vv", ".vx", 0x21, VDIV_VV, VDIV_VX, ArgsVV, v, div)
	mvx("vremu", ".vv", ".vx", 0x22, VREMU_VV, VREMU_VX, ArgsVV, v, div)
	mvx("vrem", ".vv", ".vx", 0x23, VREM_VV, VREM_VX, ArgsVV, v, div)
	mvx("vmulhu", ".vv", ".vx", 0x24, VMULHU_VV, VMULHU_VX, ArgsVV, v, mul)
	mvx("vmul", ".vv", ".vx", 0x25, VMUL_VV, VMUL_VX, ArgsVV, v, mul)
	mvx("vmulhsu", ".vv", ".vx", 0x26, VMULHSU_VV, VMULHSU_VX, ArgsVV, v, mul)
	mvx("vmulh", ".vv", ".vx", 0x27, VMULH_VV, VMULH_VX, ArgsVV, v, mul)
	mvx("vmadd", ".vv", ".vx", 0x29, VMADD_VV, VMADD_VX, ArgsVVMacc, v, mul)
	mvx("vnmsub", ".vv", ".vx", 0x2b, VNMSUB_VV, VNMSUB_VX, ArgsVVMacc, v, mul)
	mvx("vmacc", ".vv", ".vx", 0x2d, VMACC_VV, VMACC_VX, ArgsVVMacc, v, mul)
	mvx("vnmsac", ".vv", ".vx", 0x2f, VNMSAC_VV, VNMSAC_VX, ArgsVVMacc, v, mul)
	mvx("vwaddu", ".vv", ".vx", 0x30, VWADDU_VV, VWADDU_VX, ArgsVV, v, alu)
	mvx("vwadd", ".vv", ".vx", 0x31, VWADD_VV, VWADD_VX, ArgsVV, v, alu)
	mvx("vwsubu", ".vv", ".vx", 0x32, VWSUBU_VV, VWSUBU_VX, ArgsVV, v, alu)
	mvx("vwsub", ".vv", ".vx", 0x33, VWSUB_VV, VWSUB_VX, ArgsVV, v, alu)
	mvx("vwaddu", ".wv", ".wx", 0x34, VWADDU_W_V, VWADDU_W_X, ArgsVV, v, alu)
	mvx("vwadd", ".wv", ".wx", 0x35, VWADD_W_V, VWADD_W_X, ArgsVV, v, alu)
	mvx("vwsubu", ".wv", ".wx", 0x36, VWSUBU_W_V, VWSUBU_W_X, ArgsVV, v, alu)
	mvx("vwsub", ".wv", ".wx", 0x37, VWSUB_W_V, VWSUB_W_X, ArgsVV, v, alu)
	mvx("vwmulu", ".vv", ".vx", 0x38, VWMULU_VV, VWMULU_VX, ArgsVV, v, mul)
	mvx("vwmulsu", ".vv", ".vx", 0x3a, VWMULSU_VV, VWMULSU_VX, ArgsVV, v, mul)
	mvx("vwmul", ".vv", ".vx", 0x3b, VWMUL_VV, VWMUL_VX, ArgsVV, v, mul)
	mvx("vwmaccu", ".vv", ".vx", 0x3c, VWMACCU_VV, VWMACCU_VX, ArgsVVMacc, v, mul)
	mvx("vwmacc", ".vv", ".vx", 0x3d, VWMACC_VV, VWMACC_VX, ArgsVVMacc, v, mul)
	mvx("vwmaccus", "", ".vx", 0x3e, OpInvalid, VWMACCUS_VX, ArgsVVMacc, v, mul)
	mvx("vwmaccsu", ".vv", ".vx", 0x3f, VWMACCSU_VV, VWMACCSU_VX, ArgsVVMacc, v, mul)

	// Vector floating point: OPFVV and OPFVF, every funct6.
	register(
		Row{Op: VFP, Name: "vfp", Mask: maskF3, Match: vArith(opV, 0, fOPFVV), Args: ArgsNone, Exts: Exts(ExtV), Class: ClassVFP},
		Row{Op: VFP, Name: "vfp", Mask: maskF3, Match: vArith(opV, 0, fOPFVF), Args: ArgsNone, Exts: Exts(ExtV), Class: ClassVFP},
	)
}

// vm1 fixes vm = 1 in a row built with a vm-free mask.
func (r Row) vm1() Row {
	r.Mask |= vmBit
	r.Match |= vmBit
	return r
}

func itoa(n int) string {
	if n < 10 {
		return string(rune('0' + n))
	}
	return itoa(n/10) + string(rune('0'+n%10))
}

// SetsVConfig reports whether op may change vl or vtype: the vset*vl* instructions, and
// the fault-only-first loads (a fault past element 0 shortens vl). No other instruction
// changes them, so a vector instruction runs under the configuration the one before it
// left unless that one is of these.
func SetsVConfig(op Op) bool {
	switch op {
	case VSETVLI, VSETIVLI, VSETVL, VLE8FF_V, VLE16FF_V, VLE32FF_V, VLE64FF_V:
		return true
	}
	return false
}
