# sm4-c: the loop at .LBB1_1 in expand (clang-19 -O2, rv64gc_zbb_zbc)
.LBB1_1:
	lw	a2, 0(a0)
	mv	t3, t4
	mv	t4, a5
	xor	a5, t2, t3
	xor	a5, a5, t4
	xor	a3, a5, a2
	srliw	a5, a3, 24
	add	a5, a5, t1
	lbu	a5, 0(a5)
	slli	a5, a5, 24
	slli	a2, a3, 40
	srli	a2, a2, 56
	add	a2, a2, t1
	lbu	a2, 0(a2)
	slli	a4, a3, 48
	srli	a4, a4, 56
	add	a4, a4, t1
	lbu	a4, 0(a4)
	andi	a3, a3, 255
	add	a3, a3, t1
	lbu	a3, 0(a3)
	slli	a2, a2, 16
	or	a2, a2, a5
	slli	a4, a4, 8
	or	a3, a3, a4
	or	a2, a2, a3
	roriw	a3, a2, 19
	roriw	a4, a2, 9
	xor	a3, t0, a3
	xor	a2, a2, a4
	xor	a5, a3, a2
	sw	a5, 0(a1)
	addi	a0, a0, 4
	add	a1, a1, a6
	mv	t0, t2
	mv	t2, t3
	bne	a0, a7, .LBB1_1
