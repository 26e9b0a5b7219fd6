# sm4-c: the loop at .LBB3_1 in sm4_encrypt (clang-19 -O2, rv64gc_zbb_zbc)
.LBB3_1:
	lw	a3, -12(a1)
	xor	a4, t5, a5
	xor	a4, a4, t6
	xor	a3, a3, a4
	srliw	a4, a3, 24
	slli	a4, a4, 2
	add	a4, a4, t1
	lw	a4, 0(a4)
	srli	s0, a3, 14
	andi	s0, s0, 1020
	add	s0, s0, t2
	lw	s0, 0(s0)
	srli	s1, a3, 6
	andi	s1, s1, 1020
	add	s1, s1, t3
	lw	s1, 0(s1)
	andi	a3, a3, 255
	slli	a3, a3, 2
	add	a3, a3, t4
	lw	a3, 0(a3)
	xor	a4, a4, a7
	xor	s0, s0, s1
	lw	s1, -8(a1)
	xor	a4, a4, s0
	xor	a7, a4, a3
	xor	a3, t5, a5
	xor	a3, a3, s1
	xor	a3, a3, a7
	srliw	a4, a3, 24
	slli	a4, a4, 2
	add	a4, a4, t1
	lw	a4, 0(a4)
	srli	s0, a3, 14
	andi	s0, s0, 1020
	add	s0, s0, t2
	lw	s0, 0(s0)
	srli	s1, a3, 6
	andi	s1, s1, 1020
	add	s1, s1, t3
	lw	s1, 0(s1)
	andi	a3, a3, 255
	slli	a3, a3, 2
	add	a3, a3, t4
	lw	a3, 0(a3)
	xor	a4, a4, s0
	lw	s0, -4(a1)
	xor	a3, a3, s1
	xor	a3, a3, a4
	xor	t6, a3, t6
	xor	s0, s0, a5
	xor	a3, s0, a7
	xor	a3, a3, t6
	srliw	a4, a3, 24
	slli	a4, a4, 2
	add	a4, a4, t1
	lw	a4, 0(a4)
	srli	s0, a3, 14
	andi	s0, s0, 1020
	add	s0, s0, t2
	lw	s0, 0(s0)
	srli	s1, a3, 6
	andi	s1, s1, 1020
	add	s1, s1, t3
	lw	s1, 0(s1)
	andi	a3, a3, 255
	slli	a3, a3, 2
	add	a3, a3, t4
	lw	a3, 0(a3)
	xor	a4, a4, s0
	lw	s0, 0(a1)
	xor	a3, a3, s1
	xor	a3, a3, a4
	xor	t5, a3, t5
	xor	a3, a7, s0
	xor	a3, a3, t6
	xor	a3, a3, t5
	srliw	a4, a3, 24
	slli	a4, a4, 2
	add	a4, a4, t1
	lw	a4, 0(a4)
	srli	s0, a3, 14
	andi	s0, s0, 1020
	add	s0, s0, t2
	lw	s0, 0(s0)
	srli	s1, a3, 6
	andi	s1, s1, 1020
	add	s1, s1, t3
	lw	s1, 0(s1)
	andi	a3, a3, 255
	slli	a3, a3, 2
	add	a3, a3, t4
	lw	a3, 0(a3)
	xor	a4, a4, s0
	xor	a3, a3, s1
	xor	a3, a3, a4
	addi	a1, a1, 16
	xor	a5, a5, a3
	bne	a1, t0, .LBB3_1
