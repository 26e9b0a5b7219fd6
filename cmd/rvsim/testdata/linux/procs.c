// Processes that wait for each other: a parent writing 3 MiB into a pipe its child reads
// (past what a pipe holds), a child killed in its sleep, a child polling a non-blocking pipe
// until its parent writes it, poll and select waiting for a child to write, and an orphan
// that reads to the end of a pipe whose other end its parent held when it exited.
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <sched.h>
#include <sys/select.h>
#include <sys/wait.h>
#include <unistd.h>

int main(void) {
	int fd[2], st;
	pipe(fd);
	pid_t p = fork();
	if (p == 0) {
		close(fd[1]);
		char buf[8192];
		long n = 0, r;
		unsigned h = 0;
		while ((r = read(fd[0], buf, sizeof buf)) > 0) {
			for (long i = 0; i < r; i++)
				h = h * 31 + (unsigned char)buf[i];
			n += r;
		}
		printf("child read %ld bytes, hash %08x\n", n, h);
		fflush(stdout);
		_exit(7);
	}
	close(fd[0]);
	char blk[4096];
	for (int i = 0; i < 4096; i++)
		blk[i] = (char)(i * 7);
	long w = 0;
	for (int i = 0; i < 768; i++) {
		long k = write(fd[1], blk, sizeof blk);
		if (k < 0) {
			perror("write");
			return 1;
		}
		w += k;
	}
	close(fd[1]);
	waitpid(p, &st, 0);
	printf("parent wrote %ld bytes, child exited %d\n", w, WEXITSTATUS(st));

	p = fork();
	if (p == 0) {
		sleep(10);
		_exit(0);
	}
	kill(p, SIGUSR1);
	waitpid(p, &st, 0);
	printf("sleeping child: signalled %d, by %d\n", WIFSIGNALED(st), WTERMSIG(st));

	int q[2];
	pipe(q);
	p = fork();
	if (p == 0) {
		close(q[1]);
		fcntl(q[0], F_SETFL, O_NONBLOCK);
		char c;
		while (read(q[0], &c, 1) < 0 && errno == EAGAIN)
			sched_yield();
		printf("polling child got %c\n", c); // (how many tries it took is the schedule's)
		fflush(stdout);
		_exit(0);
	}
	close(q[0]);
	usleep(1000);
	write(q[1], "x", 1);
	close(q[1]);
	waitpid(p, &st, 0);

	// poll and select wait for a child to write (the parent goes on first after a fork).
	int a[2], b[2];
	pipe(a);
	pipe(b);
	if ((p = fork()) == 0) {
		usleep(2000);
		write(a[1], "p", 1);
		usleep(2000);
		write(b[1], "s", 1);
		_exit(0);
	}
	struct pollfd pf = {a[0], POLLIN, 0};
	int r = poll(&pf, 1, 5000);
	char c = 0;
	read(a[0], &c, 1);
	printf("poll %d, POLLIN %d, got %c\n", r, pf.revents & POLLIN, c);
	fd_set set;
	FD_ZERO(&set);
	FD_SET(b[0], &set);
	struct timeval tv = {5, 0};
	r = select(b[0] + 1, &set, 0, 0, &tv);
	read(b[0], &c, 1);
	printf("select %d, set %d, got %c\n", r, FD_ISSET(b[0], &set), c);
	waitpid(p, &st, 0);

	int o[2];
	pipe(o);
	if (fork() == 0) {
		close(o[1]);
		char c;
		long r = read(o[0], &c, 1);
		printf("orphan read %ld\n", r);
		return 0;
	}
	printf("parent exits\n");
	fflush(stdout);
	return 0;
}
