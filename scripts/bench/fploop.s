# The floating-point benchmark: a dot product and a cubic polynomial (Horner, fused
# multiply-adds) over two arrays of 1024 doubles, 13 instructions per element; the outer
# loop repeats OUTER times. The results are folded into the exit status so no work is dead.
	.globl _start
_start:
	la	s1, xs
	la	s2, ys
	li	t1, 1024
	li	t2, 1
	li	t3, 1000
	fcvt.d.w ft5, t3
	mv	a0, s1
	mv	a1, s2
0:	# x[i] = i / 1000, y[i] = 1 - i / 3000
	fcvt.d.w ft0, t2
	fdiv.d	ft0, ft0, ft5
	fsd	ft0, 0(a0)
	li	t4, 3
	fcvt.d.w ft1, t4
	fdiv.d	ft1, ft0, ft1
	li	t4, 1
	fcvt.d.w ft2, t4
	fsub.d	ft1, ft2, ft1
	fsd	ft1, 0(a1)
	addi	a0, a0, 8
	addi	a1, a1, 8
	addi	t2, t2, 1
	addi	t1, t1, -1
	bnez	t1, 0b
	# Polynomial coefficients c3..c0 in fa3..fa6.
	li	t4, 3
	fcvt.d.w fa3, t4
	li	t4, -2
	fcvt.d.w fa4, t4
	li	t4, 5
	fcvt.d.w fa5, t4
	li	t4, 7
	fcvt.d.w fa6, t4
	fmv.d.x	fa0, zero
	fmv.d.x	fa1, zero
	li	s0, OUTER
2:
	mv	a0, s1
	mv	a1, s2
	li	t0, 1024
1:
	fld	ft0, 0(a0)
	fld	ft1, 0(a1)
	fmadd.d	fa0, ft0, ft1, fa0
	fmadd.d	ft2, fa3, ft0, fa4
	fmadd.d	ft2, ft2, ft0, fa5
	fmadd.d	ft2, ft2, ft0, fa6
	fmul.d	ft3, ft2, ft1
	fadd.d	fa1, fa1, ft3
	addi	a0, a0, 8
	addi	a1, a1, 8
	addi	t0, t0, -1
	fsub.d	fa2, fa0, fa1
	bnez	t0, 1b
	addi	s0, s0, -1
	bnez	s0, 2b
	fadd.d	fa0, fa0, fa2
	fcvt.w.d a0, fa0, rtz
	andi	a0, a0, 0x7f
	li	a7, 93
	ecall
	.bss
	.balign 8
xs:	.zero 8192
ys:	.zero 8192
