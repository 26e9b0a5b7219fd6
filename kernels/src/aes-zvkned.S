// aes-zvkned.S: AES-128/192/256 (FIPS 197) with the vector AES instructions: vaeskf1.vi and
// vaeskf2.vi for the key schedules, vaesz.vs, vaesem.vs, vaesef.vs, vaesdm.vs and vaesdf.vs
// for the rounds. One block an iteration in every mode (e32, LMUL=1, vl=4: one element
// group). RV64 only.
// Extensions: v, zvkned (-march=rv64imacv_zvkned). aes-zvkned-x8.S includes this file with
// AES_X8 defined and replaces ECB and CBC decryption with 8-block loops.
//
// Entry points (the ABI is in kernels/README.md; GCM, CCM and XTS are src/modes-zv.c, on top
// of aes_ctr_encrypt, aes_cbcmac_blocks and aes_xts_*_blocks below):
//
//   int aes_set_encrypt_key(aes_key *ks, const u8 *key, unsigned bits);
//   int aes_set_decrypt_key(aes_key *ks, const u8 *key, unsigned bits);
//   void aes_encrypt(const aes_key *ks, const u8 in[16], u8 out[16]);
//   void aes_decrypt(const aes_key *dks, const u8 in[16], u8 out[16]);
//   void aes_ecb_encrypt(const aes_key *ks, const u8 *in, u8 *out, size_t len);
//   void aes_ecb_decrypt(const aes_key *dks, const u8 *in, u8 *out, size_t len);
//   void aes_cbc_encrypt(const aes_key *ks, u8 iv[16], const u8 *in, u8 *out, size_t len);
//   void aes_cbc_decrypt(const aes_key *dks, u8 iv[16], const u8 *in, u8 *out, size_t len);
//   void aes_cfb128_encrypt(const aes_key *ks, u8 iv[16], const u8 *in, u8 *out, size_t len);
//   void aes_cfb128_decrypt(const aes_key *ks, u8 iv[16], const u8 *in, u8 *out, size_t len);
//   void aes_ofb_encrypt(const aes_key *ks, u8 iv[16], const u8 *in, u8 *out, size_t len);
//   void aes_ctr_encrypt(const aes_key *ks, u8 ctr[16], const u8 *in, u8 *out, size_t len);
// and, for src/modes-zv.c only:
//   void aes_cbcmac_blocks(const aes_key *ks, u8 y[16], const u8 *in, size_t nblocks);
//     y = E(y ^ B) for each 16-byte block B of in (CCM's CBC-MAC)
//   void aes_xts_encrypt_blocks(const aes_key *k1, u8 t[16], const u8 *in, u8 *out, size_t nblocks);
//   void aes_xts_decrypt_blocks(const aes_key *dk1, u8 t[16], const u8 *in, u8 *out, size_t nblocks);
//     XTS over whole blocks with the tweaks t, t·α, t·α², ...; t becomes t·α^nblocks
//
// Key schedule layout (aes_key, 244 bytes used, 16-byte aligned): u32 rk[60], the round
// keys as vle32.v loads them (little-endian column words: the block's byte order), round r
// at rk[4r..4r+3]; u32 rounds (10, 12, 14) at byte 240. The decryption schedule holds the
// same round keys in reverse order, unchanged: vaesdm.vs adds the round key before
// InvMixColumns, so the straight inverse cipher needs no InvMixColumns on the keys. AES-192
// has no key-schedule instruction of its own: vaeskf1.vi on a register holding w[6s-1] in
// every element gives SubWord(RotWord(w[6s-1])) ^ Rcon[s] ^ w[6s-1] in element 0, and the
// rest of the step is scalar XORs.
//
// Every mode function loads the whole schedule into v16..v30 (round r in v(16+r)) once and
// branches on the number of rounds to one of three copies of its loop (the ENC and DEC
// macros unroll the rounds). The CTR counter (big-endian, without Zvkb's vrev8.v) is kept
// with its last word byte-reversed by a vrgather.vv, so that a vadd.vv of (0, 0, 0, 1)
// increments it. Data buffers may have any alignment: whole blocks are moved with
// vle32.v/vse32.v, which needs a core that handles misaligned vector elements (as rvsim
// does; a core may trap instead), partial ones with vle8.v/vse8.v.

	.text

