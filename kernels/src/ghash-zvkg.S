// ghash-zvkg.S: GHASH (SP 800-38D 6.4) with the vector GHASH instructions vgmul.vv and
// vghsh.vv. RV64 only.
// Extensions: v, zvkg (-march=rv64imacv_zvkg; in a cipher ELF, the cipher's plus zvkg).
//
//   void ghash_init_zvkg(ghash_ctx *g, const u8 h[16]);
//     X = 0; keeps H and its powers H^2..H^8
//   void ghash_update_zvkg(ghash_ctx *g, const u8 *in, size_t len);
//     X = (X ^ B)·H for each 16-byte block B of in; a final partial block is zero-padded
//   void ghash_final_zvkg(const ghash_ctx *g, u8 x[16]);
//     copies X out
//
// The Zvkg instructions take blocks, H and X as loaded by vle32.v from their bytes (they
// bit-reverse each byte themselves). ghash_update runs N blocks at a time, N = VLEN/32 (e32
// with LMUL=4; at most 8): with X folded into the first block, block i of the group times
// H^(N-i) (one vgmul.vv against a group of powers H^N..H^1), and the N products summed
// into the new X, since Horner's rule X' = (...((X ^ B0)·H ^ B1)·H ...)·H is
// (X ^ B0)·H^N ^ B1·H^(N-1) ^ ... ^ B(N-1)·H. The sum of the groups is two XOR reductions of
// doublewords (vredxor.vs), the even (low) ones under a mask and all of them, the odd sum
// being their XOR. The blocks left over, and a zero-padded partial one, go one at a time
// through vghsh.vv.
//
// Context layout (GHASH_MAX = 512 bytes, 16-byte aligned): X (16 bytes, block byte order),
// H (16), then H^8, H^7, ..., H^1 (16 bytes each) at byte 32, so that the N powers a group
// needs start at byte 160 - 16N.

	.text

// void ghash_init_zvkg(ghash_ctx *g, const u8 h[16]);
	.globl	ghash_init_zvkg
	.type	ghash_init_zvkg, @function
ghash_init_zvkg:
	vsetivli	zero, 4, e32, m1, ta, ma
	vmv.v.i	v1, 0
	vse32.v	v1, (a0)		// X = 0
	vle32.v	v2, (a1)
	addi	t0, a0, 16
	vse32.v	v2, (t0)
	addi	t0, a0, 144
	vse32.v	v2, (t0)		// H^1
	vmv.v.v	v3, v2
	li	t1, 7
1:	vgmul.vv	v3, v2			// H^2 .. H^8
	addi	t0, t0, -16
	vse32.v	v3, (t0)
	addi	t1, t1, -1
	bnez	t1, 1b
	ret
	.size	ghash_init_zvkg, . - ghash_init_zvkg

// void ghash_update_zvkg(ghash_ctx *g, const u8 *in, size_t len);
	.globl	ghash_update_zvkg
	.type	ghash_update_zvkg, @function
ghash_update_zvkg:
	vsetivli	zero, 4, e32, m1, ta, ma
	vle32.v	v12, (a0)		// X
	srli	t2, a2, 4		// whole blocks
	vsetvli	t6, zero, e32, m4, ta, ma
	li	t0, 32
	bleu	t6, t0, 1f
	mv	t6, t0			// words in a group: 4N, N <= 8
1:	srli	t5, t6, 2		// N
	bltu	t2, t5, 3f
	slli	t3, t5, 4		// bytes in a group
	addi	t1, a0, 160
	sub	t1, t1, t3
	vle32.v	v16, (t1)		// H^N .. H^1
	srli	t4, t6, 1		// doublewords in a group
	vsetvli	zero, t4, e64, m4, ta, ma
	vid.v	v8
	vand.vi	v8, v8, 1
	vmseq.vi	v0, v8, 0		// the even (low) doublewords
	vmv.v.i	v20, 0
2:	vsetvli	zero, t6, e32, m4, ta, ma
	vle32.v	v4, (a1)
	vsetivli	zero, 4, e32, m4, tu, ma
	vxor.vv	v4, v4, v12		// X into block 0
	vsetvli	zero, t6, e32, m4, ta, ma
	vgmul.vv	v4, v16			// block i times H^(N-i)
	vsetvli	zero, t4, e64, m4, ta, ma
	vredxor.vs	v12, v4, v20, v0.t	// the low doublewords' sum
	vredxor.vs	v13, v4, v20		// all of them
	vsetivli	zero, 2, e64, m1, ta, ma
	vxor.vv	v13, v13, v12		// the high doublewords' sum
	vslideup.vi	v12, v13, 1		// X
	add	a1, a1, t3
	sub	t2, t2, t5
	bgeu	t2, t5, 2b
3:	vsetivli	zero, 4, e32, m1, ta, ma
	addi	t1, a0, 16
	vle32.v	v2, (t1)		// H
	beqz	t2, 5f
4:	vle32.v	v3, (a1)
	vghsh.vv	v12, v2, v3		// X = (X ^ B)·H
	addi	a1, a1, 16
	addi	t2, t2, -1
	bnez	t2, 4b
5:	andi	t3, a2, 15
	beqz	t3, 6f
	vmv.v.i	v3, 0
	vsetvli	zero, t3, e8, m1, tu, ma
	vle8.v	v3, (a1)		// the partial block, zero-padded
	vsetivli	zero, 4, e32, m1, ta, ma
	vghsh.vv	v12, v2, v3
6:	vse32.v	v12, (a0)
	ret
	.size	ghash_update_zvkg, . - ghash_update_zvkg

// void ghash_final_zvkg(const ghash_ctx *g, u8 x[16]);
	.globl	ghash_final_zvkg
	.type	ghash_final_zvkg, @function
ghash_final_zvkg:
	vsetivli	zero, 4, e32, m1, ta, ma
	vle32.v	v1, (a0)
	vse32.v	v1, (a1)
	ret
	.size	ghash_final_zvkg, . - ghash_final_zvkg
