"""Golden answers of dataframe IO (DataFrames.readCsv/readParquet, DataFrame.toCsv/toParquet), computed by pandas.

How the committed files were produced (pandas is only needed to regenerate them, never by the tests or CI):

    apt-get update && apt-get install -y python3-pandas python3-zstandard   # Debian 12: pandas 1.5.3, numpy 1.24
    /usr/bin/python3 integration-tests/src/test/python/golden_dataframe_io.py

It writes the input CSV files and integration-tests/src/test/resources/golden/dataframe-io/cases.json. The CSV
inputs are generated here (rows with quotes, delimiters inside quotes, nulls, dates, an int column with a missing
value) and read back with pandas.read_csv; each case records the file, the read_csv options and pandas' result (a
table of columns, pandas dtypes and rows; timestamps as int64 nanoseconds since the epoch). The Java test
(io.mars.it.golden.DataFrameIoGoldenTest) reads the same file with the same options through Mars with several chunk
sizes in bytes, and compares. Parquet has no pandas engine on Debian 12 (no pyarrow package), so the Parquet cases
are pandas' answers for the frame Mars wrote and read back: columns selected and rows filtered as pyarrow's
read_parquet(columns=..., filters=[...]) would. "to_csv" holds pandas' to_csv(index=False) text of a frame, which
Mars' toCsv must reproduce byte for byte. "compressed" holds cases read from compressed copies of the committed CSV
files (gzip, bzip2, zstd, and a directory and a glob mixing them with plain files): "inputs" maps each file to make
to its plain source; pandas reads the copies it compressed here, the Java test compresses its own (no binary files
are committed) and reads them through Mars.
"""

import bz2
import gzip
import io
import json
import math
import shutil
import tempfile
from pathlib import Path

import numpy as np
import pandas as pd
import zstandard

DIR = Path(__file__).resolve().parents[1] / "resources" / "golden" / "dataframe-io"

NAMES = ["alpha", "beta, with comma", None, 'say "hi"', "delta", "", "epsilon", "zeta", None, "eta", "theta",
         "iota", "kappa", "lambda", "mu", "nu", "xi", "omicron", "pi", "rho", "sigma", "tau", "upsilon", "phi",
         "chi", "psi", "omega", "a", "b", "c"]


def basic_rows():
    rows = []
    for i, name in enumerate(NAMES):
        x = None if i % 7 == 3 else round((i - 11) * 1.25 + 0.1 * (i % 3), 4)
        k = None if i == 17 else (i * 37) % 11 - 5
        flag = "True" if i % 3 else "False"
        day = f"2024-0{1 + i % 9}-{10 + i % 17:02d}"
        when = day if i % 4 else f"{day} {i % 24:02d}:{(i * 7) % 60:02d}:05"
        g = ["red", "green", "blue"][i % 3]
        rows.append((i, name, x, flag, when, k, g))
    return rows


def field(v):
    if v is None:
        return ""
    s = str(v)
    if any(c in s for c in ',"\n'):
        return '"' + s.replace('"', '""') + '"'
    return s


def write_csv(path, header, rows, sep=","):
    lines = [sep.join(header)] if header else []
    for r in rows:
        lines.append(sep.join(field(v) for v in r))
    path.write_text("\n".join(lines) + "\n")


def cell(v):
    if v is None or v is pd.NaT:
        return None
    if isinstance(v, pd.Timestamp):
        return int(v.value)
    if isinstance(v, (float, np.floating)):
        return None if math.isnan(v) else float(v)
    if isinstance(v, (bool, np.bool_)):
        return bool(v)
    if isinstance(v, (int, np.integer)):
        return int(v)
    return str(v)


def table(df):
    return {
        "columns": [str(c) for c in df.columns],
        "dtypes": [str(t) for t in df.dtypes],
        "rows": [[cell(v) for v in row] for row in df.astype(object).itertuples(index=False, name=None)],
    }


