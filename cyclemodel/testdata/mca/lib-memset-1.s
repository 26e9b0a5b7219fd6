# lib: the loop at .LBB2_2 in memset (clang-19 -O2, rv64gc_zbb_zbc)
.LBB2_2:
	addi	a4, a3, 1
	sb	a1, 0(a3)
	mv	a3, a4
	bne	a4, a2, .LBB2_2
