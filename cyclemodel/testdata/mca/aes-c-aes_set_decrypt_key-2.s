# aes-c: the loop at .LBB1_6 in aes_set_decrypt_key (clang-19 -O2, rv64gc_zbb_zbc)
.LBB1_6:
	lwu	s1, 0(a0)
	srli	a4, s1, 24
	add	a4, a4, a1
	lbu	a4, 0(a4)
	slli	a4, a4, 2
	add	a4, a4, a2
	lw	a4, 0(a4)
	slli	a5, s1, 40
	srli	a5, a5, 56
	add	a5, a5, a1
	lbu	a5, 0(a5)
	slli	a3, s1, 48
	srli	a3, a3, 56
	add	a3, a3, a1
	lbu	a3, 0(a3)
	slli	a5, a5, 2
	add	a5, a5, a2
	lw	a5, 1024(a5)
	slli	a3, a3, 2
	andi	s1, s1, 255
	add	s1, s1, a1
	lbu	s1, 0(s1)
	add	a3, a3, a2
	addi	a3, a3, 2047
	lw	a3, 1(a3)
	slli	s1, s1, 2
	add	s1, s1, a2
	addi	s1, s1, 2047
	lw	s1, 1025(s1)
	xor	a4, a4, a5
	xor	a3, a3, a4
	xor	a3, a3, s1
	sw	a3, 0(a0)
	addi	a0, a0, 4
	bne	a0, s0, .LBB1_6
