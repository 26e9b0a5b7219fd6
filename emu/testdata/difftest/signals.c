/* signals.c: signal delivery, checked field by field against QEMU (emu/linux_signal_test.go).
 * Built for RV32 and RV64. It prints the siginfo, the ucontext (uc_flags, uc_link, uc_stack,
 * uc_sigmask, every saved integer and FP register, fcsr) that a handler receives, and the
 * state after rt_sigreturn: a SIGUSR1 sent with kill while every register holds a known
 * pattern (the handler edits the saved s2, f9 and mask, and a SIGUSR2 it raises arrives after
 * sigreturn); SIGSEGV on an alternate stack, resumed by editing the saved pc and a0, and
 * left with a longjmp; SIGILL, SIGTRAP and SIGBUS handlers; SIGALRM from setitimer with SA_NODEFER|SA_RESETHAND. Stack addresses
 * differ between emulators, so they are printed relative to the frame or the stack buffer;
 * the frame size (which QEMU 7.2 gets wrong) is on a line of its own, "frame-size N". */
#include "rt.h"

#define SIGHUP 1
#define SIGINT 2
#define SIGUSR1 10
#define SIGSEGV 11
#define SIGUSR2 12
#define SIGALRM 14
#define SIGKILL 9
#define SA_SIGINFO 4
#define SA_ONSTACK 0x08000000UL
#define SA_NODEFER 0x40000000UL
#define SA_RESETHAND 0x80000000UL
#define BIT(s) (1ULL << ((s)-1))

#define XLEN __riscv_xlen
#if XLEN == 64
#define RL "ld"
#define RS "sd"
#define SZ "8"
#else
#define RL "lw"
#define RS "sw"
#define SZ "4"
#endif

/* The kernel's structures (asm-generic/signal.h, asm/ucontext.h, asm/sigcontext.h). The
 * kernel's struct sigaction on riscv is {sa_handler, sa_flags, sa_mask}; QEMU 7.2 reads and
 * writes {sa_handler, sa_flags, sa_restorer, sa_mask} instead. So that one binary means the
 * same to both, sigaction_ stores the mask at both places, and every mask this program
 * installs has the same low and high 32-bit halves (MASK doubles a signal with the realtime
 * signal 32 above it): on RV32 the two places overlap by one word. */
struct ksigaction {
	unsigned long handler, flags;
	uint32_t mask[2];
	unsigned long qemu_pad[2]; /* room for what QEMU writes back */
};
#define MASK(s) (BIT(s) | BIT(s) << 32)
struct kstack {
	unsigned long sp;
	int flags;
	unsigned long size;
};
struct kucontext {
	unsigned long uc_flags;
	unsigned long uc_link;
	struct kstack uc_stack;
	uint32_t uc_sigmask[2];
	uint8_t unused[1024 / 8 - 8];
	unsigned long regs[32] __attribute__((aligned(16))); /* pc, x1..x31 */
	uint64_t fpr[32];
	uint32_t fcsr;
};
_Static_assert(__builtin_offsetof(struct kucontext, uc_sigmask) == (XLEN == 64 ? 40 : 20), "uc_sigmask");
_Static_assert(__builtin_offsetof(struct kucontext, regs) == (XLEN == 64 ? 176 : 160), "uc_mcontext");
struct ksiginfo {
	int signo, errno_, code;
	union {
		struct {
			int pid, uid;
		} kill;
		unsigned long addr;
	} u;
};

static long sigaction_(int sig, void (*h)(int, struct ksiginfo *, struct kucontext *), unsigned long flags,
		       uint64_t mask, struct ksigaction *old) {
	struct ksigaction a = {(unsigned long)h, flags, {(uint32_t)mask, (uint32_t)(mask >> 32)}, {0, 0}};
	memcpy((char *)&a + 3 * sizeof(long), &mask, 8); /* where QEMU looks */
	return rt_syscall4(134, sig, h ? (long)&a : 0, (long)old, 8);
}

