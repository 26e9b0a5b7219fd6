#!/usr/bin/env bash
# Runs the interpreter benchmark loops under rvsim and qemu-riscv64 side by side and prints
# MIPS figures and ratios:
#   scalar  scripts/bench/loop.s      10 instructions per iteration, 2 of them sm4ed
#   rvv     scripts/bench/vloop.s     8 per iteration, 6 RVV integer ops at e32/m1/vl=4
#   vaes    scripts/bench/vaesloop.s  8 per iteration, 4 vaesem.vs and 2 vxor.vv
# QEMU 7.2 has RVV 1.0 but no Zvk*, so the vaes loop runs under rvsim (and Spike) only.
# With SPIKE=path (and SPIKE_PK=path to the proxy kernel, default "pk" on PATH) the vector
# loops also run under Spike (--isa=rv64gcv_zvkned, VLEN 128).
# Each program runs REPEAT times (default 3), rvsim and the other emulator alternately so
# that both see the same load on a shared machine, and the median time counts.
# Usage: [REPEAT=n] scripts/bench-vs-qemu.sh [instructions] (default 2e9 for the scalar
# loop; the vector loops run a tenth of it).
set -euo pipefail
cd "$(dirname "$0")/.."
insns=${1:-2000000000}
repeat=${REPEAT:-3}
vinsns=$((insns / 10))
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
build() { # build NAME MARCH ITERS
	clang-19 --target=riscv64-unknown-linux-gnu -march="$2" -nostdlib -static -fuse-ld=lld \
		-DITERS="$3" -x assembler-with-cpp "scripts/bench/$1.s" -o "$tmp/$1"
}
build loop rv64imac_zksed $((insns / 10))
build vloop rv64imacv $((vinsns / 8))
build vaesloop rv64imacv_zvkned $((vinsns / 8))
go build -o "$tmp/rvsim" ./cmd/rvsim
secs() { # wall seconds of a command, its exit status ignored
	local t0 t1
	t0=$(date +%s.%N); "$@" >/dev/null 2>&1 || true; t1=$(date +%s.%N)
	echo "$t1 - $t0" | bc -l
}
declare -A times
timed() { # timed KEY COMMAND...: appends one wall time to times[KEY]
	local k=$1
	shift
	times[$k]="${times[$k]:-} $(secs "$@")"
}
median() { # median KEY
	echo "${times[$1]}" | tr ' ' '\n' | grep . | sort -g | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
}
row() { # row LABEL INSNS SECONDS
	awk -v l="$1" -v n="$2" -v s="$3" 'BEGIN { printf "  %-14s %7.2f s  %7.0f MIPS\n", l, s, n / s / 1e6 }'
}
qcpu=rv64,v=true,vlen=128,elen=64,vext_spec=v1.0
echo "scalar loop ($insns instructions, median of $repeat runs)"
for _ in $(seq "$repeat"); do
	timed r-loop "$tmp/rvsim" run "$tmp/loop"
	timed q-loop qemu-riscv64 -cpu rv64,zksed=true "$tmp/loop"
done
r=$(median r-loop)
q=$(median q-loop)
row rvsim "$insns" "$r"
row qemu-riscv64 "$insns" "$q"
awk -v r="$r" -v q="$q" 'BEGIN { printf "  rvsim/qemu     %.2f (target: at least 0.45)\n", q / r }'
for l in vloop vaesloop; do
	echo "$l ($vinsns instructions, median of $repeat runs)"
	for _ in $(seq "$repeat"); do
		timed "r-$l" "$tmp/rvsim" run "$tmp/$l"
		if [ "$l" = vloop ]; then
			timed "q-$l" qemu-riscv64 -cpu "$qcpu" "$tmp/$l"
		fi
		if [ -n "${SPIKE:-}" ]; then
			timed "s-$l" "$SPIKE" --isa=rv64gcv_zvkned_zvl128b "${SPIKE_PK:-pk}" "$tmp/$l"
		fi
	done
	r=$(median "r-$l")
	row rvsim "$vinsns" "$r"
	if [ "$l" = vloop ]; then
		q=$(median "q-$l")
		row qemu-riscv64 "$vinsns" "$q"
		awk -v r="$r" -v q="$q" 'BEGIN { printf "  rvsim/qemu     %.2f (target: at least 0.33)\n", q / r }'
	fi
	if [ -n "${SPIKE:-}" ]; then
		s=$(median "s-$l")
		row spike "$vinsns" "$s"
		awk -v r="$r" -v s="$s" 'BEGIN { printf "  rvsim/spike    %.2f (target: at least 3)\n", s / r }'
	fi
done
