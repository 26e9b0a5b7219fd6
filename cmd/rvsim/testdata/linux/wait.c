// Waiting for signals and descriptors: pause, sigsuspend, poll and select, with timers as
// the only thing that can end a wait. linux_wait_test.go compares the output with
// qemu-riscv64 (times are printed rounded, since qemu's clock is the host's).
#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/select.h>
#include <sys/time.h>
#include <time.h>
#include <unistd.h>

static volatile int alarms;
static void on_alarm(int sig) { (void)sig; alarms++; }

static double now(void) {
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return t.tv_sec + t.tv_nsec / 1e9;
}

// waited says whether a wait took its time: at least want seconds, and not much more
// (qemu's clock is the host's, which a loaded machine may run late; rvsim's is virtual).
static void waited(const char *what, double t0, double want) {
	double d = now() - t0;
	printf("%s waited %.1f s: %s\n", what, want, d >= want - 1e-6 && d < want + 1.5 ? "yes" : "no");
}

int main(int argc, char **argv) {
	struct sigaction sa;
	memset(&sa, 0, sizeof sa);
	sa.sa_handler = on_alarm;
	sigaction(SIGALRM, &sa, NULL);
	if (argc > 1 && argv[1][0] == 'f') { // nothing can end this wait
		pause();
		return 0;
	}
	if (argc > 1 && argv[1][0] == 'b') { // a periodic timer whose signal the wait blocks
		sigset_t alrm;
		sigemptyset(&alrm);
		sigaddset(&alrm, SIGALRM);
		struct itimerval every = {{0, 1000}, {0, 1000}};
		setitimer(ITIMER_REAL, &every, NULL);
		sigsuspend(&alrm);
		return 0;
	}

	double t0 = now();
	alarm(1);
	int r = pause();
	printf("pause: %d %s, alarms %d\n", r, strerror(errno), alarms);
	waited("pause", t0, 1.0);

	sigset_t block, none, cur;
	sigemptyset(&block);
	sigaddset(&block, SIGUSR1);
	sigaddset(&block, SIGALRM);
	sigprocmask(SIG_BLOCK, &block, NULL);
	struct itimerval it = {{0, 0}, {0, 300000}};
	setitimer(ITIMER_REAL, &it, NULL);
	sigemptyset(&none);
	t0 = now();
	r = sigsuspend(&none);
	sigprocmask(SIG_BLOCK, NULL, &cur);
	printf("sigsuspend: %d %s, alarms %d, SIGUSR1 still blocked %d, SIGALRM still blocked %d\n", r, strerror(errno),
	       alarms, sigismember(&cur, SIGUSR1), sigismember(&cur, SIGALRM));
	waited("sigsuspend", t0, 0.3);
	sigprocmask(SIG_UNBLOCK, &block, NULL);

	int p[2];
	pipe(p);
	struct pollfd fds[3] = {{p[0], POLLIN, 0}, {p[1], POLLOUT, 0}, {99, POLLIN, 0}};
	r = poll(fds, 3, 0);
	printf("poll empty pipe: %d, revents %#x %#x %#x\n", r, fds[0].revents, fds[1].revents, fds[2].revents);
	t0 = now();
	r = poll(fds, 1, 500);
	printf("poll timeout: %d\n", r);
	waited("poll", t0, 0.5);
	write(p[1], "x", 1);
	r = poll(fds, 2, -1);
	printf("poll with data: %d, revents %#x %#x\n", r, fds[0].revents, fds[1].revents);
	char c;
	read(p[0], &c, 1);
	alarm(1);
	t0 = now();
	r = poll(fds, 1, -1);
	printf("poll interrupted: %d %s, alarms %d\n", r, strerror(errno), alarms);
	waited("poll", t0, 1.0);

	fd_set rd, wr;
	FD_ZERO(&rd);
	FD_ZERO(&wr);
	FD_SET(p[0], &rd);
	FD_SET(1, &wr);
	struct timeval tv = {0, 200000};
	r = select(p[0] + 1, &rd, &wr, NULL, &tv);
	printf("select: %d, read %d, write %d\n", r, FD_ISSET(p[0], &rd), FD_ISSET(1, &wr));
	FD_ZERO(&rd);
	FD_SET(p[0], &rd);
	tv.tv_sec = 0;
	tv.tv_usec = 400000;
	t0 = now();
	r = select(p[0] + 1, &rd, NULL, NULL, &tv);
	printf("select timeout: %d\n", r);
	waited("select", t0, 0.4);
	close(p[1]);
	FD_SET(p[0], &rd);
	r = select(p[0] + 1, &rd, NULL, NULL, NULL);
	printf("select at end of file: %d, read %d\n", r, FD_ISSET(p[0], &rd));
	fflush(stdout);
	return 0;
}
