# classic: the loop at .LBB23_2 in count_eq (clang-19 -O2, rv64gc_zbb_zbc)
.LBB23_2:
	lbu	a4, 0(a0)
	xor	a4, a4, a2
	seqz	a4, a4
	addi	a0, a0, 1
	add	a3, a3, a4
	bne	a0, a1, .LBB23_2
