/* sigtime.c: POSIX timers and sleeping at both XLENs, against QEMU (emu/linux_signal_test.go).
 * RV32 Linux has only the 64-bit-time calls (timer_settime64, timer_gettime64,
 * clock_nanosleep_time64, clock_getres_time64); RV64 has them under their plain numbers. A
 * timer made with a sigevent (whose sigev_value is pointer-sized) signals SIGUSR2 with its
 * value and SI_TIMER. Times are virtual under rvsim and real under QEMU, so only facts both
 * must agree on are printed. */
#include "rt.h"

#if __riscv_xlen == 64
#define NR_TIMER_SETTIME 110
#define NR_TIMER_GETTIME 108
#define NR_CLOCK_NANOSLEEP 115
#define NR_CLOCK_GETRES 114
#define NR_CLOCK_GETTIME 113
#else
#define NR_TIMER_SETTIME 409
#define NR_TIMER_GETTIME 408
#define NR_CLOCK_NANOSLEEP 407
#define NR_CLOCK_GETRES 406
#define NR_CLOCK_GETTIME 403
#endif

struct ksiginfo {
	int signo, errno_, code;
	union {
		struct {
			int tid, overrun;
			unsigned long value;
		} timer;
	} u;
};

static volatile int fired;
static volatile int code, overrun;
static volatile unsigned long value;

static void on_usr2(int sig, struct ksiginfo *info, void *uc) {
	(void)sig, (void)uc;
	fired++;
	code = info->code;
	overrun = info->u.timer.overrun;
	value = info->u.timer.value;
}

static int64_t now_ns(void) {
	int64_t ts[2];
	rt_syscall4(NR_CLOCK_GETTIME, 1, (long)ts, 0, 0);
	return ts[0] * 1000000000 + ts[1];
}

int main(void) {
	/* struct sigaction {handler, flags, mask} with the mask repeated where QEMU 7.2 reads it
	 * (see signals.c). */
	unsigned long act[6] = {(unsigned long)on_usr2, 4 /* SA_SIGINFO */};
	put_word("sigaction", rt_syscall4(134, 12, (long)act, 0, 8));
	/* struct sigevent: sigev_value (a pointer-sized union), sigev_signo, sigev_notify. */
	struct {
		unsigned long value;
		int signo, notify;
		int pad[12];
	} sev = {77, 12, 0, {0}};
	int id = -1;
	put_word("timer_create", rt_syscall4(107, 1, (long)&sev, (long)&id, 0));
	/* Armed for a second first, so that QEMU on a busy host (real time) still finds it
	   armed when it asks; then for 2 ms, to fire while the program spins. */
	int64_t spec[4] = {0, 0, 1, 0}; /* it_value 1 s */
	put_word("timer_settime", rt_syscall4(NR_TIMER_SETTIME, id, 0, (long)spec, 0));
	int64_t cur[4] = {-1, -1, -1, -1};
	put_word("timer_gettime", rt_syscall4(NR_TIMER_GETTIME, id, (long)cur, 0, 0));
	int64_t left = cur[2] * 1000000000 + cur[3];
	put_word("timer-armed", cur[0] == 0 && cur[1] == 0 && left > 0 && left <= 1000000000);
	int64_t soon[4] = {0, 0, 0, 2000000}; /* it_value 2 ms */
	put_word("timer_settime", rt_syscall4(NR_TIMER_SETTIME, id, 0, (long)soon, 0));
	rt_flush();
	unsigned long spins = 0;
	while (!fired && spins < 4000000000UL)
		spins++;
	put_word("fired", (unsigned long)fired);
	put_word("si_code", (unsigned long)code);
	put_word("si_overrun", (unsigned long)overrun);
	put_word("si_value", value);
	put_word("timer_gettime-after", rt_syscall4(NR_TIMER_GETTIME, id, (long)cur, 0, 0));
	put_word("timer-disarmed", (cur[0] | cur[1] | cur[2] | cur[3]) == 0);
	put_word("timer_delete", rt_syscall4(111, id, 0, 0, 0));
	put_word("timer_delete-again", rt_syscall4(111, id, 0, 0, 0));
	int64_t res[2] = {-1, -1};
	put_word("clock_getres", rt_syscall4(NR_CLOCK_GETRES, 1, (long)res, 0, 0));
	put_word("res-sec", (unsigned long)res[0]);
	put_word("res-positive", res[1] > 0 && res[1] <= 1000000);
	int64_t t0 = now_ns();
	int64_t req[2] = {0, 5000000}; /* 5 ms */
	put_word("clock_nanosleep", rt_syscall4(NR_CLOCK_NANOSLEEP, 1, 0, (long)req, 0));
	put_word("slept-5ms", now_ns() - t0 >= 5000000);
	int64_t bad[2] = {0, 1000000000};
	put_word("clock_nanosleep-bad", rt_syscall4(NR_CLOCK_NANOSLEEP, 1, 0, (long)bad, 0));
	return 0;
}
