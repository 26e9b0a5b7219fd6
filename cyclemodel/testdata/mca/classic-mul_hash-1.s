# classic: the loop at .LBB44_2 in mul_hash (clang-19 -O2, rv64gc_zbb_zbc)
.LBB44_2:
	ld	a4, 0(a0)
	xor	a2, a2, a4
	mul	a2, a2, a3
	addi	a1, a1, -1
	addi	a0, a0, 8
	bnez	a1, .LBB44_2
