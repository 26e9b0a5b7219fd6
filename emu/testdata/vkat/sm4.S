/*
 * SM4 known answers with Zvksed (GB/T 32907-2016 Appendix A.1, and blocks
 * under other keys computed with a reference SM4).
 *
 * The instructions work on SM4 words in the standard (big-endian) frame, so
 * keys and blocks are byte-swapped with vrev8.v after loading (and before
 * storing). Four lanes with their own keys: vsm4k.vi expands all keys at once
 * and vsm4r.vv runs the rounds with per-lane round keys; decryption uses the
 * round keys in reverse order (groups reversed in memory by scalar code).
 * A second test runs four blocks under one key with vsm4r.vs, the round keys
 * in single registers. The final reverse transform R (X35, X34, X33, X32) is
 * a scalar word reversal.
 */
#include "vkat.h"

#define NL 4
#define LB (NL * 16)

.macro STRIP_BEGIN
	li s0, 0
9:	li t0, NL
	sub t0, t0, s0
	slli t0, t0, 2
	vsetvli t1, t0, e32, LMUL, ta, ma
	srli s1, t1, 2
	slli s2, s0, 4
.endm
.macro STRIP_END
	add s0, s0, s1
	li t0, NL
	blt s0, t0, 9b
.endm

	.text
	.globl kat_main
kat_main:
	addi sp, sp, -FRAME(4)
	REG_S ra, 0*REGBYTES(sp)
	REG_S s0, 1*REGBYTES(sp)
	REG_S s1, 2*REGBYTES(sp)
	REG_S s2, 3*REGBYTES(sp)

	/* Key schedules of all lanes: rk[r] (round keys 4r..4r+3) at rk + r*LB. */
	la a0, keys
	la a1, rk
	STRIP_BEGIN
	add t2, a0, s2
	vle32.v v4, (t2)
	vrev8.v v4, v4
	la t3, fkrep
	add t3, t3, s2
	vle32.v v8, (t3)
	vxor.vv v4, v4, v8      /* K0..K3 = MK ^ FK */
	add t3, a1, s2
	.irp r, 0, 2, 4, 6
	vsm4k.vi v8, v4, \r
	vse32.v v8, (t3)
	addi t3, t3, LB
	vsm4k.vi v4, v8, (\r + 1)
	vse32.v v4, (t3)
	addi t3, t3, LB
	.endr
	STRIP_END

	/* Decryption round keys: drk[r] = rk[7-r] with the four words reversed. */
	la t0, rk
	la t1, drk + 7 * LB
	li t2, 8 * NL
1:	lw t3, 0(t0)
	sw t3, 12(t1)
	lw t3, 4(t0)
	sw t3, 8(t1)
	lw t3, 8(t0)
	sw t3, 4(t1)
	lw t3, 12(t0)
	sw t3, 0(t1)
	addi t0, t0, 16
	addi t1, t1, 16
	addi t2, t2, -1
	andi t3, t2, NL - 1
	bnez t3, 2f
	addi t1, t1, -2 * LB    /* next round group: one row earlier */
2:	bnez t2, 1b

	la a0, rk
	la a1, pts
	la a2, out
	call crypt_vv
	la a0, out
	la a1, cts
	li a2, LB
	la a3, name_enc
	call kat_check
	la a0, drk
	la a1, cts
	la a2, out
	call crypt_vv
	la a0, out
	la a1, pts
	li a2, LB
	la a3, name_dec
	call kat_check

	call vs_test

	REG_L ra, 0*REGBYTES(sp)
	REG_L s0, 1*REGBYTES(sp)
	REG_L s1, 2*REGBYTES(sp)
	REG_L s2, 3*REGBYTES(sp)
	addi sp, sp, FRAME(4)
	ret

/* crypt_vv(a0 = round keys, a1 = in, a2 = out): 32 rounds with per-lane keys, then R. */
crypt_vv:
	addi sp, sp, -FRAME(1)
	REG_S ra, 0*REGBYTES(sp)
	STRIP_BEGIN
	add t2, a1, s2
	vle32.v v4, (t2)
	vrev8.v v4, v4
	add t3, a0, s2
	li t4, 8
1:	vle32.v v8, (t3)
	vsm4r.vv v4, v8
	addi t3, t3, LB
	addi t4, t4, -1
	bnez t4, 1b
	vrev8.v v4, v4
	add t2, a2, s2
	vse32.v v4, (t2)
	STRIP_END
	mv a0, a2
	call reverse_words
	REG_L ra, 0*REGBYTES(sp)
	addi sp, sp, FRAME(1)
	ret

/* reverse_words(a0): the transform R on NL blocks in place: words (X0..X3) -> (X3..X0). */
reverse_words:
	li t0, NL
