// sm4-zksed-zbkb.S: SM4 (GB/T 32907-2016) with the scalar Zksed instructions; byte order
// with Zbkb (packh, pack/packw). RV32 and RV64.
// Extensions: zksed, zbkb.
//
// Entry points (prototypes in sm4-zksed-common.inc): sm4_set_encrypt_key,
// sm4_set_decrypt_key, sm4_encrypt, sm4_decrypt. Word-aligned data needs no byte-order work
// at all (see sm4-zksed-common.inc); unaligned words are put together from bytes with packh
// and pack (7 instructions a word). The modes compiled into the same ELF use Zbkb too
// (rev8 for the big-endian counters).

#if __riscv_xlen == 64
#define PACK32 packw
#else
#define PACK32 pack
#endif

// LOADU rd, off, base: the little-endian word at off(base), any alignment.
.macro LOADU rd, off, base
	lbu	\rd, \off(\base)
	lbu	t1, \off+1(\base)
	lbu	t2, \off+2(\base)
	lbu	t3, \off+3(\base)
	packh	\rd, \rd, t1
	packh	t2, t2, t3
	PACK32	\rd, \rd, t2
.endm

#include "sm4-zksed-common.inc"
