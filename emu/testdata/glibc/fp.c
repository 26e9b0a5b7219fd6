/* Floating point through static glibc: printf's %f/%e/%g/%a, strtod, libm, qsort on doubles,
 * float and double arithmetic, fenv rounding modes and exception flags. */
#include <fenv.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int cmp(const void *a, const void *b) {
	double x = *(const double *)a, y = *(const double *)b;
	return (x > y) - (x < y);
}

int main(void) {
	const char *in[] = {"3.14159265358979", "-0.0", "1e308", "4.9e-324", "0x1.8p3", "inf", "nan",
		"2.2250738585072014e-308", "123456789012345678901234567890", "0.1"};
	for (unsigned i = 0; i < sizeof in / sizeof in[0]; i++) {
		char *end;
		double d = strtod(in[i], &end);
		printf("strtod(%s) = %.17g %a %e rest '%s'\n", in[i], d, d, d, end);
	}
	volatile double x = 0.5;
	for (int i = 0; i < 12; i++) {
		printf("%d sin %.17g cos %.17g exp %.17g log %.17g pow %.17g sqrt %.17g atan2 %.17g\n", i,
			sin(x), cos(x), exp(x), log(x), pow(x, 1.7), sqrt(x), atan2(x, 1.3));
		printf("  float: sinf %.9g expf %.9g powf %.9g %f\n", sinf((float)x), expf((float)x),
			powf((float)x, 2.5f), (float)x * 3.3f);
		x = x * 2.7 - 1.1;
	}
	double v[64];
	unsigned s = 12345;
	for (int i = 0; i < 64; i++) {
		s = s * 1103515245 + 12345;
		v[i] = ((double)(s >> 8) - 8388608.0) / 1000.0;
	}
	qsort(v, 64, sizeof v[0], cmp);
	for (int i = 0; i < 64; i += 8)
		printf("%f %f %f %f %f %f %f %f\n", v[i], v[i + 1], v[i + 2], v[i + 3], v[i + 4], v[i + 5],
			v[i + 6], v[i + 7]);
	int modes[] = {FE_TONEAREST, FE_TOWARDZERO, FE_DOWNWARD, FE_UPWARD};
	for (int i = 0; i < 4; i++) {
		fesetround(modes[i]);
		volatile double a = 1.0, b = 3.0;
		volatile float fa = 2.0f, fb = 7.0f;
		feclearexcept(FE_ALL_EXCEPT);
		double q = a / b;
		float fq = fa / fb;
		long l = lrint(-2.5);
		int flags = fetestexcept(FE_ALL_EXCEPT);
		printf("mode %d: %a %a %ld rint %.1f flags %#x\n", i, q, (double)fq, l, rint(2.5), flags);
	}
	fesetround(FE_TONEAREST);
	feclearexcept(FE_ALL_EXCEPT);
	volatile double z = 0.0;
	double inf = 1.0 / z;
	printf("1/0 = %f flags %#x; 0/0 = %f; huge %g\n", inf, fetestexcept(FE_ALL_EXCEPT), z / z, 1e308 * 10);
	char buf[64];
	snprintf(buf, sizeof buf, "%.3f|%10.4e|%-8.2g|%+.0f", 2.0 / 3.0, 12345.6789, 0.000123, 2.5);
	printf("%s\n", buf);
	return 0;
}
