/*
 * Runtime of the vector crypto known-answer programs (Linux user mode, RV32
 * and RV64: the same source assembles for either XLEN).
 *
 * A program defines kat_main (a normal function: ra on entry, may clobber
 * caller-saved and s registers it saves) and checks its results with
 * kat_check; _start runs kat_main and exits with status 0. kat_check prints
 * "FAIL <name>" with both values in hex and exits with status 1.
 *
 * LMUL is the register-group multiplier of the bulk loops (m1, m2 or m4; set
 * with -DLMUL=m2). The programs are VLEN-agnostic: every loop is strip-mined
 * with vsetvli over the lanes (independent blocks or messages), one element
 * group per lane, so at VLEN×LMUL ≥ 2×EGW several groups run per instruction.
 *
 * Scalar code is XLEN-neutral: registers are saved with REG_S/REG_L in frames
 * of FRAME(n) bytes (n registers of REGBYTES each, rounded up to the 16 bytes
 * the stack is aligned to), and 8-byte data moves with COPY8.
 */
#ifndef LMUL
#define LMUL m1
#endif

#if __riscv_xlen == 64
#define REG_L ld
#define REG_S sd
#define REGBYTES 8
#elif __riscv_xlen == 32
#define REG_L lw
#define REG_S sw
#define REGBYTES 4
#else
#error "unknown XLEN"
#endif
#define FRAME(n) (((n) * REGBYTES + 15) & ~15)

/* COPY8 dst, to, src, from, tmp: the 8 bytes at src + from to dst + to. */
.macro COPY8 dst, to, src, from, tmp
#if __riscv_xlen == 64
	ld \tmp, (\from)(\src)
	sd \tmp, (\to)(\dst)
#else
	lw \tmp, (\from)(\src)
	sw \tmp, (\to)(\dst)
	lw \tmp, (\from + 4)(\src)
	sw \tmp, (\to + 4)(\dst)
#endif
.endm

/* la is pc-relative (lla), not a GOT load, also for symbol+offset. */
	.option nopic

#define SYS_write 64
#define SYS_exit 93

	.text
	.globl _start
_start:
	.option push
	.option norelax
	la gp, __global_pointer$
	.option pop
	call kat_main
	li a0, 0
	li a7, SYS_exit
	ecall

/* kat_check(a0 = got, a1 = want, a2 = length in bytes, a3 = name). */
	.type kat_check, @function
kat_check:
	mv t0, a0
	mv t1, a1
	mv t2, a2
1:	beqz t2, 2f
	lbu t3, 0(t0)
	lbu t4, 0(t1)
	bne t3, t4, kat_fail
	addi t0, t0, 1
	addi t1, t1, 1
	addi t2, t2, -1
	j 1b
2:	ret

kat_fail:
	mv s8, a0
	mv s9, a1
	mv s10, a2
	mv s11, a3
	la a0, kat_msg_fail
	call kat_puts
	mv a0, s11
	call kat_puts
	la a0, kat_msg_got
	call kat_puts
	mv a0, s8
	mv a1, s10
	call kat_puthex
	la a0, kat_msg_want
	call kat_puts
	mv a0, s9
	mv a1, s10
	call kat_puthex
	la a0, kat_msg_nl
	call kat_puts
	li a0, 1
	li a7, SYS_exit
	ecall

/* kat_puts(a0 = NUL-terminated string) writes it to stderr. */
kat_puts:
	mv a1, a0
	li a2, 0
1:	add t0, a1, a2
	lbu t0, 0(t0)
	beqz t0, 2f
	addi a2, a2, 1
	j 1b
2:	li a0, 2
	li a7, SYS_write
	ecall
	ret

/* kat_puthex(a0 = bytes, a1 = length) writes them in hex to stderr. */
kat_puthex:
	addi sp, sp, -FRAME(3)
	REG_S ra, 0*REGBYTES(sp)
	REG_S s0, 1*REGBYTES(sp)
	REG_S s1, 2*REGBYTES(sp)
	mv s0, a0
	add s1, a0, a1
	la t2, kat_hexbuf
	la t3, kat_hexdigits
1:	bgeu s0, s1, 2f
	lbu t0, 0(s0)
	srli t1, t0, 4
	add t1, t3, t1
	lbu t1, 0(t1)
	sb t1, 0(t2)
	andi t0, t0, 15
	add t0, t3, t0
	lbu t0, 0(t0)
	sb t0, 1(t2)
	addi t2, t2, 2
	addi s0, s0, 1
	j 1b
2:	sb zero, 0(t2)
	la a0, kat_hexbuf
	call kat_puts
	REG_L ra, 0*REGBYTES(sp)
	REG_L s0, 1*REGBYTES(sp)
	REG_L s1, 2*REGBYTES(sp)
	addi sp, sp, FRAME(3)
	ret

/*
 * kat_interleave(a0 = dst, a1 = src, a2 = lanes, a3 = chunks per lane,
 * a4 = chunk bytes (multiple of 8), a5 = lane stride in src): gathers chunk c
 * of every lane, dst = {lane 0 chunk 0, lane 1 chunk 0, ..., lane 0 chunk 1, ...},
 * so that a unit-stride vector load of one chunk index puts lane j in group j.
 */
kat_interleave:
	li t0, 0                /* chunk */
1:	bgeu t0, a3, 4f
	li t1, 0                /* lane */
2:	bgeu t1, a2, 3f
	mul t2, t1, a5
	mul t3, t0, a4
	add t2, t2, t3
	add t2, a1, t2          /* src + lane*stride + chunk*size */
	li t3, 0
5:	bgeu t3, a4, 6f
	add t4, t2, t3
	COPY8 a0, 0, t4, 0, t5
	addi a0, a0, 8
	addi t3, t3, 8
	j 5b
6:	addi t1, t1, 1
	j 2b
3:	addi t0, t0, 1
	j 1b
4:	ret

	.section .rodata
kat_msg_fail: .asciz "FAIL "
kat_msg_got:  .asciz "\n  got  "
kat_msg_want: .asciz "\n  want "
kat_msg_nl:   .asciz "\n"
kat_hexdigits: .ascii "0123456789abcdef"

	.bss
	.balign 8
kat_hexbuf: .space 4096

	.text
