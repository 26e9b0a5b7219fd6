# modes: the loop at .LBB13_5 in ccm_mac (clang-19 -O2, rv64gc_zbb_zbc)
.LBB13_5:
	slli	a5, a3, 32
	srli	a5, a5, 32
	add	a5, a5, a2
	sb	a4, 0(a5)
	addi	a3, a3, -1
	add	a5, a0, a3
	srli	a4, a4, 8
	bne	a5, a1, .LBB13_5
