// sm4-zvksed-zvkb.S: SM4 (GB/T 32907-2016) with the vector crypto instructions: vsm4k.vi for
// the key schedule, vsm4r.vs for the rounds (four rounds an instruction, on every 128-bit
// element group of a register group at once), vrev8.v for the byte order. RV64 only.
// Extensions: v, zvksed, zvkb (-march=rv64imacv_zvksed_zvkb).
//
// Entry points (the ABI is in kernels/README.md; GCM, CCM and XTS are src/modes-zv.c, on top
// of sm4_ctr_encrypt, sm4_cbcmac_blocks and sm4_xts_*_blocks below):
//
//   void sm4_set_encrypt_key(sm4_key *ks, const u8 key[16]);
//   void sm4_set_decrypt_key(sm4_key *ks, const u8 key[16]);
//   void sm4_encrypt(const sm4_key *ks, const u8 in[16], u8 out[16]);
//   void sm4_decrypt(const sm4_key *dks, const u8 in[16], u8 out[16]);
//   void sm4_ecb_encrypt(const sm4_key *ks, const u8 *in, u8 *out, size_t len);
//   void sm4_ecb_decrypt(const sm4_key *dks, const u8 *in, u8 *out, size_t len);
//   void sm4_cbc_encrypt(const sm4_key *ks, u8 iv[16], const u8 *in, u8 *out, size_t len);
//   void sm4_cbc_decrypt(const sm4_key *dks, u8 iv[16], const u8 *in, u8 *out, size_t len);
//   void sm4_cfb128_encrypt(const sm4_key *ks, u8 iv[16], const u8 *in, u8 *out, size_t len);
//   void sm4_cfb128_decrypt(const sm4_key *ks, u8 iv[16], const u8 *in, u8 *out, size_t len);
//   void sm4_ofb_encrypt(const sm4_key *ks, u8 iv[16], const u8 *in, u8 *out, size_t len);
//   void sm4_ctr_encrypt(const sm4_key *ks, u8 ctr[16], const u8 *in, u8 *out, size_t len);
// and, for src/modes-zv.c only:
//   void sm4_cbcmac_blocks(const sm4_key *ks, u8 y[16], const u8 *in, size_t nblocks);
//     y = E(y ^ B) for each 16-byte block B of in (CCM's CBC-MAC)
//   void sm4_xts_encrypt_blocks(const sm4_key *k1, u8 t[16], const u8 *in, u8 *out, size_t nblocks);
//   void sm4_xts_decrypt_blocks(const sm4_key *dk1, u8 t[16], const u8 *in, u8 *out, size_t nblocks);
//     XTS over whole blocks with the tweaks t, t·α, t·α², ...; t (8-byte aligned) becomes
//     t·α^nblocks
//
// Byte order. The vector SM4 instructions take the standard's big-endian words as numbers,
// so a block loaded with vle32.v is byte-swapped with vrev8.v; after the last round an
// element group holds (X32, X33, X34, X35) and the ciphertext is (X35, X34, X33, X32): a
// vrgather.vv with the index j ^ 3 reverses the words of every group, and vrev8.v turns them
// back into bytes.
//
// Several blocks at a time. ECB, CBC decryption, CFB decryption, CTR and XTS set e32 with
// LMUL=4, so a register group holds VLEN/32 blocks (4 at VLEN=128, 8 at 256), and run the 32
// rounds as eight vsm4r.vs on the whole group: the .vs form applies the four round keys in
// element group 0 of one register to every group. vl is min(4 × blocks left, VLMAX), computed
// here rather than left to vsetvli (which may split an AVL between VLMAX and 2·VLMAX into two
// halves that are not whole blocks). CBC and CFB encryption, OFB and the CBC-MAC are serial:
// one block an iteration, LMUL=1.
//
// Key schedule layout (sm4_key, 128 bytes used, 16-byte aligned): the 32 round keys as
// numbers, interleaved so that one segment load puts rk[4j..4j+3] in v(24+j):
// u32 w[32], w[8i + j] = rk[4j + i] for i = 0..3, j = 0..7 (vlseg8e32.v with vl = 4). The
// decryption schedule holds the round keys in reverse order, the same way.
//
// Data buffers may have any alignment: whole blocks are moved with vle32.v/vse32.v, which
// needs a core that handles misaligned vector elements (as rvsim does; a core may trap),
// and partial blocks with vle8.v/vse8.v.
//
// Registers: v24-v31 the round keys, v16 the word-reversal index; LMUL=4 groups v4, v8, v12,
// v20; v0 a mask (CTR, XTS); v1-v3 the LMUL=1 work registers.

	.text