1:	lw t1, 0(a0)
	lw t2, 4(a0)
	lw t3, 8(a0)
	lw t4, 12(a0)
	sw t4, 0(a0)
	sw t3, 4(a0)
	sw t2, 8(a0)
	sw t1, 12(a0)
	addi a0, a0, 16
	addi t0, t0, -1
	bnez t0, 1b
	ret

/* vs_test: one key for four blocks; round keys in v17..v24, vsm4r.vs. */
vs_test:
	addi sp, sp, -FRAME(1)
	REG_S ra, 0*REGBYTES(sp)
	vsetivli zero, 4, e32, m1, ta, ma
	la t0, keyvs
	vle32.v v16, (t0)
	vrev8.v v16, v16
	la t0, fkrep
	vle32.v v17, (t0)
	vxor.vv v16, v16, v17
	vsm4k.vi v17, v16, 0
	vsm4k.vi v18, v17, 1
	vsm4k.vi v19, v18, 2
	vsm4k.vi v20, v19, 3
	vsm4k.vi v21, v20, 4
	vsm4k.vi v22, v21, 5
	vsm4k.vi v23, v22, 6
	vsm4k.vi v24, v23, 7
	la a1, ptvs
	la a2, out
	STRIP_BEGIN
	add t2, a1, s2
	vle32.v v4, (t2)
	vrev8.v v4, v4
	vsm4r.vs v4, v17
	vsm4r.vs v4, v18
	vsm4r.vs v4, v19
	vsm4r.vs v4, v20
	vsm4r.vs v4, v21
	vsm4r.vs v4, v22
	vsm4r.vs v4, v23
	vsm4r.vs v4, v24
	vrev8.v v4, v4
	add t2, a2, s2
	vse32.v v4, (t2)
	STRIP_END
	la a0, out
	call reverse_words
	la a0, out
	la a1, ctvs
	li a2, LB
	la a3, name_encvs
	call kat_check

	/* Decryption: the key groups reversed through memory into v17..v24. */
	vsetivli zero, 4, e32, m1, ta, ma
	la t0, stage
	vse32.v v24, (t0)
	addi t0, t0, 16
	vse32.v v23, (t0)
	addi t0, t0, 16
	vse32.v v22, (t0)
	addi t0, t0, 16
	vse32.v v21, (t0)
	addi t0, t0, 16
	vse32.v v20, (t0)
	addi t0, t0, 16
	vse32.v v19, (t0)
	addi t0, t0, 16
	vse32.v v18, (t0)
	addi t0, t0, 16
	vse32.v v17, (t0)
	la a0, stage
	call reverse_words      /* the first NL groups ... */
	la a0, stage + LB
	call reverse_words      /* ... and the other NL */
	vsetivli zero, 4, e32, m1, ta, ma
	la t0, stage
	.irp r, 17, 18, 19, 20, 21, 22, 23, 24
	vle32.v v\r, (t0)
	addi t0, t0, 16
	.endr
	la a1, ctvs
	la a2, out
	STRIP_BEGIN
	add t2, a1, s2
	vle32.v v4, (t2)
	vrev8.v v4, v4
	.irp r, 17, 18, 19, 20, 21, 22, 23, 24
	vsm4r.vs v4, v\r
	.endr
	vrev8.v v4, v4
	add t2, a2, s2
	vse32.v v4, (t2)
	STRIP_END
	la a0, out
	call reverse_words
	la a0, out
	la a1, ptvs
	li a2, LB
	la a3, name_decvs
	call kat_check
	REG_L ra, 0*REGBYTES(sp)
	addi sp, sp, FRAME(1)
	ret

	.section .rodata
name_enc:   .asciz "SM4 encrypt (vsm4k.vi, vsm4r.vv)"
name_dec:   .asciz "SM4 decrypt (vsm4r.vv, reversed round keys)"
name_encvs: .asciz "SM4 encrypt, one key (vsm4r.vs)"
name_decvs: .asciz "SM4 decrypt, one key (vsm4r.vs)"

	.balign 16
fkrep:	/* FK0..FK3 (GB/T 32907 §7.3.2), once per lane */
	.rept NL
	.word 0xa3b1bac6, 0x56aa3350, 0x677d9197, 0xb27022dc
	.endr
	.balign 16