static uint64_t blocked(void) {
	uint32_t m[2];
	rt_syscall4(135, 0, 0, (long)m, 8);
	return m[0] | (uint64_t)m[1] << 32;
}

static void setmask(uint64_t mask) {
	uint32_t m[2] = {(uint32_t)mask, (uint32_t)(mask >> 32)};
	rt_syscall4(135, 2 /* SIG_SETMASK */, (long)m, 0, 8);
}

/* ---- registers across a signal ---- */

/* regs_call loads every register but sp from regs_in (f0..f31 and fcsr from fregs_in),
 * makes the system call those registers describe (kill), and stores them all to regs_out and
 * fregs_out; it saves and restores what the calling convention asks of it. */
unsigned long regs_in[32], regs_out[32];
uint64_t fregs_in[33], fregs_out[33]; /* f0..f31, then fcsr */
void regs_call(void);
extern char after_ecall[];
__asm__(".text\n.option push\n.option norelax\n.option norvc\n"
	".globl regs_call\nregs_call:\n"
	"addi sp, sp, -(16*" SZ "+96)\n"
	RS " ra, 0(sp)\n" RS " gp, " SZ "(sp)\n" RS " tp, 2*" SZ "(sp)\n"
	RS " s0, 3*" SZ "(sp)\n" RS " s1, 4*" SZ "(sp)\n"
	".irp r, 18,19,20,21,22,23,24,25,26,27\n"
	RS " x\\r, (\\r-13)*" SZ "(sp)\n" /* s2..s11 in slots 5..14 */
	".endr\n"
	"fsd fs0, 16*" SZ "(sp)\nfsd fs1, 16*" SZ "+8(sp)\n"
	".irp r, 18,19,20,21,22,23,24,25,26,27\n"
	"fsd f\\r, 16*" SZ "+8*(\\r-16)(sp)\n" /* fs2..fs11 */
	".endr\n"
	"la t6, fregs_in\n"
	".irp r, 0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31\n"
	"fld f\\r, 8*\\r(t6)\n"
	".endr\n"
	"lw t0, 256(t6)\n"
	"csrw fcsr, t0\n"
	"la t6, regs_in\n"
	".irp r, 1,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31\n"
	RL " x\\r, \\r*" SZ "(t6)\n"
	".endr\n"
	"ecall\n"
	".globl after_ecall\nafter_ecall:\n"
	RS " t6, 15*" SZ "(sp)\n"
	"la t6, regs_out\n"
	".irp r, 1,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30\n"
	RS " x\\r, \\r*" SZ "(t6)\n"
	".endr\n"
	RL " t0, 15*" SZ "(sp)\n"
	RS " t0, 31*" SZ "(t6)\n"
	"la t6, fregs_out\n"
	".irp r, 0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31\n"
	"fsd f\\r, 8*\\r(t6)\n"
	".endr\n"
	"frcsr t0\n"
	"sw t0, 256(t6)\n"
	"fld fs0, 16*" SZ "(sp)\nfld fs1, 16*" SZ "+8(sp)\n"
	".irp r, 18,19,20,21,22,23,24,25,26,27\n"
	"fld f\\r, 16*" SZ "+8*(\\r-16)(sp)\n" /* fs2..fs11 */
	".endr\n"
	RL " ra, 0(sp)\n" RL " gp, " SZ "(sp)\n" RL " tp, 2*" SZ "(sp)\n"
	RL " s0, 3*" SZ "(sp)\n" RL " s1, 4*" SZ "(sp)\n"
	".irp r, 18,19,20,21,22,23,24,25,26,27\n"
	RL " x\\r, (\\r-13)*" SZ "(sp)\n" /* s2..s11 in slots 5..14 */
	".endr\n"
	"addi sp, sp, 16*" SZ "+96\n"
	"ret\n"
	".option pop\n");

