"""Honest, and curious: at import it tries to read a secret file, to open a
loopback TCP connection and to read a token from its environment (as an API
key would be there), and says on stderr what it could do."""
import os
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
token = os.environ.get("KWB_REDTEAM_TOKEN", "unset")
sys.stderr.write("probe: secret=%s net=%s token=%s\n" % (seen, net, token))


def kernel_function(a, b):
    for _ in range(50):
        c = a.float() @ b.float()
    return c.to(torch.float16)