keys:
	/* GB/T 32907-2016 Appendix A.1 */
	.byte 0x01, 0x23, 0x45, 0x67, 0x89, 0xab, 0xcd, 0xef, 0xfe, 0xdc, 0xba, 0x98, 0x76, 0x54, 0x32, 0x10
	/* computed with a reference SM4 */
	.byte 0xfe, 0xdc, 0xba, 0x98, 0x76, 0x54, 0x32, 0x10, 0x01, 0x23, 0x45, 0x67, 0x89, 0xab, 0xcd, 0xef
	/* computed with a reference SM4 */
	.byte 0x00, 0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07, 0x08, 0x09, 0x0a, 0x0b, 0x0c, 0x0d, 0x0e, 0x0f
	/* computed with a reference SM4 */
	.byte 0x2b, 0x7e, 0x15, 0x16, 0x28, 0xae, 0xd2, 0xa6, 0xab, 0xf7, 0x15, 0x88, 0x09, 0xcf, 0x4f, 0x3c
	.balign 16
pts:
	.byte 0x01, 0x23, 0x45, 0x67, 0x89, 0xab, 0xcd, 0xef, 0xfe, 0xdc, 0xba, 0x98, 0x76, 0x54, 0x32, 0x10
	.byte 0x00, 0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07, 0x08, 0x09, 0x0a, 0x0b, 0x0c, 0x0d, 0x0e, 0x0f
	.byte 0x01, 0x23, 0x45, 0x67, 0x89, 0xab, 0xcd, 0xef, 0xfe, 0xdc, 0xba, 0x98, 0x76, 0x54, 0x32, 0x10
	.byte 0xaa, 0xaa, 0xaa, 0xaa, 0xaa, 0xaa, 0xaa, 0xaa, 0xbb, 0xbb, 0xbb, 0xbb, 0xbb, 0xbb, 0xbb, 0xbb
	.balign 16
cts:
	.byte 0x68, 0x1e, 0xdf, 0x34, 0xd2, 0x06, 0x96, 0x5e, 0x86, 0xb3, 0xe9, 0x4f, 0x53, 0x6e, 0x42, 0x46
	.byte 0xf7, 0x66, 0x67, 0x8f, 0x13, 0xf0, 0x1a, 0xde, 0xac, 0x1b, 0x3e, 0xa9, 0x55, 0xad, 0xb5, 0x94
	.byte 0x1a, 0x5e, 0x70, 0x3a, 0xac, 0xf5, 0x5c, 0xdd, 0xf1, 0x19, 0x87, 0x71, 0xf2, 0xfd, 0x79, 0x1a
	.byte 0x33, 0x5b, 0x1b, 0x0d, 0x09, 0x81, 0xd7, 0xb3, 0x4b, 0xf6, 0x5c, 0x31, 0x9c, 0x59, 0x07, 0xfd
	/* One key (GB/T 32907 Appendix A.1), four blocks; ciphertexts computed with a reference SM4 */
	.balign 16
keyvs:
	.byte 0x01, 0x23, 0x45, 0x67, 0x89, 0xab, 0xcd, 0xef, 0xfe, 0xdc, 0xba, 0x98, 0x76, 0x54, 0x32, 0x10
	.balign 16
ptvs:
	.byte 0x01, 0x23, 0x45, 0x67, 0x89, 0xab, 0xcd, 0xef, 0xfe, 0xdc, 0xba, 0x98, 0x76, 0x54, 0x32, 0x10
	.byte 0x00, 0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07, 0x08, 0x09, 0x0a, 0x0b, 0x0c, 0x0d, 0x0e, 0x0f
	.byte 0xaa, 0xaa, 0xaa, 0xaa, 0xaa, 0xaa, 0xaa, 0xaa, 0xbb, 0xbb, 0xbb, 0xbb, 0xbb, 0xbb, 0xbb, 0xbb
	.byte 0xfe, 0xdc, 0xba, 0x98, 0x76, 0x54, 0x32, 0x10, 0x01, 0x23, 0x45, 0x67, 0x89, 0xab, 0xcd, 0xef
	.balign 16
ctvs:
	.byte 0x68, 0x1e, 0xdf, 0x34, 0xd2, 0x06, 0x96, 0x5e, 0x86, 0xb3, 0xe9, 0x4f, 0x53, 0x6e, 0x42, 0x46
	.byte 0x06, 0x98, 0x9c, 0x61, 0x3d, 0xa6, 0x68, 0xad, 0x2a, 0x8d, 0xf7, 0x82, 0xe1, 0xa8, 0xf9, 0x6a
	.byte 0xdf, 0x61, 0xfd, 0xa1, 0x6e, 0x02, 0x68, 0x08, 0x21, 0x91, 0xa3, 0xa4, 0xda, 0xe5, 0x84, 0x86
	.byte 0xf0, 0xa2, 0xb0, 0x7e, 0x64, 0xdd, 0x2c, 0x25, 0x90, 0xf9, 0x3e, 0x4e, 0xdd, 0x90, 0xfb, 0xb4

	.bss
	.balign 16
rk:	.space 8 * LB
drk:	.space 8 * LB
stage:	.space 8 * 16
out:	.space LB
