#!/bin/bash
# Minimal QEMU boot for the kernel checks: a busybox-static initramfs with
# Debian's rtla (and its libraries) and the given guest script, console on
# the serial port, power off when the script ends.
#
#   qemu-boot.sh --kernel BZIMAGE [--cpus N] [--mem MB] [--timeout S]
#                [--append ARGS] [--rtla PATH] -- SCRIPT [ARGS...]
#
# Prints the console on stdout.  The script's exit status is printed as
# "=== GUEST RC=N"; qemu-boot.sh exits with it (124 on timeout, 125 if the
# guest died first).  QEMU_ACCEL overrides the accelerator (default
# single-threaded TCG: see boot() in scripts/vm-run).
set -euo pipefail

kernel= cpus=2 mem=1024 timeout=900 append= rtla=/usr/bin/rtla
while [ $# -gt 0 ]; do
	case $1 in
	--kernel) kernel=$2; shift ;;
	--cpus) cpus=$2; shift ;;
	--mem) mem=$2; shift ;;
	--timeout) timeout=$2; shift ;;
	--append) append=$2; shift ;;
	--rtla) rtla=$2; shift ;;
	--) shift; break ;;
	*) echo "qemu-boot.sh: unknown option $1" >&2; exit 2 ;;
	esac
	shift
done
[ -n "$kernel" ] && [ $# -ge 1 ] || { sed -n '2,12p' "$0" >&2; exit 2; }
script=$1
shift

for tool in qemu-system-x86_64 cpio gzip; do
	command -v $tool >/dev/null || { echo "qemu-boot.sh: $tool missing" >&2; exit 2; }
done
busybox=$(command -v busybox || true)
# ldd fails on a static binary: that is the one wanted in the initramfs.
if [ -z "$busybox" ] || ldd "$busybox" >/dev/null 2>&1; then
	echo "qemu-boot.sh: needs busybox-static" >&2
	exit 2
fi

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
root=$work/root
mkdir -p "$root"/{bin,dev,proc,sys,tmp,usr/bin}
cp "$busybox" "$root/bin/busybox"
for app in $("$busybox" --list); do
	[ -e "$root/bin/$app" ] || ln -s busybox "$root/bin/$app"
done
if [ -x "$rtla" ]; then
	cp "$rtla" "$root/usr/bin/rtla"
	for lib in $(ldd "$rtla" | grep -o '/[^ ]*'); do
		mkdir -p "$root$(dirname "$lib")"
		cp -L "$lib" "$root$lib"
	done
fi
cp "$script" "$root/guest.sh"
args=$(printf ' %q' "$@")
cat > "$root/init" <<EOI
#!/bin/sh
mount -t proc proc /proc
mount -t sysfs sys /sys
mount -t devtmpfs dev /dev 2>/dev/null
mount -t tracefs tracefs /sys/kernel/tracing
mount -t tmpfs tmp /tmp
export PATH=/usr/bin:/bin
echo "=== GUEST START"
sh /guest.sh$args
echo "=== GUEST RC=\$?"
poweroff -f
EOI
chmod +x "$root/init"
(cd "$root" && find . | cpio -o -H newc --quiet | gzip -1) > "$work/initrd.gz"

set +e
timeout "$timeout" qemu-system-x86_64 ${QEMU_ACCEL:--accel tcg,thread=single} \
	-m "$mem" -smp "$cpus" -nographic -no-reboot \
	-kernel "$kernel" -initrd "$work/initrd.gz" \
	-append "console=ttyS0 panic=-1 oops=panic $append" < /dev/null |
	tee "$work/console" | tr -d '\r'
status=${PIPESTATUS[0]}
set -e
[ "$status" = 124 ] && { echo "qemu-boot.sh: timeout after $timeout s" >&2; exit 124; }
rc=$(tr -d '\r' < "$work/console" | sed -n 's/^=== GUEST RC=\([0-9]*\)$/\1/p' | tail -1)
[ -n "$rc" ] || exit 125
exit "$rc"
