#!/usr/bin/env bash
# Runs prebuilt riscv-tests "isa" ELFs (p environment: tohost/fromhost, bare metal) under
# rvsim and reports which pass. rvsim does not ship or build the suite: build it yourself
# from riscv-software-src/riscv-tests and pass the directory holding the ELFs.
# Usage: scripts/run-isa-tests.sh DIR [GLOB]   (GLOB defaults to rv*-p-*, dumps are skipped)
set -uo pipefail
dir=${1:?usage: scripts/run-isa-tests.sh DIR [GLOB]}
glob=${2:-rv*-p-*}
cd "$(dirname "$0")/.."
bin=$(mktemp -d)/rvsim
trap 'rm -rf "$(dirname "$bin")"' EXIT
go build -o "$bin" ./cmd/rvsim || exit 2
pass=0 fail=0
for t in "$dir"/$glob; do
	case $t in *.dump|*.log) continue ;; esac
	[ -f "$t" ] || continue
	if out=$("$bin" run --max-insns 100000000 "$t" 2>&1); then
		pass=$((pass + 1))
	else
		rc=$?
		fail=$((fail + 1))
		echo "FAIL $(basename "$t") (status $rc) ${out:0:200}"
	fi
done
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
