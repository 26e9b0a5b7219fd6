# modes: the loop at .LBB4_12 in CIPHER_cfb128_encrypt (clang-19 -O2, rv64gc_zbb_zbc)
.LBB4_12:
	lbu	a0, 0(s2)
	lbu	a1, 0(s1)
	xor	a0, a0, a1
	sb	a0, 0(s1)
	sb	a0, 0(s7)
	addi	s7, s7, 1
	addi	s1, s1, 1
	addi	s2, s2, 1
	bne	s7, s3, .LBB4_12
