# classic: the loop at .LBB12_2 in adler32 (clang-19 -O2, rv64gc_zbb_zbc)
.LBB12_2:
	lbu	a4, 0(a0)
	addw	a1, a1, a4
	addi	a0, a0, 1
	add	a2, a2, a1
	bne	a0, a3, .LBB12_2
