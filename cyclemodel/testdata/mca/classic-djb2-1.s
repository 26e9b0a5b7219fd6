# classic: the loop at .LBB14_2 in djb2 (clang-19 -O2, rv64gc_zbb_zbc)
.LBB14_2:
	lbu	a3, 0(a0)
	slli	a4, a1, 5
	add	a1, a1, a4
	addi	a0, a0, 1
	add	a1, a1, a3
	bne	a0, a2, .LBB14_2
