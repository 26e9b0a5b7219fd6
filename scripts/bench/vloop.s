# The base RVV benchmark: e32, m1, vl = 4 set once, then an 8-instruction loop (vadd.vv,
# vxor.vv, vsll.vi, vor.vv, vsub.vv, vxor.vv, addi, bnez) that retires 8 instructions per
# iteration; s0 counts the iterations. A lane of the result is folded into the exit status
# so no work is dead.
	.option arch, +v
	.globl _start
_start:
	li	s0, ITERS
	vsetivli	zero, 4, e32, m1, ta, ma
	vid.v	v1
	vmv.v.i	v3, 7
1:
	vadd.vv	v2, v1, v3
	vxor.vv	v3, v2, v1
	vsll.vi	v4, v3, 3
	vor.vv	v1, v4, v2
	vsub.vv	v5, v1, v4
	vxor.vv	v1, v5, v3
	addi	s0, s0, -1
	bnez	s0, 1b
	vmv.x.s	a0, v1
	andi	a0, a0, 0x7f
	li	a7, 93
	ecall
