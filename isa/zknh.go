package isa

// Zknh: SHA-2 sigma functions (scalar crypto spec, "Zknh"). RV32 computes the SHA-512
// functions on register pairs with the *h/*l/*r forms.
func init() {
	h := Exts(ExtZknh)
	register(
		Row{SHA256SUM0, "sha256sum0", maskF12, 0x10001013, ArgsR2, h, 0, ClassSHA2, 0},
		Row{SHA256SUM1, "sha256sum1", maskF12, 0x10101013, ArgsR2, h, 0, ClassSHA2, 0},
		Row{SHA256SIG0, "sha256sig0", maskF12, 0x10201013, ArgsR2, h, 0, ClassSHA2, 0},
		Row{SHA256SIG1, "sha256sig1", maskF12, 0x10301013, ArgsR2, h, 0, ClassSHA2, 0},
		Row{SHA512SUM0, "sha512sum0", maskF12, 0x10401013, ArgsR2, h, 64, ClassSHA2, 0},
		Row{SHA512SUM1, "sha512sum1", maskF12, 0x10501013, ArgsR2, h, 64, ClassSHA2, 0},
		Row{SHA512SIG0, "sha512sig0", maskF12, 0x10601013, ArgsR2, h, 64, ClassSHA2, 0},
		Row{SHA512SIG1, "sha512sig1", maskF12, 0x10701013, ArgsR2, h, 64, ClassSHA2, 0},
		Row{SHA512SUM0R, "sha512sum0r", maskF7, 0x50000033, ArgsR, h, 32, ClassSHA2, 0},
		Row{SHA512SUM1R, "sha512sum1r", maskF7, 0x52000033, ArgsR, h, 32, ClassSHA2, 0},
		Row{SHA512SIG0L, "sha512sig0l", maskF7, 0x54000033, ArgsR, h, 32, ClassSHA2, 0},
		Row{SHA512SIG1L, "sha512sig1l", maskF7, 0x56000033, ArgsR, h, 32, ClassSHA2, 0},
		Row{SHA512SIG0H, "sha512sig0h", maskF7, 0x5c000033, ArgsR, h, 32, ClassSHA2, 0},
		Row{SHA512SIG1H, "sha512sig1h", maskF7, 0x5e000033, ArgsR, h, 32, ClassSHA2, 0},
	)
}
