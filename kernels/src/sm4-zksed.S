// sm4-zksed.S: SM4 (GB/T 32907-2016) with the scalar Zksed instructions; byte order with base
// RVI only. One source for RV32 and RV64.
// Extensions: zksed.
//
// Entry points (prototypes in sm4-zksed-common.inc): sm4_set_encrypt_key,
// sm4_set_decrypt_key, sm4_encrypt, sm4_decrypt. Word-aligned data needs no byte-order work
// at all (see sm4-zksed-common.inc); unaligned words are put together from bytes with
// shifts and ors (10 instructions a word).

// LOADU rd, off, base: the little-endian word at off(base), any alignment.
.macro LOADU rd, off, base
	lbu	\rd, \off+3(\base)
	lbu	t1, \off+2(\base)
	slli	\rd, \rd, 8
	or	\rd, \rd, t1
	lbu	t1, \off+1(\base)
	slli	\rd, \rd, 8
	or	\rd, \rd, t1
	lbu	t1, \off(\base)
	slli	\rd, \rd, 8
	or	\rd, \rd, t1
.endm

#include "sm4-zksed-common.inc"
