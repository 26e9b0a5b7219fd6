# classic: the loop at .LBB1_1 in memcpy64 (clang-19 -O2, rv64gc_zbb_zbc)
.LBB1_1:
	ld	a3, 0(a1)
	sd	a3, 0(a0)
	addi	a2, a2, -1
	addi	a0, a0, 8
	addi	a1, a1, 8
	bnez	a2, .LBB1_1
