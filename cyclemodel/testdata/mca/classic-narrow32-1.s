# classic: the loop at .LBB41_2 in narrow32 (clang-19 -O2, rv64gc_zbb_zbc)
.LBB41_2:
	lbu	a3, 0(a1)
	sb	a3, 0(a0)
	addi	a0, a0, 1
	addi	a1, a1, 4
	bne	a0, a2, .LBB41_2
