// aes-zvkned-x8.S: AES-128/192/256 (FIPS 197) with the vector AES instructions, as
// aes-zvkned.S (which it includes) except for ECB and CBC decryption, the modes whose blocks
// are independent: these run 8 blocks an iteration, then at most one 4-block iteration,
// then one block at a time. RV64 only.
// Extensions: v, zvkned (-march=rv64imacv_zvkned); "x8" names the loop shape, not an
// extension.
//
// Entry points: those of aes-zvkned.S (prototypes there), with these two replaced:
//
//   void aes_ecb_encrypt(const aes_key *ks, const u8 *in, u8 *out, size_t len);
//   void aes_ecb_decrypt(const aes_key *dks, const u8 *in, u8 *out, size_t len);
//   void aes_cbc_decrypt(const aes_key *dks, u8 iv[16], const u8 *in, u8 *out, size_t len);
//
// The 8- and 4-block loops keep each block in its own register (v1..v8, e32, LMUL=1, vl=4)
// and issue every round on all of them with the same .vs round key, so eight independent
// chains are in flight. The round keys are not kept in registers there: each is loaded
// (vle32.v into v9 and v10 alternately) while the round before it runs, so a loop
// iteration needs only ten vector registers besides the CBC ones. CBC decryption XORs each
// decrypted block with the ciphertext before it, reloaded from the input with vle32.v rather
// than kept with vmv.v.v; the stores go from the last block to the first, and the next
// chaining value (the last ciphertext block) is reloaded before any of them, so that
// in == out works. The 1-block loops have the whole schedule in v16..v30, as aes-zvkned.S.

#define AES_X8
#include "aes-zvkned.S"

	.text

// XN_OP op, key, nb: op on v1..v(nb) (nb = 4 or 8) with the round key in key.
.macro XN_OP op, key, nb
	\op	v1, \key
	\op	v2, \key
	\op	v3, \key
	\op	v4, \key
.if \nb == 8
	\op	v5, \key
	\op	v6, \key
	\op	v7, \key
	\op	v8, \key
.endif
.endm

// XN_ROUNDS mid, last, nb, nr: the nr rounds on v1..v(nb), round key r loaded from a0 into
// v9 (r even) or v10 (r odd) while round r-1 runs.
.macro XN_ROUNDS mid, last, nb, nr
	mv	t4, a0
	vle32.v	v9, (t4)
	addi	t4, t4, 16
	vle32.v	v10, (t4)
	XN_OP	vaesz.vs, v9, \nb
	.set	.Lround, 1
	.rept	\nr - 1
	addi	t4, t4, 16
	.if	.Lround % 2
	vle32.v	v9, (t4)
	XN_OP	\mid, v10, \nb
	.else
	vle32.v	v10, (t4)
	XN_OP	\mid, v9, \nb
	.endif
	.set	.Lround, .Lround + 1
	.endr
	XN_OP	\last, v9, \nb
.endm

// XN_MOVE op, p, nb: op (vle32.v or vse32.v) v1..v(nb) at p, p+16, ... (t0 walks).
.macro XN_MOVE op, p, nb
	mv	t0, \p
	\op	v1, (t0)
	addi	t0, t0, 16
	\op	v2, (t0)
	addi	t0, t0, 16
	\op	v3, (t0)
	addi	t0, t0, 16
	\op	v4, (t0)
.if \nb == 8
	addi	t0, t0, 16
	\op	v5, (t0)
	addi	t0, t0, 16
	\op	v6, (t0)
	addi	t0, t0, 16
	\op	v7, (t0)
	addi	t0, t0, 16
	\op	v8, (t0)
.endif
.endm

// ---- ECB -------------------------------------------------------------------------------

// ECBX mid, last, op, nr: a3 blocks from a1 to a2.
.macro ECBX mid, last, op, nr
	li	t6, 8
	bltu	a3, t6, .Lx4\@
.Lx8\@:
	XN_MOVE	vle32.v, a1, 8
	XN_ROUNDS	\mid, \last, 8, \nr
	XN_MOVE	vse32.v, a2, 8
	addi	a1, a1, 128
	addi	a2, a2, 128
	addi	a3, a3, -8
	bgeu	a3, t6, .Lx8\@
.Lx4\@:
	li	t6, 4
	bltu	a3, t6, .Lx1\@
	XN_MOVE	vle32.v, a1, 4
	XN_ROUNDS	\mid, \last, 4, \nr
	XN_MOVE	vse32.v, a2, 4
	addi	a1, a1, 64
	addi	a2, a2, 64
	addi	a3, a3, -4
.Lx1\@:
	beqz	a3, .Lxd\@
	LOAD_KEYS	a0
