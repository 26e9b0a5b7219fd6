package emu

import (
	"rvsim/emu/sem"
	"rvsim/isa"
)

// Zknh: SHA-256 and SHA-512 sigma and sum functions.
func init() {
	defR(isa.SHA256SIG0, execSha256sig0)
	defR(isa.SHA256SIG1, execSha256sig1)
	defR(isa.SHA256SUM0, execSha256sum0)
	defR(isa.SHA256SUM1, execSha256sum1)
	defR(isa.SHA512SIG0, execSha512sig0)
	defR(isa.SHA512SIG1, execSha512sig1)
	defR(isa.SHA512SUM0, execSha512sum0)
	defR(isa.SHA512SUM1, execSha512sum1)
	defRR(isa.SHA512SIG0H, execSha512sig0h)
	defRR(isa.SHA512SIG0L, execSha512sig0l)
	defRR(isa.SHA512SIG1H, execSha512sig1h)
	defRR(isa.SHA512SIG1L, execSha512sig1l)
	defRR(isa.SHA512SUM0R, execSha512sum0r)
	defRR(isa.SHA512SUM1R, execSha512sum1r)
}

func execSha256sig0(a uint64) uint64 { return sext32(uint64(sem.SHA256Sig0(uint32(a)))) }

func execSha256sig1(a uint64) uint64 { return sext32(uint64(sem.SHA256Sig1(uint32(a)))) }

func execSha256sum0(a uint64) uint64 { return sext32(uint64(sem.SHA256Sum0(uint32(a)))) }

func execSha256sum1(a uint64) uint64 { return sext32(uint64(sem.SHA256Sum1(uint32(a)))) }

func execSha512sig0(a uint64) uint64 { return sem.SHA512Sig0(a) }

func execSha512sig1(a uint64) uint64 { return sem.SHA512Sig1(a) }

func execSha512sum0(a uint64) uint64 { return sem.SHA512Sum0(a) }

func execSha512sum1(a uint64) uint64 { return sem.SHA512Sum1(a) }

func execSha512sig0h(a, b uint64) uint64 {
	return sext32(uint64(sem.SHA512Sig0H(uint32(a), uint32(b))))
}

func execSha512sig0l(a, b uint64) uint64 {
	return sext32(uint64(sem.SHA512Sig0L(uint32(a), uint32(b))))
}

func execSha512sig1h(a, b uint64) uint64 {
	return sext32(uint64(sem.SHA512Sig1H(uint32(a), uint32(b))))
}

func execSha512sig1l(a, b uint64) uint64 {
	return sext32(uint64(sem.SHA512Sig1L(uint32(a), uint32(b))))
}

func execSha512sum0r(a, b uint64) uint64 {
	return sext32(uint64(sem.SHA512Sum0R(uint32(a), uint32(b))))
}

func execSha512sum1r(a, b uint64) uint64 {
	return sext32(uint64(sem.SHA512Sum1R(uint32(a), uint32(b))))
}
