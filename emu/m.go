package emu

import (
	"math/bits"

	"rvsim/isa"
)

// M: multiplication and division (unprivileged spec, "M" Standard Extension). Division by zero
// and overflow give the values the spec tabulates, not traps.
func init() {
	defRR(isa.MUL, execMul).rv32(execMulw)
	defRR(isa.MULH, execMulh).rv32(execMulh32)
	defRR(isa.MULHU, execMulhu).rv32(execMulhu32)
	defRR(isa.MULHSU, execMulhsu).rv32(execMulhsu32)
	defRR(isa.DIV, execDiv).rv32(execDivw)
	defRR(isa.DIVU, execDivu).rv32(execDivuw)
	defRR(isa.REM, execRem).rv32(execRemw)
	defRR(isa.REMU, execRemu).rv32(execRemuw)
	defRR(isa.MULW, execMulw)
	defRR(isa.DIVW, execDivw)
	defRR(isa.DIVUW, execDivuw)
	defRR(isa.REMW, execRemw)
	defRR(isa.REMUW, execRemuw)
}

func execMul(a, b uint64) uint64 { return a * b }

func execMulh(a, b uint64) uint64 {
	hi, _ := mulhs(int64(a), int64(b))
	return hi
}

func execMulh32(a, b uint64) uint64 { return sext32(uint64(int64(int32(a))*int64(int32(b))) >> 32) }

func execMulhu(a, b uint64) uint64 {
	hi, _ := bits.Mul64(a, b)
	return hi
}

func execMulhu32(a, b uint64) uint64 { return sext32(uint64(uint32(a)) * uint64(uint32(b)) >> 32) }

func execMulhsu(a, b uint64) uint64 { return mulhsu(int64(a), b) }

func execMulhsu32(a, b uint64) uint64 { return sext32(uint64(int64(int32(a))*int64(uint32(b))) >> 32) }

func execDiv(a, b uint64) uint64 { return uint64(div64(int64(a), int64(b))) }

func execDivu(a, b uint64) uint64 { return divu64(a, b) }

func execRem(a, b uint64) uint64 { return uint64(rem64(int64(a), int64(b))) }

func execRemu(a, b uint64) uint64 { return remu64(a, b) }

func execMulw(a, b uint64) uint64 { return sext32(a * b) }

func execDivw(a, b uint64) uint64 { return uint64(int64(div32(int32(a), int32(b)))) }

func execDivuw(a, b uint64) uint64 { return sext32(uint64(divu32(uint32(a), uint32(b)))) }

func execRemw(a, b uint64) uint64 { return uint64(int64(rem32(int32(a), int32(b)))) }

func execRemuw(a, b uint64) uint64 { return sext32(uint64(remu32(uint32(a), uint32(b)))) }
