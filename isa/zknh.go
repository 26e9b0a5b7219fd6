package isa

// Zknh: SHA-2 sigma functions (scalar crypto spec, "Zknh"). RV32 computes the SHA-512
// functions on register pairs with the *h/*l/*r forms.
func init() {
	declare(ExtZknh, Extension{Name: "zknh", Hwprobe: 1 << 13, LLVM: "zknh", QEMU: "zknh", Implemented: true})
	h := Exts(ExtZknh)
	register(
		Row{Op: SHA256SUM0, Name: "sha256sum0", Mask: maskF12, Match: 0x10001013, Args: ArgsR2, Exts: h, Class: ClassSHA2},
		Row{Op: SHA256SUM1, Name: "sha256sum1", Mask: maskF12, Match: 0x10101013, Args: ArgsR2, Exts: h, Class: ClassSHA2},
		Row{Op: SHA256SIG0, Name: "sha256sig0", Mask: maskF12, Match: 0x10201013, Args: ArgsR2, Exts: h, Class: ClassSHA2},
		Row{Op: SHA256SIG1, Name: "sha256sig1", Mask: maskF12, Match: 0x10301013, Args: ArgsR2, Exts: h, Class: ClassSHA2},
		Row{Op: SHA512SUM0, Name: "sha512sum0", Mask: maskF12, Match: 0x10401013, Args: ArgsR2, Exts: h, XLEN: 64, Class: ClassSHA2},
		Row{Op: SHA512SUM1, Name: "sha512sum1", Mask: maskF12, Match: 0x10501013, Args: ArgsR2, Exts: h, XLEN: 64, Class: ClassSHA2},
		Row{Op: SHA512SIG0, Name: "sha512sig0", Mask: maskF12, Match: 0x10601013, Args: ArgsR2, Exts: h, XLEN: 64, Class: ClassSHA2},
		Row{Op: SHA512SIG1, Name: "sha512sig1", Mask: maskF12, Match: 0x10701013, Args: ArgsR2, Exts: h, XLEN: 64, Class: ClassSHA2},
		Row{Op: SHA512SUM0R, Name: "sha512sum0r", Mask: maskF7, Match: 0x50000033, Args: ArgsR, Exts: h, XLEN: 32, Class: ClassSHA2},
		Row{Op: SHA512SUM1R, Name: "sha512sum1r", Mask: maskF7, Match: 0x52000033, Args: ArgsR, Exts: h, XLEN: 32, Class: ClassSHA2},
		Row{Op: SHA512SIG0L, Name: "sha512sig0l", Mask: maskF7, Match: 0x54000033, Args: ArgsR, Exts: h, XLEN: 32, Class: ClassSHA2},
		Row{Op: SHA512SIG1L, Name: "sha512sig1l", Mask: maskF7, Match: 0x56000033, Args: ArgsR, Exts: h, XLEN: 32, Class: ClassSHA2},
		Row{Op: SHA512SIG0H, Name: "sha512sig0h", Mask: maskF7, Match: 0x5c000033, Args: ArgsR, Exts: h, XLEN: 32, Class: ClassSHA2},
		Row{Op: SHA512SIG1H, Name: "sha512sig1h", Mask: maskF7, Match: 0x5e000033, Args: ArgsR, Exts: h, XLEN: 32, Class: ClassSHA2},
	)
}
