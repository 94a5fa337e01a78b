#!/usr/bin/env bash
# What a lent GPU machine needs beside the working tree, packed into the
# two ignored folders run-on-gpu.sh unpacks (name both in the device
# tool's `carry`; add them to .git/info/exclude first):
#   .devbundle/kwb.tar.xz   build/app/kwb/kwb (stripped), the libraries ldd
#                           lists but glibc's, libstdc++ and libgcc_s (the
#                           machine's own are newer), and Debian's bwrap
#   .tl/tl312.tar.xz        TileLang 0.1.15 and what it needs, unpacked for
#                           Python 3.12 (the machine's), one libz3 copy of two:
#                           39 MB against the wheels' 82 (a call carries 64 MiB)
# Run from the repository root after `make build`; pip downloads the wheels.
set -euo pipefail
cd "$(dirname "$0")/../.."
stage=$(mktemp -d)
trap 'rm -rf "$stage"' EXIT

mkdir -p "$stage/kwb/lib" "$stage/kwb/bin" .devbundle
strip -o "$stage/kwb/kwb" build/app/kwb/kwb
cp /usr/bin/bwrap "$stage/kwb/bin/"
for lib in $( (ldd build/app/kwb/kwb; ldd /usr/bin/bwrap) | awk '/=>/ {print $3}' | sort -u); do
    case $(basename "$lib") in
        libc.so* | libm.so* | libstdc++* | libgcc_s* | libpthread* | libdl.so* | librt.so* | libresolv*) ;;
        *) cp -L "$lib" "$stage/kwb/lib/" ;;
    esac
done
tar cf - -C "$stage" kwb | xz -T2 -6 > .devbundle/kwb.tar.xz

mkdir -p "$stage/wheels" "$stage/tl312" .tl
for want in tilelang==0.1.15 apache-tvm-ffi==0.1.12 z3-solver==4.15.4.0 torch-c-dlpack-ext==0.1.5; do
    python3 -m pip download -q --no-deps --only-binary=:all: --python-version 3.12 --implementation cp \
        --platform manylinux_2_28_x86_64 --platform manylinux_2_27_x86_64 --platform manylinux_2_17_x86_64 \
        --platform manylinux2014_x86_64 -d "$stage/wheels" "$want"
done
for wheel in "$stage"/wheels/*.whl; do
    (cd "$stage/tl312" && unzip -q -o "$wheel")
done
rm -rf "$stage"/tl312/z3_solver-*.data # a second copy of libz3
ln -sf libz3.so.4.15 "$stage/tl312/z3/lib/libz3.so"
tar cf - -C "$stage" tl312 | xz -T2 -6 > .tl/tl312.tar.xz
ls -la .devbundle/kwb.tar.xz .tl/tl312.tar.xz
