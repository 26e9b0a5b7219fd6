package emu

import (
	"rvsim/emu/sem"
	"rvsim/isa"
)

// Zbkb: bit manipulation for cryptography.
func init() {
	defR(isa.BREV8, execBrev8).rv32(execBrev832)
	defRR(isa.PACK, execPack).rv32(execPackw)
	defRR(isa.PACKH, execPackh)
	defRR(isa.PACKW, execPackw)
	defR(isa.ZIP, execZip)
	defR(isa.UNZIP, execUnzip)
}

func execBrev8(a uint64) uint64 { return sem.Brev8(a) }

func execBrev832(a uint64) uint64 { return sext32(sem.Brev8(a)) }

func execPack(a, b uint64) uint64 { return sem.Pack64(a, b) }

func execPackh(a, b uint64) uint64 { return sem.Packh(a, b) }

func execPackw(a, b uint64) uint64 { return sem.Packw(a, b) }

func execZip(a uint64) uint64 { return sext32(uint64(sem.Zip32(uint32(a)))) }

func execUnzip(a uint64) uint64 { return sext32(uint64(sem.Unzip32(uint32(a)))) }
