# classic: the loop at .LBB18_4 in matmul32_ikj (clang-19 -O2, rv64gc_zbb_zbc)
.LBB18_4:
	lw	t5, 0(t4)
	lw	t6, 0(a4)
	mul	a5, t5, t3
	add	a5, a5, t6
	sw	a5, 0(a4)
	addi	s0, s0, -1
	addi	t4, t4, 4
	addi	a4, a4, 4
	bnez	s0, .LBB18_4
