package isa

// Zkne and Zknd: AES (scalar crypto spec, "Zkne", "Zknd"). The RV32 forms carry a byte select
// bs in bits 31:30; aes64ks1i carries a round number in bits 23:20 (values above 0xA are
// reserved). The key-schedule instructions aes64ks1i/aes64ks2 belong to both extensions.
const maskBS = 0x3e00707f

func init() {
	e, d := Exts(ExtZkne), Exts(ExtZknd)
	ed := Exts(ExtZkne, ExtZknd)
	register(
		Row{AES32ESI, "aes32esi", maskBS, 0x22000033, ArgsBS, e, 32, ClassAES, 0},
		Row{AES32ESMI, "aes32esmi", maskBS, 0x26000033, ArgsBS, e, 32, ClassAES, 0},
		Row{AES32DSI, "aes32dsi", maskBS, 0x2a000033, ArgsBS, d, 32, ClassAES, 0},
		Row{AES32DSMI, "aes32dsmi", maskBS, 0x2e000033, ArgsBS, d, 32, ClassAES, 0},
		Row{AES64ES, "aes64es", maskF7, 0x32000033, ArgsR, e, 64, ClassAES, 0},
		Row{AES64ESM, "aes64esm", maskF7, 0x36000033, ArgsR, e, 64, ClassAES, 0},
		Row{AES64DS, "aes64ds", maskF7, 0x3a000033, ArgsR, d, 64, ClassAES, 0},
		Row{AES64DSM, "aes64dsm", maskF7, 0x3e000033, ArgsR, d, 64, ClassAES, 0},
		Row{AES64KS1I, "aes64ks1i", 0xff00707f, 0x31001013, ArgsRnum, ed, 64, ClassAESKey, 0},
		Row{AES64KS2, "aes64ks2", maskF7, 0x7e000033, ArgsR, ed, 64, ClassAESKey, 0},
		Row{AES64IM, "aes64im", maskF12, 0x30001013, ArgsR2, d, 64, ClassAESKey, 0},
	)
}
