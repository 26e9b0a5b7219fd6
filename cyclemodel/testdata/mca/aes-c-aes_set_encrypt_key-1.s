# aes-c: the loop at .LBB0_4 in aes_set_encrypt_key (clang-19 -O2, rv64gc_zbb_zbc)
.LBB0_4:
	lbu	a3, -3(a1)
	lbu	t5, -2(a1)
	slli	t3, a3, 24
	lbu	t6, -1(a1)
	lbu	a5, 0(a1)
	slli	t5, t5, 16
	or	a3, t5, t3
	slli	t6, t6, 8
	or	a5, t6, a5
	or	a3, a3, a5
	sw	a3, 0(a4)
	addi	a1, a1, 4
	addi	a4, a4, 4
	bne	a1, t1, .LBB0_4
