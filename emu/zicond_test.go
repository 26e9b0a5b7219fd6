package emu_test

import "rvsim/isa"

// Zicond's values, from the specification ("czero.eqz: if rs2 is zero, rd is zero, else
// rs1"; czero.nez the other way round), for the differential test: QEMU 7.2 lacks Zicond.
func init() {
	dtSpec[isa.CZERO_EQZ] = func(a []uint64, _ int64) uint64 {
		if a[1] == 0 {
			return 0
		}
		return a[0]
	}
	dtSpec[isa.CZERO_NEZ] = func(a []uint64, _ int64) uint64 {
		if a[1] != 0 {
			return 0
		}
		return a[0]
	}
}
