#!/usr/bin/env bash
echo "compiling..." >&2
echo "this is not a result"
