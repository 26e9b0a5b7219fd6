// sigwait, sigwaitinfo and sigtimedwait (rt_sigtimedwait), a blocked SIGCHLD kept pending
// for them, and waitid: one thread and then a signal-handling thread. The output is the
// same under qemu-riscv64.
#define _GNU_SOURCE
#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static sigset_t usr;
static volatile int timed_out; // the catcher's timed wait is over: it may be signalled

static void *catcher(void *arg) {
	(void)arg;
	struct timespec brief = {0, 100000};
	siginfo_t si;
	errno = 0;
	int r = sigtimedwait(&usr, &si, &brief);
	printf("catcher thread: sigtimedwait 0.1 ms: %d EAGAIN %d\n", r, errno == EAGAIN);
	timed_out = 1;
	int sig = 0;
	r = sigwait(&usr, &sig);
	printf("catcher thread: sigwait %d, %s\n", r, sig == SIGUSR2 ? "SIGUSR2" : "other");
	return (void *)(long)sig;
}

int main(void) {
	setvbuf(stdout, 0, _IONBF, 0);
	sigemptyset(&usr);
	sigaddset(&usr, SIGUSR1);
	sigaddset(&usr, SIGUSR2);
	sigprocmask(SIG_BLOCK, &usr, 0);

	kill(getpid(), SIGUSR2);
	kill(getpid(), SIGUSR1);
	int sig = 0;
	int r = sigwait(&usr, &sig);
	printf("sigwait: %d, lowest first: %d\n", r, sig == SIGUSR1);
	siginfo_t si;
	memset(&si, 0, sizeof si);
	r = sigwaitinfo(&usr, &si);
	printf("sigwaitinfo: %s, si_signo %d, si_code SI_USER %d, si_pid is mine %d\n",
	       r == SIGUSR2 ? "SIGUSR2" : "other", si.si_signo == SIGUSR2, si.si_code == SI_USER, si.si_pid == getpid());

	struct timespec zero = {0, 0}, ms = {0, 2000000};
	errno = 0;
	r = sigtimedwait(&usr, &si, &zero);
	printf("sigtimedwait, nothing pending, zero timeout: %d EAGAIN %d\n", r, errno == EAGAIN);
	struct timespec t0, t1;
	clock_gettime(CLOCK_MONOTONIC, &t0);
	errno = 0;
	r = sigtimedwait(&usr, &si, &ms);
	clock_gettime(CLOCK_MONOTONIC, &t1);
	long waited = (t1.tv_sec - t0.tv_sec) * 1000000000L + (t1.tv_nsec - t0.tv_nsec);
	printf("sigtimedwait 2 ms: %d EAGAIN %d, waited at least 2 ms %d\n", r, errno == EAGAIN, waited >= 2000000);

	// SIGALRM blocked: the timer's signal waits for sigwait.
	sigset_t alrm;
	sigemptyset(&alrm);
	sigaddset(&alrm, SIGALRM);
	sigprocmask(SIG_BLOCK, &alrm, 0);
	alarm(1);
	r = sigwait(&alrm, &sig);
	printf("sigwait for alarm: %d, SIGALRM %d\n", r, sig == SIGALRM);

	// SIGCHLD blocked (its default is to be ignored): it stays pending for sigwaitinfo.
	sigset_t chld;
	sigemptyset(&chld);
	sigaddset(&chld, SIGCHLD);
	sigprocmask(SIG_BLOCK, &chld, 0);
	pid_t c = fork();
	if (c == 0)
		_exit(7);
	memset(&si, 0, sizeof si);
	r = sigwaitinfo(&chld, &si);
	printf("SIGCHLD: %s, CLD_EXITED %d, status %d, pid is the child %d\n",
	       r == SIGCHLD ? "taken" : "missed", si.si_code == CLD_EXITED, si.si_status, si.si_pid == c);
	memset(&si, 0, sizeof si);
	r = waitid(P_PID, c, &si, WEXITED | WNOWAIT);
	printf("waitid WNOWAIT: %d, status %d\n", r, si.si_status);
	memset(&si, 0, sizeof si);
	r = waitid(P_ALL, 0, &si, WEXITED);
	printf("waitid: %d, pid is the child %d, status %d, CLD_EXITED %d\n", r, si.si_pid == c, si.si_status, si.si_code == CLD_EXITED);
	errno = 0;
	r = waitid(P_ALL, 0, &si, WEXITED | WNOHANG);
	printf("waitid with no children: %d ECHILD %d\n", r, errno == ECHILD);
	c = fork();
	if (c == 0)
		raise(SIGTERM);
	memset(&si, 0, sizeof si);
	r = waitid(P_PID, c, &si, WEXITED);
	printf("waitid, killed child: %d, CLD_KILLED %d, SIGTERM %d\n", r, si.si_code == CLD_KILLED, si.si_status == SIGTERM);
	errno = 0;
	printf("waitid without WEXITED: %d EINVAL %d\n", waitid(P_ALL, 0, &si, 0), errno == EINVAL);

	// A thread that waits in sigwait while the main thread goes on and then signals it.
	pthread_t th;
	pthread_create(&th, 0, catcher, 0);
	while (!timed_out)
		usleep(1000);
	pthread_kill(th, SIGUSR2);
	void *ret;
	pthread_join(th, &ret);
	printf("joined: %d\n", (long)ret == SIGUSR2);
	printf("setpgid(0, 0): %d\n", setpgid(0, 0));
	return 0;
}
