# classic: the loop at .LBB17_4 in matmul_inner (clang-19 -O2, rv64gc_zbb_zbc)
.LBB17_4:
	ld	t5, 0(t4)
	ld	a4, 0(t6)
	mul	a4, a4, t5
	add	t3, t3, a4
	addi	a5, a5, -1
	add	t6, t6, t2
	addi	t4, t4, 8
	bnez	a5, .LBB17_4