// ---- helpers ---------------------------------------------------------------------------

// LOAD_KEYS ks: t5 = rounds, round key r in v(16+r); leaves e32, LMUL=1, vl=4.
.macro LOAD_KEYS ks
	vsetivli	zero, 4, e32, m1, ta, ma
	lw	t5, 240(\ks)
	mv	t4, \ks
	vle32.v	v16, (t4)
	addi	t4, t4, 16
	vle32.v	v17, (t4)
	addi	t4, t4, 16
	vle32.v	v18, (t4)
	addi	t4, t4, 16
	vle32.v	v19, (t4)
	addi	t4, t4, 16
	vle32.v	v20, (t4)
	addi	t4, t4, 16
	vle32.v	v21, (t4)
	addi	t4, t4, 16
	vle32.v	v22, (t4)
	addi	t4, t4, 16
	vle32.v	v23, (t4)
	addi	t4, t4, 16
	vle32.v	v24, (t4)
	addi	t4, t4, 16
	vle32.v	v25, (t4)
	addi	t4, t4, 16
	vle32.v	v26, (t4)
	li	t3, 10
	beq	t5, t3, .Lkeys\@
	addi	t4, t4, 16
	vle32.v	v27, (t4)
	addi	t4, t4, 16
	vle32.v	v28, (t4)
	li	t3, 12
	beq	t5, t3, .Lkeys\@
	addi	t4, t4, 16
	vle32.v	v29, (t4)
	addi	t4, t4, 16
	vle32.v	v30, (t4)
.Lkeys\@:
.endm

// ROUNDS mid, last, v, nr: the nr rounds on v with the keys in v16.. (vaesz.vs, nr-1 times
// mid, last).
.macro ROUNDS mid, last, v, nr
	vaesz.vs	\v, v16
	\mid	\v, v17
	\mid	\v, v18
	\mid	\v, v19
	\mid	\v, v20
	\mid	\v, v21
	\mid	\v, v22
	\mid	\v, v23
	\mid	\v, v24
	\mid	\v, v25
.if \nr == 10
	\last	\v, v26
.elseif \nr == 12
	\mid	\v, v26
	\mid	\v, v27
	\last	\v, v28
.else
	\mid	\v, v26
	\mid	\v, v27
	\mid	\v, v28
	\mid	\v, v29
	\last	\v, v30
.endif
.endm

.macro ENC v, nr
	ROUNDS	vaesem.vs, vaesef.vs, \v, \nr
.endm

.macro DEC v, nr
	ROUNDS	vaesdm.vs, vaesdf.vs, \v, \nr
.endm

// DISPATCH l128, l192: branch on t5 (the rounds) to l128 or l192; AES-256 falls through.
.macro DISPATCH l128, l192
	li	t3, 12
	bltu	t5, t3, \l128
	beq	t5, t3, \l192
.endm

// FOR_SIZES body: the body macro for 14, 10 and 12 rounds after a DISPATCH to 1f and 2f;
// each copy returns.
.macro FOR_SIZES body
	DISPATCH	1f, 2f
	\body	14
1:	\body	10
2:	\body	12
.endm

// ---- key schedules ---------------------------------------------------------------------

// int aes_set_encrypt_key(aes_key *ks, const u8 *key, unsigned bits);
// bits is 128, 192 or 256; returns 0, or -1 for another size.
	.globl	aes_set_encrypt_key
	.type	aes_set_encrypt_key, @function
aes_set_encrypt_key:
	li	t0, 128
	beq	a2, t0, .Lk128
	li	t0, 192
	beq	a2, t0, .Lk192
	li	t0, 256
	beq	a2, t0, .Lk256
	li	a0, -1
	ret

