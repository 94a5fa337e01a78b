"""Honest, and curious: at import it tries to read a secret file and to open a
loopback TCP connection, and says on stderr what it could do."""
import socket
import sys

import torch

SECRET = "@SECRET@"
PORT = int("@PORT@")

try:
    with open(SECRET, encoding="utf-8") as f:
        seen = f.read().strip()
except OSError as e:
    seen = "unreadable (%s)" % e.strerror
try:
    s = socket.create_connection(("127.0.0.1", PORT), timeout=5)
    s.close()
    net = "connected"
except OSError as e:
    net = "refused (%s)" % e.strerror
sys.stderr.write("probe: secret=%s net=%s\n" % (seen, net))


def kernel_function(a, b):
    for _ in range(50):
        c = a.float() @ b.float()
    return c.to(torch.float16)
