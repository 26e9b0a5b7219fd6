package emu

import (
	"rvsim/emu/sem"
	"rvsim/isa"
)

// Zkne, Zknd: AES (scalar crypto spec); the rounds are emu/sem's.
func init() {
	defRR(isa.AES64ESM, execAes64esm)
	defRR(isa.AES64DSM, execAes64dsm)
	defRIOK(isa.AES64KS1I, execAes64ks1i)
	defR(isa.AES64IM, execAes64im)
	defRRI(isa.AES32ESI, execAes32esi)
	defRRI(isa.AES32ESMI, execAes32esmi)
	defRRI(isa.AES32DSI, execAes32dsi)
	defRRI(isa.AES32DSMI, execAes32dsmi)
	defRR(isa.AES64ES, execAes64es)
	defRR(isa.AES64DS, execAes64ds)
	defRR(isa.AES64KS2, execAes64ks2)
}

func execAes32esi(a, b uint64, imm int64) uint64 {
	return sext32(uint64(sem.AES32ESI(uint32(a), uint32(b), uint(imm))))
}

func execAes32esmi(a, b uint64, imm int64) uint64 {
	return sext32(uint64(sem.AES32ESMI(uint32(a), uint32(b), uint(imm))))
}

func execAes32dsi(a, b uint64, imm int64) uint64 {
	return sext32(uint64(sem.AES32DSI(uint32(a), uint32(b), uint(imm))))
}

func execAes32dsmi(a, b uint64, imm int64) uint64 {
	return sext32(uint64(sem.AES32DSMI(uint32(a), uint32(b), uint(imm))))
}

func execAes64es(a, b uint64) uint64 { return sem.AES64ES(a, b) }

func execAes64ds(a, b uint64) uint64 { return sem.AES64DS(a, b) }

func execAes64ks2(a, b uint64) uint64 { return sem.AES64KS2(a, b) }

// The middle rounds are computed in two 32-bit halves, which keeps each half small enough
// for the compiler to inline.
func execAes64esm(a, b uint64) uint64 {
	return uint64(sem.AES64ESMLo(a, b)) | uint64(sem.AES64ESMHi(a, b))<<32
}

func execAes64dsm(a, b uint64) uint64 {
	return uint64(sem.AES64DSMLo(a, b)) | uint64(sem.AES64DSMHi(a, b))<<32
}

// execAes64ks1i reports false for rnum > 0xa, which the spec reserves.
func execAes64ks1i(a uint64, rnum int64) (uint64, bool) { return sem.AES64KS1I(a, uint(rnum)) }

func execAes64im(a uint64) uint64 { return sem.AES64IM(a) }
