# Sourced by run.sh and panic-run.sh: what differs with --arch arm64.
#   vm_arch   the scripts/vm-run options of the architecture
#   build_tlat_user OUT   tlat-user.c, static, for the guest's architecture
# arm64 cross-builds with aarch64-linux-gnu-gcc against the arm64 sysroot
# (scripts/vm-fetch-sysroot, from scripts/install-deps --arch arm64).

vm_arch=()
[ "${arch:=x86_64}" = x86_64 ] || vm_arch=(--arch "$arch")

build_tlat_user() { # OUT
	local cc=(gcc) sysroot

	if [ "$arch" = arm64 ]; then
		sysroot=$("$top/scripts/vm-fetch-sysroot" arm64) || return 1
		cc=(aarch64-linux-gnu-gcc --sysroot="$sysroot")
	fi
	"${cc[@]}" -std=gnu11 -Wall -Wextra -O2 -static -pthread -o "$1" \
		"$here/tlat-user.c"
}
