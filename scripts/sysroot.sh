#!/usr/bin/env bash
# sysroot.sh DIR: a Debian 13 (trixie) riscv64 root file system with the programs rvsim's
# Linux tests run (glibc, OpenSSL, zlib, zstd, busybox, dash as /bin/sh, xz with its threads), for `rvsim run --sysroot DIR` and
# `qemu-riscv64 -L DIR`.
#
# The packages come from the archive this machine's own apt sources name (suite trixie, so no
# host name is written here), fetched with `apt-get download` under a private configuration:
# its own lists, cache and status, riscv64 as the only architecture, so the host's apt state is
# untouched and no root is needed. apt checks every package against the signed Release file.
# They are unpacked with `dpkg-deb -x`. A stamp file records the package versions: when it
# matches, nothing is fetched again.
set -euo pipefail
if [ $# -ne 1 ]; then
	echo "usage: $0 DIR" >&2
	exit 2
fi
dir=$1
packages=(libc6 libssl3t64 openssl openssl-provider-legacy zlib1g libzstd1 busybox-static libgcc-s1 dash xz-utils liblzma5)
mkdir -p "$dir"
dir=$(cd "$dir" && pwd)
work="$dir.apt"
mkdir -p "$work/lists/partial" "$work/cache/archives/partial" "$work/debs" "$work/etc/preferences.d"
: >"$work/status"

# The archive URI and keyring of the host's Debian sources (deb822 or one-line format).
uri="" keyring=""
for f in /etc/apt/sources.list.d/*.sources; do
	[ -r "$f" ] || continue
	u=$(awk '/^URIs:/ {print $2; exit}' "$f")
	case "$u" in
	*security*) continue ;;
	esac
	if [ -n "$u" ]; then
		uri=$u
		keyring=$(awk '/^Signed-By:/ {print $2; exit}' "$f")
		break
	fi
done
if [ -z "$uri" ] && [ -r /etc/apt/sources.list ]; then
	uri=$(awk '$1 == "deb" && $0 !~ /security/ { for (i = 2; i <= NF; i++) if ($i ~ /^[a-z]+:\/\//) { print $i; exit } }' /etc/apt/sources.list)
fi
if [ -z "$uri" ]; then
	echo "sysroot: no Debian archive in /etc/apt/sources.list.d/*.sources or /etc/apt/sources.list" >&2
	exit 1
fi
keyring=${keyring:-/usr/share/keyrings/debian-archive-keyring.gpg}
printf 'deb [arch=riscv64 signed-by=%s] %s trixie main\n' "$keyring" "$uri" >"$work/sources.list"

cat >"$work/apt.conf" <<EOF
APT::Architecture "riscv64";
APT::Architectures { "riscv64"; };
Dir::State "$work";
Dir::State::Lists "$work/lists";
Dir::State::status "$work/status";
Dir::Cache "$work/cache";
Dir::Etc::SourceList "$work/sources.list";
Dir::Etc::SourceParts "/nonexistent";
Dir::Etc::Preferences "$work/etc/preferences";
Dir::Etc::PreferencesParts "$work/etc/preferences.d";
Acquire::Languages "none";
APT::Sandbox::User "$(id -un)";
EOF
export APT_CONFIG="$work/apt.conf"

echo "sysroot: fetching the trixie riscv64 package lists from $uri" >&2
apt-get -q -o Debug::NoLocking=1 update >"$work/update.log" 2>&1 || {
	cat "$work/update.log" >&2
	echo "sysroot: apt-get update of trixie riscv64 from $uri failed (log above)" >&2
	exit 1
}
versions=""
for p in "${packages[@]}"; do
	v=$(apt-cache policy "$p" | awk '/Candidate:/ {print $2}')
	if [ -z "$v" ] || [ "$v" = "(none)" ]; then
		echo "sysroot: package $p is not in trixie riscv64 at $uri" >&2
		exit 1
	fi
	versions+="$p=$v"$'\n'
done
# Both sides through $(...), which drops the trailing newline of each.
if [ -f "$dir/.rvsim-sysroot" ] && [ "$(cat "$dir/.rvsim-sysroot")" = "$(printf '%s' "$versions")" ]; then
	echo "sysroot: $dir is up to date" >&2
	exit 0
fi
rm -f "$dir/.rvsim-sysroot"
(cd "$work/debs" && rm -f ./*.deb && apt-get -q -o Debug::NoLocking=1 download $(printf '%s ' $versions)) >&2
for deb in "$work/debs"/*.deb; do
	dpkg-deb -x "$deb" "$dir"
done
# Debian's merged /usr: base-files makes these links on a real system. `-e` alone would miss
# a link made by an earlier run whose target none of these packages has (usr/sbin), and ln
# would then fail on the second run.
for d in lib bin sbin; do
	[ -e "$dir/$d" ] || [ -L "$dir/$d" ] || ln -s "usr/$d" "$dir/$d"
done
printf '%s' "$versions" >"$dir/.rvsim-sysroot"
echo "sysroot: $dir has ${packages[*]}" >&2