// ---- helpers ---------------------------------------------------------------------------

// LOAD_KEYS ks: the round keys into v24..v31; leaves e32, LMUL=1, vl=4.
.macro LOAD_KEYS ks
	vsetivli	zero, 4, e32, m1, ta, ma
	vlseg8e32.v	v24, (\ks)
.endm

// ROUNDS vd: the 32 rounds on every element group of vd.
.macro ROUNDS vd
	vsm4r.vs	\vd, v24
	vsm4r.vs	\vd, v25
	vsm4r.vs	\vd, v26
	vsm4r.vs	\vd, v27
	vsm4r.vs	\vd, v28
	vsm4r.vs	\vd, v29
	vsm4r.vs	\vd, v30
	vsm4r.vs	\vd, v31
.endm

// REVIDX1 vd: (3, 2, 1, 0), the word reversal of one block (LMUL=1, vl=4).
.macro REVIDX1 vd
	vid.v	\vd
	vrsub.vi	\vd, \vd, 3
.endm

// BLOCK1 vd, vs: vd = E(vs) for one block in memory byte order (LMUL=1, vl=4; v2 holds
// REVIDX1, v3 is clobbered; vd may be vs).
.macro BLOCK1 vd, vs
	vrev8.v	v3, \vs
	ROUNDS	v3
	vrgather.vv	\vd, v3, v2
	vrev8.v	\vd, \vd
.endm

// BATCH_SETUP: t6 = VLMAX at e32, LMUL=4; v16 = j ^ 3 (the word reversal of every group).
.macro BATCH_SETUP
	vsetvli	t6, zero, e32, m4, ta, ma
	vid.v	v16
	vxor.vi	v16, v16, 3
.endm

// CLAMP rd, rs: rd = min(rs, t6).
.macro CLAMP rd, rs
	mv	\rd, \rs
	bleu	\rd, t6, .Lclamp\@
	mv	\rd, t6
.Lclamp\@:
.endm

// ---- key schedule ----------------------------------------------------------------------

// EXPAND: v24..v31 = rk[0..31] of the key at a1 (four round keys a register).
.macro EXPAND
	vsetivli	zero, 4, e32, m1, ta, ma
	vle32.v	v1, (a1)
	vrev8.v	v1, v1
	lla	t0, sm4_fk
	vle32.v	v2, (t0)
	vxor.vv	v1, v1, v2		// K0..K3 = MK ^ FK
	vsm4k.vi	v24, v1, 0
	vsm4k.vi	v25, v24, 1
	vsm4k.vi	v26, v25, 2
	vsm4k.vi	v27, v26, 3
	vsm4k.vi	v28, v27, 4
	vsm4k.vi	v29, v28, 5
	vsm4k.vi	v30, v29, 6
	vsm4k.vi	v31, v30, 7
.endm

// void sm4_set_encrypt_key(sm4_key *ks, const u8 key[16]);
	.globl	sm4_set_encrypt_key
	.type	sm4_set_encrypt_key, @function
sm4_set_encrypt_key:
	EXPAND
	vsseg8e32.v	v24, (a0)
	ret
	.size	sm4_set_encrypt_key, . - sm4_set_encrypt_key

// void sm4_set_decrypt_key(sm4_key *ks, const u8 key[16]);
	.globl	sm4_set_decrypt_key
	.type	sm4_set_decrypt_key, @function
sm4_set_decrypt_key:
	EXPAND
	// v(8+j) = the words of v(31-j) reversed: rk[31-4j], rk[30-4j], rk[29-4j], rk[28-4j].
	REVIDX1	v1
	vrgather.vv	v8, v31, v1
	vrgather.vv	v9, v30, v1
	vrgather.vv	v10, v29, v1
	vrgather.vv	v11, v28, v1
	vrgather.vv	v12, v27, v1
	vrgather.vv	v13, v26, v1
	vrgather.vv	v14, v25, v1
	vrgather.vv	v15, v24, v1
	vsseg8e32.v	v8, (a0)
	ret
	.size	sm4_set_decrypt_key, . - sm4_set_decrypt_key

// ---- one block -------------------------------------------------------------------------

// void sm4_encrypt(const sm4_key *ks, const u8 in[16], u8 out[16]);
// void sm4_decrypt(const sm4_key *dks, const u8 in[16], u8 out[16]);
	.globl	sm4_encrypt
	.type	sm4_encrypt, @function
	.globl	sm4_decrypt
	.type	sm4_decrypt, @function
