# classic: the loop at .LBB13_2 in fnv1a (clang-19 -O2, rv64gc_zbb_zbc)
.LBB13_2:
	lbu	a4, 0(a0)
	xor	a1, a1, a4
	addi	a0, a0, 1
	mulw	a1, a1, a3
	bne	a0, a2, .LBB13_2
