# classic: the loop at .LBB35_1 in gcd (clang-19 -O2, rv64gc_zbb_zbc)
.LBB35_1:
	mv	a2, a1
	remuw	a1, a0, a1
	mv	a0, a2
	bnez	a1, .LBB35_1
