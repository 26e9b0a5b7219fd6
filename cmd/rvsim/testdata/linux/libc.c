// Static glibc: argv, envp, auxv, stdin, setjmp/longjmp, malloc, qsort, printf of floats,
// strtod, signals — what rvsim's Linux environment must give a C program.
#include <math.h>
#include <setjmp.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/auxv.h>
#include <sys/time.h>
#include <unistd.h>

static jmp_buf env;
static volatile sig_atomic_t alarms;
static void on_alarm(int sig) { alarms++; }
static void deep(int n) {
	if (n == 0)
		longjmp(env, 42);
	deep(n - 1);
}
static int cmp(const void *a, const void *b) {
	double x = *(const double *)a, y = *(const double *)b;
	return (x > y) - (x < y);
}

int main(int argc, char **argv) {
	for (int i = 0; i < argc; i++)
		printf("argv[%d]=%s\n", i, i == 0 ? "prog" : argv[i]);
	const char *v = getenv("RVSIM_TEST_VAR");
	printf("RVSIM_TEST_VAR=%s HOME=%s\n", v ? v : "(unset)", getenv("HOME") ? "set" : "(unset)");
	printf("AT_PAGESZ=%lu AT_SECURE=%lu random=%s\n", getauxval(AT_PAGESZ), getauxval(AT_SECURE),
	       getauxval(AT_RANDOM) ? "yes" : "no");
	char line[256];
	unsigned long sum = 0, lines = 0;
	while (fgets(line, sizeof line, stdin)) {
		lines++;
		for (char *p = line; *p; p++)
			sum = sum * 31 + (unsigned char)*p;
	}
	printf("stdin: %lu lines, hash %lx\n", lines, sum);
	int r = setjmp(env);
	if (r == 0)
		deep(100);
	printf("longjmp returned %d\n", r);
	unsigned long total = 0;
	for (int round = 0; round < 50; round++) {
		void *blocks[200];
		for (int i = 0; i < 200; i++) {
			size_t n = (size_t)(i * 977 + round * 31) % 70000 + 1;
			blocks[i] = malloc(n);
			memset(blocks[i], i, n);
			total += n;
		}
		for (int i = 0; i < 200; i += 2)
			free(blocks[i]);
		for (int i = 1; i < 200; i += 2)
			blocks[i] = realloc(blocks[i], 100000), free(blocks[i]);
	}
	printf("malloc: %lu bytes\n", total);
	double d[64];
	for (int i = 0; i < 64; i++)
		d[i] = sin(i * 1.7) * 1000;
	qsort(d, 64, sizeof d[0], cmp);
	printf("qsort: %.6f %.6f %.17g\n", d[0], d[63], d[31]);
	printf("strtod: %.17g %a %g\n", strtod("3.14159265358979323846", 0), strtod("0x1.8p-3", 0), strtod("1e-310", 0));
	printf("libm: %.15g %.15g %.15g\n", exp(1.0), log(10.0), pow(2.0, 0.5));
	signal(SIGALRM, on_alarm);
	struct itimerval it = {{0, 0}, {0, 1000}};
	setitimer(ITIMER_REAL, &it, 0);
	while (!alarms) {
	}
	printf("alarm: %d\n", (int)alarms);
	return 7;
}
