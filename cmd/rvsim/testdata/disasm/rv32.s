	# RV32 forms for the comparison with llvm-objdump.
	.text
	.globl _start
	.type _start, @function
_start:
	li a0, -1
	lui a1, 0x80000
	addi sp, sp, -16
	sw ra, 12(sp)
	jal helper
	mulh a0, a1, a2
	mulhu a0, a1, a2
	slli a0, a1, 31
	srai a0, a1, 17
	lr.w a0, (a1)
	sc.w.rl a2, a3, (a1)
	amoswap.w a0, a1, (a2)
	csrr a0, cycleh
	rdtimeh a1
	aes32esi a0, a0, a1, 1
	aes32esmi a0, a0, a1, 2
	aes32dsi a0, a0, a1, 3
	aes32dsmi a0, a0, a1, 0
	sha512sig0h a0, a1, a2
	sha512sig0l a0, a1, a2
	sha512sig1h a0, a1, a2
	sha512sig1l a0, a1, a2
	sha512sum0r a0, a1, a2
	sha512sum1r a0, a1, a2
	sm4ed a0, a0, a1, 2
	zip a0, a1
	unzip a0, a1
	rev8 a0, a1
	brev8 a0, a1
	rori a0, a1, 31
	bseti a0, a1, 31
	pack a0, a1, a2
	zext.h a0, a1
	c.jal helper
	c.lw a0, 4(a1)
	c.sw a0, 8(a1)
	c.srai a0, 3
	lw ra, 12(sp)
	addi sp, sp, 16
	ret
	.size _start, .-_start

	.globl helper
	.type helper, @function
helper:
	xori a0, a0, -1
	sltiu a1, a0, 1
	beq a0, a1, helper
	ret
	.size helper, .-helper