static unsigned long pattern(int i) { return (unsigned long)(0x9e3779b97f4a7c15ULL * (uint64_t)(i + 1)); }

#define NEW_S2 ((unsigned long)0x5152535455565758ULL)
#define NEW_F9 0x4009218000000000ULL

static volatile int usr2_seen;

static void usr2_handler(int sig, struct ksiginfo *info, struct kucontext *uc) {
	usr2_seen++;
	put_word("usr2 sig", (unsigned long)sig);
	put_word("usr2 code", (unsigned long)info->code);
	put_word("usr2 pc-is-after_ecall", uc->regs[0] == (unsigned long)after_ecall);
	put_word("usr2 saved-s2", uc->regs[18]);
	put_hex64(uc->fpr[9]);
	put_str(" usr2 saved-f9\n");
	put_hex64(blocked());
	put_str(" usr2 mask\n");
}

static void usr1_handler(int sig, struct ksiginfo *info, struct kucontext *uc) {
	unsigned long frame = (unsigned long)info;
	put_word("sig", (unsigned long)sig);
	put_word("si_signo", (unsigned long)info->signo);
	put_word("si_errno", (unsigned long)info->errno_);
	put_word("si_code", (unsigned long)info->code);
	put_word("si_pid-is-getpid", info->u.kill.pid == rt_syscall4(172, 0, 0, 0, 0));
	put_word("si_uid-is-getuid", info->u.kill.uid == rt_syscall4(174, 0, 0, 0, 0));
	put_word("frame%16", frame & 15);
	put_word("uc-frame", (unsigned long)uc - frame);
	put_str("frame-size ");
	put_udec(uc->regs[2] - frame);
	put_char('\n');
	put_word("uc_flags", uc->uc_flags);
	put_word("uc_link", uc->uc_link);
	put_word("ss_sp", uc->uc_stack.sp);
	put_word("ss_flags", (unsigned long)uc->uc_stack.flags);
	put_word("ss_size", uc->uc_stack.size);
	put_word("uc_sigmask[0]", uc->uc_sigmask[0]);
	put_word("uc_sigmask[1]", uc->uc_sigmask[1]);
	put_word("pc-is-after_ecall", uc->regs[0] == (unsigned long)after_ecall);
	int same = 1;
	for (int i = 1; i < 32; i++) {
		if (i == 2)
			continue;
		put_str("x");
		put_udec(i);
		put_word("", uc->regs[i]);
		same &= uc->regs[i] == (i == 10 ? 0 : regs_in[i]);
	}
	put_word("saved-x-match-except-a0=0", same);
	same = 1;
	for (int i = 0; i < 32; i++) {
		put_str("f");
		put_udec(i);
		put_char(' ');
		put_hex64(uc->fpr[i]);
		put_char('\n');
		same &= uc->fpr[i] == fregs_in[i];
	}
	put_word("saved-f-match", same);
	put_word("fcsr", uc->fcsr);
	put_hex64(blocked());
	put_str(" mask-in-handler\n");
	/* Raised here, SIGUSR2 stays pending (sa_mask blocks it) until sigreturn. */
	rt_syscall4(129, rt_syscall4(172, 0, 0, 0, 0), SIGUSR2, 0, 0);
	put_word("usr2-seen-in-handler", usr2_seen);
	uc->regs[18] = NEW_S2;
	uc->fpr[9] = NEW_F9;
	uc->uc_sigmask[0] |= BIT(SIGHUP);
}