sm4_encrypt:
sm4_decrypt:
	LOAD_KEYS	a0
	REVIDX1	v2
	vle32.v	v1, (a1)
	BLOCK1	v1, v1
	vse32.v	v1, (a2)
	ret
	.size	sm4_encrypt, . - sm4_encrypt
	.size	sm4_decrypt, . - sm4_decrypt

// ---- ECB -------------------------------------------------------------------------------

// void sm4_ecb_encrypt(const sm4_key *ks, const u8 *in, u8 *out, size_t len);
// void sm4_ecb_decrypt(const sm4_key *dks, const u8 *in, u8 *out, size_t len);
// len is a multiple of 16 (a trailing partial block is left alone).
	.globl	sm4_ecb_encrypt
	.type	sm4_ecb_encrypt, @function
	.globl	sm4_ecb_decrypt
	.type	sm4_ecb_decrypt, @function
sm4_ecb_encrypt:
sm4_ecb_decrypt:
	srli	a3, a3, 4
	beqz	a3, 9f
	LOAD_KEYS	a0
	BATCH_SETUP
	slli	a3, a3, 2		// words left
1:	CLAMP	t0, a3
	vsetvli	zero, t0, e32, m4, ta, ma
	vle32.v	v4, (a1)
	vrev8.v	v4, v4
	ROUNDS	v4
	vrgather.vv	v8, v4, v16
	vrev8.v	v8, v8
	vse32.v	v8, (a2)
	slli	t1, t0, 2
	add	a1, a1, t1
	add	a2, a2, t1
	sub	a3, a3, t0
	bnez	a3, 1b
9:	ret
	.size	sm4_ecb_encrypt, . - sm4_ecb_encrypt
	.size	sm4_ecb_decrypt, . - sm4_ecb_decrypt

// ---- CBC -------------------------------------------------------------------------------

// void sm4_cbc_encrypt(const sm4_key *ks, u8 iv[16], const u8 *in, u8 *out, size_t len);
// len is a multiple of 16; iv becomes the last ciphertext block. Serial: one block an
// iteration.
	.globl	sm4_cbc_encrypt
	.type	sm4_cbc_encrypt, @function
sm4_cbc_encrypt:
	srli	a4, a4, 4
	beqz	a4, 9f
	LOAD_KEYS	a0
	REVIDX1	v2
	vle32.v	v1, (a1)		// the chaining value
1:	vle32.v	v4, (a2)
	vxor.vv	v4, v4, v1
	BLOCK1	v1, v4
	vse32.v	v1, (a3)
	addi	a2, a2, 16
	addi	a3, a3, 16
	addi	a4, a4, -1
	bnez	a4, 1b
	vse32.v	v1, (a1)
9:	ret
	.size	sm4_cbc_encrypt, . - sm4_cbc_encrypt

// void sm4_cbcmac_blocks(const sm4_key *ks, u8 y[16], const u8 *in, size_t nblocks);
// y = E(y ^ B) for each block B: CBC encryption without the output (CCM's MAC).
	.globl	sm4_cbcmac_blocks
	.type	sm4_cbcmac_blocks, @function
sm4_cbcmac_blocks:
	beqz	a3, 9f
	LOAD_KEYS	a0
	REVIDX1	v2
	vle32.v	v1, (a1)
1:	vle32.v	v4, (a2)
	vxor.vv	v4, v4, v1
	BLOCK1	v1, v4
	addi	a2, a2, 16
	addi	a3, a3, -1
	bnez	a3, 1b
	vse32.v	v1, (a1)
9:	ret
	.size	sm4_cbcmac_blocks, . - sm4_cbcmac_blocks

// void sm4_cbc_decrypt(const sm4_key *dks, u8 iv[16], const u8 *in, u8 *out, size_t len);
// Several blocks an iteration: P_i = D(C_i) ^ C_(i-1), where the group of C_(i-1) is the
// ciphertext group slid up by one block over the previous chaining value.
	.globl	sm4_cbc_decrypt
	.type	sm4_cbc_decrypt, @function
sm4_cbc_decrypt:
	srli	a4, a4, 4
	beqz	a4, 9f
	LOAD_KEYS	a0
	vle32.v	v20, (a1)		// block 0 of v20: the chaining value
	BATCH_SETUP
	slli	a4, a4, 2
