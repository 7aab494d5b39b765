"""Shared helpers of the golden-file generators in this folder (make_golden.py and golden_<area>.py).

Not a script: each generator imports it (python3 puts the script's own folder on sys.path, so running
`python3 integration-tests/src/test/python/<script>.py` from the repository root finds it). It holds what the
generators have in common, and nothing about any one area's cases:

  * Golden: an area's inputs and cases, and writing them as inputs/<name>.npy, expected/<case>.npy and the
    cases.tsv manifest (columns COLUMNS; first line names the script and the numpy version).
  * fmt and the *_tag helpers: how params and case names spell values ("key=value" joined by ";", lists
    comma-separated, "none" for None, true/false for booleans).
  * exact and STANDARD_INPUTS: deterministic inputs (exact decimals, no randomness) that several areas share
    under the same name.
  * evaluate, quiet and FLOAT16_NOTE: numpy's result with warnings silenced, float16 recomputed as Mars does.
  * largest and reduction_scale: the magnitude a float tolerance is relative to (see make_golden.py).
"""

import shutil
import sys
import warnings
from pathlib import Path

import numpy as np

GOLDEN_ROOT = Path(__file__).resolve().parents[1] / "resources" / "golden"
DTYPES = ["bool", "int8", "int16", "int32", "int64", "float32", "float64"]
COLUMNS = ["name", "group", "op", "params", "inputs", "output", "dtype", "shape", "scale", "note"]
FLOAT16_NOTE = ("numpy gives float16, Mars has no float16 and gives float32: "
                "expected = the operation on the inputs cast to float32")


def require_numpy2(why=""):
    if int(np.__version__.split(".")[0]) < 2:
        sys.exit(f"numpy 2.x is required{f' ({why})' if why else ''}; found {np.__version__}")


# ----- spelling values in params and names -----

def fmt(v):
    if v is None:
        return "none"
    if isinstance(v, (bool, np.bool_)):
        return "true" if v else "false"
    if isinstance(v, (tuple, list, np.ndarray)):
        return ",".join(fmt(x) for x in v)
    if isinstance(v, (float, np.floating)):
        return repr(float(v))
    return str(v)


def dims_tag(values):
    """Axes or a shape in a case name: (0, -1) -> "0_m1"."""
    return "_".join(str(v).replace("-", "m") for v in np.atleast_1d(values))


def axis_tag(axis):
    return "all" if axis is None else dims_tag(axis)


def scalar_kind(v):
    """The Python kind of a scalar param: numpy 2 treats Python scalars as weak (NEP 50)."""
    return "bool" if isinstance(v, bool) else "int" if isinstance(v, int) else "float"


# ----- inputs -----

def exact(x):
    """Rounds to 6 decimals so inputs are the same on every platform, whatever its libm."""
    return np.round(np.asarray(x, dtype=np.float64), 6)


def _k10():
    return np.arange(10)


# Inputs that several areas use under the same name; an area whose input differs defines its own.
STANDARD_INPUTS = {
    "f64_10": lambda: exact(np.sin(_k10()) * 8),                       # includes 0.0 and negatives
    # shares every third value with f64_10, so comparisons and subtraction meet ties
    "f64_10_b": lambda: np.where(_k10() % 3 == 0, exact(np.sin(_k10()) * 8), exact(np.cos(_k10()) * 5)),
    "f64_100": lambda: exact(np.sin(np.arange(100) * 0.37) * 100),
    "f64_6x4": lambda: exact(np.sin(np.arange(24).reshape(6, 4)) * 10),
    "f64_6x4_b": lambda: exact(np.cos(np.arange(24).reshape(6, 4)) * 3 - 1),
    "f64_2x3x4": lambda: exact(np.sin(np.arange(24).reshape(2, 3, 4) * 0.7) * 6),
    "f64_3x1": lambda: exact(np.array([[-2.5], [0.0], [1.75]])),
    "f64_4": lambda: exact(np.array([0.5, -1.0, 2.0, 0.0])),
    "f64_0d": lambda: np.array(2.5),
    "f64_0": lambda: np.zeros(0),                                       # empty
    "f64_0x3": lambda: np.zeros((0, 3)),
    "f32_10": lambda: exact(np.cos(_k10()) * 3).astype(np.float32),
    "f32_6x4": lambda: exact(np.sin(np.arange(24).reshape(6, 4) * 0.3) * 2).astype(np.float32),
    "f32_2x3x4": lambda: exact(np.cos(np.arange(24).reshape(2, 3, 4)) * 9).astype(np.float32),
    "i64_10": lambda: np.arange(-5, 5, dtype=np.int64),                 # zero at index 5: division by zero
    "i32_10": lambda: (_k10() * 3 - 13).astype(np.int32),
    "i16_10": lambda: (_k10() * 100 - 450).astype(np.int16),
    "i8_10": lambda: (_k10() * 11 - 50).astype(np.int8),
    "i32_6x4": lambda: (np.arange(24).reshape(6, 4) * 5 - 60).astype(np.int32),
    "i64_6x4": lambda: (np.arange(24).reshape(6, 4) % 7 - 3).astype(np.int64),
    "i32_3x1": lambda: np.array([[3], [-1], [0]], dtype=np.int32),
    "i64_0d": lambda: np.array(-3, dtype=np.int64),
    "b_10": lambda: _k10() % 3 == 0,
    "b_2x3x4": lambda: (np.arange(24).reshape(2, 3, 4) % 5) < 2,
}


