// system, popen and posix_spawn: glibc makes each with clone(CLONE_VM|CLONE_VFORK), which
// rvsim runs as a fork, as qemu-user does. linux_spawn_test.go compares it with qemu.
#include <stdio.h>
#include <stdlib.h>
#include <spawn.h>
#include <sys/wait.h>
extern char **environ;
int main(void) {
	int r = system("echo from system; exit 5");
	printf("system -> %d (exit %d)\n", r, WEXITSTATUS(r));
	FILE *p = popen("echo piped; echo two", "r");
	char buf[64];
	while (p && fgets(buf, sizeof buf, p)) printf("popen: %s", buf);
	printf("pclose -> %d\n", p ? pclose(p) : -1);
	pid_t pid; char *argv[] = {"sh", "-c", "exit 9", NULL};
	int e = posix_spawn(&pid, "/bin/sh", NULL, NULL, argv, environ);
	int st = 0; waitpid(pid, &st, 0);
	printf("posix_spawn -> %d, status %d\n", e, WEXITSTATUS(st));
	e = posix_spawn(&pid, "/nonexistent", NULL, NULL, argv, environ);
	printf("posix_spawn missing -> %d\n", e);
	if (e == 0) { waitpid(pid, &st, 0); printf("status %d\n", WEXITSTATUS(st)); }
	return 0;
}
