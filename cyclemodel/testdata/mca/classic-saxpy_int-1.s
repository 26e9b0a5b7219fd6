# classic: the loop at .LBB19_1 in saxpy_int (clang-19 -O2, rv64gc_zbb_zbc)
.LBB19_1:
	lw	a4, 0(a1)
	lw	a5, 0(a0)
	mul	a4, a4, a2
	add	a4, a4, a5
	sw	a4, 0(a0)
	addi	a3, a3, -1
	addi	a0, a0, 4
	addi	a1, a1, 4
	bnez	a3, .LBB19_1
