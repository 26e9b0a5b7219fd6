// The guest's clocks under --core: a timed loop, an alarm, and the other time sources.
// clock_test.go runs it and compares each figure with the cost model's cycles.
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/resource.h>
#include <sys/time.h>
#include <sys/times.h>
#include <time.h>
#include <unistd.h>

static volatile int fired;
static volatile unsigned long cycle_at_alarm;

static unsigned long rdcycle(void) {
	unsigned long c;
	__asm__ volatile("rdcycle %0" : "=r"(c));
	return c;
}

static unsigned long rdtime(void) {
	unsigned long c;
	__asm__ volatile("rdtime %0" : "=r"(c));
	return c;
}

static void on_alarm(int sig) {
	(void)sig;
	cycle_at_alarm = rdcycle();
	fired = 1;
}

static long long ns(const struct timespec *t) { return t->tv_sec * 1000000000LL + t->tv_nsec; }

int main(int argc, char **argv) {
	long n = argc > 1 ? atol(argv[1]) : 100000;
	struct timespec a, b;
	volatile unsigned long x = 1;

	clock_gettime(CLOCK_MONOTONIC, &a);
	unsigned long t0 = rdtime(), c0 = rdcycle();
	for (long i = 0; i < n; i++)
		x = x * 6364136223846793005UL + 1442695040888963407UL;
	unsigned long t1 = rdtime(), c1 = rdcycle();
	clock_gettime(CLOCK_MONOTONIC, &b);
	printf("loop %lld ns\n", ns(&b) - ns(&a));
	printf("csr %lu cycles %lu ticks\n", c1 - c0, t1 - t0);

	signal(SIGALRM, on_alarm);
	c0 = rdcycle();
	alarm(1);
	while (!fired)
		x++;
	printf("alarm after %lu cycles\n", cycle_at_alarm - c0);

	// The rest of the time sources, as the guest sees them after one modelled second.
	struct timeval tv;
	gettimeofday(&tv, NULL);
	struct tms tm;
	times(&tm);
	struct rusage ru;
	getrusage(RUSAGE_SELF, &ru);
	struct timespec cpu;
	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &cpu);
	printf("cputime %lld ns utime %ld.%06ld s times %ld ticks\n", ns(&cpu), (long)ru.ru_utime.tv_sec,
	       (long)ru.ru_utime.tv_usec, (long)tm.tms_utime);
	struct timespec before, after, nap = {0, 250000000};
	clock_gettime(CLOCK_MONOTONIC, &before);
	nanosleep(&nap, NULL);
	clock_gettime(CLOCK_MONOTONIC, &after);
	printf("slept %lld ns\n", ns(&after) - ns(&before));
	return 0;
}
