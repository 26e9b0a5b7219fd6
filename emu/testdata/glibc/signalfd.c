// signalfd: blocked signals read as signalfd_siginfo records (lowest first, as many as
// fit), a nonblocking read with none, poll and epoll waiting for a timer's signal, a
// child's SIGCHLD with its pid and status, changing the mask, errors, and a thread
// blocked in read until another thread sends the signal. The output is the same under
// qemu-riscv64.
#define _GNU_SOURCE
#include <errno.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/signalfd.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <unistd.h>

static int tfd;

static void *reader(void *arg) {
	(void)arg;
	struct signalfd_siginfo si;
	ssize_t r = read(tfd, &si, sizeof si);
	return (void *)(long)(r == sizeof si && si.ssi_signo == SIGUSR2);
}

int main(void) {
	setvbuf(stdout, 0, _IONBF, 0);
	sigset_t m;
	sigemptyset(&m);
	sigaddset(&m, SIGUSR1);
	sigaddset(&m, SIGUSR2);
	sigaddset(&m, SIGALRM);
	sigaddset(&m, SIGCHLD);
	sigprocmask(SIG_BLOCK, &m, 0);
	int fd = signalfd(-1, &m, SFD_NONBLOCK | SFD_CLOEXEC);
	printf("signalfd: %d\n", fd >= 0);
	struct signalfd_siginfo si[4];
	errno = 0;
	printf("nothing pending: %zd EAGAIN %d\n", read(fd, si, sizeof si), errno == EAGAIN);
	kill(getpid(), SIGUSR2);
	kill(getpid(), SIGUSR1);
	memset(si, 0, sizeof si);
	ssize_t r = read(fd, si, sizeof si);
	printf("read: %zd bytes, %d records: SIGUSR1 %d then SIGUSR2 %d, SI_USER %d, pid is mine %d\n", r, (int)(r / sizeof si[0]),
	       si[0].ssi_signo == SIGUSR1, si[1].ssi_signo == SIGUSR2, si[0].ssi_code == SI_USER, si[0].ssi_pid == (unsigned)getpid());
	errno = 0;
	printf("read into a small buffer: %zd EINVAL %d\n", read(fd, si, 64), errno == EINVAL);
	// A timer's signal ends a poll and an epoll_wait on the descriptor.
	struct itimerval it = {{0, 0}, {0, 3000}};
	setitimer(ITIMER_REAL, &it, 0);
	struct pollfd p = {.fd = fd, .events = POLLIN};
	printf("poll for SIGALRM: %d POLLIN %d\n", poll(&p, 1, 1000), (p.revents & POLLIN) != 0);
	r = read(fd, si, sizeof si);
	printf("then read: SIGALRM %d\n", r == sizeof si[0] && si[0].ssi_signo == SIGALRM);
	setitimer(ITIMER_REAL, &it, 0);
	int ep = epoll_create1(0);
	struct epoll_event ev = {.events = EPOLLIN, .data.u64 = 5}, out;
	epoll_ctl(ep, EPOLL_CTL_ADD, fd, &ev);
	printf("epoll_wait for SIGALRM: %d data %llu\n", epoll_wait(ep, &out, 1, 1000), (unsigned long long)out.data.u64);
	read(fd, si, sizeof si);
	// A child's SIGCHLD.
	pid_t c = fork();
	if (c == 0)
		_exit(9);
	waitpid(c, 0, 0);
	memset(si, 0, sizeof si);
	r = read(fd, si, sizeof si);
	printf("SIGCHLD: %d, CLD_EXITED %d, status %d, pid is the child %d\n", r == sizeof si[0] && si[0].ssi_signo == SIGCHLD,
	       si[0].ssi_code == CLD_EXITED, si[0].ssi_status, si[0].ssi_pid == (unsigned)c);
	// A new mask on the same descriptor.
	sigset_t only2;
	sigemptyset(&only2);
	sigaddset(&only2, SIGUSR2);
	printf("new mask, same fd: %d\n", signalfd(fd, &only2, 0) == fd);
	kill(getpid(), SIGUSR1);
	errno = 0;
	printf("SIGUSR1 is not in it: %zd EAGAIN %d\n", read(fd, si, sizeof si), errno == EAGAIN);
	errno = 0;
	printf("signalfd on stdin: %d EINVAL %d\n", signalfd(0, &m, 0), errno == EINVAL);
	int sig;
	sigwait(&m, &sig);
	printf("SIGUSR1 still pending for sigwait: %d\n", sig == SIGUSR1);
	// A blocking read in a thread, the signal sent to that thread.
	tfd = signalfd(-1, &only2, 0);
	pthread_t th;
	pthread_create(&th, 0, reader, 0);
	usleep(2000);
	pthread_kill(th, SIGUSR2);
	void *ok;
	pthread_join(th, &ok);
	printf("thread's blocking read: %ld\n", (long)ok);
	return 0;
}
