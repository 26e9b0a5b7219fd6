# modes: the loop at .LBB11_4 in CIPHER_ccm_init (clang-19 -O2, rv64gc_zbb_zbc)
.LBB11_4:
	lbu	a0, 0(a2)
	sb	a0, 0(a5)
	addi	a5, a5, 1
	addi	a2, a2, 1
	bne	a5, a3, .LBB11_4