1:	CLAMP	t0, a4
	vsetvli	zero, t0, e32, m4, ta, ma
	vle32.v	v4, (a2)		// C
	vrev8.v	v8, v4
	ROUNDS	v8
	vrgather.vv	v12, v8, v16
	vrev8.v	v12, v12		// D(C)
	vslideup.vi	v20, v4, 4		// (C_-1, C_0, ..., C_n-2): elements 0..3 stay
	vxor.vv	v12, v12, v20
	vse32.v	v12, (a3)
	addi	t1, t0, -4
	vslidedown.vx	v20, v4, t1		// the last C is the next chaining value
	slli	t1, t0, 2
	add	a2, a2, t1
	add	a3, a3, t1
	sub	a4, a4, t0
	bnez	a4, 1b
	vsetivli	zero, 4, e32, m1, ta, ma
	vse32.v	v20, (a1)
9:	ret
	.size	sm4_cbc_decrypt, . - sm4_cbc_decrypt

// ---- CFB128 ----------------------------------------------------------------------------

// void sm4_cfb128_encrypt(const sm4_key *ks, u8 iv[16], const u8 *in, u8 *out, size_t len);
// Any len; iv becomes the last ciphertext block when len is a multiple of 16. Serial.
	.globl	sm4_cfb128_encrypt
	.type	sm4_cfb128_encrypt, @function
sm4_cfb128_encrypt:
	beqz	a4, 9f
	LOAD_KEYS	a0
	REVIDX1	v2
	vle32.v	v1, (a1)
	li	t0, 16
	bltu	a4, t0, 2f
1:	BLOCK1	v1, v1
	vle32.v	v4, (a2)
	vxor.vv	v1, v1, v4		// C_i = E(C_i-1) ^ P_i
	vse32.v	v1, (a3)
	addi	a2, a2, 16
	addi	a3, a3, 16
	addi	a4, a4, -16
	bgeu	a4, t0, 1b
	vse32.v	v1, (a1)
	beqz	a4, 9f
2:	BLOCK1	v1, v1			// a partial last block
	vsetvli	zero, a4, e8, m1, ta, ma
	vle8.v	v4, (a2)
	vxor.vv	v4, v4, v1
	vse8.v	v4, (a3)
9:	ret
	.size	sm4_cfb128_encrypt, . - sm4_cfb128_encrypt

// void sm4_cfb128_decrypt(const sm4_key *ks, u8 iv[16], const u8 *in, u8 *out, size_t len);
// ks is the ENCRYPTION schedule. Several blocks an iteration: P_i = E(C_(i-1)) ^ C_i, the
// C_(i-1) group made as in CBC decryption; the data moves as bytes, so the last batch may end
// in a partial block.
	.globl	sm4_cfb128_decrypt
	.type	sm4_cfb128_decrypt, @function
sm4_cfb128_decrypt:
	beqz	a4, 9f
	LOAD_KEYS	a0
	vle32.v	v20, (a1)
	BATCH_SETUP
1:	addi	t0, a4, 15
	srli	t0, t0, 4
	slli	t0, t0, 2		// words of the blocks left, the last one partial or not
	CLAMP	t0, t0
	slli	t1, t0, 2		// bytes this iteration: min(len, 4 × words)
	bleu	t1, a4, 2f
	mv	t1, a4
2:	vsetvli	zero, t1, e8, m4, ta, ma
	vle8.v	v4, (a2)		// C
	vsetvli	zero, t0, e32, m4, ta, ma
	vslideup.vi	v20, v4, 4
	vrev8.v	v8, v20
	ROUNDS	v8
	vrgather.vv	v12, v8, v16
	vrev8.v	v12, v12		// E(C_-1, ..., C_n-2)
	addi	t2, t0, -4
	vslidedown.vx	v20, v4, t2
	vsetvli	zero, t1, e8, m4, ta, ma
	vxor.vv	v12, v12, v4
	vse8.v	v12, (a3)
	add	a2, a2, t1
	add	a3, a3, t1
	sub	a4, a4, t1
	bnez	a4, 1b
	vsetivli	zero, 4, e32, m1, ta, ma
	vse32.v	v20, (a1)
9:	ret
	.size	sm4_cfb128_decrypt, . - sm4_cfb128_decrypt

// ---- OFB -------------------------------------------------------------------------------

// void sm4_ofb_encrypt(const sm4_key *ks, u8 iv[16], const u8 *in, u8 *out, size_t len);
// Encryption and decryption are the same; any len; iv becomes the last keystream block.
// Serial.
	.globl	sm4_ofb_encrypt
	.type	sm4_ofb_encrypt, @function
