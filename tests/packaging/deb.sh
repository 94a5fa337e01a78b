#!/usr/bin/env bash
# The Debian package, installed for real: builds it with cpack from BUILD,
# installs it with apt-get into a fresh Debian 12 root (debootstrap, kept as
# a pristine tarball in BUILD/test-cache so later runs start from a copy),
# and runs the installed binaries there: --version, kwb eval of an installed
# example, the window under xvfb-run, the German translation.
#   deb.sh SOURCE BUILD
# Exit 77 (ctest: skipped, with the reason) where this machine cannot make a
# root: not root, no debootstrap, no Debian archive, too little free disk.
set -euo pipefail
src=$1 build=$2
skip() { echo "SKIPPED: $*" >&2; exit 77; }
[[ $(id -u) -eq 0 ]] || skip "making a root needs root (chroot, mount)"
command -v debootstrap >/dev/null || skip "debootstrap is missing (Debian: debootstrap)"
mirror=${KWB_DEBIAN_MIRROR:-http://deb.debian.org/debian}

# The root, the packages apt-get downloads into it and what they unpack to
# took 1,236 MiB at the peak (df, sampled each second), and a first run's
# pristine tarball 200 MiB more; asked for with a third to spare. A machine
# with less free disk cannot run this, which says nothing of the package.
free_mib() { df -Pm "$1" | awk 'NR == 2 { print $4 }'; }
need_mib=$((1650 + ($([[ -f $build/test-cache/debootstrap-bookworm.tar ]] && echo 0 || echo 270))))
have_mib=$(free_mib /tmp)
((have_mib >= need_mib)) || skip "only $have_mib MiB free under /tmp, and the fresh root with its packages needs about $need_mib MiB"
no_space() { # apt-get's log says the disk filled up while it ran: the machine's, not the package's
    grep -q "No space left on device" "$1" && skip "the disk filled up while the root was made ($(free_mib /tmp) MiB free now): $(grep -m1 'No space left' "$1")"
}

work=$(mktemp -d /tmp/kwb-deb.XXXXXX)
root=$work/root
cleanup() {
    umount "$root/proc" 2>/dev/null || true
    rm -rf "$work"
}
trap cleanup EXIT

echo "== the package"
cpack -G DEB --config "$build/CPackConfig.cmake" -B "$work/pkg" >/dev/null
deb=$(ls "$work"/pkg/kernel-workbench_*_amd64.deb)
echo "$(basename "$deb"): depends on $(dpkg-deb -f "$deb" Depends)"

echo "== a fresh Debian 12 root"
pristine=$build/test-cache/debootstrap-bookworm.tar
if [[ ! -f $pristine ]]; then
    mkdir -p "$(dirname "$pristine")"
    debootstrap --variant=minbase bookworm "$work/fresh" "$mirror" >"$work/debootstrap.log" 2>&1 \
        || { tail -5 "$work/debootstrap.log" >&2; skip "debootstrap could not reach $mirror"; }
    tar -C "$work/fresh" -cf "$pristine.part" . && mv "$pristine.part" "$pristine"
    rm -rf "$work/fresh"
fi
mkdir -p "$root"
tar -C "$root" -xf "$pristine"
mount -t proc proc "$root/proc"
cp "$deb" "$root/tmp/"
in_root() { chroot "$root" env -i HOME=/root PATH=/usr/sbin:/usr/bin:/sbin:/bin LANG=C.UTF-8 "$@"; }

echo "== apt-get install ./$(basename "$deb")"
in_root sh -c "apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends /tmp/$(basename "$deb") xvfb xauth" \
    >"$work/apt.log" 2>&1 || { no_space "$work/apt.log" || true; tail -20 "$work/apt.log" >&2; exit 1; }
grep -q "Setting up kernel-workbench" "$work/apt.log"

echo "== the installed binaries"
version=$(in_root kwb --version)
echo "$version"
[[ $version == "kwb $(dpkg-deb -f "$deb" Version)"* ]]
in_root kernel-workbench --version | grep -q "^kernel-workbench $(dpkg-deb -f "$deb" Version)"
in_root test -f /usr/share/man/man1/kwb.1.gz
in_root test -f /usr/share/bash-completion/completions/kwb
in_root test -f /usr/share/applications/org.kernelworkbench.KernelWorkbench.desktop
in_root test -f /usr/share/metainfo/org.kernelworkbench.KernelWorkbench.metainfo.xml
in_root test -f /usr/share/icons/hicolor/scalable/apps/org.kernelworkbench.KernelWorkbench.svg

echo "== kwb eval of an installed example"
in_root sh -c 'cd /tmp && kwb eval /usr/share/kernel-workbench/examples/softmax-cpu/workload.json --quiet' | tee "$work/eval.txt"
grep -q "correct *yes" "$work/eval.txt"

echo "== kwb targets: found at their installed path"
in_root kwb targets | tee "$work/targets.txt"
grep -q "/usr/share/kernel-workbench/targets" "$work/targets.txt"

echo "== the window under xvfb-run"
in_root sh -c 'cd /tmp && timeout 120 xvfb-run -a -s "-screen 0 1280x800x24" kernel-workbench \
    --workload /usr/share/kernel-workbench/examples/softmax-cpu/workload.json --session-dir /tmp/gui \
    --screenshot /tmp/window.png' >/dev/null 2>&1
in_root test -s /tmp/window.png
in_root test -f /tmp/gui/session.json
echo "== the embedded German translation, chosen by the locale"
in_root env QT_QPA_PLATFORM=offscreen LANG=de_DE.UTF-8 kernel-workbench --help 2>/dev/null | tee "$work/help-de.txt" | head -3
grep -q "Eine neue Sitzung für diese Arbeitslast beginnen" "$work/help-de.txt"
echo "== kwb in German and Japanese, chosen by the locale"
in_root env LANG=de_DE.UTF-8 kwb >"$work/kwb-de.txt" 2>&1 || true # no command: usage, exit 2
head -4 "$work/kwb-de.txt"
grep -q "die Optimierungsschleife ausführen" "$work/kwb-de.txt"
in_root env LANG=ja_JP.UTF-8 kwb eval --help >"$work/kwb-ja.txt"
head -2 "$work/kwb-ja.txt"
grep -q "ローカルホストでコンパイル・検証・計測します" "$work/kwb-ja.txt"
echo "OK: installed and ran from the package in a fresh root"
