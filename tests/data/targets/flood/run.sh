#!/usr/bin/env bash
# 50 MB of output: must be capped, not buffered whole.
head -c 52428800 /dev/zero | tr "\\0" "x"
