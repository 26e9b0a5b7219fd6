package isa

// Zicond: integer conditional operations (unprivileged spec, "Zicond" Extension for Integer
// Conditional Operations, 1.0). QEMU 7.2 does not have it.
func init() {
	z := Exts(declare(ExtZicond, Extension{Name: "zicond", Hwprobe: 1 << 35, LLVM: "zicond", Implemented: true}))
	register(
		Row{Op: CZERO_EQZ, Name: "czero.eqz", Mask: maskF7, Match: 0x0e005033, Args: ArgsR, Exts: z, Class: ClassALU},
		Row{Op: CZERO_NEZ, Name: "czero.nez", Mask: maskF7, Match: 0x0e007033, Args: ArgsR, Exts: z, Class: ClassALU},
	)
}
