package isa

// Zbc and Zbkc: carry-less multiplication. Zbkc has clmul and clmulh but not clmulr.
func init() {
	both := Exts(ExtZbc, ExtZbkc)
	register(
		Row{CLMUL, "clmul", maskF7, 0x0a001033, ArgsR, both, 0, ClassClmul, 0},
		Row{CLMULR, "clmulr", maskF7, 0x0a002033, ArgsR, Exts(ExtZbc), 0, ClassClmul, 0},
		Row{CLMULH, "clmulh", maskF7, 0x0a003033, ArgsR, both, 0, ClassClmul, 0},
	)
}
