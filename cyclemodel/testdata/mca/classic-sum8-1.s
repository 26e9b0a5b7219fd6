# classic: the loop at .LBB8_2 in sum8 (clang-19 -O2, rv64gc_zbb_zbc)
.LBB8_2:
	lbu	a3, 0(a0)
	addi	a0, a0, 1
	addw	a2, a2, a3
	bne	a0, a1, .LBB8_2