.Lk128:
	vsetivli	zero, 4, e32, m1, ta, ma
	vle32.v	v1, (a1)
	mv	t1, a0
	vse32.v	v1, (t1)
	.irp	r, 1, 3, 5, 7, 9
	vaeskf1.vi	v2, v1, \r
	addi	t1, t1, 16
	vse32.v	v2, (t1)
	vaeskf1.vi	v1, v2, (\r + 1)
	addi	t1, t1, 16
	vse32.v	v1, (t1)
	.endr
	li	t0, 10
	j	.Lkdone

.Lk256:
	vsetivli	zero, 4, e32, m1, ta, ma
	vle32.v	v1, (a1)
	addi	t0, a1, 16
	vle32.v	v2, (t0)
	mv	t1, a0
	vse32.v	v1, (t1)
	addi	t1, t1, 16
	vse32.v	v2, (t1)
	// vaeskf2.vi: vd holds the round key two back and receives the new one.
	.irp	r, 2, 4, 6, 8, 10, 12
	vaeskf2.vi	v1, v2, \r
	addi	t1, t1, 16
	vse32.v	v1, (t1)
	vaeskf2.vi	v2, v1, (\r + 1)
	addi	t1, t1, 16
	vse32.v	v2, (t1)
	.endr
	vaeskf2.vi	v1, v2, 14
	addi	t1, t1, 16
	vse32.v	v1, (t1)
	li	t0, 14
	j	.Lkdone

.Lk192:
	// w[0..5] = the key; step s = 1..8 makes w[6s..6s+5] (w[52], w[53] are spare words).
	vsetivli	zero, 24, e8, m2, ta, ma
	vle8.v	v2, (a1)
	vse8.v	v2, (a0)
	lw	a4, 0(a0)
	lw	a5, 4(a0)
	lw	a6, 8(a0)
	lw	a7, 12(a0)
	lw	t3, 16(a0)
	lw	t4, 20(a0)
	vsetivli	zero, 4, e32, m1, ta, ma
	addi	t1, a0, 24
	.irp	s, 1, 2, 3, 4, 5, 6, 7, 8
	vmv.v.x	v1, t4
	vaeskf1.vi	v2, v1, \s
	vmv.x.s	t0, v2
	xor	t0, t0, t4		// SubWord(RotWord(w[6s-1])) ^ Rcon[s]
	xor	a4, a4, t0
	sw	a4, 0(t1)
	xor	a5, a5, a4
	sw	a5, 4(t1)
	xor	a6, a6, a5
	sw	a6, 8(t1)
	xor	a7, a7, a6
	sw	a7, 12(t1)
	xor	t3, t3, a7
	sw	t3, 16(t1)
	xor	t4, t4, t3
	sw	t4, 20(t1)
	addi	t1, t1, 24
	.endr
	li	t0, 12
.Lkdone:
	sw	t0, 240(a0)
	li	a0, 0
	ret
	.size	aes_set_encrypt_key, . - aes_set_encrypt_key

// int aes_set_decrypt_key(aes_key *ks, const u8 *key, unsigned bits);
// The encryption schedule with its round keys in reverse order.
	.globl	aes_set_decrypt_key
	.type	aes_set_decrypt_key, @function
aes_set_decrypt_key:
	addi	sp, sp, -16
	sd	ra, 0(sp)
	sd	a0, 8(sp)
	call	aes_set_encrypt_key
	ld	t0, 8(sp)
	ld	ra, 0(sp)
	addi	sp, sp, 16
	bnez	a0, 9f
	lw	t1, 240(t0)
	slli	t2, t1, 4
	add	t2, t2, t0		// &rk[4·rounds]
	vsetivli	zero, 4, e32, m1, ta, ma
1:	vle32.v	v1, (t0)
	vle32.v	v2, (t2)
	vse32.v	v2, (t0)
	vse32.v	v1, (t2)
	addi	t0, t0, 16
	addi	t2, t2, -16
	bltu	t0, t2, 1b
