# modes: the loop at .LBB5_12 in CIPHER_cfb128_decrypt (clang-19 -O2, rv64gc_zbb_zbc)
.LBB5_12:
	lbu	a0, 0(s2)
	lbu	a1, 0(s0)
	xor	a1, a1, a0
	sb	a1, 0(s5)
	sb	a0, 0(s1)
	addi	s1, s1, 1
	addi	s5, s5, 1
	addi	s0, s0, 1
	addi	s2, s2, 1
	bne	s1, s3, .LBB5_12
