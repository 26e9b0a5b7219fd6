package emu

import (
	"rvsim/isa"
)

// RV32I/RV64I: the register-immediate and register-register computations (loads, stores,
// jumps and branches are the loop's own, in exec.go).
func init() {
	defRI(isa.ADDI, execAddi).rv32(execAddiw)
	defRI(isa.SLTI, execSlti)
	defRI(isa.SLTIU, execSltiu)
	defRI(isa.XORI, execXori)
	defRI(isa.ORI, execOri)
	defRI(isa.ANDI, execAndi)
	defRI(isa.SLLI, execSlli).rv32(execSlliw)
	defRI(isa.SRLI, execSrli).rv32(execSrliw)
	defRI(isa.SRAI, execSrai).rv32(execSraiw)
	defRR(isa.ADD, execAdd).rv32(execAddw)
	defRR(isa.SUB, execSub).rv32(execSubw)
	defRR(isa.SLL, execSll).rv32(execSllw)
	defRR(isa.SLT, execSlt)
	defRR(isa.SLTU, execSltu)
	defRR(isa.XOR, execXor)
	defRR(isa.SRL, execSrl).rv32(execSrlw)
	defRR(isa.SRA, execSra).rv32(execSraw)
	defRR(isa.OR, execOr)
	defRR(isa.AND, execAnd)
	defRI(isa.ADDIW, execAddiw)
	defRI(isa.SLLIW, execSlliw)
	defRI(isa.SRLIW, execSrliw)
	defRI(isa.SRAIW, execSraiw)
	defRR(isa.ADDW, execAddw)
	defRR(isa.SUBW, execSubw)
	defRR(isa.SLLW, execSllw)
	defRR(isa.SRLW, execSrlw)
	defRR(isa.SRAW, execSraw)
}

func execAddi(a uint64, imm int64) uint64 { return a + uint64(imm) }

func execSlti(a uint64, imm int64) uint64 { return b2u(int64(a) < imm) }

func execSltiu(a uint64, imm int64) uint64 { return b2u(a < uint64(imm)) }

func execXori(a uint64, imm int64) uint64 { return a ^ uint64(imm) }

func execOri(a uint64, imm int64) uint64 { return a | uint64(imm) }

func execAndi(a uint64, imm int64) uint64 { return a & uint64(imm) }

func execSlli(a uint64, imm int64) uint64 { return a << (imm & 63) }

func execSrli(a uint64, imm int64) uint64 { return a >> (imm & 63) }

func execSrai(a uint64, imm int64) uint64 { return uint64(int64(a) >> (imm & 63)) }

func execAdd(a, b uint64) uint64 { return a + b }

func execSub(a, b uint64) uint64 { return a - b }

func execSll(a, b uint64) uint64 { return a << (b & 63) }

func execSlt(a, b uint64) uint64 { return b2u(int64(a) < int64(b)) }

func execSltu(a, b uint64) uint64 { return b2u(a < b) }

func execXor(a, b uint64) uint64 { return a ^ b }

func execSrl(a, b uint64) uint64 { return a >> (b & 63) }

func execSra(a, b uint64) uint64 { return uint64(int64(a) >> (b & 63)) }

func execOr(a, b uint64) uint64 { return a | b }

func execAnd(a, b uint64) uint64 { return a & b }

func execAddiw(a uint64, imm int64) uint64 { return sext32(a + uint64(imm)) }

func execSlliw(a uint64, imm int64) uint64 { return sext32(a << (imm & 31)) }

func execSrliw(a uint64, imm int64) uint64 { return sext32(uint64(uint32(a) >> (imm & 31))) }

func execSraiw(a uint64, imm int64) uint64 { return uint64(int64(int32(a) >> (imm & 31))) }

func execAddw(a, b uint64) uint64 { return sext32(a + b) }

func execSubw(a, b uint64) uint64 { return sext32(a - b) }

func execSllw(a, b uint64) uint64 { return sext32(a << (b & 31)) }

func execSrlw(a, b uint64) uint64 { return sext32(uint64(uint32(a) >> (b & 31))) }

func execSraw(a, b uint64) uint64 { return uint64(int64(int32(a) >> (b & 31))) }