9:	ret
	.size	aes_set_decrypt_key, . - aes_set_decrypt_key

// ---- one block -------------------------------------------------------------------------

.macro BLOCK_ENC nr
	ENC	v1, \nr
	vse32.v	v1, (a2)
	ret
.endm
.macro BLOCK_DEC nr
	DEC	v1, \nr
	vse32.v	v1, (a2)
	ret
.endm

// void aes_encrypt(const aes_key *ks, const u8 in[16], u8 out[16]);
	.globl	aes_encrypt
	.type	aes_encrypt, @function
aes_encrypt:
	LOAD_KEYS	a0
	vle32.v	v1, (a1)
	FOR_SIZES	BLOCK_ENC
	.size	aes_encrypt, . - aes_encrypt

// void aes_decrypt(const aes_key *dks, const u8 in[16], u8 out[16]);
	.globl	aes_decrypt
	.type	aes_decrypt, @function
aes_decrypt:
	LOAD_KEYS	a0
	vle32.v	v1, (a1)
	FOR_SIZES	BLOCK_DEC
	.size	aes_decrypt, . - aes_decrypt

#ifndef AES_X8
// ---- ECB -------------------------------------------------------------------------------

.macro ECB_LOOP op, nr
.Lecb\@:
	vle32.v	v1, (a1)
	\op	v1, \nr
	vse32.v	v1, (a2)
	addi	a1, a1, 16
	addi	a2, a2, 16
	addi	a3, a3, -1
	bnez	a3, .Lecb\@
	ret
.endm
.macro ECB_ENC nr
	ECB_LOOP	ENC, \nr
.endm
.macro ECB_DEC nr
	ECB_LOOP	DEC, \nr
.endm

// void aes_ecb_encrypt(const aes_key *ks, const u8 *in, u8 *out, size_t len);
// len is a multiple of 16 (a trailing partial block is left alone).
	.globl	aes_ecb_encrypt
	.type	aes_ecb_encrypt, @function
aes_ecb_encrypt:
	srli	a3, a3, 4
	beqz	a3, 9f
	LOAD_KEYS	a0
	FOR_SIZES	ECB_ENC
9:	ret
	.size	aes_ecb_encrypt, . - aes_ecb_encrypt

// void aes_ecb_decrypt(const aes_key *dks, const u8 *in, u8 *out, size_t len);
	.globl	aes_ecb_decrypt
	.type	aes_ecb_decrypt, @function
aes_ecb_decrypt:
	srli	a3, a3, 4
	beqz	a3, 9f
	LOAD_KEYS	a0
	FOR_SIZES	ECB_DEC
9:	ret
	.size	aes_ecb_decrypt, . - aes_ecb_decrypt
#endif

// ---- CBC -------------------------------------------------------------------------------

.macro CBCENC_LOOP nr
.Lcbce\@:
	vle32.v	v2, (a2)
	vxor.vv	v1, v1, v2
	ENC	v1, \nr
	vse32.v	v1, (a3)
	addi	a2, a2, 16
	addi	a3, a3, 16
	addi	a4, a4, -1
	bnez	a4, .Lcbce\@
	vse32.v	v1, (a1)
	ret
.endm

// void aes_cbc_encrypt(const aes_key *ks, u8 iv[16], const u8 *in, u8 *out, size_t len);
// len is a multiple of 16; iv becomes the last ciphertext block.
	.globl	aes_cbc_encrypt
	.type	aes_cbc_encrypt, @function
aes_cbc_encrypt:
	srli	a4, a4, 4
	beqz	a4, 9f
	LOAD_KEYS	a0
	vle32.v	v1, (a1)
	FOR_SIZES	CBCENC_LOOP
9:	ret
	.size	aes_cbc_encrypt, . - aes_cbc_encrypt

