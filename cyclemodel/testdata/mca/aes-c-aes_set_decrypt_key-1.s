# aes-c: the loop at .LBB1_3 in aes_set_decrypt_key (clang-19 -O2, rv64gc_zbb_zbc)
.LBB1_3:
	lw	a1, -8(a3)
	lw	a0, -8(a2)
	sw	a1, -8(a2)
	sw	a0, -8(a3)
	lw	a0, -4(a3)
	lw	a1, -4(a2)
	sw	a0, -4(a2)
	sw	a1, -4(a3)
	lw	a0, 0(a3)
	lw	a1, 0(a2)
	sw	a0, 0(a2)
	sw	a1, 0(a3)
	lw	a0, 4(a3)
	lw	a1, 4(a2)
	mv	a4, s0
	sw	a0, 4(a2)
	sw	a1, 4(a3)
	addi	a5, a5, -4
	addi	s0, s0, 4
	addi	a2, a2, 16
	addi	a3, a3, -16
	blt	a4, a5, .LBB1_3
