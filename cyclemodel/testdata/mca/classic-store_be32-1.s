# classic: the loop at .LBB48_2 in store_be32 (clang-19 -O2, rv64gc_zbb_zbc)
.LBB48_2:
	lw	a3, 0(a1)
	srli	a4, a3, 24
	sb	a4, -3(a0)
	srli	a4, a3, 16
	sb	a4, -2(a0)
	srli	a4, a3, 8
	sb	a4, -1(a0)
	sb	a3, 0(a0)
	addi	a2, a2, -1
	addi	a1, a1, 4
	addi	a0, a0, 4
	bnez	a2, .LBB48_2
