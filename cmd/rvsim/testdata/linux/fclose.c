// A dynamically linked program that faults inside libc (fclose of a bad pointer).
#include <stdio.h>
int main(void) {
	FILE *volatile bad = (FILE *)16;
	fclose(bad);
	return 0;
}