.Lx1l\@:
	vle32.v	v1, (a1)
	\op	v1, \nr
	vse32.v	v1, (a2)
	addi	a1, a1, 16
	addi	a2, a2, 16
	addi	a3, a3, -1
	bnez	a3, .Lx1l\@
.Lxd\@:
	ret
.endm
.macro ECBX_ENC nr
	ECBX	vaesem.vs, vaesef.vs, ENC, \nr
.endm
.macro ECBX_DEC nr
	ECBX	vaesdm.vs, vaesdf.vs, DEC, \nr
.endm

// void aes_ecb_encrypt(const aes_key *ks, const u8 *in, u8 *out, size_t len);
// len is a multiple of 16 (a trailing partial block is left alone).
	.globl	aes_ecb_encrypt
	.type	aes_ecb_encrypt, @function
aes_ecb_encrypt:
	srli	a3, a3, 4
	beqz	a3, 9f
	vsetivli	zero, 4, e32, m1, ta, ma
	lw	t5, 240(a0)
	FOR_SIZES	ECBX_ENC
9:	ret
	.size	aes_ecb_encrypt, . - aes_ecb_encrypt

// void aes_ecb_decrypt(const aes_key *dks, const u8 *in, u8 *out, size_t len);
	.globl	aes_ecb_decrypt
	.type	aes_ecb_decrypt, @function
aes_ecb_decrypt:
	srli	a3, a3, 4
	beqz	a3, 9f
	vsetivli	zero, 4, e32, m1, ta, ma
	lw	t5, 240(a0)
	FOR_SIZES	ECBX_DEC
9:	ret
	.size	aes_ecb_decrypt, . - aes_ecb_decrypt

// ---- CBC decryption --------------------------------------------------------------------

// CBCX_XOR nb: P_j = D(C_j) ^ C_(j-1) for the nb blocks in v1..v(nb) read from a2, stored
// at a3: the next chaining value C_(nb-1) into v11 first, then from the last block down,
// each C_(j-1) reloaded into v12; block 0 takes the old chaining value.
.macro CBCX_XOR nb
	vxor.vv	v1, v1, v11
	addi	t0, a2, 16 * (\nb - 1)
	vle32.v	v11, (t0)
	addi	t0, t0, -16
	addi	t1, a3, 16 * (\nb - 1)
.if \nb == 8
	.irp	j, 8, 7, 6, 5
	vle32.v	v12, (t0)
	vxor.vv	v\j, v\j, v12
	vse32.v	v\j, (t1)
	addi	t0, t0, -16
	addi	t1, t1, -16
	.endr
.endif
	.irp	j, 4, 3
	vle32.v	v12, (t0)
	vxor.vv	v\j, v\j, v12
	vse32.v	v\j, (t1)
	addi	t0, t0, -16
	addi	t1, t1, -16
	.endr
	vle32.v	v12, (t0)
	vxor.vv	v2, v2, v12
	vse32.v	v2, (t1)
	vse32.v	v1, (a3)
.endm

.macro CBCX nr
	li	t6, 8
	bltu	a4, t6, .Lx4\@
.Lx8\@:
	XN_MOVE	vle32.v, a2, 8
	XN_ROUNDS	vaesdm.vs, vaesdf.vs, 8, \nr
	CBCX_XOR	8
	addi	a2, a2, 128
	addi	a3, a3, 128
	addi	a4, a4, -8
	bgeu	a4, t6, .Lx8\@
.Lx4\@:
	li	t6, 4
	bltu	a4, t6, .Lx1\@
	XN_MOVE	vle32.v, a2, 4
	XN_ROUNDS	vaesdm.vs, vaesdf.vs, 4, \nr
	CBCX_XOR	4
	addi	a2, a2, 64
	addi	a3, a3, 64
	addi	a4, a4, -4
.Lx1\@:
	beqz	a4, .Lxd\@
	LOAD_KEYS	a0
.Lx1l\@:
	vle32.v	v1, (a2)
	DEC	v1, \nr
	vxor.vv	v1, v1, v11
	vle32.v	v11, (a2)		// C again: the next chaining value
	vse32.v	v1, (a3)
	addi	a2, a2, 16
	addi	a3, a3, 16
	addi	a4, a4, -1
	bnez	a4, .Lx1l\@
.Lxd\@:
	vse32.v	v11, (a1)
	ret
.endm

// void aes_cbc_decrypt(const aes_key *dks, u8 iv[16], const u8 *in, u8 *out, size_t len);
	.globl	aes_cbc_decrypt
	.type	aes_cbc_decrypt, @function
aes_cbc_decrypt:
	srli	a4, a4, 4
	beqz	a4, 9f
	vsetivli	zero, 4, e32, m1, ta, ma
	lw	t5, 240(a0)
	vle32.v	v11, (a1)
	FOR_SIZES	CBCX
9:	ret
	.size	aes_cbc_decrypt, . - aes_cbc_decrypt
