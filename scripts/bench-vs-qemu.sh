#!/usr/bin/env bash
# Runs the interpreter benchmark loop (scripts/bench/loop.s: 10 instructions per iteration,
# 2 of them sm4ed) under rvsim and qemu-riscv64 side by side, and prints both MIPS figures
# and their ratio. Usage: scripts/bench-vs-qemu.sh [instructions] (default 2e9).
set -euo pipefail
cd "$(dirname "$0")/.."
insns=${1:-2000000000}
iters=$((insns / 10))
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
clang-19 --target=riscv64-unknown-linux-gnu -march=rv64imac_zksed -nostdlib -static -fuse-ld=lld \
	-DITERS=$iters -x assembler-with-cpp scripts/bench/loop.s -o "$tmp/loop"
go build -o "$tmp/rvsim" ./cmd/rvsim
secs() { # wall seconds of a command, its exit status ignored
	local t0 t1
	t0=$(date +%s.%N); "$@" >/dev/null 2>&1 || true; t1=$(date +%s.%N)
	echo "$t1 - $t0" | bc -l
}
r=$(secs "$tmp/rvsim" run "$tmp/loop")
q=$(secs qemu-riscv64 -cpu rv64,zksed=true "$tmp/loop")
awk -v n="$insns" -v r="$r" -v q="$q" 'BEGIN {
	printf "instructions  %d\n", n
	printf "rvsim         %6.2f s  %7.0f MIPS\n", r, n / r / 1e6
	printf "qemu-riscv64  %6.2f s  %7.0f MIPS\n", q, n / q / 1e6
	printf "rvsim/qemu    %.2f (target: at least 0.33)\n", q / r
}'