def main():
    DIR.mkdir(parents=True, exist_ok=True)
    header = ["id", "name", "x", "flag", "when", "k", "g"]
    rows = basic_rows()
    write_csv(DIR / "basic.csv", header, rows)
    write_csv(DIR / "semicolon.csv", header, [tuple("-" if v is None else v for v in r) for r in rows], sep=";")
    write_csv(DIR / "noheader.csv", None, [r[:3] for r in rows[:12]])
    write_csv(DIR / "header_only.csv", header, [])
    (DIR / "multi").mkdir(exist_ok=True)
    write_csv(DIR / "multi" / "part-a.csv", header, rows[:13])
    write_csv(DIR / "multi" / "part-b.csv", header, rows[13:])
    (DIR / "multi" / "_SUCCESS").write_text("")
    write_csv(DIR / "too_many_fields.csv", ["a", "b"], [(1, 2), (3, 4), (5, 6, 7), (8, 9)])
    write_csv(DIR / "bad_int.csv", ["a", "b"], [(1, "x"), (2, "y"), (3, "z"), ("4.5x", "w")])

    # Windows line ends, blank lines, a short row (read as nulls), a field quoted with its closing quote at the end
    (DIR / "crlf_blank.csv").write_bytes(b"a,b,c\r\n1,x,2.5\r\n\r\n2,\"y, z\",\r\n3,w\r\n\r\n4,\"\"\"q\"\"\",1e3\r\n")
    # line breaks inside quoted fields; the Java test cuts these files into byte ranges that fall inside them
    (DIR / "quoted_newline.csv").write_text('id,text\n1,"two\nlines"\n2,plain\n3,"a ""quote"" and\nbreak"\n')
    # many: LF and CRLF breaks inside quotes, quoted delimiters, escaped quotes next to breaks, empty quoted fields,
    # a quote inside an unquoted field (text, as pandas reads it), and lines that look like records inside quotes
    lines = [b"id,text,v\r\n"]
    for i in range(60):
        kind = i % 6
        if kind == 0:
            text = b'"line one\nline two, with comma\nline three"'
        elif kind == 1:
            text = b'"crlf\r\n' + str(i + 1000).encode() + b',fake,1.5\r\nend"'
        elif kind == 2:
            text = b'"' + b'""quoted""\n""twice""' + b'"'
        elif kind == 3:
            text = b'5" tall'
        elif kind == 4:
            text = b'""'
        else:
            text = b'"\n\n' + b"x" * (i % 7) + b'\n"'
        lines.append(str(i).encode() + b"," + text + b"," + str(i * 0.5).encode() + (b"\r\n" if i % 2 else b"\n"))
    (DIR / "quoted_newlines_many.csv").write_bytes(b"".join(lines))

    # types that only rows past the default 10,000-row sample reveal: a null in an int column (float64), a float in
    # an int column, text in a number column (object); read with CsvOptions.inferRows(Long.MAX_VALUE). pandas reads
    # with low_memory=False here: its default parses the file in pieces and can give a column of mixed ints and strs
    late = [(i, "" if i == 10_900 else i % 7, "2.5" if i == 10_500 else i, "x" if i == 10_700 else i % 3)
            for i in range(11_000)]
    write_csv(DIR / "late_types.csv", ["id", "n", "f", "s"], [tuple(None if v == "" else v for v in r) for r in late])

    def read(file, **kw):
        return pd.read_csv(DIR / file, **kw)

    base = read("basic.csv", parse_dates=["when"])
    cases = {
        "basic": ("basic.csv", {"parse_dates": ["when"]}, base),
        "basic_infer_dates_as_text": ("basic.csv", {}, read("basic.csv")),
        "usecols": ("basic.csv", {"usecols": ["x", "id", "g"]}, read("basic.csv", usecols=["x", "id", "g"])),
        "dtypes_given": ("basic.csv", {"dtype": {"id": "float64", "k": "float64", "flag": "object"}},
                         read("basic.csv", dtype={"id": "float64", "k": "float64", "flag": "object"})),
        "semicolon_nulls": ("semicolon.csv", {"sep": ";", "na_values": ["-"], "parse_dates": ["when"]},
                            read("semicolon.csv", sep=";", na_values=["-"], parse_dates=["when"])),
        "no_header": ("noheader.csv", {"header": None, "names": ["n", "s", "v"]},
                      read("noheader.csv", header=None, names=["n", "s", "v"])),
        "header_only": ("header_only.csv", {}, read("header_only.csv")),
        "directory": ("multi", {"parse_dates": ["when"]}, base),
        "glob": ("multi/part-*.csv", {"parse_dates": ["when"]}, base),
        "crlf_blank_lines": ("crlf_blank.csv", {}, read("crlf_blank.csv")),
        "quoted_newline": ("quoted_newline.csv", {}, read("quoted_newline.csv")),
        "quoted_newlines_many": ("quoted_newlines_many.csv", {}, read("quoted_newlines_many.csv")),
        "late_types_all_rows": ("late_types.csv", {"mars_infer_rows": "all"},
                                read("late_types.csv", low_memory=False).query("id >= 10400")),
        "groupby_g_sum": ("basic.csv", {"parse_dates": ["when"]},
                          base.groupby("g", as_index=False, sort=True)[["x", "k"]].sum()),
        "filter_x_gt_0_select": ("basic.csv", {"parse_dates": ["when"]}, base[base.x > 0][["id", "name"]]),
        "mean_x": ("basic.csv", {"parse_dates": ["when"]}, pd.DataFrame({"x": [base.x.mean()]})),
    }
    out_cases = {}
    for name, (file, opts, result) in cases.items():
        out_cases[name] = {"file": file, "options": opts, "result": table(result.reset_index(drop=True))}

    # Parquet: the frame as read above, written by Mars and read back with columns and filters
    parquet = {
        "all": ([], [], base),
        "columns_name_x": (["name", "x"], [], base[["name", "x"]]),
        "filter_x_gt_1": (["id", "x"], [["x", ">", 1.0]], base[base.x > 1.0][["id", "x"]]),
        "filter_and": ([], [["id", ">=", 5], ["g", "==", "blue"]], base[(base.id >= 5) & (base.g == "blue")]),
        "filter_none_pass": (["id"], [["id", ">", 1000]], base[base.id > 1000][["id"]]),
        "filter_ne_name": (["id", "name"], [["name", "!=", "alpha"]],
                           base[base.name.notna() & (base.name != "alpha")][["id", "name"]]),
    }
    out_parquet = {name: {"columns": cols, "filter": flt, "result": table(res.reset_index(drop=True))}
                   for name, (cols, flt, res) in parquet.items()}

    floats = [1e-05, 1.5e-07, 0.0001, 0.00012345, 1e16, 1.2345e16, 123456789012.5, 1e22, -0.0, 2.5e-300, 0.1,
              1.0 / 3, 1e15, float("inf"), float("-inf"), float("nan"), -7.0]
    float_frame = pd.DataFrame({"f": floats})
    frame = base.drop(columns=["when"])
    buf = io.StringIO()
    frame.to_csv(buf, index=False)
    out_compressed = compressed_cases(base)
    out = {
        "generator": "integration-tests/src/test/python/golden_dataframe_io.py",
        "pandas": pd.__version__,
        "numpy": np.__version__,
        "cases": out_cases,
        "parquet": out_parquet,
        "compressed": out_compressed,
        "to_csv": {"source": "basic.csv", "drop": ["when"], "text": buf.getvalue(),
                   "empty_text": frame.iloc[0:0].to_csv(index=False),
                   # exact values for Java's Double.parseDouble: hex floats, Infinity, null for NaN
                   "floats": [None if math.isnan(v) else ("Infinity" if v > 0 else "-Infinity") if math.isinf(v)
                              else v.hex() for v in floats],
                   "floats_text": float_frame.to_csv(index=False)},
    }
    (DIR / "cases.json").write_text(json.dumps(out, indent=1) + "\n")
    print(f"wrote {len(out_cases)} CSV cases, {len(out_parquet)} Parquet cases, {len(out_compressed)} compressed"
          f" CSV cases to {DIR} (pandas {pd.__version__})")


