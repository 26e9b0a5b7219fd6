/* fault.c: programs that die of a signal after printing a line, one per FAULT value. The
 * parent sees 128+signal from QEMU; rvsim reports the signal in its Stop. */
#include "rt.h"

static const uint32_t ro_word = 5;
static volatile uint32_t word_buf[4];

/* launder hides a pointer's provenance so that the compiler emits the access as written. */
static NOINLINE uintptr_t launder(uintptr_t p) {
	__asm__ volatile("" : "+r"(p));
	return p;
}

int main(void) {
	put_str("before the fault\n");
	rt_flush();
#if FAULT == 1 /* SIGILL: an all-zeros instruction (c.unimp with C, and illegal without) */
	__asm__ volatile(".4byte 0");
#elif FAULT == 2 /* SIGSEGV: load from address 0 */
	put_dec(*(volatile uint32_t *)launder(0));
#elif FAULT == 3 /* SIGSEGV: store to read-only data */
	*(volatile uint32_t *)launder((uintptr_t)&ro_word) = 7;
#elif FAULT == 4 /* SIGSEGV: jump to an unmapped address */
	((void (*)(void))launder(0x1000))();
#elif FAULT == 5 /* SIGTRAP: ebreak */
	__asm__ volatile("ebreak");
#elif FAULT == 6 /* SIGILL: a half-precision instruction (Zfh is not in the ISA) */
	__asm__ volatile(".4byte 0x04b50553"); /* fadd.h fa0, fa0, fa1 */
#elif FAULT == 7 /* SIGILL: a write to the read-only cycle CSR */
	__asm__ volatile("csrw cycle, %0" : : "r"(1));
#elif FAULT == 8 /* SIGILL: a machine-mode CSR from user mode */
	uintptr_t v;
	__asm__ volatile("csrr %0, mstatus" : "=r"(v));
	put_dec((int64_t)v);
#elif FAULT == 9 /* SIGBUS: a misaligned AMO */
	uint32_t old;
	__asm__ volatile("amoadd.w %0, %1, (%2)" : "=r"(old) : "r"(1), "r"(launder((uintptr_t)word_buf + 2)) : "memory");
	put_dec(old);
#elif FAULT == 10 /* SIGILL: a reserved compressed encoding (c.lwsp with rd = x0) */
	__asm__ volatile(".2byte 0x4002");
#elif FAULT == 11 /* SIGILL: an all-ones word (the encoding of an instruction longer than 32 bits) */
	__asm__ volatile(".4byte 0xffffffff");
#elif FAULT == 12 /* SIGSEGV: an AMO on read-only data */
	uint32_t old;
	__asm__ volatile("amoor.w %0, %1, (%2)" : "=r"(old) : "r"(1), "r"(launder((uintptr_t)&ro_word)) : "memory");
	put_dec(old);
#elif FAULT == 13 /* SIGBUS: a misaligned lr.w */
	uint32_t v;
	__asm__ volatile("lr.w %0, (%1)" : "=r"(v) : "r"(launder((uintptr_t)word_buf + 1)) : "memory");
	put_dec(v);
#elif FAULT == 14 /* SIGSEGV: a load into x0 still accesses memory */
	__asm__ volatile("lw zero, 0(%0)" : : "r"(launder(16)) : "memory");
#elif FAULT == 15 /* SIGSEGV: executing data (a mapped page without execute permission) */
	((void (*)(void))launder((uintptr_t)word_buf))();
#elif FAULT == 16 /* SIGILL: aes64ks1i with a reserved round number (0xB) */
	__asm__ volatile(".4byte 0x31b51513"); /* aes64ks1i a0, a0, 0xb */
#elif FAULT == 17 /* SIGILL on RV32: slli with shamt[5] set */
	__asm__ volatile(".4byte 0x02051513"); /* slli a0, a0, 32 */
#elif FAULT == 18 /* SIGILL on RV32: c.srli with shamt[5] set */
	__asm__ volatile(".2byte 0x9105"); /* c.srli a0, 33 */
#else
#error unknown FAULT
#endif
	put_str("after the fault: not reached\n");
	return 0;
}
