# classic: the loop at .LBB32_2 in histogram (clang-19 -O2, rv64gc_zbb_zbc)
.LBB32_2:
	lbu	a3, 0(a1)
	slli	a3, a3, 2
	add	a3, a3, a0
	lw	a4, 0(a3)
	addi	a4, a4, 1
	addi	a1, a1, 1
	sw	a4, 0(a3)
	bne	a1, a2, .LBB32_2
