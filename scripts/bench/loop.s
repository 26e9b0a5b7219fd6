# The interpreter benchmark: a 10-instruction loop (6 ALU ops, 2 sm4ed, addi, bnez) that
# retires 10 instructions per iteration; a0 holds the iteration count. It mimics the shape
# of an SM4 round loop. The result is folded into the exit status so no work is dead.
	.option arch, +zksed
	.globl _start
_start:
	li	s0, ITERS
	li	a0, 0x01234567
	li	a1, 0x89abcdef
	li	a2, 7
1:
	add	a3, a0, a1
	xor	a0, a0, a3
	sm4ed	a0, a0, a1, 1
	slli	a4, a3, 3
	sub	a1, a1, a4
	sm4ed	a1, a1, a0, 2
	srli	a5, a0, 5
	xor	a2, a2, a5
	addi	s0, s0, -1
	bnez	s0, 1b
	andi	a0, a2, 0x7f
	li	a7, 93
	ecall
