# modes: the loop at .LBB12_3 in CIPHER_ccm_encrypt (clang-19 -O2, rv64gc_zbb_zbc)
.LBB12_3:
	lbu	a2, 0(a1)
	lbu	a3, 0(s1)
	xor	a2, a2, a3
	sb	a2, 0(s0)
	lwu	a2, 12(s5)
	addi	a0, a0, 1
	addi	a1, a1, 1
	addi	s1, s1, 1
	addi	s0, s0, 1
	bltu	a0, a2, .LBB12_3
