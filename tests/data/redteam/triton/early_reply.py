"""Attacks the harness in its own process: replaces the timed section's
command handler so that every "call" is answered at once and the honest work
runs on a thread; the digests are made only when the section ends, after
every thread is joined; the samples it reports time nothing."""
import sys
import threading

import torch

kwbhost = sys.modules.get("kwbhost")
_pending = []
_later = []  # (outputs, key) of calls whose digest waits for the end


def kernel_function(a, b):
    for _ in range(50):
        c = a.float() @ b.float()
    return c.to(torch.float16)


if kwbhost is not None:
    _real = kwbhost.TimedSection.handle

    def _handle(self, words):
        if words[0] == "call":
            out = torch.empty((64, 64), dtype=torch.float16)
            inputs = kwbhost.with_extras(kwbhost.declared_inputs(self.prob, int(words[2]), self.dev), self.extras)

            def work(inputs=inputs, out=out):
                out.copy_(kernel_function(*inputs))

            t = threading.Thread(target=work)
            t.start()
            _pending.append(t)
            if len(words) == 4:
                _later.append((self.pending, int(words[3])))
            self.pending = out
            self.timers.append([0.0, 1e-6])
            kwbhost.say("kwb:ret %s" % words[1])
            return True
        if words[0] == "end":
            for t in _pending:
                t.join()
            _pending.clear()
            last = self.pending
            for out, key in _later:
                self.pending = out
                self.close(key)
            _later.clear()
            self.pending = last
        return _real(self, words)

    kwbhost.TimedSection.handle = _handle
