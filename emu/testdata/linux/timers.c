#include "rt.h"
// SIGALRM from setitimer interrupts a busy loop (as openssl speed's does), a POSIX timer
// signals SIGUSR2 with its value, nanosleep advances the clock, and sigreturn resumes the
// interrupted code with its registers intact.
static volatile int alarms, usr2;
static volatile u64 value;
static void on_alarm(int sig, void *info, void *uc) { alarms++; }
static void on_usr2(int sig, void *info, void *uc) { usr2++; value = *(u64 *)((char *)info + 24); }
static i64 now_ns(void) {
	i64 ts[2];
	sys(113, 1, ts, 0);
	return ts[0] * 1000000000 + ts[1];
}
int main(void) {
	u64 act[3] = {(u64)on_alarm, 4, 0};
	sys6(134, 14, (i64)act, 0, 8, 0, 0);
	u64 act2[3] = {(u64)on_usr2, 4, 0};
	sys6(134, 12, (i64)act2, 0, 8, 0, 0);
	i64 it[4] = {0, 0, 0, 1000}; // it_value 1 ms, no interval
	if (sys(103, 0, it, 0) != 0) return 1;
	u64 spins = 0, check = 0x12345;
	while (!alarms) { spins++; check = check * 3 + 1; }
	puts_(alarms == 1 ? "SIGALRM interrupted the loop\n" : "bad alarm count\n");
	// The loop's registers survived the handler: recompute the check value.
	u64 c2 = 0x12345;
	for (u64 i = 0; i < spins; i++) c2 = c2 * 3 + 1;
	puts_(c2 == check ? "registers restored\n" : "registers corrupted\n");
	i64 t0 = now_ns();
	i64 req[2] = {2, 500000000};
	sys(101, req, 0, 0);
	i64 slept = now_ns() - t0;
	puts_(slept >= 2500000000L && slept < 2600000000L ? "slept 2.5 s of virtual time\n" : "bad sleep\n");
	// timer_create(CLOCK_MONOTONIC, {value 77, SIGUSR2, SIGEV_SIGNAL}), fire in 1 ms.
	u64 sev[8] = {77, 12};
	int id = -1;
	if (sys(107, 1, sev, &id) != 0) return 2;
	i64 spec[4] = {0, 0, 0, 1000000};
	if (sys6(110, id, 0, (i64)spec, 0, 0, 0) != 0) return 3;
	while (!usr2) {}
	puts_(value == 77 ? "timer signalled with its value\n" : "bad timer value\n");
	sys(111, id, 0, 0);
	// An interval timer with no handler for SIGALRM kills the process.
	act[0] = 0;
	sys6(134, 14, (i64)act, 0, 8, 0, 0);
	sys(103, 0, it, 0);
	for (;;) {}
}
