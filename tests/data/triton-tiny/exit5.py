"""Exits with the harness's 'host unusable' status, hoping to be retried
instead of blamed: without the harness's own line it is not believed."""
import sys


def kernel_function(a, b):
    sys.exit(5)
