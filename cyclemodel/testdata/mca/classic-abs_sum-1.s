# classic: the loop at .LBB42_1 in abs_sum (clang-19 -O2, rv64gc_zbb_zbc)
.LBB42_1:
	ld	a3, 0(a0)
	neg	a4, a3
	max	a3, a3, a4
	add	a2, a2, a3
	addi	a1, a1, -1
	addi	a0, a0, 8
	bnez	a1, .LBB42_1