.macro CBCMAC_LOOP nr
.Lmac\@:
	vle32.v	v2, (a2)
	vxor.vv	v1, v1, v2
	ENC	v1, \nr
	addi	a2, a2, 16
	addi	a3, a3, -1
	bnez	a3, .Lmac\@
	vse32.v	v1, (a1)
	ret
.endm

// void aes_cbcmac_blocks(const aes_key *ks, u8 y[16], const u8 *in, size_t nblocks);
// y = E(y ^ B) for each block B: CBC encryption without the output (CCM's MAC).
	.globl	aes_cbcmac_blocks
	.type	aes_cbcmac_blocks, @function
aes_cbcmac_blocks:
	beqz	a3, 9f
	LOAD_KEYS	a0
	vle32.v	v1, (a1)
	FOR_SIZES	CBCMAC_LOOP
9:	ret
	.size	aes_cbcmac_blocks, . - aes_cbcmac_blocks

#ifndef AES_X8
// The ciphertext block is kept (vmv.v.v) for the next block's XOR.
.macro CBCDEC_LOOP nr
.Lcbcd\@:
	vle32.v	v2, (a2)
	vmv.v.v	v1, v2
	DEC	v1, \nr
	vxor.vv	v1, v1, v3
	vse32.v	v1, (a3)
	vmv.v.v	v3, v2
	addi	a2, a2, 16
	addi	a3, a3, 16
	addi	a4, a4, -1
	bnez	a4, .Lcbcd\@
	vse32.v	v3, (a1)
	ret
.endm

// void aes_cbc_decrypt(const aes_key *dks, u8 iv[16], const u8 *in, u8 *out, size_t len);
	.globl	aes_cbc_decrypt
	.type	aes_cbc_decrypt, @function
aes_cbc_decrypt:
	srli	a4, a4, 4
	beqz	a4, 9f
	LOAD_KEYS	a0
	vle32.v	v3, (a1)
	FOR_SIZES	CBCDEC_LOOP
9:	ret
	.size	aes_cbc_decrypt, . - aes_cbc_decrypt
#endif

// ---- CFB128 ----------------------------------------------------------------------------

// The whole blocks, then a partial one (t6 = 16).
.macro CFBENC_LOOP nr
	bltu	a4, t6, .Lcfbep\@
.Lcfbe\@:
	ENC	v1, \nr
	vle32.v	v2, (a2)
	vxor.vv	v1, v1, v2
	vse32.v	v1, (a3)
	addi	a2, a2, 16
	addi	a3, a3, 16
	addi	a4, a4, -16
	bgeu	a4, t6, .Lcfbe\@
	vse32.v	v1, (a1)
	beqz	a4, .Lcfbed\@
.Lcfbep\@:
	ENC	v1, \nr
	vsetvli	zero, a4, e8, m1, ta, ma
	vle8.v	v2, (a2)
	vxor.vv	v2, v2, v1
	vse8.v	v2, (a3)
.Lcfbed\@:
	ret
.endm

// void aes_cfb128_encrypt(const aes_key *ks, u8 iv[16], const u8 *in, u8 *out, size_t len);
// Any len; iv becomes the last ciphertext block when len is a multiple of 16.
	.globl	aes_cfb128_encrypt
	.type	aes_cfb128_encrypt, @function
aes_cfb128_encrypt:
	beqz	a4, 9f
	LOAD_KEYS	a0
	vle32.v	v1, (a1)
	li	t6, 16
	FOR_SIZES	CFBENC_LOOP
9:	ret
	.size	aes_cfb128_encrypt, . - aes_cfb128_encrypt

.macro CFBDEC_LOOP nr
	bltu	a4, t6, .Lcfbdp\@
.Lcfbd\@:
	ENC	v1, \nr			// E(C_i-1)
	vle32.v	v2, (a2)		// C_i
	vxor.vv	v1, v1, v2
	vse32.v	v1, (a3)
	vmv.v.v	v1, v2
	addi	a2, a2, 16
	addi	a3, a3, 16
	addi	a4, a4, -16
	bgeu	a4, t6, .Lcfbd\@
	vse32.v	v1, (a1)
	beqz	a4, .Lcfbdd\@
