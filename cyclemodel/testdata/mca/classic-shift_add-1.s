# classic: the loop at .LBB45_2 in shift_add (clang-19 -O2, rv64gc_zbb_zbc)
.LBB45_2:
	ld	a3, 0(a0)
	slli	a4, a3, 3
	srli	a3, a3, 5
	add	a3, a3, a4
	add	a3, a3, a2
	sd	a3, 0(a0)
	addi	a2, a2, 1
	addi	a0, a0, 8
	bne	a1, a2, .LBB45_2