sm4_ofb_encrypt:
	beqz	a4, 9f
	LOAD_KEYS	a0
	REVIDX1	v2
	vle32.v	v1, (a1)
	li	t0, 16
1:	BLOCK1	v1, v1			// the next keystream block
	bltu	a4, t0, 2f
	vle32.v	v4, (a2)
	vxor.vv	v4, v4, v1
	vse32.v	v4, (a3)
	addi	a2, a2, 16
	addi	a3, a3, 16
	addi	a4, a4, -16
	bnez	a4, 1b
	vse32.v	v1, (a1)
	ret
2:	vsetvli	zero, a4, e8, m1, ta, ma
	vle8.v	v4, (a2)
	vxor.vv	v4, v4, v1
	vse8.v	v4, (a3)
	vsetivli	zero, 4, e32, m1, ta, ma
	vse32.v	v1, (a1)
9:	ret
	.size	sm4_ofb_encrypt, . - sm4_ofb_encrypt

// ---- CTR -------------------------------------------------------------------------------

// void sm4_ctr_encrypt(const sm4_key *ks, u8 ctr[16], const u8 *in, u8 *out, size_t len);
// Encryption and decryption are the same; any len. The last four bytes of the counter block
// are a big-endian counter, incremented modulo 2^32 per block; ctr advances by
// ceil(len/16). After vrev8.v the counter is element 3 of the block as a number, so the
// group of counter blocks is the block in every element group plus (0, 0, 0, g) for group
// g, and it advances by a vadd.vv of (0, 0, 0, blocks per group) for every group.
	.globl	sm4_ctr_encrypt
	.type	sm4_ctr_encrypt, @function
sm4_ctr_encrypt:
	beqz	a4, 9f
	LOAD_KEYS	a0
	vle32.v	v1, (a1)
	vrev8.v	v1, v1			// (X0, X1, X2, counter)
	addi	t2, a4, 15
	srli	t2, t2, 4		// the blocks of this call
	vmv.v.i	v2, 0
	vslide1down.vx	v3, v2, t2	// (0, 0, 0, blocks)
	vadd.vv	v3, v3, v1		// the counter block on return
	vmv.v.v	v12, v1
	BATCH_SETUP
	vid.v	v8
	vand.vi	v20, v8, 3
	vrgather.vv	v4, v12, v20	// the counter block in every group
	vmseq.vi	v0, v20, 3	// element 3 of every group
	vsrl.vi	v8, v8, 2		// the group number
	vmv.v.i	v20, 0
	vmerge.vvm	v20, v20, v8, v0
	vadd.vv	v4, v4, v20		// counter + g in group g
	srli	t0, t6, 2
	vmv.v.i	v8, 0
	vmerge.vxm	v8, v8, t0, v0	// (0, 0, 0, groups) in every group: the step
1:	addi	t0, a4, 15
	srli	t0, t0, 4
	slli	t0, t0, 2
	CLAMP	t0, t0
	vsetvli	zero, t0, e32, m4, ta, ma
	vmv.v.v	v12, v4
	vadd.vv	v4, v4, v8
	ROUNDS	v12
	vrgather.vv	v20, v12, v16
	vrev8.v	v20, v20		// keystream
	slli	t1, t0, 2
	bleu	t1, a4, 2f
	mv	t1, a4
2:	vsetvli	zero, t1, e8, m4, ta, ma
	vle8.v	v12, (a2)
	vxor.vv	v12, v12, v20
	vse8.v	v12, (a3)
	add	a2, a2, t1
	add	a3, a3, t1
	sub	a4, a4, t1
	bnez	a4, 1b
	vsetivli	zero, 4, e32, m1, ta, ma
	vrev8.v	v3, v3
	vse32.v	v3, (a1)
9:	ret
	.size	sm4_ctr_encrypt, . - sm4_ctr_encrypt

// ---- XTS -------------------------------------------------------------------------------

