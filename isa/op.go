package isa

// Op identifies one instruction. Every Op has exactly one Row in the table (some have one row
// per XLEN where the encodings differ); decode, disassembly, execution, the cost model and the
// debugger all key off it. The values are dense so that the interpreter's switch is a jump table.
type Op uint16

const (
	OpInvalid Op = iota // not an instruction (decode failure)

	// RV32I / RV64I
	LUI
	AUIPC
	JAL
	JALR
	BEQ
	BNE
	BLT
	BGE
	BLTU
	BGEU
	LB
	LH
	LW
	LBU
	LHU
	LWU
	LD
	SB
	SH
	SW
	SD
	ADDI
	SLTI
	SLTIU
	XORI
	ORI
	ANDI
	SLLI
	SRLI
	SRAI
	ADD
	SUB
	SLL
	SLT
	SLTU
	XOR
	SRL
	SRA
	OR
	AND
	ADDIW
	SLLIW
	SRLIW
	SRAIW
	ADDW
	SUBW
	SLLW
	SRLW
	SRAW
	FENCE
	ECALL
	EBREAK

	// Zifencei, Zicsr
	FENCE_I
	CSRRW
	CSRRS
	CSRRC
	CSRRWI
	CSRRSI
	CSRRCI

	// Machine-mode instructions
	MRET
	SRET
	WFI
	SFENCE_VMA

	// M
	MUL
	MULH
	MULHSU
	MULHU
	DIV
	DIVU
	REM
	REMU
	MULW
	DIVW
	DIVUW
	REMW
	REMUW

	// A
	LR_W
	SC_W
	AMOSWAP_W
	AMOADD_W
	AMOXOR_W
	AMOAND_W
	AMOOR_W
	AMOMIN_W
	AMOMAX_W
	AMOMINU_W
	AMOMAXU_W
	LR_D
	SC_D
	AMOSWAP_D
	AMOADD_D
	AMOXOR_D
	AMOAND_D
	AMOOR_D
	AMOMIN_D
	AMOMAX_D
	AMOMINU_D
	AMOMAXU_D

	// Zba
	SH1ADD
	SH2ADD
	SH3ADD
	ADD_UW
	SH1ADD_UW
	SH2ADD_UW
	SH3ADD_UW
	SLLI_UW

	// Zbb (and the parts Zbkb shares)
	ANDN
	ORN
	XNOR
	CLZ
	CTZ
	CPOP
	CLZW
	CTZW
	CPOPW
	MAX
	MAXU
	MIN
	MINU
	SEXT_B
	SEXT_H
	ZEXT_H
	ROL
	ROR
	RORI
	ROLW
	RORW
	RORIW
	ORC_B
	REV8

	// Zbc, Zbkc
	CLMUL
	CLMULH
	CLMULR

	// Zbs
	BCLR
	BCLRI
	BEXT
	BEXTI
	BINV
	BINVI
	BSET
	BSETI

	// Zbkb
	PACK
	PACKH
	PACKW
	BREV8
	ZIP
	UNZIP

	// Zbkx
	XPERM4
	XPERM8

	// Zkne, Zknd
	AES32ESI
	AES32ESMI
	AES32DSI
	AES32DSMI
	AES64ES
	AES64ESM
	AES64DS
	AES64DSM
	AES64KS1I
	AES64KS2
	AES64IM

	// Zknh
	SHA256SIG0
	SHA256SIG1
	SHA256SUM0
	SHA256SUM1
	SHA512SIG0H
	SHA512SIG0L
	SHA512SIG1H
	SHA512SIG1L
	SHA512SUM0R
	SHA512SUM1R
	SHA512SIG0
	SHA512SIG1
	SHA512SUM0
	SHA512SUM1

	// Zksed, Zksh
	SM4ED
	SM4KS
	SM3P0
	SM3P1

	// FP stands for every F and D instruction: recognised (so that the message says "not
	// implemented" rather than "illegal"), not executed.
	FP

	NumOps
)
