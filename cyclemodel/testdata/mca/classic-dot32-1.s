# classic: the loop at .LBB5_1 in dot32 (clang-19 -O2, rv64gc_zbb_zbc)
.LBB5_1:
	lw	a4, 0(a0)
	lw	a5, 0(a1)
	mul	a4, a5, a4
	addw	a3, a3, a4
	addi	a2, a2, -1
	addi	a1, a1, 4
	addi	a0, a0, 4
	bnez	a2, .LBB5_1