def compress(source, target):
    data = source.read_bytes()
    if target.name.endswith(".gz"):
        target.write_bytes(gzip.compress(data))
    elif target.name.endswith(".bz2"):
        target.write_bytes(bz2.compress(data))
    elif target.name.endswith((".zst", ".zstd")):
        target.write_bytes(zstandard.ZstdCompressor().compress(data))
    else:
        shutil.copyfile(source, target)


def compressed_cases(base):
    """pandas' results for compressed copies of the inputs: it picks the codec by extension (.zstd named explicitly)."""
    cases = {
        # name: (file or directory or glob to read, {file to make: plain source}, read_csv options)
        "gzip": ("basic.csv.gz", {"basic.csv.gz": "basic.csv"}, {"parse_dates": ["when"]}),
        "bzip2_quoted_newlines": ("quoted_newlines_many.csv.bz2",
                                  {"quoted_newlines_many.csv.bz2": "quoted_newlines_many.csv"}, {}),
        "zstd_crlf_blank_lines": ("crlf_blank.csv.zst", {"crlf_blank.csv.zst": "crlf_blank.csv"}, {}),
        "zstd_extension_zstd": ("semicolon.csv.zstd", {"semicolon.csv.zstd": "semicolon.csv"},
                                {"sep": ";", "na_values": ["-"], "parse_dates": ["when"]}),
        "late_types_all_rows_zstd": ("late_types.csv.zst", {"late_types.csv.zst": "late_types.csv"},
                                     {"mars_infer_rows": "all"}),
        "directory_gzip_and_plain": ("mixed", {"mixed/part-a.csv.gz": "multi/part-a.csv",
                                               "mixed/part-b.csv": "multi/part-b.csv"}, {"parse_dates": ["when"]}),
        "glob_bzip2_and_zstd": ("mixed2/part-*", {"mixed2/part-a.csv.bz2": "multi/part-a.csv",
                                                   "mixed2/part-b.csv.zst": "multi/part-b.csv"},
                                {"parse_dates": ["when"]}),
    }
    out = {}
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        for name, (path, inputs, opts) in cases.items():
            case_dir = root / name
            for target, source in inputs.items():
                (case_dir / target).parent.mkdir(parents=True, exist_ok=True)
                compress(DIR / source, case_dir / target)
            kw = {k: v for k, v in opts.items() if not k.startswith("mars_")}
            if "mars_infer_rows" in opts:
                kw["low_memory"] = False
            files = sorted(case_dir.glob(path)) if "*" in path else sorted((case_dir / path).iterdir()) \
                if (case_dir / path).is_dir() else [case_dir / path]
            frames = [pd.read_csv(f, compression="zstd" if f.name.endswith(".zstd") else "infer", **kw)
                      for f in files]
            result = pd.concat(frames, ignore_index=True)
            if name.startswith("late_types_all_rows"):
                result = result.query("id >= 10400")
            out[name] = {"file": path, "inputs": inputs, "options": opts,
                         "result": table(result.reset_index(drop=True))}
    return out


if __name__ == "__main__":
    main()
