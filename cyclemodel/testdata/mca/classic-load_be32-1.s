# classic: the loop at .LBB47_2 in load_be32 (clang-19 -O2, rv64gc_zbb_zbc)
.LBB47_2:
	lbu	a3, -3(a1)
	lbu	a4, -2(a1)
	slli	a6, a3, 24
	lbu	a5, -1(a1)
	lbu	a3, 0(a1)
	slli	a4, a4, 16
	or	a4, a4, a6
	slli	a5, a5, 8
	or	a3, a3, a5
	or	a3, a3, a4
	sw	a3, 0(a0)
	addi	a2, a2, -1
	addi	a0, a0, 4
	addi	a1, a1, 4
	bnez	a2, .LBB47_2
