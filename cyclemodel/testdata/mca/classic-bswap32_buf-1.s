# classic: the loop at .LBB27_1 in bswap32_buf (clang-19 -O2, rv64gc_zbb_zbc)
.LBB27_1:
	lw	a2, 0(a0)
	rev8	a2, a2
	srli	a2, a2, 32
	sw	a2, 0(a0)
	addi	a1, a1, -1
	addi	a0, a0, 4
	bnez	a1, .LBB27_1
