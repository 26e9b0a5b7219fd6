# modes: the loop at .LBB9_69 in xts (clang-19 -O2, rv64gc_zbb_zbc)
.LBB9_69:
	lbu	a2, 0(s1)
	sb	a2, 0(a0)
	addi	a0, a0, 1
	addi	s1, s1, 1
	bne	a0, a1, .LBB9_69
