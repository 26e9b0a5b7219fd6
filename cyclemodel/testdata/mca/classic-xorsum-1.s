# classic: the loop at .LBB9_1 in xorsum (clang-19 -O2, rv64gc_zbb_zbc)
.LBB9_1:
	ld	a3, 0(a0)
	xor	a2, a2, a3
	addi	a1, a1, -1
	addi	a0, a0, 8
	bnez	a1, .LBB9_1
