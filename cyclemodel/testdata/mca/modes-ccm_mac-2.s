# modes: the loop at .LBB13_32 in ccm_mac (clang-19 -O2, rv64gc_zbb_zbc)
.LBB13_32:
	lbu	a1, 0(s4)
	lbu	a2, 0(a0)
	xor	a1, a1, a2
	sb	a1, 0(a0)
	addi	a0, a0, 1
	addi	s4, s4, 1
	bne	a0, s8, .LBB13_32
