// POSIX threads as a crypto harness uses them: workers under a mutex, joins with results,
// thread-local storage, a condition variable, pthread_kill to another thread, a timed wait
// that times out, a detached thread, and a barrier.
#include <errno.h>
#include <poll.h>
#include <sys/select.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

static pthread_mutex_t mu = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t cv = PTHREAD_COND_INITIALIZER;
static long counter;
static int ready;
static __thread int tls_value = 7;
static volatile sig_atomic_t usr1_elsewhere;
static pid_t main_tid;
static pthread_barrier_t barrier;
static volatile int detached_ran;

static void on_usr1(int sig) {
	(void)sig;
	usr1_elsewhere = syscall(SYS_gettid) != main_tid;
}

static void *worker(void *arg) {
	long id = (long)arg;
	tls_value = (int)id * 10;
	for (int i = 0; i < 100000; i++) {
		pthread_mutex_lock(&mu);
		counter++;
		pthread_mutex_unlock(&mu);
		if (i % 25000 == 0)
			sched_yield();
	}
	pthread_barrier_wait(&barrier);
	return (void *)(long)(tls_value + 1);
}

static void *waiter(void *arg) {
	(void)arg;
	pthread_mutex_lock(&mu);
	while (!ready)
		pthread_cond_wait(&cv, &mu);
	pthread_mutex_unlock(&mu);
	while (!usr1_elsewhere)
		sched_yield();
	return (void *)42;
}

static void *detached(void *arg) {
	(void)arg;
	detached_ran = 1;
	return NULL;
}

static int pipefd[2];

// writer sends 3 MiB through the pipe (more than it holds) in pieces, with a pause.
static void *writer(void *arg) {
	(void)arg;
	static char chunk[65536];
	for (int i = 0; i < 48; i++) {
		memset(chunk, 'a' + i % 26, sizeof chunk);
		for (size_t off = 0; off < sizeof chunk;) {
			ssize_t n = write(pipefd[1], chunk + off, sizeof chunk - off);
			if (n <= 0)
				return (void *)1;
			off += n;
		}
		if (i == 10)
			usleep(1000);
	}
	close(pipefd[1]);
	return NULL;
}

static int ppipe[2];
static volatile sig_atomic_t usr2_count;
static void on_usr2(int sig) { (void)sig; usr2_count++; }

// poker writes a byte to ppipe after a pause.
static void *poker(void *arg) {
	(void)arg;
	usleep(3000);
	write(ppipe[1], "x", 1);
	return NULL;
}

// pauser waits in pause() for a signal another thread sends it (until it is done: a signal
// that comes before the thread reaches pause runs the handler and leaves pause waiting).
static volatile int pause_done;
static void *pauser(void *arg) {
	(void)arg;
	int r = pause();
	pause_done = 1;
	return (void *)(long)(r == -1 && errno == EINTR && usr2_count >= 1);
}

static double since(const struct timespec *t0) {
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return (t.tv_sec - t0->tv_sec) + (t.tv_nsec - t0->tv_nsec) / 1e9;
}

int main(void) {
	main_tid = syscall(SYS_gettid);
	printf("main thread is the process: %d\n", main_tid == getpid());
	signal(SIGUSR1, on_usr1);
	pthread_barrier_init(&barrier, NULL, 4);
	pthread_t t[4];
	for (long i = 0; i < 4; i++)
		if (pthread_create(&t[i], NULL, worker, (void *)i) != 0) {
			perror("pthread_create");
			return 1;
		}
	long sum = 0;
	for (int i = 0; i < 4; i++) {
		void *r;
		if (pthread_join(t[i], &r) != 0)
			return 2;
		sum += (long)r;
	}
	printf("counter %ld, results %ld, main's tls %d\n", counter, sum, tls_value);

	pthread_t w;
	pthread_create(&w, NULL, waiter, NULL);
	struct timespec t0;
	clock_gettime(CLOCK_MONOTONIC, &t0);
	usleep(2000);
	printf("usleep(2000) took at least 2 ms: %d\n", since(&t0) >= 0.002);
	pthread_mutex_lock(&mu);
	ready = 1;
	pthread_cond_signal(&cv);
	pthread_mutex_unlock(&mu);
	pthread_kill(w, SIGUSR1);
	void *r;
	pthread_join(w, &r);
	printf("waiter returned %ld, SIGUSR1 handled on its thread: %d\n", (long)r, (int)usr1_elsewhere);

	pthread_attr_t attr;
	pthread_attr_init(&attr);
	pthread_attr_setdetachstate(&attr, PTHREAD_CREATE_DETACHED);
	pthread_t d;
	pthread_create(&d, &attr, detached, NULL);
	while (!detached_ran)
		sched_yield();
	printf("detached thread ran\n");

	struct timespec ts;
	clock_gettime(CLOCK_REALTIME, &ts);
	ts.tv_nsec += 5000000;
	if (ts.tv_nsec >= 1000000000) {
		ts.tv_sec++;
		ts.tv_nsec -= 1000000000;
	}
	clock_gettime(CLOCK_MONOTONIC, &t0);
	pthread_mutex_lock(&mu);
	int rc = pthread_cond_timedwait(&cv, &mu, &ts);
	pthread_mutex_unlock(&mu);
	// A blocking read waits for the writer thread, a blocking write for the reader.
	pipe(pipefd);
	pthread_t wr;
	pthread_create(&wr, NULL, writer, NULL);
	usleep(500);
	long total = 0, bytesum = 0;
	char buf[10000];
	for (;;) {
		ssize_t n = read(pipefd[0], buf, sizeof buf);
		if (n <= 0)
			break;
		for (ssize_t i = 0; i < n; i++)
			bytesum += buf[i];
		total += n;
	}
	pthread_join(wr, &r);
	printf("pipe between threads: %ld bytes, sum %ld, writer %ld\n", total, bytesum, (long)r);

	// poll waits for another thread's write; select on a pipe nobody writes times out and
	// empties its set; pause in a thread ends with the signal another thread sends it.
	pipe(ppipe);
	pthread_t pk;
	pthread_create(&pk, NULL, poker, NULL);
	struct pollfd pfd = {.fd = ppipe[0], .events = POLLIN};
	int pr = poll(&pfd, 1, 1000);
	printf("poll: %d, POLLIN %d\n", pr, (pfd.revents & POLLIN) != 0);
	pthread_join(pk, NULL);
	char c;
	read(ppipe[0], &c, 1);
	signal(SIGUSR2, on_usr2);
	pthread_t ps;
	pthread_create(&ps, NULL, pauser, NULL);
	fd_set rs;
	FD_ZERO(&rs);
	FD_SET(ppipe[0], &rs);
	struct timeval tv = {0, 2000};
	int sr = select(ppipe[0] + 1, &rs, NULL, NULL, &tv);
	printf("select: %d, set emptied %d\n", sr, !FD_ISSET(ppipe[0], &rs));
	do {
		usleep(1000);
		pthread_kill(ps, SIGUSR2);
		usleep(1000);
	} while (!pause_done);
	pthread_join(ps, &r);
	printf("pause in a thread ended by its signal: %ld\n", (long)r);

	printf("timedwait: %s after at least 5 ms: %d\n", rc == ETIMEDOUT ? "timed out" : strerror(rc), since(&t0) >= 0.005);
	return 0;
}
