package emu

import (
	"rvsim/isa"
)

// Zba: address generation.
func init() {
	defRR(isa.SH1ADD, execSh1add).rv32(execSh1add32)
	defRR(isa.SH2ADD, execSh2add).rv32(execSh2add32)
	defRR(isa.SH3ADD, execSh3add).rv32(execSh3add32)
	defRR(isa.ADD_UW, execAddUw)
	defRR(isa.SH1ADD_UW, execSh1addUw)
	defRR(isa.SH2ADD_UW, execSh2addUw)
	defRR(isa.SH3ADD_UW, execSh3addUw)
	defRI(isa.SLLI_UW, execSlliUw)
}

func execSh1add(a, b uint64) uint64 { return a<<1 + b }

func execSh1add32(a, b uint64) uint64 { return sext32(a<<1 + b) }

func execSh2add(a, b uint64) uint64 { return a<<2 + b }

func execSh2add32(a, b uint64) uint64 { return sext32(a<<2 + b) }

func execSh3add(a, b uint64) uint64 { return a<<3 + b }

func execSh3add32(a, b uint64) uint64 { return sext32(a<<3 + b) }

func execAddUw(a, b uint64) uint64 { return uint64(uint32(a)) + b }

func execSh1addUw(a, b uint64) uint64 { return uint64(uint32(a))<<1 + b }

func execSh2addUw(a, b uint64) uint64 { return uint64(uint32(a))<<2 + b }

func execSh3addUw(a, b uint64) uint64 { return uint64(uint32(a))<<3 + b }

func execSlliUw(a uint64, imm int64) uint64 { return uint64(uint32(a)) << (imm & 63) }
