# ghash-c: the loop at .LBB1_34 in ghash_update_c (clang-19 -O2, rv64gc_zbb_zbc)
.LBB1_34:
	addi	s1, s1, 8
	srl	s9, s3, s1
	andi	a5, s4, 15
	srli	a4, s4, 4
	slli	a3, s2, 60
	or	s4, a3, a4
	andi	a4, s9, 15
	slli	a4, a4, 4
	add	a4, a4, s11
	ld	a3, 8(a4)
	slli	a5, a5, 1
	add	a5, a5, s10
	lh	a5, 0(a5)
	ld	a4, 0(a4)
	xor	a3, a3, s4
	srli	s0, s2, 4
	slli	a5, a5, 48
	xor	a4, a4, s0
	xor	s2, a4, a5
	andi	s0, a3, 15
	srli	a3, a3, 4
	slli	a4, a4, 60
	or	a3, a3, a4
	andi	a4, s9, 240
	add	a4, a4, s11
	ld	a5, 8(a4)
	slli	s0, s0, 1
	add	s0, s0, s10
	lh	s0, 0(s0)
	ld	a4, 0(a4)
	xor	s4, a3, a5
	srli	a3, s2, 4
	slli	s0, s0, 48
	xor	a3, a3, a4
	xor	s2, s0, a3
	bltu	s1, s8, .LBB1_34
