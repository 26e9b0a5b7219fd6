# classic: the loop at .LBB31_2 in prefix_sum (clang-19 -O2, rv64gc_zbb_zbc)
.LBB31_2:
	ld	a3, 0(a0)
	add	a2, a2, a3
	sd	a2, 0(a0)
	addi	a1, a1, -1
	addi	a0, a0, 8
	bnez	a1, .LBB31_2
