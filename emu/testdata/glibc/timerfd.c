// timerfd: one-shot and periodic timers read, blocking and not; poll, select and epoll
// waiting for one; gettime and the old setting; an absolute time in the past; errors; a
// thread blocked in read while another waits. The output is the same under qemu-riscv64.
#define _GNU_SOURCE
#include <stdio.h>
#include <stdint.h>
#include <errno.h>
#include <poll.h>
#include <pthread.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/select.h>
#include <sys/timerfd.h>
#include <time.h>
#include <unistd.h>

static double now(void) { struct timespec t; clock_gettime(CLOCK_MONOTONIC, &t); return t.tv_sec + t.tv_nsec / 1e9; }

static void *reader(void *arg) {
	int fd = *(int *)arg;
	uint64_t n = 0;
	ssize_t r = read(fd, &n, 8);
	return (void *)(long)(r == 8 && n == 1);
}

int main(void) {
	setvbuf(stdout, 0, _IONBF, 0);
	int fd = timerfd_create(CLOCK_MONOTONIC, 0);
	// Once, in 300 ms: long enough that QEMU, on a loaded machine's real clock, reads it
	// back before it expires.
	struct itimerspec its = {{0, 0}, {0, 300000000}};
	double t0 = now();
	printf("settime: %d\n", timerfd_settime(fd, 0, &its, 0));
	struct itimerspec cur;
	timerfd_gettime(fd, &cur);
	printf("gettime: left in (0, 300 ms]: %d, interval 0: %d\n", cur.it_value.tv_sec == 0 && cur.it_value.tv_nsec > 0 && cur.it_value.tv_nsec <= 300000000, cur.it_interval.tv_nsec == 0);
	uint64_t n = 0;
	ssize_t r = read(fd, &n, 8);
	printf("blocking read: %zd, expirations %llu, after at least 300 ms: %d\n", r, (unsigned long long)n, now() - t0 >= 0.3);
	int nb = timerfd_create(CLOCK_MONOTONIC, TFD_NONBLOCK | TFD_CLOEXEC);
	errno = 0;
	printf("nonblocking read of a disarmed one: %zd EAGAIN %d\n", read(nb, &n, 8), errno == EAGAIN);
	errno = 0;
	printf("read into 4 bytes: %zd EINVAL %d\n", read(fd, &n, 4), errno == EINVAL);
	// Periodic, 2 ms: poll waits for it; 7 ms later (a sleep) three more have passed.
	struct itimerspec per = {{0, 2000000}, {0, 2000000}};
	timerfd_settime(nb, 0, &per, 0);
	struct pollfd p = {.fd = nb, .events = POLLIN};
	printf("poll: %d POLLIN %d\n", poll(&p, 1, 1000), (p.revents & POLLIN) != 0);
	read(nb, &n, 8);
	printf("first read after poll: %llu\n", (unsigned long long)n);
	usleep(7000);
	read(nb, &n, 8);
	printf("after 7 ms: at least 3 expirations %d\n", n >= 3);
	// select and epoll wait for it too.
	fd_set rs;
	FD_ZERO(&rs);
	FD_SET(nb, &rs);
	printf("select: %d, set %d\n", select(nb + 1, &rs, 0, 0, 0), FD_ISSET(nb, &rs) != 0);
	read(nb, &n, 8);
	int ep = epoll_create1(0);
	struct epoll_event ev = {.events = EPOLLIN, .data.u64 = 77}, out;
	epoll_ctl(ep, EPOLL_CTL_ADD, nb, &ev);
	printf("epoll_wait: %d, data %llu\n", epoll_wait(ep, &out, 1, -1), (unsigned long long)out.data.u64);
	// Disarmed: poll with a timeout times out.
	struct itimerspec off = {{0, 0}, {0, 0}}, old;
	timerfd_settime(nb, 0, &off, &old);
	printf("old interval 2 ms: %d\n", old.it_interval.tv_nsec == 2000000);
	printf("poll, disarmed: %d\n", poll(&p, 1, 3));
	// An absolute time in the past expires at once.
	struct timespec ts;
	clock_gettime(CLOCK_REALTIME, &ts);
	int rt = timerfd_create(CLOCK_REALTIME, 0);
	struct itimerspec abs = {{0, 0}, {ts.tv_sec - 1, 0}};
	printf("abstime in the past: %d, ", timerfd_settime(rt, TFD_TIMER_ABSTIME, &abs, 0));
	printf("read %zd\n", read(rt, &n, 8));
	errno = 0;
	printf("bad clock: %d EINVAL %d\n", timerfd_create(12345, 0), errno == EINVAL);
	errno = 0;
	printf("settime on stdin: %d EINVAL %d\n", timerfd_settime(0, 0, &its, 0), errno == EINVAL);
	// A thread blocks in read while the main thread waits for it.
	int tf = timerfd_create(CLOCK_MONOTONIC, 0);
	struct itimerspec soon = {{0, 0}, {0, 3000000}};
	timerfd_settime(tf, 0, &soon, 0);
	pthread_t th;
	pthread_create(&th, 0, reader, &tf);
	void *ok;
	pthread_join(th, &ok);
	printf("thread's blocking read: %ld\n", (long)ok);
	return 0;
}
