# classic: the loop at .LBB2_1 in memset64 (clang-19 -O2, rv64gc_zbb_zbc)
.LBB2_1:
	sd	a1, 0(a0)
	addi	a2, a2, -1
	addi	a0, a0, 8
	bnez	a2, .LBB2_1
