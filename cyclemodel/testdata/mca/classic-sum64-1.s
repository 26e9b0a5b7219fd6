# classic: the loop at .LBB7_1 in sum64 (clang-19 -O2, rv64gc_zbb_zbc)
.LBB7_1:
	ld	a3, 0(a0)
	add	a2, a2, a3
	addi	a1, a1, -1
	addi	a0, a0, 8
	bnez	a1, .LBB7_1