.Lcfbdp\@:
	ENC	v1, \nr
	vsetvli	zero, a4, e8, m1, ta, ma
	vle8.v	v2, (a2)
	vxor.vv	v2, v2, v1
	vse8.v	v2, (a3)
.Lcfbdd\@:
	ret
.endm

// void aes_cfb128_decrypt(const aes_key *ks, u8 iv[16], const u8 *in, u8 *out, size_t len);
// ks is the ENCRYPTION schedule (CFB only runs the cipher forwards).
	.globl	aes_cfb128_decrypt
	.type	aes_cfb128_decrypt, @function
aes_cfb128_decrypt:
	beqz	a4, 9f
	LOAD_KEYS	a0
	vle32.v	v1, (a1)
	li	t6, 16
	FOR_SIZES	CFBDEC_LOOP
9:	ret
	.size	aes_cfb128_decrypt, . - aes_cfb128_decrypt

// ---- OFB -------------------------------------------------------------------------------

.macro OFB_LOOP nr
.Lofb\@:
	ENC	v1, \nr			// the next keystream block
	bltu	a4, t6, .Lofbp\@
	vle32.v	v2, (a2)
	vxor.vv	v2, v2, v1
	vse32.v	v2, (a3)
	addi	a2, a2, 16
	addi	a3, a3, 16
	addi	a4, a4, -16
	bnez	a4, .Lofb\@
	vse32.v	v1, (a1)
	ret
.Lofbp\@:
	vsetvli	zero, a4, e8, m1, ta, ma
	vle8.v	v2, (a2)
	vxor.vv	v2, v2, v1
	vse8.v	v2, (a3)
	vsetivli	zero, 4, e32, m1, ta, ma
	vse32.v	v1, (a1)
	ret
.endm

// void aes_ofb_encrypt(const aes_key *ks, u8 iv[16], const u8 *in, u8 *out, size_t len);
// Encryption and decryption are the same; any len; iv becomes the last keystream block.
	.globl	aes_ofb_encrypt
	.type	aes_ofb_encrypt, @function
aes_ofb_encrypt:
	beqz	a4, 9f
	LOAD_KEYS	a0
	vle32.v	v1, (a1)
	li	t6, 16
	FOR_SIZES	OFB_LOOP
9:	ret
	.size	aes_ofb_encrypt, . - aes_ofb_encrypt

// ---- CTR -------------------------------------------------------------------------------

// v9: the counter block with its last word byte-reversed (a number); v10 = (0, 0, 0, 1);
// v11: the byte index that reverses the last word (0..11, 15, 14, 13, 12).
.macro CTR_LOOP nr
.Lctr\@:
	vsetivli	zero, 16, e8, m1, ta, ma
	vrgather.vv	v1, v9, v11		// the counter block
	vsetivli	zero, 4, e32, m1, ta, ma
	vadd.vv	v9, v9, v10
	ENC	v1, \nr
	bltu	a4, t6, .Lctrp\@
	vle32.v	v2, (a2)
	vxor.vv	v2, v2, v1
	vse32.v	v2, (a3)
	addi	a2, a2, 16
	addi	a3, a3, 16
	addi	a4, a4, -16
	bnez	a4, .Lctr\@
	j	.Lctrd\@
.Lctrp\@:
	vsetvli	zero, a4, e8, m1, ta, ma
	vle8.v	v2, (a2)
	vxor.vv	v2, v2, v1
	vse8.v	v2, (a3)
.Lctrd\@:
	vsetivli	zero, 16, e8, m1, ta, ma
	vrgather.vv	v1, v9, v11
	vse8.v	v1, (a1)
	ret
.endm

