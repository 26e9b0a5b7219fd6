# classic: the loop at .LBB37_1 in xorshift_fill (clang-19 -O2, rv64gc_zbb_zbc)
.LBB37_1:
	slli	a3, a2, 13
	xor	a2, a2, a3
	srli	a3, a2, 7
	xor	a2, a2, a3
	slli	a3, a2, 17
	xor	a2, a2, a3
	sd	a2, 0(a0)
	addi	a1, a1, -1
	addi	a0, a0, 8
	bnez	a1, .LBB37_1
