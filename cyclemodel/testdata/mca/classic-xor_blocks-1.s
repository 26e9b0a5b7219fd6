# classic: the loop at .LBB49_2 in xor_blocks (clang-19 -O2, rv64gc_zbb_zbc)
.LBB49_2:
	ld	a6, -8(a1)
	ld	a5, -8(a2)
	xor	a5, a5, a6
	sd	a5, -8(a0)
	ld	a6, 0(a1)
	ld	a5, 0(a2)
	xor	a5, a5, a6
	sd	a5, 0(a0)
	addi	a4, a4, 2
	addi	a0, a0, 16
	addi	a2, a2, 16
	addi	a1, a1, 16
	bltu	a4, a3, .LBB49_2
