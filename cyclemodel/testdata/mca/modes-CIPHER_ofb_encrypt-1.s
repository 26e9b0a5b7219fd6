# modes: the loop at .LBB6_9 in CIPHER_ofb_encrypt (clang-19 -O2, rv64gc_zbb_zbc)
.LBB6_9:
	lbu	a0, 0(s2)
	lbu	a1, 0(s1)
	xor	a0, a0, a1
	sb	a0, 0(s5)
	addi	s5, s5, 1
	addi	s1, s1, 1
	addi	s2, s2, 1
	bne	s5, s3, .LBB6_9