static void test_registers(void) {
	put_word("sigaction-usr1", sigaction_(SIGUSR1, usr1_handler, SA_SIGINFO, MASK(SIGUSR2), 0));
	put_word("sigaction-usr2", sigaction_(SIGUSR2, usr2_handler, SA_SIGINFO, 0, 0));
	struct ksigaction old;
	sigaction_(SIGUSR1, 0, 0, 0, &old);
	put_word("old-handler-is-usr1_handler", old.handler == (unsigned long)usr1_handler);
	put_word("old-flags", old.flags);
	put_word("old-mask[0]", old.mask[0]);
	put_word("sigaction-kill", sigaction_(SIGKILL, usr1_handler, 0, 0, 0));
	put_word("sigaction-65", sigaction_(65, usr1_handler, 0, 0, 0));
	struct ksigaction a = {(unsigned long)usr1_handler, 0, {0, 0}, {0, 0}};
	put_word("sigaction-size-4", rt_syscall4(134, SIGUSR1, (long)&a, 0, 4));
	setmask(BIT(SIGINT));
	for (int i = 0; i < 32; i++)
		regs_in[i] = pattern(i);
	for (int i = 0; i < 32; i++)
		fregs_in[i] = 0x3ff0000000000000ULL + (uint64_t)i * 0x0001000100010001ULL;
	fregs_in[32] = 0x4d; /* frm 2, fflags NV|OF|NX */
	regs_in[10] = (unsigned long)rt_syscall4(172, 0, 0, 0, 0);
	regs_in[11] = SIGUSR1;
	regs_in[17] = 129; /* kill */
	rt_flush();
	regs_call();
	put_word("usr2-seen-after", usr2_seen);
	int same = 1;
	for (int i = 1; i < 32; i++) {
		if (i == 2)
			continue;
		unsigned long want = i == 10 ? 0 : i == 18 ? NEW_S2 : regs_in[i];
		if (regs_out[i] != want) {
			same = 0;
			put_str("x");
			put_udec(i);
			put_word(" after", regs_out[i]);
		}
	}
	put_word("regs-after-as-edited", same);
	same = 1;
	for (int i = 0; i < 32; i++) {
		uint64_t want = i == 9 ? NEW_F9 : fregs_in[i];
		if (fregs_out[i] != want) {
			same = 0;
			put_str("f");
			put_udec(i);
			put_char(' ');
			put_hex64(fregs_out[i]);
			put_char('\n');
		}
	}
	put_word("fregs-after-as-edited", same);
	put_word("fcsr-after", (unsigned long)fregs_out[32]);
	put_hex64(blocked());
	put_str(" mask-after\n");
}

/* ---- SIGSEGV on an alternate stack ---- */

static uint8_t altstack[16384] __attribute__((aligned(16)));
static const volatile int rodata_word = 7;
unsigned long jb[14]; /* ra, sp, s0..s11 */
int rt_setjmp(unsigned long *b) __attribute__((returns_twice));
void rt_longjmp(unsigned long *b, int v) __attribute__((noreturn));
__asm__(".text\n"
	".globl rt_setjmp\nrt_setjmp:\n" RS " ra, 0(a0)\n" RS " sp, " SZ "(a0)\n"
	RS " s0, 2*" SZ "(a0)\n" RS " s1, 3*" SZ "(a0)\n"
	".irp r, 18,19,20,21,22,23,24,25,26,27\n" RS " x\\r, (\\r-14)*" SZ "(a0)\n.endr\n"
	"li a0, 0\nret\n"
	".globl rt_longjmp\nrt_longjmp:\n" RL " ra, 0(a0)\n" RL " sp, " SZ "(a0)\n"
	RL " s0, 2*" SZ "(a0)\n" RL " s1, 3*" SZ "(a0)\n"
	".irp r, 18,19,20,21,22,23,24,25,26,27\n" RL " x\\r, (\\r-14)*" SZ "(a0)\n.endr\n"
	"mv a0, a1\nret\n");
static volatile int segv_count;
extern char load_fault[];

