#!/usr/bin/env bash
# Installs the Debian packages Kernel Workbench needs to build, test and run.
# Idempotent: does nothing when everything is present. Needs root (or sudo)
# only when something is missing, and then says exactly what.
set -euo pipefail

packages=(
  g++ cmake ninja-build pkg-config file dpkg-dev ccache make
  qt6-base-dev qt6-charts-dev libqt6opengl6-dev qt6-svg-dev
  qt6-tools-dev qt6-tools-dev-tools qt6-l10n-tools
  libqscintilla2-qt6-dev libssh-dev zlib1g-dev nlohmann-json3-dev libgl-dev
  libdtl-dev qtkeychain-qt6-dev libmuparser-dev libopenblas-dev
  pocl-opencl-icd ocl-icd-opencl-dev opencl-c-headers clinfo bubblewrap
  xvfb xauth fonts-dejavu-core openssh-server openssh-client
  slurmctld slurmd slurm-client munge
  gnome-keyring dbus-daemon libsecret-1-0
  help2man desktop-file-utils appstream debootstrap
  clang libclang-rt-14-dev clang-format-14 clang-tidy-14
  hipcc libamdhip64-dev rocminfo
)

missing=()
for p in "${packages[@]}"; do
  status=$(dpkg-query -W -f='${Status}' "$p" 2>/dev/null || true)
  [[ "$status" == "install ok installed" ]] || missing+=("$p")
done

if [[ ${#missing[@]} -eq 0 ]]; then
  exit 0
fi

echo "deps: installing ${#missing[@]} Debian package(s): ${missing[*]}"
if [[ $(id -u) -eq 0 ]]; then
  apt_get=(apt-get)
elif command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
  apt_get=(sudo apt-get)
else
  echo "deps: these packages are missing and I am not root:" >&2
  echo "  sudo apt-get install -y --no-install-recommends ${missing[*]}" >&2
  exit 1
fi
export DEBIAN_FRONTEND=noninteractive
"${apt_get[@]}" update -qq
"${apt_get[@]}" install -y -qq --no-install-recommends "${missing[@]}"
