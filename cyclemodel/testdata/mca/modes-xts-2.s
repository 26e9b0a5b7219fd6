# modes: the loop at .LBB9_71 in xts (clang-19 -O2, rv64gc_zbb_zbc)
.LBB9_71:
	lbu	a1, 0(s1)
	sb	a1, 0(a0)
	addi	a0, a0, 1
	addi	s1, s1, 1
	bne	a0, s4, .LBB9_71
