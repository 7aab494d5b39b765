#!/usr/bin/env python3
"""Full-size correctness of Mars's FFT workloads against numpy, for benchmarks/run-benchmarks.sh (FFT_CHECK=1).

Usage: fft_check.py generate DIR [N] [N2]   writes DIR/fft_in.npy (N complex128 values, default 2^24) and
                                            DIR/fft2_in.npy (an N2 x N2 float64 matrix, default 4096)
       fft_check.py compare DIR             reads DIR/fft_out.npy and DIR/fft2_out.npy (Mars's results of
                                            FftBenchmark check DIR) and compares them with numpy.fft's

compare prints, for each transform, the largest absolute difference relative to numpy's largest magnitude and to its
root mean square, and exits 1 when either transform is off by more than 1e-10 of its largest magnitude (the issue's
bound) or has another shape or dtype.
"""
import sys

import numpy as np

BOUND = 1e-10


def generate(directory, n=1 << 24, n2=4096):
    rng = np.random.default_rng(5)
    x = rng.random(n) + 1j * rng.random(n)
    np.save(f"{directory}/fft_in.npy", x)
    np.save(f"{directory}/fft2_in.npy", rng.standard_normal((n2, n2)))


def compare(directory):
    failed = False
    for name, transform in (("fft", np.fft.fft), ("fft2", np.fft.fft2)):
        expected = transform(np.load(f"{directory}/{name}_in.npy"))
        got = np.load(f"{directory}/{name}_out.npy")
        if got.shape != expected.shape or got.dtype != expected.dtype:
            print(f"{name}: Mars gave {got.dtype}{got.shape}, numpy {expected.dtype}{expected.shape}")
            failed = True
            continue
        diff = float(np.abs(got - expected).max())
        largest = float(np.abs(expected).max())
        rms = float(np.sqrt(np.mean(np.abs(expected) ** 2)))
        ok = diff <= BOUND * largest
        failed |= not ok
        print(f"{name}{expected.shape}: max |Mars - numpy| = {diff:.3g}, {diff / largest:.3g} of the largest magnitude,"
              f" {diff / rms:.3g} of the rms: {'ok' if ok else 'OVER 1e-10'}")
    return 1 if failed else 0


def main(argv):
    if len(argv) >= 2 and argv[0] == "generate":
        generate(argv[1], *(int(float(v)) for v in argv[2:4]))
        return 0
    if len(argv) == 2 and argv[0] == "compare":
        return compare(argv[1])
    print(__doc__, file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
