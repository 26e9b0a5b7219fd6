# classic: the loop at .LBB16_2 in bubble_minmax (clang-19 -O2, rv64gc_zbb_zbc)
.LBB16_2:
	ld	a3, 0(a0)
	min	a4, a2, a3
	sd	a4, -8(a0)
	max	a2, a2, a3
	sd	a2, 0(a0)
	addi	a1, a1, -1
	addi	a0, a0, 8
	bnez	a1, .LBB16_2
