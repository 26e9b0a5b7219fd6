# classic: the loop at .LBB24_2 in max64 (clang-19 -O2, rv64gc_zbb_zbc)
.LBB24_2:
	ld	a3, 0(a2)
	max	a0, a3, a0
	addi	a1, a1, -1
	addi	a2, a2, 8
	bnez	a1, .LBB24_2
