# classic: the loop at .LBB22_1 in strlen_ (clang-19 -O2, rv64gc_zbb_zbc)
.LBB22_1:
	add	a2, a0, a1
	lbu	a2, 0(a2)
	addi	a1, a1, 1
	bnez	a2, .LBB22_1
