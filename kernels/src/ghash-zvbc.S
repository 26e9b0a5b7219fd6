// ghash-zvbc.S: GHASH (SP 800-38D 6.4) with vector carry-less multiplication (vclmul.vv,
// vclmulh.vv, vclmul.vx, vclmulh.vx at SEW=64). RV64 only.
// Extensions: v, zvbc (-march=rv64imacv_zvbc; in a cipher ELF, the cipher's plus zvbc).
//
//   void ghash_init_zvbc(ghash_ctx *g, const u8 h[16]);
//     X = 0; keeps H·x^-1 and the powers H^k·x^-1, k = 2..8
//   void ghash_update_zvbc(ghash_ctx *g, const u8 *in, size_t len);
//     X = (X ^ B)·H for each 16-byte block B of in; a final partial block is zero-padded
//   void ghash_final_zvbc(const ghash_ctx *g, u8 x[16]);
//     copies X out
//
// Representation. A block reversed byte for byte (vrgather.vv) and read as two doublewords
// R = (r0, r1), r1 the more significant, is the 128-bit big-endian number of the block, in
// which bit 127 - k is the coefficient of x^k (GCM's bit order): every operand is bit-
// reflected. The carry-less product of two reflected 128-bit values is the reflected product
// shifted right by one; multiplying by the reflection of H·x^-1 instead of H makes up for
// it, so P = R ⊗ (H·x^-1) is the 256-bit reflection of a product congruent to R·H, with
// p3 (bits 192..255) holding x^0..x^63, p2 x^64..x^127, p1 x^128..x^191, p0 x^192..x^255.
// x^128 ≡ 1 + x + x^2 + x^7 (mod g = x^128 + x^7 + x^2 + x + 1), and in reflected form
// multiplying a doubleword u by x^7 + x^2 + x is one carry-less product with
// C = 0xc200000000000000 (x^6 + x + 1, reflected) shifted by one bit for free, so the
// reduction is two folds of a doubleword into the two above it:
//   p2 ^= p0 ^ clmulh(p0, C), p1 ^= clmul(p0, C);  p3 ^= p1 ^ clmulh(p1, C), p2 ^= clmul(p1, C)
// and X·H = (p2, p3).
//
// Several blocks at a time. ghash_update takes n <= N blocks at once, N = VLEN/32 (e64 with
// LMUL=4: VLEN/64 doublewords a register, 4 a group; at most 8), X folded into the first:
// block i times (H^(n-i))·x^-1, one vclmul.vv and one vclmulh.vv against the powers as
// (h0, h1) and as (h1, h0) in every block, the four partial products summed over the blocks
// with XOR reductions (vredxor.vs; the even doublewords under a mask, the odd ones as the sum
// of all minus the even), then the one reduction above. Partial product words:
// p0 = Σ lo(r0·h0), p1 = Σ hi(r0·h0) ^ lo(r0·h1) ^ lo(r1·h0),
// p2 = Σ hi(r0·h1) ^ hi(r1·h0) ^ lo(r1·h1), p3 = Σ hi(r1·h1).
//
// Context layout (GHASH_MAX = 512 bytes, 16-byte aligned): X (16 bytes, block byte order);
// at byte 16 the powers (H^k·x^-1 as doublewords (h0, h1)) for k = 8, 7, ..., 1; at byte
// 144 the same with the doublewords swapped, (h1, h0). The n powers a group needs start at
// byte 144 - 16n (and 272 - 16n).
//
// Registers: v4 the reflected blocks, v8 and v12 the powers, v16 scratch, v20 the byte
// reversal index (e8: j ^ 15), v24 X (reflected), v25-v27 and v29-v31 the sums, v28 zero,
// v0 the even-doubleword mask; t3 = C.

	.text

// CORE: v24 = the reduced Σ (block i of v4) ⊗ (power i of v8/v12); e64, LMUL=4, vl = 2n on
// entry; leaves e64, LMUL=1, vl=2.
.macro CORE
	vclmul.vv	v16, v4, v8
	vredxor.vs	v25, v16, v28, v0.t	// p0 = Σ lo(r0·h0)
	vredxor.vs	v26, v16, v28		// Σ lo(r0·h0) ^ lo(r1·h1)
	vclmulh.vv	v16, v4, v8
	vredxor.vs	v27, v16, v28, v0.t	// Σ hi(r0·h0)
	vredxor.vs	v29, v16, v28		// Σ hi(r0·h0) ^ hi(r1·h1)
	vclmul.vv	v16, v4, v12
	vredxor.vs	v30, v16, v28		// Σ lo(r0·h1) ^ lo(r1·h0)
	vclmulh.vv	v16, v4, v12
	vredxor.vs	v31, v16, v28		// Σ hi(r0·h1) ^ hi(r1·h0)
	vsetivli	zero, 1, e64, m1, ta, ma
	vxor.vv	v29, v29, v27		// p3
	vxor.vv	v27, v27, v30		// p1
	vxor.vv	v24, v26, v25
	vxor.vv	v24, v24, v31		// p2
	vclmulh.vx	v30, v25, t3		// fold p0
	vxor.vv	v24, v24, v25
	vxor.vv	v24, v24, v30
	vclmul.vx	v30, v25, t3
	vxor.vv	v27, v27, v30
	vclmulh.vx	v30, v27, t3		// fold p1
	vxor.vv	v29, v29, v27
	vxor.vv	v29, v29, v30
	vclmul.vx	v30, v27, t3
	vxor.vv	v24, v24, v30
	vsetivli	zero, 2, e64, m1, ta, ma
	vslideup.vi	v24, v29, 1		// (p2, p3)
.endm

