# classic: the loop at .LBB38_2 in lcg_fill (clang-19 -O2, rv64gc_zbb_zbc)
.LBB38_2:
	mul	a2, a2, a3
	addw	a2, a2, a4
	sw	a2, 0(a0)
	addi	a1, a1, -1
	addi	a0, a0, 4
	bnez	a1, .LBB38_2
