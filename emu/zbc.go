package emu

import (
	"rvsim/emu/sem"
	"rvsim/isa"
)

// Zbc and Zbkc: carry-less multiplication.
func init() {
	defRR(isa.CLMUL, execClmul).rv32(execClmul32)
	defRR(isa.CLMULH, execClmulh).rv32(execClmulh32)
	defRR(isa.CLMULR, execClmulr).rv32(execClmulr32)
}

func execClmul(a, b uint64) uint64  { return sem.Clmul64(a, b) }
func execClmulh(a, b uint64) uint64 { return sem.Clmulh64(a, b) }
func execClmulr(a, b uint64) uint64 { return sem.Clmulr64(a, b) }

func execClmul32(a, b uint64) uint64  { return sext32(uint64(sem.Clmul32(uint32(a), uint32(b)))) }
func execClmulh32(a, b uint64) uint64 { return sext32(uint64(sem.Clmulh32(uint32(a), uint32(b)))) }
func execClmulr32(a, b uint64) uint64 { return sext32(uint64(sem.Clmulr32(uint32(a), uint32(b)))) }
