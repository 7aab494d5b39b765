#!/usr/bin/env python3
"""numpy versions of the Mars seed demos, for benchmarks/run-benchmarks.sh.

Usage: numpy_baselines.py WORKLOAD [SIZE] [EXTRA]
  pi          SIZE = points N (default 1e9), drawn in blocks of 1e7 so memory stays bounded
  elementwise SIZE = N (default 1e8); EXTRA = ones (default) or rand: ((a + 1) * 2).sum()
  inner       SIZE = n (default 2000): np.inner(ones((n, n)), ones((n, n))).sum()
  dotstd      SIZE = n (default 2000): (a @ a.T - a).std() with a = rand(n, n)
  matmul      SIZE = n (default 4000): (a @ b).sum() of two random n x n matrices
  qr          SIZE = m (default 2e6), EXTRA = n (default 32): q, r = qr(a); (q*q).sum() + (r*r).sum()
  svd         SIZE = m (default 2e6), EXTRA = n (default 32): u, s, vh = svd(a, full_matrices=False);
              (u*u).sum() + s.sum() + (vh*vh).sum()
  all         every workload at its default size

Each workload prints one line in the same shape as the Java jobs, e.g.
  pi: result=3.141593 (N=1000000000) wall=9.80s peak_rss_mb=120
so the driver can parse result=, wall= and peak_rss_mb=. The timed part is the computation only: interpreter and
numpy import are excluded, as JVM and cluster start-up are excluded from the Java jobs' wall time. Results are
formatted as the Java jobs format theirs.
"""
import resource
import sys
import time
from decimal import Decimal

import numpy as np

PI_BLOCK = 10_000_000


def pi(n):
    rng = np.random.default_rng(42)
    inside = 0
    done = 0
    while done < n:
        m = min(PI_BLOCK, n - done)
        x = rng.random(m)
        y = rng.random(m)
        inside += int(np.count_nonzero(x * x + y * y < 1))
        done += m
    return "%.6f" % (4.0 * inside / n), "N=%d" % n


def elementwise(n, kind="ones"):
    if kind == "ones":
        a = np.ones(n)
    elif kind == "rand":
        a = np.random.default_rng(7).random(n)
    else:
        raise SystemExit("elementwise: input must be 'ones' or 'rand', got %r" % kind)
    value = float(((a + 1) * 2).sum())
    result = "%d" % round(value) if kind == "ones" else "%.1f" % value
    return result, "N=%d, %s" % (n, kind)


def inner(n):
    a = np.ones((n, n))
    return "%d" % round(float(np.inner(a, a).sum())), "n=%d" % n


def dotstd(n):
    a = np.random.default_rng(11).random((n, n))
    return "%.6f" % float((a @ a.T - a).std()), "n=%d" % n


def matmul(n):
    rng = np.random.default_rng(21)
    a = rng.random((n, n))
    b = rng.random((n, n))
    return "%.6e" % float((a @ b).sum()), "n=%d" % n


def qr(m, n="32"):
    n = int(n)
    a = np.random.default_rng(31).random((m, n))
    q, r = np.linalg.qr(a)
    return "%.6e" % float((q * q).sum() + (r * r).sum()), "m=%d, n=%d" % (m, n)


def svd(m, n="32"):
    n = int(n)
    a = np.random.default_rng(32).random((m, n))
    u, s, vh = np.linalg.svd(a, full_matrices=False)
    return "%.6e" % float((u * u).sum() + s.sum() + (vh * vh).sum()), "m=%d, n=%d" % (m, n)


def fft(n):
    rng = np.random.default_rng(41)
    x = rng.random(n) + 1j * rng.random(n)
    return "%.6e" % float(np.abs(np.fft.fft(x)).sum()), "n=%d" % n


def fft2(n):
    a = np.random.default_rng(43).random((n, n))
    return "%.6e" % float(np.abs(np.fft.fft2(a)).sum()), "n=%dx%d" % (n, n)


WORKLOADS = {
    "pi": (pi, 1_000_000_000),
    "elementwise": (elementwise, 100_000_000),
    "inner": (inner, 2000),
    "dotstd": (dotstd, 2000),
    "matmul": (matmul, 4000),
    "qr": (qr, 2_000_000),
    "svd": (svd, 2_000_000),
    "fft": (fft, 1 << 24),
    "fft2": (fft2, 4096),
}


def size(text):
    """Accepts 1e9, 1_000_000_000 and 1000000000 alike, as the Java jobs do."""
    value = Decimal(text.replace("_", ""))
    if value != value.to_integral_value() or value <= 0:
        raise SystemExit("size must be a positive whole number, got %r" % text)
    return int(value)


def peak_rss_mb():
    # ru_maxrss is in KiB on Linux
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def run(name, *args):
    fn, _ = WORKLOADS[name]
    start = time.perf_counter()
    result, described = fn(*args)
    wall = time.perf_counter() - start
    print("%s: result=%s (%s) wall=%.2fs peak_rss_mb=%.0f" % (name, result, described, wall, peak_rss_mb()),
          flush=True)


def main(argv):
    if len(argv) < 2 or argv[1] in ("-h", "--help"):
        print(__doc__)
        return 0 if len(argv) >= 2 else 2
    name = argv[1]
    if name == "all":
        for w, (_, default) in WORKLOADS.items():
            run(w, default)
        return 0
    if name not in WORKLOADS:
        print("unknown workload %r; choose one of %s or all" % (name, ", ".join(WORKLOADS)), file=sys.stderr)
        return 2
    args = [size(argv[2]) if len(argv) > 2 else WORKLOADS[name][1]] + argv[3:]
    run(name, *args)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
