	# Instructions of every kind rvsim disassembles, for the comparison with llvm-objdump.
	.text
	.globl _start
	.type _start, @function
_start:
	li a0, 0x12345
	lui a1, 0xfffff
	auipc a2, 0
	addi sp, sp, -32
	sd ra, 24(sp)
	sw a0, 4(sp)
	lbu a3, 7(sp)
	lh a4, -2(a0)
	lwu a5, 8(a1)
	call helper
	beqz a0, 1f
	bne a0, a1, _start
	bltu a2, a3, helper
	bgez a4, 1f
1:	mul a3, a4, a5
	mulhsu a3, a4, a5
	div a3, a4, a5
	remuw a3, a4, a5
	addw a0, a1, a2
	slliw a0, a1, 31
	sraiw a0, a0, 1
	lr.d a0, (a1)
	sc.d a2, a3, (a1)
	amoadd.w.aqrl a0, a1, (a2)
	amomaxu.d.aq a0, a1, (a2)
	csrr a0, cycle
	csrw mscratch, a1
	csrrs a0, mstatus, a2
	csrrwi a0, 0x7c0, 3
	rdinstret a1
	fence rw, rw
	fence
	fence.i
	ecall
	ebreak
	mret
	wfi
	sm4ed a0, a1, a2, 3
	sm4ks a0, a1, a2, 1
	sm3p0 a0, a1
	sm3p1 a0, a1
	sha256sig0 a0, a1
	sha256sum1 a0, a1
	sha512sig1 a0, a1
	sha512sum0 a0, a1
	aes64es a0, a1, a2
	aes64esm a0, a1, a2
	aes64ds a0, a1, a2
	aes64dsm a0, a1, a2
	aes64ks1i a0, a1, 0xa
	aes64ks2 a0, a1, a2
	aes64im a0, a1
	clmul a0, a1, a2
	clmulh a0, a1, a2
	clmulr a0, a1, a2
	xperm4 a0, a1, a2
	xperm8 a0, a1, a2
	rev8 a0, a1
	brev8 a0, a1
	orc.b a0, a1
	zext.h a0, a1
	zext.w a0, a1
	sext.b a0, a1
	sext.h a0, a1
	rori a0, a1, 13
	roriw a0, a1, 13
	rol a0, a1, a2
	sh1add a0, a1, a2
	sh3add.uw a0, a1, a2
	add.uw a0, a1, a2
	slli.uw a0, a1, 5
	bclri a0, a1, 63
	bseti a0, a1, 1
	binv a0, a1, a2
	bext a0, a1, a2
	andn a0, a1, a2
	orn a0, a1, a2
	xnor a0, a1, a2
	clz a0, a1
	ctzw a0, a1
	cpop a0, a1
	max a0, a1, a2
	minu a0, a1, a2
	pack a0, a1, a2
	packh a0, a1, a2
	packw a0, a1, a2
	prefetch.r 64(a0)
	pause
	ntl.all
	c.nop
	c.addi16sp sp, 32
	c.slli a0, 3
	c.lwsp a1, 12(sp)
	c.sdsp a2, 8(sp)
	c.beqz a0, 2f
	c.mv a0, a1
	c.add a0, a1
	c.and a2, a3
	c.subw a2, a3
2:	c.j 1b
	ld ra, 24(sp)
	addi sp, sp, 32
	ret
	.size _start, .-_start

	.globl helper
	.type helper, @function
helper:
	addi a0, a0, 1
	srai a0, a0, 3
	sext.w a0, a0
	negw a1, a0
	seqz a2, a1
	snez a3, a2
	not a4, a3
	jr a5
	jalr a5
	tail _start
	.size helper, .-helper
