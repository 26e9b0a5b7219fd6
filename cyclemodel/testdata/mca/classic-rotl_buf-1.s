# classic: the loop at .LBB29_1 in rotl_buf (clang-19 -O2, rv64gc_zbb_zbc)
.LBB29_1:
	lw	a3, 0(a0)
	rolw	a3, a3, a2
	sw	a3, 0(a0)
	addi	a1, a1, -1
	addi	a0, a0, 4
	bnez	a1, .LBB29_1