// SETUP: t3 = C, v20 = the byte reversal index for t6 bytes, v0 = the even doublewords,
// v28 = 0 (e64, LMUL=4, vl = t6/8 on return).
.macro SETUP
	li	t3, 0xc2
	slli	t3, t3, 56
	vsetvli	zero, t6, e8, m4, ta, ma
	vid.v	v20
	vxor.vi	v20, v20, 15
	srli	t0, t6, 3
	vsetvli	zero, t0, e64, m4, ta, ma
	vid.v	v16
	vand.vi	v16, v16, 1
	vmseq.vi	v0, v16, 0
	vmv.v.i	v28, 0
.endm

// void ghash_init_zvbc(ghash_ctx *g, const u8 h[16]);
	.globl	ghash_init_zvbc
	.type	ghash_init_zvbc, @function
ghash_init_zvbc:
	sd	zero, 0(a0)
	sd	zero, 8(a0)
	li	t6, 16
	SETUP
	vsetivli	zero, 16, e8, m4, ta, ma
	vle8.v	v16, (a1)
	vrgather.vv	v24, v16, v20		// H, reflected
	addi	t4, a0, 128		// the power H^1·x^-1 (then H^2·x^-1 16 bytes below, ...)
	li	t5, 8
1:	vsetivli	zero, 2, e64, m1, ta, ma
	vmv.x.s	t0, v24
	vslidedown.vi	v25, v24, 1
	vmv.x.s	t1, v25			// (t0, t1) = H^k
	srai	t2, t1, 63		// x^0's coefficient, as a mask
	srli	a2, t0, 63
	slli	t1, t1, 1
	or	t1, t1, a2
	and	a3, t2, t3
	xor	t1, t1, a3
	slli	t0, t0, 1
	andi	a3, t2, 1
	xor	t0, t0, a3		// H^k·x^-1: shifted left (divided by x), plus g/x if needed
	sd	t0, 0(t4)
	sd	t1, 8(t4)
	sd	t1, 128(t4)
	sd	t0, 136(t4)
	addi	t5, t5, -1
	beqz	t5, 2f
	addi	t4, t4, -16
	vsetivli	zero, 2, e64, m4, ta, ma
	vmv.v.v	v4, v24
	addi	a4, a0, 128
	vle64.v	v8, (a4)
	addi	a4, a0, 256
	vle64.v	v12, (a4)
	CORE				// H^(k+1) = H^k · H
	j	1b
2:	ret
	.size	ghash_init_zvbc, . - ghash_init_zvbc

// void ghash_update_zvbc(ghash_ctx *g, const u8 *in, size_t len);
	.globl	ghash_update_zvbc
	.type	ghash_update_zvbc, @function
ghash_update_zvbc:
	beqz	a2, 9f
	vsetvli	t6, zero, e8, m4, ta, ma
	li	t0, 128
	bleu	t6, t0, 1f
	mv	t6, t0			// bytes in a group: 16N, N <= 8
1:	SETUP
	vsetivli	zero, 16, e8, m4, ta, ma
	vle8.v	v16, (a0)
	vrgather.vv	v24, v16, v20		// X, reflected
	srli	t2, a2, 4		// whole blocks
	li	t5, 0			// the n whose powers are in v8/v12
	beqz	t2, 4f
2:	srli	t0, t6, 4
	mv	t1, t2
	bleu	t1, t0, 3f
	mv	t1, t0			// n = min(blocks left, N)
3:	slli	t4, t1, 4		// 16n
	slli	t0, t1, 1		// 2n doublewords
	beq	t1, t5, 5f
	mv	t5, t1
	vsetvli	zero, t0, e64, m4, ta, ma
	addi	a4, a0, 144
	sub	a4, a4, t4
	vle64.v	v8, (a4)
	addi	a4, a4, 128
	vle64.v	v12, (a4)
5:	vsetvli	zero, t4, e8, m4, ta, ma
	vle8.v	v16, (a1)
	vrgather.vv	v4, v16, v20
	vsetivli	zero, 2, e64, m4, tu, ma
	vxor.vv	v4, v4, v24		// X into block 0
	vsetvli	zero, t0, e64, m4, ta, ma
	CORE
	add	a1, a1, t4
	sub	t2, t2, t1
	bnez	t2, 2b
4:	andi	t4, a2, 15
	beqz	t4, 6f
	vsetivli	zero, 16, e8, m4, ta, ma
	vmv.v.i	v16, 0
	vsetvli	zero, t4, e8, m4, tu, ma
	vle8.v	v16, (a1)		// the partial block, zero-padded
	vsetivli	zero, 16, e8, m4, ta, ma
	vrgather.vv	v4, v16, v20
	vsetivli	zero, 2, e64, m4, tu, ma
	vxor.vv	v4, v4, v24
	li	t1, 1
	beq	t1, t5, 7f
	addi	a4, a0, 128
	vle64.v	v8, (a4)
	addi	a4, a0, 256
	vle64.v	v12, (a4)
7:	vsetivli	zero, 2, e64, m4, ta, ma
	CORE
6:	vsetivli	zero, 16, e8, m4, ta, ma
	vrgather.vv	v16, v24, v20
	vse8.v	v16, (a0)
9:	ret
	.size	ghash_update_zvbc, . - ghash_update_zvbc

// void ghash_final_zvbc(const ghash_ctx *g, u8 x[16]);
	.globl	ghash_final_zvbc
	.type	ghash_final_zvbc, @function
ghash_final_zvbc:
	vsetivli	zero, 16, e8, m1, ta, ma
	vle8.v	v1, (a0)
	vse8.v	v1, (a1)
	ret
	.size	ghash_final_zvbc, . - ghash_final_zvbc
