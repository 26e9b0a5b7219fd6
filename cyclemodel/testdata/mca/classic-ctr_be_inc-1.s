# classic: the loop at .LBB46_2 in ctr_be_inc (clang-19 -O2, rv64gc_zbb_zbc)
.LBB46_2:
	slli	a7, a7, 24
	slli	a2, a2, 16
	or	a2, a2, a7
	slli	a5, a5, 8
	andi	a3, a3, 255
	or	a3, a3, a5
	or	a2, a2, a3
	addi	a3, a2, 1
	srliw	a7, a3, 24
	slli	a2, a3, 40
	srli	a2, a2, 56
	slli	a5, a3, 48
	addi	a4, a4, -1
	srli	a5, a5, 56
	bnez	a4, .LBB46_2
