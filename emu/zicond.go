package emu

import "rvsim/isa"

// Zicond: rd is rs1, or zero, as rs2 is zero or not. The same bits at both XLENs.
func init() {
	defRR(isa.CZERO_EQZ, execCzeroEqz)
	defRR(isa.CZERO_NEZ, execCzeroNez)
}

func execCzeroEqz(a, b uint64) uint64 {
	if b == 0 {
		return 0
	}
	return a
}

func execCzeroNez(a, b uint64) uint64 {
	if b != 0 {
		return 0
	}
	return a
}
