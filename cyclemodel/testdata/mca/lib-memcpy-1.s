# lib: the loop at .LBB0_2 in memcpy (clang-19 -O2, rv64gc_zbb_zbc)
.LBB0_2:
	lbu	a4, 0(a1)
	addi	a1, a1, 1
	addi	a5, a3, 1
	sb	a4, 0(a3)
	mv	a3, a5
	bne	a5, a2, .LBB0_2