// void sm4_xts_encrypt_blocks(const sm4_key *k1, u8 t[16], const u8 *in, u8 *out, size_t nblocks);
// void sm4_xts_decrypt_blocks(const sm4_key *dk1, u8 t[16], const u8 *in, u8 *out, size_t nblocks);
// out_i = E(in_i ^ T_i) ^ T_i with T_i = t·α^i (IEEE 1619: the tweak as a little-endian
// 128-bit number, α = x modulo x^128 + x^7 + x^2 + x + 1); t, 8-byte aligned, becomes
// t·α^nblocks. Several blocks an iteration: the first group of tweaks is made with scalar
// shifts, and each following one is the last times α^k, k the blocks in a group, with e64
// shifts: hi·x^k | lo >> (64-k) in the odd (high) elements and lo·x^k ^ (hi >> (64-k))·0x87
// in the even ones; the carries reach the neighbouring element with vslide1up/vslide1down.
// A group is at most 16 blocks (k <= 16 keeps (hi >> (64-k))·0x87 within 64 bits).
	.globl	sm4_xts_encrypt_blocks
	.type	sm4_xts_encrypt_blocks, @function
	.globl	sm4_xts_decrypt_blocks
	.type	sm4_xts_decrypt_blocks, @function
sm4_xts_encrypt_blocks:
sm4_xts_decrypt_blocks:
	beqz	a4, 9f
	LOAD_KEYS	a0
	vsetvli	t6, zero, e32, m4, ta, ma
	li	t0, 64
	bleu	t6, t0, 1f
	mv	t6, t0			// at most 16 blocks a group
1:	addi	sp, sp, -256
	ld	t0, 0(a1)
	ld	t1, 8(a1)
	srli	t2, t6, 2
	bleu	t2, a4, 2f
	mv	t2, a4			// tweaks needed in the first group: min(blocks, group)
2:	mv	t3, sp
3:	sd	t0, 0(t3)
	sd	t1, 8(t3)
	srai	t4, t1, 63
	andi	t4, t4, 0x87
	srli	t5, t0, 63
	slli	t1, t1, 1
	or	t1, t1, t5
	slli	t0, t0, 1
	xor	t0, t0, t4		// (t0, t1) ·= α
	addi	t3, t3, 16
	addi	t2, t2, -1
	bnez	t2, 3b
	vsetvli	zero, t6, e32, m4, ta, ma
	vle32.v	v4, (sp)		// T_0 ... (the unused tail is garbage)
	addi	sp, sp, 256
	vid.v	v16
	vxor.vi	v16, v16, 3
	srli	t0, t6, 1
	vsetvli	zero, t0, e64, m4, ta, ma
	vid.v	v8
	vand.vi	v8, v8, 1
	vmsne.vi	v0, v8, 0	// the odd (high) doublewords
	slli	a4, a4, 2
4:	CLAMP	t0, a4
	vsetvli	zero, t0, e32, m4, ta, ma
	vle32.v	v8, (a2)
	vxor.vv	v8, v8, v4
	vrev8.v	v8, v8
	ROUNDS	v8
	vrgather.vv	v12, v8, v16
	vrev8.v	v12, v12
	vxor.vv	v12, v12, v4
	vse32.v	v12, (a3)
	slli	t1, t0, 2
	add	a2, a2, t1
	add	a3, a3, t1
	sub	a4, a4, t0
	// The tweaks times α^k, k = t0/4.
	srli	t2, t0, 2
	li	t3, 64
	sub	t3, t3, t2
	srli	t1, t0, 1
	vsetvli	zero, t1, e64, m4, ta, mu
	vsrl.vx	v12, v4, t3		// what shifts out of each doubleword
	vsll.vx	v4, v4, t2
	vslide1up.vx	v20, v12, zero
	vor.vv	v4, v4, v20, v0.t	// high doublewords: the low one's bits
	vslide1down.vx	v20, v12, zero
	vmnot.m	v0, v0
	vxor.vv	v4, v4, v20, v0.t	// low doublewords: the high one's bits times 0x87
	vsll.vi	v12, v20, 1
	vxor.vv	v4, v4, v12, v0.t
	vsll.vi	v12, v20, 2
	vxor.vv	v4, v4, v12, v0.t
	vsll.vi	v12, v20, 7
	vxor.vv	v4, v4, v12, v0.t
	vmnot.m	v0, v0
	bnez	a4, 4b
	vsetivli	zero, 4, e32, m1, ta, ma
	vse32.v	v4, (a1)
9:	ret
	.size	sm4_xts_encrypt_blocks, . - sm4_xts_encrypt_blocks
	.size	sm4_xts_decrypt_blocks, . - sm4_xts_decrypt_blocks

	.section .rodata
	.p2align 4
// FK_0..FK_3 (GB/T 32907 7.3.2), XORed into the key before the first vsm4k.vi.
sm4_fk:
	.word	0xa3b1bac6, 0x56aa3350, 0x677d9197, 0xb27022dc
