package softfloat_test

import (
	"fmt"

	"rvsim/emu/softfloat"
)

// An interpreter executes fadd.d with the rounding mode from the
// instruction (or frm) and ORs the flags into fflags.
func ExampleF64Add() {
	var fflags softfloat.Flags
	one, tiny := uint64(0x3ff0000000000000), uint64(0x3c90000000000000) // 1, 2^-54
	r, fl := softfloat.F64Add(one, tiny, softfloat.RNE)
	fflags |= fl
	fmt.Printf("RNE: %#x %v\n", r, fl)
	r, fl = softfloat.F64Add(one, tiny, softfloat.RUP)
	fflags |= fl
	fmt.Printf("RUP: %#x %v\n", r, fl)
	fmt.Printf("fflags %v (%#x)\n", fflags, uint8(fflags))
	// Output:
	// RNE: 0x3ff0000000000000 NX
	// RUP: 0x3ff0000000000001 NX
	// fflags NX (0x1)
}

// fcvt.wu.s saturates: a negative value that rounds to zero gives 0 with
// only NX, anything below that 0 with NV.
func ExampleF32ToU32() {
	minusHalf, minusOne := uint32(0xbf000000), uint32(0xbf800000)
	r, fl := softfloat.F32ToU32(minusHalf, softfloat.RTZ)
	fmt.Println(r, fl)
	r, fl = softfloat.F32ToU32(minusOne, softfloat.RTZ)
	fmt.Println(r, fl)
	// Output:
	// 0 NX
	// 0 NV
}
