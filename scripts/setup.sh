#!/usr/bin/env bash
# Installs what rvsim's tests need from Debian: the LLVM 19 cross toolchain (assembles and
# disassembles every RISC-V extension rvsim implements, and is the reference for its disassembly)
# qemu-user 7.2 (the differential oracle for scalar code) and gdb-multiarch (the client the
# gdb stub's end-to-end tests drive), gcc-riscv64-linux-gnu with libc6-dev-riscv64-cross (static
# glibc programs, as users build them, for the Linux differential tests). Idempotent; run as root.
set -euo pipefail
need=()
for t in clang-19 ld.lld-19 llvm-mc-19 llvm-objdump-19 qemu-riscv64 qemu-riscv32 gdb-multiarch openssl riscv64-linux-gnu-gcc; do
  command -v "$t" >/dev/null 2>&1 || need+=("$t")
done
# The cross compiler without its C library links nothing.
[ -e /usr/riscv64-linux-gnu/lib/libc.a ] || need+=(libc6-dev-riscv64-cross)
if [ ${#need[@]} -eq 0 ]; then
  echo "setup: clang-19, lld-19, llvm-19, qemu-user, gdb-multiarch, openssl and the riscv64 glibc cross compiler already installed"
  exit 0
fi
echo "setup: installing clang-19 lld-19 llvm-19 qemu-user gdb-multiarch openssl gcc-riscv64-linux-gnu libc6-dev-riscv64-cross (missing: ${need[*]})"
SUDO=""
[ "$(id -u)" -eq 0 ] || SUDO=sudo
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
# openssl: the host's own, the reference for Debian riscv64 openssl's output in the tests.
$SUDO apt-get install -y -qq clang-19 lld-19 llvm-19 qemu-user gdb-multiarch openssl gcc-riscv64-linux-gnu libc6-dev-riscv64-cross >/dev/null
