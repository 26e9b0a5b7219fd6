#!/usr/bin/env bash
# mca-compare.sh: steady-state cycles per iteration of the loop bodies in
# cyclemodel/testdata/mca, by llvm-mca-19 and by rvsim's cycle model in its llvm-mca mode
# (Model.SetIdeal: warm caches, perfect prediction, no taken-branch bubble, no memory
# dependences), side by side for rocket (llvm-mca -mcpu=rocket-rv64), u74 (sifive-u74) and
# p670 (sifive-p670).
#
#   scripts/mca-compare.sh              print the table (go test ./cyclemodel -run TestMCACompare)
#   scripts/mca-compare.sh --cores u74  only some cores (comma-separated)
#   scripts/mca-compare.sh --corpus     rebuild the corpus: compile testdata/mca/src/classic.c and
#                                       the kernels' C (kernels/src) with clang-19 -O2 and keep each
#                                       single-block loop without calls, FP or crypto instructions
#
# Each block is assembled with llvm-mc-19, decoded with the isa package, and retired N times
# as a synthetic stream (its last instruction branching back); llvm-mca runs every block as a
# code region of one file. A block outside 10% fails the test unless mcaKnown in
# cyclemodel/mca_test.go gives the reason (the README's cycle-model section lists them).
set -euo pipefail
cd "$(dirname "$0")/.."

for tool in llvm-mca-19 llvm-mc-19 llvm-objcopy-19; do
	command -v "$tool" >/dev/null || { echo "mca-compare.sh: $tool is not installed" >&2; exit 1; }
done

cores=""
corpus=0
while [ $# -gt 0 ]; do
	case "$1" in
	--cores) [ $# -ge 2 ] || { echo "mca-compare.sh: --cores needs a list (rocket,u74,p670)" >&2; exit 2; }; cores=$2; shift 2 ;;
	--corpus) corpus=1; shift ;;
	-h|--help) sed -n '2,20p' "$0"; exit 0 ;;
	*) echo "mca-compare.sh: unknown argument $1 (see --help)" >&2; exit 2 ;;
	esac
done

if [ "$corpus" = 1 ]; then
	command -v clang-19 >/dev/null || { echo "mca-compare.sh: clang-19 is not installed" >&2; exit 1; }
	out=cyclemodel/testdata/mca
	tmp=$(mktemp -d)
	trap 'rm -rf "$tmp"' EXIT
	clang-19 --target=riscv64 -march=rv64gc_zbb_zbc -O2 -S -o "$tmp/classic.s" "$out/src/classic.c"
	for f in sm4-c aes-c ghash-c ghash-zbc modes lib; do
		clang-19 --target=riscv64 -march=rv64gc_zbb_zbc -O2 -S -I kernels/src -o "$tmp/$f.s" "kernels/src/$f.c"
	done
	rm -f "$out"/*.s
	for f in classic sm4-c aes-c ghash-c ghash-zbc modes lib; do
		# A block runs from a .LBB label to the next label or "# %bb" comment; a loop is one
		# whose last instruction branches back to its own label.
		awk -v out="$out" -v prefix="$f" '
		function flush(   i, ok, last, name) {
			if (label != "" && n > 0) {
				last = ins[n]
				ok = last ~ ("(^|[ ,\t])" label "$") && last ~ /^\t(b[a-z]*|j)\t/
				for (i = 1; i <= n && ok; i++)
					if (ins[i] ~ /^\t(call|tail|jal|jalr|ret|ecall|fence)/ || ins[i] ~ /^\tf[a-z.]+\t/ ||
					    ins[i] ~ /\tf[a-z]?[0-9]/ || ins[i] ~ /^\t(sm4|sm3|aes|sha|clmul|xperm|brev8|zip|unzip)/)
						ok = 0
				if (ok) {
					count[fn]++
					name = sprintf("%s/%s-%s-%d.s", out, prefix, fn, count[fn])
					printf "# %s: the loop at %s in %s (clang-19 -O2, rv64gc_zbb_zbc)\n%s:\n", prefix, label, fn, label > name
					for (i = 1; i <= n; i++) print ins[i] > name
					close(name)
				}
			}
			label = ""; n = 0
		}
		/^[A-Za-z_][A-Za-z0-9_.]*:/ { flush(); fn = substr($0, 1, index($0, ":") - 1); next }
		/^\.LBB[0-9_]+:/ { flush(); label = substr($0, 1, index($0, ":") - 1); next }
		/^\.L[A-Za-z0-9_]+:/ { flush(); next }
		/^# %bb/ { flush(); next }
		/^\t\./ { next }
		/^\t[a-z]/ { line = $0; sub(/[ \t]*#.*$/, "", line); ins[++n] = line; next }
		END { flush() }' "$tmp/$f.s"
	done
	# The endless loop of _start is no loop body.
	for f in "$out"/lib-_start-*.s; do
		[ -e "$f" ] && rm -f "$f"
	done
	echo "mca-compare.sh: $(ls "$out"/*.s | wc -l) blocks in $out"
fi

MCA_TABLE=1 MCA_CORES="$cores" go test ./cyclemodel -run '^TestMCACompare$' -count 1 -v |
	grep -v -e '^=== RUN' -e '^--- PASS' -e '^PASS' -e '^ok' -e 'mca_test.go'
