# classic: the loop at .LBB30_1 in horner (clang-19 -O2, rv64gc_zbb_zbc)
.LBB30_1:
	ld	a4, 0(a0)
	mul	a3, a3, a2
	add	a3, a3, a4
	addi	a1, a1, -1
	addi	a0, a0, 8
	bnez	a1, .LBB30_1
