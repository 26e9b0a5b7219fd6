# classic: the loop at .LBB3_1 in memset32 (clang-19 -O2, rv64gc_zbb_zbc)
.LBB3_1:
	sw	a1, 0(a0)
	addi	a2, a2, -1
	addi	a0, a0, 4
	bnez	a2, .LBB3_1