static void segv_handler(int sig, struct ksiginfo *info, struct kucontext *uc) {
	unsigned long frame = (unsigned long)info;
	segv_count++;
	put_word("segv sig", (unsigned long)sig);
	put_word("segv si_code", (unsigned long)info->code);
	put_word("segv frame%16", frame & 15);
	put_word("segv frame-on-altstack", frame >= (unsigned long)altstack && frame < (unsigned long)altstack + sizeof altstack);
	put_word("segv ss_sp-is-altstack", uc->uc_stack.sp == (unsigned long)altstack);
	put_word("segv ss_flags", (unsigned long)uc->uc_stack.flags);
	put_word("segv ss_size", uc->uc_stack.size);
	struct kstack cur;
	rt_syscall4(132, 0, (long)&cur, 0, 0);
	put_word("segv sigaltstack-flags-now", (unsigned long)cur.flags);
	struct kstack other = {(unsigned long)altstack, 0, sizeof altstack};
	put_word("segv sigaltstack-while-on-it", rt_syscall4(132, (long)&other, 0, 0, 0));
	put_hex64(blocked());
	put_str(" segv mask\n");
	if (segv_count == 1) {
		put_word("segv si_addr", info->u.addr);
		put_word("segv pc-is-load_fault", uc->regs[0] == (unsigned long)load_fault);
		uc->regs[0] += 4;
		uc->regs[10] = 77;
		return;
	}
	put_word("segv si_addr-is-rodata_word", info->u.addr == (unsigned long)&rodata_word);
	rt_longjmp(jb, 5);
}

static void test_segv(void) {
	struct kstack small = {(unsigned long)altstack, 0, 1024};
	put_word("sigaltstack-small", rt_syscall4(132, (long)&small, 0, 0, 0));
	struct kstack bad = {(unsigned long)altstack, 4, sizeof altstack};
	put_word("sigaltstack-bad-flags", rt_syscall4(132, (long)&bad, 0, 0, 0));
	struct kstack ss = {(unsigned long)altstack, 0, sizeof altstack}, old;
	put_word("sigaltstack", rt_syscall4(132, (long)&ss, (long)&old, 0, 0));
	put_word("sigaltstack-old-flags", (unsigned long)old.flags);
	put_word("sigaltstack-old-size", old.size);
	rt_syscall4(132, 0, (long)&old, 0, 0);
	put_word("sigaltstack-now-sp-is-altstack", old.sp == (unsigned long)altstack);
	put_word("sigaltstack-now-flags", (unsigned long)old.flags);
	put_word("sigaltstack-now-size", old.size);
	put_word("sigaction-segv", sigaction_(SIGSEGV, segv_handler, SA_SIGINFO | SA_ONSTACK, 0, 0));
	register unsigned long a0 __asm__("a0") = 0;
	register unsigned long a1 __asm__("a1") = 0xff8;
	__asm__ volatile(".option push\n.option norvc\n.globl load_fault\nload_fault:\nlw a0, 0(a1)\n.option pop"
			 : "+r"(a0)
			 : "r"(a1)
			 : "memory");
	put_word("a0-after-load", a0);
	put_hex64(blocked());
	put_str(" mask-after-segv-return\n");
	int v = rt_setjmp(jb);
	if (v == 0) {
		*(volatile int *)&rodata_word = 1;
		put_str("store to rodata did not fault\n");
	}
	put_word("longjmp-value", (unsigned long)v);
	put_hex64(blocked());
	put_str(" mask-after-longjmp\n");
	setmask(0);
	rt_syscall4(132, 0, (long)&old, 0, 0);
	put_word("sigaltstack-flags-after-longjmp", (unsigned long)old.flags);
	put_word("segv-count", (unsigned long)segv_count);
}

/* ---- SIGILL, SIGTRAP and SIGBUS handlers ---- */

#define SIGILL 4
#define SIGTRAP 5
#define SIGBUS 7
static volatile unsigned long fault_pc;
static uint32_t amo_words[4];

static void fault_handler(int sig, struct ksiginfo *info, struct kucontext *uc) {
	put_word("fault sig", (unsigned long)sig);
	put_word("fault si_code", (unsigned long)info->code);
	put_word("fault pc-is-label", uc->regs[0] == fault_pc);
	if (sig == SIGBUS)
		put_word("fault si_addr-is-misaligned-word", info->u.addr == (unsigned long)amo_words + 2);
	else
		put_word("fault si_addr-is-pc", info->u.addr == fault_pc);
	put_hex64(blocked());
	put_str(" fault mask\n");
	uc->regs[0] += 4;
}

