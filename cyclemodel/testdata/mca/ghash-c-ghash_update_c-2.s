# ghash-c: the loop at .LBB1_36 in ghash_update_c (clang-19 -O2, rv64gc_zbb_zbc)
.LBB1_36:
	addi	a4, a4, 8
	srl	s7, s3, a4
	andi	a5, s4, 15
	srli	s0, s4, 4
	slli	s1, s5, 60
	or	s2, s1, s0
	andi	s1, s7, 15
	slli	s1, s1, 4
	add	s1, s1, s11
	ld	s0, 8(s1)
	slli	a5, a5, 1
	add	a5, a5, s10
	lh	a5, 0(a5)
	ld	s1, 0(s1)
	xor	s0, s0, s2
	srli	a3, s5, 4
	slli	a5, a5, 48
	xor	a3, a3, s1
	xor	s2, a3, a5
	andi	s1, s0, 15
	srli	s0, s0, 4
	slli	a3, a3, 60
	or	a3, a3, s0
	andi	s0, s7, 240
	add	s0, s0, s11
	ld	a5, 8(s0)
	slli	s1, s1, 1
	add	s1, s1, s10
	lh	s1, 0(s1)
	ld	s0, 0(s0)
	xor	s4, a3, a5
	srli	a3, s2, 4
	slli	s1, s1, 48
	xor	a3, a3, s0
	xor	s5, s1, a3
	bltu	a4, s8, .LBB1_36
