# modes: the loop at .LBB14_3 in ccm_ctr (clang-19 -O2, rv64gc_zbb_zbc)
.LBB14_3:
	slli	a3, a2, 32
	srli	a3, a3, 32
	add	a3, a3, a1
	addi	a2, a2, -1
	add	a4, a0, a2
	sb	zero, 0(a3)
	bne	a4, s0, .LBB14_3
