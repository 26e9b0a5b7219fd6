package emu

import (
	"rvsim/emu/sem"
	"rvsim/isa"
)

// Zksed: SM4.
func init() {
	defRRI(isa.SM4ED, execSm4ed)
	defRRI(isa.SM4KS, execSm4ks)
}

func execSm4ed(a, b uint64, imm int64) uint64 {
	return sext32(uint64(sem.SM4ED(uint32(a), uint32(b), uint(imm))))
}

func execSm4ks(a, b uint64, imm int64) uint64 {
	return sext32(uint64(sem.SM4KS(uint32(a), uint32(b), uint(imm))))
}
