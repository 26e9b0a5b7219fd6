#!/usr/bin/env bash
# Runs the floating-point benchmark loop (scripts/bench/fploop.s: a double-precision dot
# product and polynomial, 13 instructions per element) under rvsim and qemu-riscv64 side by
# side, and prints both MIPS figures and their ratio.
# Usage: scripts/bench-fp-vs-qemu.sh [instructions] (default 1e9).
set -euo pipefail
cd "$(dirname "$0")/.."
insns=${1:-1000000000}
outer=$((insns / (13 * 1024 + 5)))
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
clang-19 --target=riscv64-unknown-linux-gnu -march=rv64gc -nostdlib -static -fuse-ld=lld \
	-DOUTER=$outer -x assembler-with-cpp scripts/bench/fploop.s -o "$tmp/fploop"
go build -o "$tmp/rvsim" ./cmd/rvsim
n=$((outer * (13 * 1024 + 5))) # the set-up's 16k instructions are left out
secs() { # wall seconds of a command, its exit status ignored
	local t0 t1
	t0=$(date +%s.%N); "$@" >/dev/null 2>&1 || true; t1=$(date +%s.%N)
	echo "$t1 - $t0" | bc -l
}
r=$(secs "$tmp/rvsim" run "$tmp/fploop")
q=$(secs qemu-riscv64 -cpu rv64 "$tmp/fploop")
awk -v n="$n" -v r="$r" -v q="$q" 'BEGIN {
	printf "instructions  %d\n", n
	printf "rvsim         %6.2f s  %7.0f MIPS\n", r, n / r / 1e6
	printf "qemu-riscv64  %6.2f s  %7.0f MIPS\n", q, n / q / 1e6
	printf "rvsim/qemu    %.2f (target: at least 0.33)\n", q / r
}'