# ----- numpy's results -----

def quiet(fn):
    """fn() with numpy's floating-point warnings and Python warnings silenced."""
    with np.errstate(all="ignore"), warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return fn()


def evaluate(fn, values):
    """fn applied to values; float16 results are recomputed on float32 inputs, as Mars computes them.
    Returns (result, note)."""
    def run():
        out = np.asarray(fn(*values))
        if out.dtype == np.float16:
            cast = [v.astype(np.float32) if isinstance(v, np.ndarray) else v for v in values]
            return np.asarray(fn(*cast)), FLOAT16_NOTE
        return out, ""
    return quiet(run)


# ----- tolerance scales -----

def largest(values):
    """The largest finite magnitude in values, 0 when there is none (empty or all NaN)."""
    v = np.abs(np.asarray(values, dtype=np.float64))
    v = v[np.isfinite(v)]
    return float(v.max()) if v.size else 0.0


def reduction_scale(kind, x, axis, out):
    """The scale of a float sum or mean of x over axis (out: the result): the largest sum of absolute terms,
    divided by the count averaged for a mean; 0 (relative to the value) for anything else."""
    if x.dtype.kind != "f":
        return 0.0
    if kind == "sum":
        return largest(np.nansum(np.abs(x), axis=axis))
    if kind == "mean":
        averaged = max(1, x.size // max(1, out.size))  # elements averaged into each output
        return largest(np.nansum(np.abs(x), axis=axis) / averaged)
    return 0.0


# ----- files -----

def write_npy(path, array, version=(1, 0)):
    with open(path, "wb") as f:
        np.lib.format.write_array(f, array, version=version, allow_pickle=False)


def prepare_dirs(root, subdirs, clear="root"):
    """Creates root/<sub> for each sub. clear: "root" removes root first, "subdirs" only the subdirs (root holds
    others' files), None keeps what is there. Removing means files of removed cases do not linger."""
    if clear == "root" and root.exists():
        shutil.rmtree(root)
    for sub in subdirs:
        d = root / sub
        if clear == "subdirs" and d.exists():
            shutil.rmtree(d)
        d.mkdir(parents=True, exist_ok=clear is None)


def tree_bytes(root):
    return sum(p.stat().st_size for p in root.rglob("*") if p.is_file())


class Golden:
    """One generator's inputs and cases, and the files they are written to under root."""

    def __init__(self, script, root):
        self.script = Path(script).name
        self.root = root
        self.inputs = {}
        self.cases = []
        self.versions = {}  # .npy format version of an input, when not 1.0

    def add_input(self, name, array, version=(1, 0)):
        assert name not in self.inputs, name
        self.inputs[name] = np.array(array, order="C")
        if version != (1, 0):
            self.versions[name] = version
        return name

    def add_standard(self, *names):
        """Adds inputs of STANDARD_INPUTS by name."""
        for name in names:
            self.add_input(name, STANDARD_INPUTS[name]())

    def add_promotion_inputs(self):
        """One input of each dtype for promotion tables: p_* ascending, q_* shuffled with ties and zeros."""
        k10 = _k10()
        for d in DTYPES:
            if d == "bool":
                self.add_input("p_bool", k10 % 3 == 0)
                self.add_input("q_bool", k10 % 2 == 0)
            else:
                self.add_input("p_" + d, (np.arange(-5, 5) * (0.75 if d.startswith("float") else 1)).astype(d))
                self.add_input("q_" + d, np.array([4, -3, 0, 2, -1, 0, 3, -4, 1, 2]).astype(d))

    def has_case(self, name):
        return any(c["name"] == name for c in self.cases)

    def add_case(self, name, group, op, params, inputs, result, scale=0.0, note=""):
        assert not self.has_case(name), name
        for i in inputs:
            assert i in self.inputs, (name, i)
        result = np.asarray(result)
        assert result.dtype != np.float16, name + ": float16 must be handled by the caller"
        assert str(result.dtype) in DTYPES, (name, result.dtype)
        self.cases.append({
            "name": name, "group": group, "op": op,
            "params": ";".join(f"{k}={fmt(v)}" for k, v in params.items()),
            "inputs": ",".join(inputs), "result": np.array(result, order="C"),
            "scale": float(scale), "note": note,
        })

    def write(self, clear="root"):
        """Writes inputs/, expected/ and cases.tsv under root (clear: see prepare_dirs)."""
        prepare_dirs(self.root, ["inputs", "expected"], clear)
        for name, arr in self.inputs.items():
            write_npy(self.root / "inputs" / f"{name}.npy", arr, self.versions.get(name, (1, 0)))
        lines = [f"# generated by {self.script} with numpy {np.__version__}; do not edit, re-run the script",
                 "\t".join(COLUMNS)]
        for c in self.cases:
            r = c["result"]
            write_npy(self.root / "expected" / f"{c['name']}.npy", r)
            lines.append("\t".join([c["name"], c["group"], c["op"], c["params"], c["inputs"], c["name"] + ".npy",
                                    str(r.dtype), fmt(tuple(r.shape)) if r.shape else "", repr(c["scale"]),
                                    c["note"]]))
        (self.root / "cases.tsv").write_text("\n".join(lines) + "\n")
