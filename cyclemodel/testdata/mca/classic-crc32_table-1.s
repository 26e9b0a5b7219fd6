# classic: the loop at .LBB11_2 in crc32_table (clang-19 -O2, rv64gc_zbb_zbc)
.LBB11_2:
	lbu	a4, 0(a1)
	xor	a4, a4, a3
	andi	a4, a4, 255
	slli	a4, a4, 2
	add	a4, a4, a0
	lw	a4, 0(a4)
	srliw	a3, a3, 8
	addi	a1, a1, 1
	xor	a3, a3, a4
	bne	a1, a2, .LBB11_2
