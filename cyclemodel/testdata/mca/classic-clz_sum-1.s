# classic: the loop at .LBB26_1 in clz_sum (clang-19 -O2, rv64gc_zbb_zbc)
.LBB26_1:
	ld	a3, 0(a0)
	ori	a3, a3, 1
	clz	a3, a3
	add	a2, a2, a3
	addi	a1, a1, -1
	addi	a0, a0, 8
	bnez	a1, .LBB26_1
