# modes: the loop at .LBB7_9 in CIPHER_ctr_encrypt (clang-19 -O2, rv64gc_zbb_zbc)
.LBB7_9:
	lbu	a0, 0(s3)
	lbu	a1, 0(s0)
	xor	a0, a0, a1
	sb	a0, 0(s7)
	addi	s7, s7, 1
	addi	s0, s0, 1
	addi	s3, s3, 1
	bne	s7, s2, .LBB7_9