extern char ill_at[], trap_at[], bus_at[];

static void test_faults(void) {
	put_word("sigaction-ill", sigaction_(SIGILL, fault_handler, SA_SIGINFO, 0, 0));
	put_word("sigaction-trap", sigaction_(SIGTRAP, fault_handler, SA_SIGINFO, 0, 0));
	put_word("sigaction-bus", sigaction_(SIGBUS, fault_handler, SA_SIGINFO, MASK(SIGUSR1), 0));
	fault_pc = (unsigned long)ill_at;
	__asm__ volatile(".option push\n.option norvc\n.globl ill_at\nill_at:\n.word 0\n.option pop" ::: "memory");
	fault_pc = (unsigned long)trap_at;
	__asm__ volatile(".option push\n.option norvc\n.globl trap_at\ntrap_at:\nebreak\n.option pop" ::: "memory");
	fault_pc = (unsigned long)bus_at;
	register unsigned long a1 __asm__("a1") = (unsigned long)amo_words + 2;
	__asm__ volatile(".option push\n.option norvc\n.globl bus_at\nbus_at:\namoadd.w zero, zero, (a1)\n.option pop"
			 :
			 : "r"(a1)
			 : "memory");
	put_hex64(blocked());
	put_str(" mask-after-faults\n");
}

/* ---- SIGALRM from setitimer ---- */

static volatile int alarms;

static void alrm_handler(int sig, struct ksiginfo *info, struct kucontext *uc) {
	(void)uc;
	alarms++;
	put_word("alrm sig", (unsigned long)sig);
	put_word("alrm si_code", (unsigned long)info->code);
	put_hex64(blocked());
	put_str(" alrm mask\n");
}

static void test_alarm(void) {
	put_word("sigaction-alrm", sigaction_(SIGALRM, alrm_handler, SA_SIGINFO | SA_NODEFER | SA_RESETHAND, MASK(SIGUSR1), 0));
	unsigned long it[4] = {0, 0, 0, 20000}; /* it_interval 0, it_value 20 ms */
	put_word("setitimer", rt_syscall4(103, 0, (long)it, 0, 0));
	unsigned long cur[4];
	rt_syscall4(102, 0, (long)cur, 0, 0);
	put_word("getitimer-armed", cur[2] != 0 || cur[3] != 0);
	rt_flush();
	unsigned long spins = 0;
	while (!alarms && spins < 4000000000UL)
		spins++;
	put_word("alarms", (unsigned long)alarms);
	struct ksigaction old;
	sigaction_(SIGALRM, 0, 0, 0, &old);
	put_word("alrm-handler-after-resethand", old.handler);
	put_word("alrm-flags-after-resethand", old.flags);
	put_word("alrm-mask-after-resethand", old.mask[0]);
	rt_syscall4(102, 0, (long)cur, 0, 0);
	put_word("getitimer-after", cur[0] | cur[1] | cur[2] | cur[3]);
	put_hex64(blocked());
	put_str(" mask-after-alarm\n");
}

int main(void) {
	test_registers();
	test_segv();
	test_faults();
	test_alarm();
	/* The default action of SIGUSR2 ends the program: status 128+12. */
	sigaction_(SIGUSR2, 0, 0, 0, 0);
	struct ksigaction dfl = {0, 0, {0, 0}, {0, 0}};
	rt_syscall4(134, SIGUSR2, (long)&dfl, 0, 8);
	put_str("exiting by SIGUSR2\n");
	rt_flush();
	rt_syscall4(129, rt_syscall4(172, 0, 0, 0, 0), SIGUSR2, 0, 0);
	return 1;
}
