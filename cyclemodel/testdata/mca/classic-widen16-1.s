# classic: the loop at .LBB40_1 in widen16 (clang-19 -O2, rv64gc_zbb_zbc)
.LBB40_1:
	lhu	a3, 0(a1)
	sw	a3, 0(a0)
	addi	a2, a2, -1
	addi	a0, a0, 4
	addi	a1, a1, 2
	bnez	a2, .LBB40_1
