# classic: the loop at .LBB20_1 in vadd64 (clang-19 -O2, rv64gc_zbb_zbc)
.LBB20_1:
	ld	a4, 0(a1)
	ld	a5, 0(a2)
	add	a4, a4, a5
	sd	a4, 0(a0)
	addi	a3, a3, -1
	addi	a0, a0, 8
	addi	a2, a2, 8
	addi	a1, a1, 8
	bnez	a3, .LBB20_1
