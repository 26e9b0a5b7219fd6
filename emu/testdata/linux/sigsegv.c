#include "rt.h"
// A SIGSEGV handler that records the faulting address and skips the load by editing the
// saved pc in the ucontext (uc_mcontext.sc_regs.pc at offset 176 of the ucontext).
static volatile u64 seen;
static void handler(int sig, void *info, void *uc) {
	seen = *(u64 *)((char *)info + 16);
	u64 *pc = (u64 *)((char *)uc + 176);
	*pc += 4;
}
int main(void) {
	u64 act[3] = {(u64)handler, 4 /* SA_SIGINFO */, 0};
	if (sys6(134, 11, (i64)act, 0, 8, 0, 0) != 0) return 1;
	volatile unsigned *p = (volatile unsigned *)mmap_(0, 4096, 0, 0x22, -1, 0);
	unsigned v;
	__asm__ volatile(".option push\n.option norvc\nlw %0, 0(%1)\n.option pop" : "=r"(v) : "r"(p));
	puts_(seen == (u64)p ? "handler saw the address\n" : "wrong address\n");
	sys(129, sys(172, 0, 0, 0), 10, 0); // kill(getpid(), SIGUSR1): no handler, default action terminates
	return 0;
}
