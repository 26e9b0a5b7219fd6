package emu

import (
	"math/bits"

	"rvsim/emu/sem"
	"rvsim/isa"
)

// Zbb (and the part Zbkb shares): basic bit manipulation.
func init() {
	defRR(isa.ANDN, execAndn)
	defRR(isa.ORN, execOrn)
	defRR(isa.XNOR, execXnor)
	defR(isa.CPOP, execCpop).rv32(execCpopw)
	defR(isa.CPOPW, execCpopw)
	defR(isa.CLZ, execClz).rv32(execClzw)
	defR(isa.CTZ, execCtz).rv32(execCtzw)
	defR(isa.CLZW, execClzw)
	defR(isa.CTZW, execCtzw)
	defRR(isa.MAX, execMax)
	defRR(isa.MAXU, execMaxu)
	defRR(isa.MIN, execMin)
	defRR(isa.MINU, execMinu)
	defR(isa.SEXT_B, execSextB)
	defR(isa.SEXT_H, execSextH)
	defR(isa.ZEXT_H, execZextH)
	defRR(isa.ROL, execRol).rv32(execRolw)
	defRR(isa.ROR, execRor).rv32(execRorw)
	defRI(isa.RORI, execRori).rv32(execRoriw)
	defRR(isa.ROLW, execRolw)
	defRR(isa.RORW, execRorw)
	defRI(isa.RORIW, execRoriw)
	defR(isa.ORC_B, execOrcB).rv32(execOrcB32)
	defR(isa.REV8, execRev8).rv32(execRev832)
}

func execAndn(a, b uint64) uint64 { return a &^ b }

func execOrn(a, b uint64) uint64 { return a | ^b }

func execXnor(a, b uint64) uint64 { return ^(a ^ b) }

func execCpop(a uint64) uint64 { return uint64(bits.OnesCount64(a)) }

func execCpopw(a uint64) uint64 { return uint64(bits.OnesCount32(uint32(a))) }

func execClz(a uint64) uint64 { return uint64(bits.LeadingZeros64(a)) }

func execCtz(a uint64) uint64 { return uint64(bits.TrailingZeros64(a)) }

func execClzw(a uint64) uint64 { return uint64(bits.LeadingZeros32(uint32(a))) }

func execCtzw(a uint64) uint64 { return uint64(bits.TrailingZeros32(uint32(a))) }

func execMax(a, b uint64) uint64 { return uint64(max(int64(a), int64(b))) }

func execMaxu(a, b uint64) uint64 { return max(a, b) }

func execMin(a, b uint64) uint64 { return uint64(min(int64(a), int64(b))) }

func execMinu(a, b uint64) uint64 { return min(a, b) }

func execSextB(a uint64) uint64 { return uint64(int64(int8(a))) }

func execSextH(a uint64) uint64 { return uint64(int64(int16(a))) }

func execZextH(a uint64) uint64 { return uint64(uint16(a)) }

func execRol(a, b uint64) uint64 { return bits.RotateLeft64(a, int(b&63)) }

func execRor(a, b uint64) uint64 { return bits.RotateLeft64(a, -int(b&63)) }

func execRori(a uint64, imm int64) uint64 { return bits.RotateLeft64(a, -int(imm&63)) }

func execRolw(a, b uint64) uint64 { return sext32(uint64(bits.RotateLeft32(uint32(a), int(b&31)))) }

func execRorw(a, b uint64) uint64 { return sext32(uint64(bits.RotateLeft32(uint32(a), -int(b&31)))) }

func execRoriw(a uint64, imm int64) uint64 {
	return sext32(uint64(bits.RotateLeft32(uint32(a), -int(imm&31))))
}

func execOrcB(a uint64) uint64 { return sem.OrcB(a) }

func execOrcB32(a uint64) uint64 { return sext32(sem.OrcB(a)) }

func execRev8(a uint64) uint64 { return bits.ReverseBytes64(a) }

func execRev832(a uint64) uint64 { return sext32(uint64(bits.ReverseBytes32(uint32(a)))) }
