# classic: the loop at .LBB39_2 in transpose_row (clang-19 -O2, rv64gc_zbb_zbc)
.LBB39_2:
	lw	a4, 0(a1)
	sw	a4, 0(a0)
	addi	a2, a2, -1
	add	a0, a0, a3
	addi	a1, a1, 4
	bnez	a2, .LBB39_2
