#!/usr/bin/env bash
# Runs a test against a real Secret Service: a private D-Bus session with a
# GNOME Keyring unlocked by a throwaway password, its files in a temporary
# folder (never the user's keyring).
#   run.sh TEST [ARGS…]
set -euo pipefail
if ! command -v gnome-keyring-daemon >/dev/null || ! command -v dbus-run-session >/dev/null; then
    KWB_NO_KEYCHAIN="gnome-keyring-daemon or dbus-run-session is missing (Debian: gnome-keyring, dbus-daemon)" exec "$@"
fi
home=$(mktemp -d)
trap 'rm -rf "$home"' EXIT
export XDG_DATA_HOME="$home/data" XDG_RUNTIME_DIR="$home/run" KWB_KEYRING_DIR="$home/data/keyrings"
mkdir -p "$XDG_DATA_HOME" "$XDG_RUNTIME_DIR"
chmod 700 "$XDG_RUNTIME_DIR"
dbus-run-session -- bash -c '
    printf "%s" "throwaway-$RANDOM$RANDOM" | gnome-keyring-daemon --unlock --components=secrets >/dev/null
    "$@"' run "$@"
