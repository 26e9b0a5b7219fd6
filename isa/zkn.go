package isa

// Zkne and Zknd: AES (scalar crypto spec, "Zkne", "Zknd"). The RV32 forms carry a byte select
// bs in bits 31:30; aes64ks1i carries a round number in bits 23:20 (values above 0xA are
// reserved). The key-schedule instructions aes64ks1i/aes64ks2 belong to both extensions.
const maskBS = 0x3e00707f

func init() {
	declare(ExtZkne, Extension{Name: "zkne", Hwprobe: 1 << 12, LLVM: "zkne", QEMU: "zkne", Implemented: true})
	declare(ExtZknd, Extension{Name: "zknd", Hwprobe: 1 << 11, LLVM: "zknd", QEMU: "zknd", Implemented: true})
	// Zkr is the seed CSR, which rvsim does not have; Zkt is a promise of data-independent
	// timing, which an emulator keeps trivially.
	declare(ExtZkr, Extension{Name: "zkr"})
	declare(ExtZkt, Extension{Name: "zkt", Hwprobe: 1 << 16, Implemented: true})
	e, d := Exts(ExtZkne), Exts(ExtZknd)
	ed := Exts(ExtZkne, ExtZknd)
	register(
		Row{Op: AES32ESI, Name: "aes32esi", Mask: maskBS, Match: 0x22000033, Args: ArgsBS, Exts: e, XLEN: 32, Class: ClassAES},
		Row{Op: AES32ESMI, Name: "aes32esmi", Mask: maskBS, Match: 0x26000033, Args: ArgsBS, Exts: e, XLEN: 32, Class: ClassAES},
		Row{Op: AES32DSI, Name: "aes32dsi", Mask: maskBS, Match: 0x2a000033, Args: ArgsBS, Exts: d, XLEN: 32, Class: ClassAES},
		Row{Op: AES32DSMI, Name: "aes32dsmi", Mask: maskBS, Match: 0x2e000033, Args: ArgsBS, Exts: d, XLEN: 32, Class: ClassAES},
		Row{Op: AES64ES, Name: "aes64es", Mask: maskF7, Match: 0x32000033, Args: ArgsR, Exts: e, XLEN: 64, Class: ClassAES},
		Row{Op: AES64ESM, Name: "aes64esm", Mask: maskF7, Match: 0x36000033, Args: ArgsR, Exts: e, XLEN: 64, Class: ClassAES},
		Row{Op: AES64DS, Name: "aes64ds", Mask: maskF7, Match: 0x3a000033, Args: ArgsR, Exts: d, XLEN: 64, Class: ClassAES},
		Row{Op: AES64DSM, Name: "aes64dsm", Mask: maskF7, Match: 0x3e000033, Args: ArgsR, Exts: d, XLEN: 64, Class: ClassAES},
		Row{Op: AES64KS1I, Name: "aes64ks1i", Mask: 0xff00707f, Match: 0x31001013, Args: ArgsRnum, Exts: ed, XLEN: 64, Class: ClassAESKey},
		Row{Op: AES64KS2, Name: "aes64ks2", Mask: maskF7, Match: 0x7e000033, Args: ArgsR, Exts: ed, XLEN: 64, Class: ClassAESKey},
		Row{Op: AES64IM, Name: "aes64im", Mask: maskF12, Match: 0x30001013, Args: ArgsR2, Exts: d, XLEN: 64, Class: ClassAESKey},
	)
}
