package emu

import (
	"rvsim/emu/sem"
	"rvsim/isa"
)

// Zksh: SM3.
func init() {
	defR(isa.SM3P0, execSm3p0)
	defR(isa.SM3P1, execSm3p1)
}

func execSm3p0(a uint64) uint64 { return sext32(uint64(sem.SM3P0(uint32(a)))) }

func execSm3p1(a uint64) uint64 { return sext32(uint64(sem.SM3P1(uint32(a)))) }
