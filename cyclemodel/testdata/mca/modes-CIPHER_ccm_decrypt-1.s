# modes: the loop at .LBB15_4 in CIPHER_ccm_decrypt (clang-19 -O2, rv64gc_zbb_zbc)
.LBB15_4:
	lbu	a2, 0(s7)
	lbu	a3, 0(s1)
	lbu	a4, 0(s0)
	xor	a2, a2, a3
	xor	a2, a2, a4
	or	a0, a0, a2
	addi	s7, s7, 1
	addi	s1, s1, 1
	addi	s0, s0, 1
	bne	s7, a1, .LBB15_4
