package isa

// Zbc and Zbkc: carry-less multiplication. Zbkc has clmul and clmulh but not clmulr.
func init() {
	declare(ExtZbc, Extension{Name: "zbc", Hwprobe: 1 << 7, LLVM: "zbc", QEMU: "zbc", Implemented: true})
	declare(ExtZbkc, Extension{Name: "zbkc", Hwprobe: 1 << 9, LLVM: "zbkc", QEMU: "zbkc", Implemented: true})
	both := Exts(ExtZbc, ExtZbkc)
	register(
		Row{Op: CLMUL, Name: "clmul", Mask: maskF7, Match: 0x0a001033, Args: ArgsR, Exts: both, Class: ClassClmul},
		Row{Op: CLMULR, Name: "clmulr", Mask: maskF7, Match: 0x0a002033, Args: ArgsR, Exts: Exts(ExtZbc), Class: ClassClmul},
		Row{Op: CLMULH, Name: "clmulh", Mask: maskF7, Match: 0x0a003033, Args: ArgsR, Exts: both, Class: ClassClmul},
	)
}
