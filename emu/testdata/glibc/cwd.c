// The working directory: chdir, fchdir and getcwd, relative paths against it, and a child
// that keeps it across fork and execve. Run with a sysroot holding a/b/f.txt, a link
// l -> a/b and this program as /prog.
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

static void pwd(const char *tag) {
	char b[256];
	if (getcwd(b, sizeof b))
		printf("%s %s\n", tag, b);
	else
		printf("%s errno %d\n", tag, errno);
}

static void cat(const char *p) {
	char b[64] = {0};
	int fd = open(p, O_RDONLY);
	if (fd < 0) {
		printf("open %s: errno %d\n", p, errno);
		return;
	}
	int n = read(fd, b, sizeof b - 1);
	printf("%s: %d %s", p, n, b);
	close(fd);
}

int main(int argc, char **argv) {
	if (argc > 1) {
		pwd("child");
		cat("f.txt");
		return 0;
	}
	fflush(stdout);
	pwd("start");
	printf("chdir a/b: %d\n", chdir("a/b"));
	pwd("now");
	cat("f.txt");
	char small[4];
	printf("getcwd into 4 bytes: %s, ERANGE %d\n", getcwd(small, sizeof small) ? "ok" : "fails", errno == ERANGE);
	struct stat st;
	printf("stat ./f.txt: %d size %lld\n", stat("./f.txt", &st), (long long)st.st_size);
	printf("chdir ..: %d\n", chdir(".."));
	pwd("up");
	errno = 0;
	printf("chdir b/f.txt: %d ENOTDIR %d\n", chdir("b/f.txt"), errno == ENOTDIR);
	errno = 0;
	printf("chdir nope: %d ENOENT %d\n", chdir("nope"), errno == ENOENT);
	errno = 0;
	printf("chdir \"\": %d ENOENT %d\n", chdir(""), errno == ENOENT);
	pwd("still");
	printf("chdir /l: %d\n", chdir("/l"));
	pwd("through the link");
	printf("chdir ../..: %d\n", chdir("../.."));
	pwd("top");
	int d = open("a", O_RDONLY | O_DIRECTORY);
	printf("fchdir a: %d\n", fchdir(d));
	pwd("fchdir");
	errno = 0;
	printf("fchdir stdout: %d ENOTDIR %d\n", fchdir(1), errno == ENOTDIR);
	chdir("b");
	fflush(stdout);
	pid_t pid = fork();
	if (pid == 0) {
		execl("/prog", "/prog", "child", (char *)0);
		_exit(9);
	}
	int status;
	waitpid(pid, &status, 0);
	printf("child status %d\n", WEXITSTATUS(status));
	return 0;
}
