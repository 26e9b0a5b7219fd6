// Two threads that wait for each other for ever: on Linux the process hangs; rvsim ends the
// run with one line saying so.
#include <pthread.h>
#include <stdio.h>

static pthread_mutex_t mu = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t cv = PTHREAD_COND_INITIALIZER;

static void *forever(void *arg) {
	(void)arg;
	pthread_mutex_lock(&mu);
	for (;;)
		pthread_cond_wait(&cv, &mu);
	return NULL;
}

int main(void) {
	pthread_t t;
	pthread_create(&t, NULL, forever, NULL);
	puts("joining a thread that never ends");
	fflush(stdout);
	pthread_join(t, NULL);
	puts("not reached");
	return 0;
}
