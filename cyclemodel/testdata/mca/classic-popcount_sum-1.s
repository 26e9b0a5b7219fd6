# classic: the loop at .LBB25_1 in popcount_sum (clang-19 -O2, rv64gc_zbb_zbc)
.LBB25_1:
	ld	a3, 0(a0)
	cpop	a3, a3
	add	a2, a2, a3
	addi	a1, a1, -1
	addi	a0, a0, 8
	bnez	a1, .LBB25_1
