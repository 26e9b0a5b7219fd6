# classic: the loop at .LBB34_1 in list_walk (clang-19 -O2, rv64gc_zbb_zbc)
.LBB34_1:
	ld	a0, 0(a0)
	addi	a1, a1, -1
	bnez	a1, .LBB34_1
