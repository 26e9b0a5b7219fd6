package emu

import (
	"rvsim/isa"
)

// Zbs: single-bit instructions.
func init() {
	defRR(isa.BCLR, execBclr).rv32(execBclr32)
	defRI(isa.BCLRI, execBclri).rv32(execBclri32)
	defRR(isa.BEXT, execBext).rv32(execBext32)
	defRI(isa.BEXTI, execBexti)
	defRR(isa.BINV, execBinv).rv32(execBinv32)
	defRI(isa.BINVI, execBinvi).rv32(execBinvi32)
	defRR(isa.BSET, execBset).rv32(execBset32)
	defRI(isa.BSETI, execBseti).rv32(execBseti32)
}

func execBclr(a, b uint64) uint64 { return a &^ (1 << (b & 63)) }

func execBclr32(a, b uint64) uint64 { return sext32(a &^ (1 << (b & 31))) }

func execBclri(a uint64, imm int64) uint64 { return a &^ (1 << (imm & 63)) }

func execBclri32(a uint64, imm int64) uint64 { return sext32(a &^ (1 << (imm & 31))) }

func execBext(a, b uint64) uint64 { return a >> (b & 63) & 1 }

func execBext32(a, b uint64) uint64 { return a >> (b & 31) & 1 }

func execBexti(a uint64, imm int64) uint64 { return a >> (imm & 63) & 1 }

func execBinv(a, b uint64) uint64 { return a ^ (1 << (b & 63)) }

func execBinv32(a, b uint64) uint64 { return sext32(a ^ (1 << (b & 31))) }

func execBinvi(a uint64, imm int64) uint64 { return a ^ (1 << (imm & 63)) }

func execBinvi32(a uint64, imm int64) uint64 { return sext32(a ^ (1 << (imm & 31))) }

func execBset(a, b uint64) uint64 { return a | (1 << (b & 63)) }

func execBset32(a, b uint64) uint64 { return sext32(a | (1 << (b & 31))) }

func execBseti(a uint64, imm int64) uint64 { return a | (1 << (imm & 63)) }

func execBseti32(a uint64, imm int64) uint64 { return sext32(a | (1 << (imm & 31))) }
