# classic: the loop at .LBB28_1 in bswap64_buf (clang-19 -O2, rv64gc_zbb_zbc)
.LBB28_1:
	ld	a2, 0(a0)
	rev8	a2, a2
	sd	a2, 0(a0)
	addi	a1, a1, -1
	addi	a0, a0, 8
	bnez	a1, .LBB28_1
