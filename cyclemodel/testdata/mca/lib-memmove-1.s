# lib: the loop at .LBB1_6 in memmove (clang-19 -O2, rv64gc_zbb_zbc)
.LBB1_6:
	lbu	a4, 0(a1)
	sb	a4, 0(a2)
	addi	a3, a3, 1
	addi	a2, a2, -1
	addi	a1, a1, -1
	bnez	a3, .LBB1_6
