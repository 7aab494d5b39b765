"""Golden cases for numpy.linalg.eig / eigvals of general square matrices (EigGoldenTest).

Run with numpy 2 (pyenv's python3): python3 golden_eig.py; it rewrites
integration-tests/src/test/resources/golden/eig/{inputs,expected}/ and cases.tsv (name, input, numpy dtype of w).
numpy leaves the order of the eigenvalues and the phase of each eigenvector free, so the expected files hold them in a
canonical form the Java test puts Mars's results in too: the eigenvalues sorted by real part, then imaginary part
(<name>_w.npy), and the eigenvectors in the same order, each scaled to unit norm with its largest component (the first
such) real and positive (<name>_v.npy). The test also checks A v = w v on Mars's own results.
"""
import os
import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "..", "resources", "golden", "eig")
rng = np.random.default_rng(1819)

sym = rng.standard_normal((5, 5))
INPUTS = {
    "m4": rng.standard_normal((4, 4)),
    "m7": rng.standard_normal((7, 7)),
    "rotation": np.array([[0.0, -1.0], [1.0, 0.0]]),
    "upper3": np.array([[1.0, 2.0, 3.0], [0.0, 4.0, 5.0], [0.0, 0.0, -6.0]]),
    "companion": np.array([[0.0, 0.0, 0.0, -24.0], [1.0, 0.0, 0.0, 50.0], [0.0, 1.0, 0.0, -35.0], [0.0, 0.0, 1.0, 10.0]]),
    "sym5": sym + sym.T,
    "one": np.array([[2.5]]),
    "i3": np.array([[2, 1, 0], [-1, 2, 1], [0, -1, 3]], dtype=np.int64),
    "f32": rng.standard_normal((4, 4)).astype(np.float32),
    "empty": np.zeros((0, 0)),
}
CASES = list(INPUTS)


def canonical(w, v):
    order = sorted(range(len(w)), key=lambda k: (round(float(w[k].real), 9), float(w[k].imag)))
    w = np.array([w[k] for k in order], dtype=np.complex128)
    v = np.array(v, dtype=np.complex128)[:, order] if len(order) else np.zeros((0, 0), np.complex128)
    for c in range(v.shape[1]):
        col = v[:, c] / np.linalg.norm(v[:, c])
        mags = np.abs(col)
        big = int(np.argmax(mags > mags.max() * (1 - 1e-12)))
        v[:, c] = col * (np.conj(col[big]) / mags[big])
    return w, v


def main():
    os.makedirs(os.path.join(OUT, "inputs"), exist_ok=True)
    os.makedirs(os.path.join(OUT, "expected"), exist_ok=True)
    with open(os.path.join(OUT, "cases.tsv"), "w") as tsv:
        for name in CASES:
            a = INPUTS[name]
            np.save(os.path.join(OUT, "inputs", name + ".npy"), a)
            w, v = np.linalg.eig(a.astype(np.float64)) if a.size else (np.zeros(0), np.zeros((0, 0)))
            w, v = canonical(np.asarray(w), np.asarray(v))
            np.save(os.path.join(OUT, "expected", name + "_w.npy"), w)
            np.save(os.path.join(OUT, "expected", name + "_v.npy"), np.ascontiguousarray(v))
            tsv.write(f"{name}\t{name}\t{np.linalg.eig(a)[0].dtype if a.size else 'float64'}\n")


if __name__ == "__main__":
    main()
