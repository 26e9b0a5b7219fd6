# classic: the loop at .LBB4_1 in dot64 (clang-19 -O2, rv64gc_zbb_zbc)
.LBB4_1:
	ld	a4, 0(a0)
	ld	a5, 0(a1)
	mul	a4, a5, a4
	add	a3, a3, a4
	addi	a2, a2, -1
	addi	a1, a1, 8
	addi	a0, a0, 8
	bnez	a2, .LBB4_1
