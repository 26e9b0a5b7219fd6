# classic: the loop at .LBB33_1 in gather64 (clang-19 -O2, rv64gc_zbb_zbc)
.LBB33_1:
	lwu	a4, 0(a2)
	slli	a4, a4, 3
	add	a4, a4, a1
	ld	a4, 0(a4)
	sd	a4, 0(a0)
	addi	a3, a3, -1
	addi	a0, a0, 8
	addi	a2, a2, 4
	bnez	a3, .LBB33_1