// void aes_ctr_encrypt(const aes_key *ks, u8 ctr[16], const u8 *in, u8 *out, size_t len);
// Encryption and decryption are the same; any len. The last four bytes of the counter block
// are a big-endian counter, incremented modulo 2^32 per block; ctr advances by
// ceil(len/16).
	.globl	aes_ctr_encrypt
	.type	aes_ctr_encrypt, @function
aes_ctr_encrypt:
	beqz	a4, 9f
	LOAD_KEYS	a0
	vmv.v.i	v12, 0
	li	t0, 1
	vslide1down.vx	v10, v12, t0
	vsetivli	zero, 16, e8, m1, ta, ma
	lla	t0, aes_ctr_index
	vle8.v	v11, (t0)
	vle8.v	v2, (a1)
	vrgather.vv	v9, v2, v11
	li	t6, 16
	FOR_SIZES	CTR_LOOP
9:	ret
	.size	aes_ctr_encrypt, . - aes_ctr_encrypt

// ---- XTS -------------------------------------------------------------------------------

// v9: the tweak; T·α as doublewords (lo, hi): (lo << 1 ^ (hi >> 63)·0x87, hi << 1 | lo >> 63),
// the carries swapped by vrgather.vv with v10 = (1, 0) and scaled by v11 = (0x87, 1).
.macro XTS_LOOP op, nr
.Lxts\@:
	vle32.v	v1, (a2)
	vxor.vv	v1, v1, v9
	\op	v1, \nr
	vxor.vv	v1, v1, v9
	vse32.v	v1, (a3)
	vsetivli	zero, 2, e64, m1, ta, ma
	vsrl.vx	v12, v9, t2
	vsll.vi	v9, v9, 1
	vrgather.vv	v13, v12, v10
	vmul.vv	v13, v13, v11
	vxor.vv	v9, v9, v13
	vsetivli	zero, 4, e32, m1, ta, ma
	addi	a2, a2, 16
	addi	a3, a3, 16
	addi	a4, a4, -1
	bnez	a4, .Lxts\@
	vse32.v	v9, (a1)
	ret
.endm
.macro XTS_ENC nr
	XTS_LOOP	ENC, \nr
.endm
.macro XTS_DEC nr
	XTS_LOOP	DEC, \nr
.endm

// XTS_SETUP: v9 = the tweak at a1, v10 and v11 the constants above, t2 = 63.
.macro XTS_SETUP
	vsetivli	zero, 2, e64, m1, tu, ma
	vid.v	v10
	vxor.vi	v10, v10, 1
	vmv.v.i	v11, 1
	li	t0, 0x87
	vmv.s.x	v11, t0			// tu: element 1 stays
	li	t2, 63
	vsetivli	zero, 4, e32, m1, ta, ma
	vle32.v	v9, (a1)
.endm

// void aes_xts_encrypt_blocks(const aes_key *k1, u8 t[16], const u8 *in, u8 *out, size_t nblocks);
// out_i = E(in_i ^ T_i) ^ T_i with T_i = t·α^i; t becomes t·α^nblocks.
	.globl	aes_xts_encrypt_blocks
	.type	aes_xts_encrypt_blocks, @function
aes_xts_encrypt_blocks:
	beqz	a4, 9f
	LOAD_KEYS	a0
	XTS_SETUP
	FOR_SIZES	XTS_ENC
9:	ret
	.size	aes_xts_encrypt_blocks, . - aes_xts_encrypt_blocks

// void aes_xts_decrypt_blocks(const aes_key *dk1, u8 t[16], const u8 *in, u8 *out, size_t nblocks);
	.globl	aes_xts_decrypt_blocks
	.type	aes_xts_decrypt_blocks, @function
aes_xts_decrypt_blocks:
	beqz	a4, 9f
	LOAD_KEYS	a0
	XTS_SETUP
	FOR_SIZES	XTS_DEC
9:	ret
	.size	aes_xts_decrypt_blocks, . - aes_xts_decrypt_blocks

	.section .rodata
// The bytes of a counter block with the last four reversed.
aes_ctr_index:
	.byte	0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 15, 14, 13, 12
	.text
