# classic: the loop at .LBB36_1 in div_sum (clang-19 -O2, rv64gc_zbb_zbc)
.LBB36_1:
	ld	a4, 0(a0)
	divu	a4, a4, a2
	add	a3, a3, a4
	addi	a1, a1, -1
	addi	a0, a0, 8
	bnez	a1, .LBB36_1
