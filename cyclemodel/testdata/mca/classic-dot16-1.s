# classic: the loop at .LBB6_1 in dot16 (clang-19 -O2, rv64gc_zbb_zbc)
.LBB6_1:
	lh	a4, 0(a0)
	lh	a5, 0(a1)
	mul	a4, a5, a4
	addw	a3, a3, a4
	addi	a2, a2, -1
	addi	a1, a1, 2
	addi	a0, a0, 2
	bnez	a2, .LBB6_1
