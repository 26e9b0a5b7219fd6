package emu

import (
	"rvsim/emu/sem"
	"rvsim/isa"
)

// Zbkx: crossbar permutations.
func init() {
	defRR(isa.XPERM4, execXperm4).rv32(execXperm432)
	defRR(isa.XPERM8, execXperm8).rv32(execXperm832)
}

func execXperm4(a, b uint64) uint64 { return sem.Xperm4_64(a, b) }

func execXperm432(a, b uint64) uint64 { return sext32(uint64(sem.Xperm4_32(uint32(a), uint32(b)))) }

func execXperm8(a, b uint64) uint64 { return sem.Xperm8_64(a, b) }

func execXperm832(a, b uint64) uint64 { return sext32(uint64(sem.Xperm8_32(uint32(a), uint32(b)))) }
