#!/usr/bin/env python3
"""Writes the golden files that io.mars.it.golden.ShapeIndexingGoldenTest checks shape manipulation, joining,
splitting and indexing against.

How to run (from the repository root; needs python3 and numpy 2.x):

    python3 integration-tests/src/test/python/golden_shape_indexing.py

It replaces integration-tests/src/test/resources/golden/shape-indexing/ with inputs/<name>.npy,
expected/<case>.npy and cases.tsv, in the format of make_golden.py (same columns, "key=value;..." params, lists
comma-separated, "none" for None). Re-running it rewrites byte-identical files.

Conventions the Java side (ShapeIndexingExpressions) relies on:
  * a basic index is written as terms joined by "/": "i:3" an integer, "s:start:stop:step" a slice with empty
    fields for omitted bounds ("s::-1" is ::-1), "n" np.newaxis, "e" the ellipsis.
  * a split case names one part of the split: part=k.
  * put with a tensor value is np.copyto(a, v, where=mask) (v broadcast, taken element-wise), see the Java API.
"""

import numpy as np

from golden_common import GOLDEN_ROOT, Golden, exact, require_numpy2, tree_bytes

GOLDEN = GOLDEN_ROOT / "shape-indexing"
G = Golden(__file__, GOLDEN)
INPUTS, CASES, add_input, add_case = G.inputs, G.cases, G.add_input, G.add_case


def define_inputs():
    G.add_standard("f64_10", "f64_6x4", "f64_6x4_b")
    add_input("f64_6x3", exact(np.cos(np.arange(18).reshape(6, 3)) * 2))
    add_input("f64_2x4", exact(np.arange(8).reshape(2, 4) * 0.25 - 1))
    G.add_standard("f64_2x3x4", "f64_4", "f64_0d", "f64_0x3")
    add_input("f64_0x4", np.zeros((0, 4)))
    add_input("f64_nan_5", np.array([1.0, np.nan, -2.0, np.inf, 0.0]))
    G.add_standard("f32_10", "i32_10", "i64_10")
    add_input("i32_3x1x4", (np.arange(12).reshape(3, 1, 4) * 7 - 40).astype(np.int32))
    add_input("i8_6x4", (np.arange(24).reshape(6, 4) * 5 - 60).astype(np.int8))
    G.add_standard("b_10")
    add_input("b_6x4", np.sin(np.arange(24).reshape(6, 4)) > 0)
    add_input("b_6", np.array([True, False, False, True, True, False]))
    add_input("b_6x4_none", np.zeros((6, 4), dtype=bool))
    add_input("idx_5", np.array([3, -1, 0, 9, 3], dtype=np.int64))
    add_input("idx_4_i32", np.array([3, -1, 0, 3], dtype=np.int32))
    add_input("idx_2x3", np.array([[0, 5, -6], [2, 2, -1]], dtype=np.int64))
    add_input("idx_0", np.zeros(0, dtype=np.int64))
    add_input("idx_2", np.array([0, -1], dtype=np.int64))
    add_input("idx_1", np.array([-1], dtype=np.int32))
    add_input("idx_3_mod4", np.array([3, 0, -2], dtype=np.int64))
    add_input("idx_3_mod2", np.array([1, 0, -1], dtype=np.int64))
    add_input("idx_5_mod6", np.array([3, -1, 0, 5, 3], dtype=np.int64))
    add_input("idx_2x3_mod3", np.array([[0, 2, 0], [2, 2, 2]], dtype=np.int64))
    add_input("idx_7", np.array([23, 0, -24, 11, 12, 5, -1], dtype=np.int64))


# ----- basic indexing -----

def parse_index(text, array=None, array2=None):
    terms = []
    for t in text.split("/"):
        if t == "x":
            terms.append(array)
        elif t == "y":
            terms.append(array2)
        elif t == "n":
            terms.append(np.newaxis)
        elif t == "e":
            terms.append(Ellipsis)
        elif t.startswith("i:"):
            terms.append(int(t[2:]))
        elif t.startswith("s:"):
            parts = [None if p == "" else int(p) for p in t[2:].split(":")]
            terms.append(slice(*parts))
        else:
            raise ValueError(t)
    return tuple(terms)


def index_cases():
    cases = [
        ("f64_10", "s:1:8:2"), ("f64_10", "s:::-1"), ("f64_10", "s:-3::"), ("f64_10", "s:8:2:-2"),
        ("f64_10", "s:5:5:"), ("f64_10", "s:-100:100:"), ("f64_10", "s:::3"), ("f64_10", "s:9:-11:-1"),
        ("f64_10", "s:2::-3"), ("f64_10", "i:-1"), ("f64_10", "i:0/n"), ("f64_10", "s:20::-1"),
        ("f64_6x4", "s:1:5/s:::-1"), ("f64_6x4", "e/i:2"), ("f64_6x4", "i:3"), ("f64_6x4", "i:-1/i:-2"),
        ("f64_6x4", "n/s:1:4/n"), ("f64_6x4", "e/n"), ("f64_6x4", "s:2:4/i:1"), ("f64_6x4", "s:::-2/s:::3"),
        ("f64_6x4", "s:1:1/s:::"), ("f64_6x4", "s:4:0:-1/s:1:-1:"), ("f64_6x4", "e"),
        ("f64_2x3x4", "i:1/e/s:::-2"), ("f64_2x3x4", "e/i:0/n"), ("f64_2x3x4", "s:::/n/i:1/i:-1"),
        ("f64_2x3x4", "s:::-1/s:1:3/s:3:0:-2"),
        ("f64_0d", "e"), ("f64_0d", "n"), ("f64_0x3", "s:::/s:1::"), ("i32_3x1x4", "s:::/i:0/s:::-1"),
        ("b_6x4", "s:::2/s:1:3"),
    ]
    for i, (a, text) in enumerate(cases):
        add_case(f"get_{a}_{i}", "index", "get", {"index": text}, [a], INPUTS[a][parse_index(text)])
    # one integer index array ("x", the case's second input) among basic terms
    mixed = [
        ("f64_6x4", "idx_4_i32", "s:::/x"), ("f64_6x4", "idx_2x3", "x/s:1:3"), ("f64_6x4", "idx_2x3", "x/i:-1"),
        ("f64_2x3x4", "idx_2x3_mod3", "i:0/s:::/x"), ("f64_2x3x4", "idx_4_i32", "s:::/i:0/x"),
        ("f64_2x3x4", "idx_2x3_mod3", "s:::-1/x/i:2"), ("f64_2x3x4", "idx_2x3_mod3", "i:1/x/n"),
        ("f64_2x3x4", "idx_4_i32", "e/x"), ("f64_2x3x4", "idx_2x3_mod3", "s:::/x/e/i:0"), ("f64_6x4", "idx_5_mod6", "n/x/s:::2"),
        ("f64_6x4", "idx_0", "x/s:1:"), ("f64_2x3x4", "idx_4_i32", "i:1/n/s:::/x"),
    ]
    for i, (a, idx, text) in enumerate(mixed):
        add_case(f"get_mixed_{a}_{i}", "index", "get", {"index": text}, [a, idx],
                 INPUTS[a][parse_index(text, INPUTS[idx])])
    # several index arrays ("x", "y": the second and third inputs), broadcast together
    several = [
        ("f64_6x4", "idx_2x3", "idx_3_mod4", "x/y"), ("f64_6x4", "idx_5_mod6", "idx_1", "x/y"),
        ("f64_2x3x4", "idx_2x3_mod3", "idx_3_mod4", "s:::/x/y"), ("f64_2x3x4", "idx_1", "idx_3_mod4", "x/s:::/y"),
        ("f64_2x3x4", "idx_3_mod2", "idx_3_mod4", "x/i:1/y"), ("f64_2x3x4", "idx_3_mod2", "idx_2x3_mod3", "x/y/s:::-1"),
        ("f64_6x4", "idx_0", "idx_1", "x/y"),
    ]
    for i, (a, x, y, text) in enumerate(several):
        add_case(f"get_arrays_{a}_{i}", "index", "get", {"index": text}, [a, x, y],
                 INPUTS[a][parse_index(text, INPUTS[x], INPUTS[y])])


# ----- shape -----

def shape_cases():
    def case(name, op, params, a, result):
        add_case(name, "shape", op, params, [a], result)

    case("ravel_6x4", "ravel", {}, "f64_6x4", np.ravel(INPUTS["f64_6x4"]))
    case("ravel_2x3x4", "ravel", {}, "f64_2x3x4", np.ravel(INPUTS["f64_2x3x4"]))
    case("ravel_0d", "ravel", {}, "f64_0d", np.ravel(INPUTS["f64_0d"]))
    case("flatten_i32", "flatten", {}, "i32_3x1x4", INPUTS["i32_3x1x4"].flatten())
    case("squeeze_all", "squeeze", {"axis": None}, "i32_3x1x4", np.squeeze(INPUTS["i32_3x1x4"]))
    case("squeeze_axis1", "squeeze", {"axis": 1}, "i32_3x1x4", np.squeeze(INPUTS["i32_3x1x4"], axis=1))
    case("squeeze_0d", "squeeze", {"axis": None}, "f64_0d", np.squeeze(INPUTS["f64_0d"]))
    case("expand_dims_0", "expand_dims", {"axis": 0}, "f64_6x4", np.expand_dims(INPUTS["f64_6x4"], 0))
    case("expand_dims_m1", "expand_dims", {"axis": -1}, "f64_6x4", np.expand_dims(INPUTS["f64_6x4"], -1))
    case("expand_dims_0_3", "expand_dims", {"axis": (0, 3)}, "f64_6x4", np.expand_dims(INPUTS["f64_6x4"], (0, 3)))
    case("expand_dims_0d", "expand_dims", {"axis": 0}, "f64_0d", np.expand_dims(INPUTS["f64_0d"], 0))
    case("swapaxes_0_2", "swapaxes", {"a": 0, "b": 2}, "f64_2x3x4", np.swapaxes(INPUTS["f64_2x3x4"], 0, 2))
    case("swapaxes_m1_1", "swapaxes", {"a": -1, "b": 1}, "f64_2x3x4", np.swapaxes(INPUTS["f64_2x3x4"], -1, 1))
    case("moveaxis_0_m1", "moveaxis", {"source": 0, "destination": -1}, "f64_2x3x4",
         np.moveaxis(INPUTS["f64_2x3x4"], 0, -1))
    case("moveaxis_two", "moveaxis", {"source": (0, 1), "destination": (2, 0)}, "f64_2x3x4",
         np.moveaxis(INPUTS["f64_2x3x4"], (0, 1), (2, 0)))
    case("broadcast_to_3x10", "broadcast_to", {"shape": (3, 10)}, "f64_10", np.broadcast_to(INPUTS["f64_10"], (3, 10)))
    case("broadcast_to_2x3x5x4", "broadcast_to", {"shape": (2, 3, 5, 4)}, "i32_3x1x4",
         np.broadcast_to(INPUTS["i32_3x1x4"], (2, 3, 5, 4)))
    case("broadcast_to_0d", "broadcast_to", {"shape": (2, 3)}, "f64_0d", np.broadcast_to(INPUTS["f64_0d"], (2, 3)))
    case("broadcast_to_zero", "broadcast_to", {"shape": (3, 0, 4)}, "i32_3x1x4",
         np.broadcast_to(INPUTS["i32_3x1x4"], (3, 0, 4)))
    case("repeat_2_axis0", "repeat", {"repeats": 2, "axis": 0}, "f64_6x4", np.repeat(INPUTS["f64_6x4"], 2, axis=0))
    case("repeat_3_axis1", "repeat", {"repeats": 3, "axis": 1}, "i8_6x4", np.repeat(INPUTS["i8_6x4"], 3, axis=1))
    case("repeat_flat", "repeat", {"repeats": 2, "axis": None}, "f64_2x3x4", np.repeat(INPUTS["f64_2x3x4"], 2))
    case("repeat_zero", "repeat", {"repeats": 0, "axis": 1}, "f64_6x4", np.repeat(INPUTS["f64_6x4"], 0, axis=1))
    case("repeat_bool", "repeat", {"repeats": 2, "axis": 0}, "b_10", np.repeat(INPUTS["b_10"], 2, axis=0))
    each10 = [0, 1, 2, 3, 0, 1, 1, 0, 2, 1]
    case("repeat_each", "repeat", {"repeats": tuple(each10), "axis": 0}, "f64_10", np.repeat(INPUTS["f64_10"], each10))
    case("repeat_each_axis1", "repeat", {"repeats": (2, 0, 1, 3), "axis": 1}, "i8_6x4",
         np.repeat(INPUTS["i8_6x4"], [2, 0, 1, 3], axis=1))
    case("repeat_each_zero", "repeat", {"repeats": (0, 0, 0, 0), "axis": -1}, "f64_6x4",
         np.repeat(INPUTS["f64_6x4"], [0, 0, 0, 0], axis=-1))
    case("tile_2", "tile", {"reps": (2,)}, "f64_10", np.tile(INPUTS["f64_10"], 2))
    case("tile_2x1", "tile", {"reps": (2, 1)}, "f64_6x4", np.tile(INPUTS["f64_6x4"], (2, 1)))
    case("tile_2x2x2", "tile", {"reps": (2, 2, 2)}, "f64_10", np.tile(INPUTS["f64_10"], (2, 2, 2)))
    case("tile_0", "tile", {"reps": (1, 0)}, "f64_6x4", np.tile(INPUTS["f64_6x4"], (1, 0)))
    case("tile_short_reps", "tile", {"reps": (3,)}, "f64_2x4", np.tile(INPUTS["f64_2x4"], 3))
    case("flip_all", "flip", {"axis": None}, "f64_6x4", np.flip(INPUTS["f64_6x4"]))
    case("flip_0", "flip", {"axis": 0}, "f64_6x4", np.flip(INPUTS["f64_6x4"], 0))
    case("flip_1", "flip", {"axis": 1}, "i8_6x4", np.flip(INPUTS["i8_6x4"], 1))
    case("flip_0_2", "flip", {"axis": (0, 2)}, "f64_2x3x4", np.flip(INPUTS["f64_2x3x4"], (0, 2)))
    case("flip_empty", "flip", {"axis": None}, "f64_0x3", np.flip(INPUTS["f64_0x3"]))
    case("flip_nan", "flip", {"axis": None}, "f64_nan_5", np.flip(INPUTS["f64_nan_5"]))
    case("roll_3", "roll", {"shift": 3, "axis": None}, "f64_10", np.roll(INPUTS["f64_10"], 3))
    case("roll_m13", "roll", {"shift": -13, "axis": None}, "f64_10", np.roll(INPUTS["f64_10"], -13))
    case("roll_1_axis0", "roll", {"shift": 1, "axis": 0}, "f64_6x4", np.roll(INPUTS["f64_6x4"], 1, axis=0))
    case("roll_m2_axis1", "roll", {"shift": -2, "axis": 1}, "i8_6x4", np.roll(INPUTS["i8_6x4"], -2, axis=1))
    case("roll_flat", "roll", {"shift": 5, "axis": None}, "f64_6x4", np.roll(INPUTS["f64_6x4"], 5))
    case("roll_zero", "roll", {"shift": 10, "axis": 0}, "f64_10", np.roll(INPUTS["f64_10"], 10, axis=0))


# ----- joining and splitting -----

def join_cases():
    def case(name, op, params, inputs, result):
        add_case(name, "join", op, params, inputs, result)

    a, b = INPUTS["f64_6x4"], INPUTS["f64_6x4_b"]
    case("concat_axis0", "concatenate", {"axis": 0}, ["f64_6x4", "f64_6x4_b"], np.concatenate([a, b], 0))
    case("concat_axis1", "concatenate", {"axis": 1}, ["f64_6x4", "f64_6x4_b"], np.concatenate([a, b], 1))
    case("concat_axis_m1_uneven", "concatenate", {"axis": -1}, ["f64_6x4", "f64_6x3"],
         np.concatenate([a, INPUTS["f64_6x3"]], -1))
    case("concat_three", "concatenate", {"axis": 0}, ["f64_6x4", "f64_2x4", "f64_6x4_b"],
         np.concatenate([a, INPUTS["f64_2x4"], b], 0))
    case("concat_promote", "concatenate", {"axis": 0}, ["f32_10", "i32_10"],
         np.concatenate([INPUTS["f32_10"], INPUTS["i32_10"]]))
    case("concat_int_bool", "concatenate", {"axis": 0}, ["i64_10", "b_10"],
         np.concatenate([INPUTS["i64_10"], INPUTS["b_10"]]))
    case("concat_empty", "concatenate", {"axis": 0}, ["f64_0x4", "f64_2x4"],
         np.concatenate([INPUTS["f64_0x4"], INPUTS["f64_2x4"]]))
    case("concat_same_twice", "concatenate", {"axis": 1}, ["f64_6x4", "f64_6x4"], np.concatenate([a, a], 1))
    # element-wise chains before and after: the joined chunks are fused computations, not stored arrays
    case("concat_of_expressions", "concat_expr", {}, ["f64_6x4", "f64_2x4"],
         np.concatenate([a * 2.0, INPUTS["f64_2x4"] + 1.0]) * 3.0)
    case("slice_of_expression", "slice_expr", {}, ["f64_6x4"], (a * 2.0)[::-2, 1:] + 1.0)
    case("stack_0", "stack", {"axis": 0}, ["f64_6x4", "f64_6x4_b"], np.stack([a, b], 0))
    case("stack_1", "stack", {"axis": 1}, ["f64_6x4", "f64_6x4_b"], np.stack([a, b], 1))
    case("stack_m1", "stack", {"axis": -1}, ["f64_6x4", "f64_6x4_b"], np.stack([a, b], -1))
    case("stack_0d", "stack", {"axis": 0}, ["f64_0d", "f64_0d"], np.stack([INPUTS["f64_0d"]] * 2))
    case("hstack_1d", "hstack", {}, ["f64_10", "i32_10"], np.hstack([INPUTS["f64_10"], INPUTS["i32_10"]]))
    case("hstack_2d", "hstack", {}, ["f64_6x4", "f64_6x3"], np.hstack([a, INPUTS["f64_6x3"]]))
    case("vstack_1d", "vstack", {}, ["f64_4", "f64_4"], np.vstack([INPUTS["f64_4"], INPUTS["f64_4"]]))
    case("vstack_2d", "vstack", {}, ["f64_6x4", "f64_2x4", "f64_4"],
         np.vstack([a, INPUTS["f64_2x4"], INPUTS["f64_4"]]))

    def split_cases(name, fn, how, axis, src):
        parts = fn(INPUTS[src], how, axis=axis)
        for k, part in enumerate(parts):
            params = {"how": how, "axis": axis, "part": k}
            if isinstance(how, list):
                params = {"indices": tuple(how), "axis": axis, "part": k}
            case(f"{name}_p{k}", "split" if fn is np.split else "array_split", params, [src], part)

    split_cases("split_5", np.split, 5, 0, "f64_10")
    split_cases("split_axis1", np.split, 2, 1, "f64_6x4")
    split_cases("split_at", np.split, [2, 5, 20], 0, "f64_10")
    split_cases("split_at_neg", np.split, [3, -2], 1, "f64_6x4")
    split_cases("split_at_decreasing", np.split, [6, 2], 0, "f64_10")
    split_cases("array_split_3", np.array_split, 3, 0, "f64_10")
    split_cases("array_split_4_axis0", np.array_split, 4, 0, "f64_6x4")
    split_cases("array_split_more_than_length", np.array_split, 5, 1, "i8_6x4")


# ----- integer-array (fancy) indexing -----

def take_cases():
    def case(name, op, params, inputs, result):
        add_case(name, "take", op, params, inputs, result)

    case("take_axis0", "take", {"axis": 0}, ["f64_6x4", "idx_4_i32"], np.take(INPUTS["f64_6x4"], INPUTS["idx_4_i32"], 0))
    case("take_axis1", "take", {"axis": 1}, ["f64_6x4", "idx_4_i32"], np.take(INPUTS["f64_6x4"], INPUTS["idx_4_i32"], 1))
    case("take_2d_index", "take", {"axis": 0}, ["f64_6x4", "idx_2x3"], np.take(INPUTS["f64_6x4"], INPUTS["idx_2x3"], 0))
    case("take_middle_axis", "take", {"axis": 1}, ["f64_2x3x4", "idx_2x3_mod3"],
         np.take(INPUTS["f64_2x3x4"], INPUTS["idx_2x3_mod3"], 1))
    case("take_flat", "take", {"axis": None}, ["f64_6x4", "idx_7"], np.take(INPUTS["f64_6x4"], INPUTS["idx_7"]))
    case("take_empty_index", "take", {"axis": 0}, ["f64_6x4", "idx_0"], np.take(INPUTS["f64_6x4"], INPUTS["idx_0"], 0))
    case("get_int_array", "get_array", {}, ["f64_10", "idx_5"], INPUTS["f64_10"][INPUTS["idx_5"]])
    case("get_int_array_2d", "get_array", {}, ["i8_6x4", "idx_2x3"], INPUTS["i8_6x4"][INPUTS["idx_2x3"]])
    case("get_int_array_bool", "get_array", {}, ["b_10", "idx_5"], INPUTS["b_10"][INPUTS["idx_5"]])


# ----- boolean masks and put -----

def mask_cases():
    def case(name, op, params, inputs, result):
        add_case(name, "mask", op, params, inputs, result)

    case("mask_full", "get_array", {}, ["f64_6x4", "b_6x4"], INPUTS["f64_6x4"][INPUTS["b_6x4"]])
    case("mask_axis0", "get_array", {}, ["f64_6x4", "b_6"], INPUTS["f64_6x4"][INPUTS["b_6"]])
    case("mask_1d", "get_array", {}, ["f64_10", "b_10"], INPUTS["f64_10"][INPUTS["b_10"]])
    case("mask_none", "get_array", {}, ["i8_6x4", "b_6x4_none"], INPUTS["i8_6x4"][INPUTS["b_6x4_none"]])
    # operations after a selection, tiled once its length is known
    f, b = INPUTS["f64_10"], INPUTS["b_10"]
    case("mask_then_concat", "mask_concat", {}, ["f64_10", "b_10"], np.concatenate([f[b], f]))
    case("mask_then_newaxis", "mask_get", {"index": "n/s:::/n"}, ["f64_6x4", "b_6"],
         INPUTS["f64_6x4"][INPUTS["b_6"]][None, :, None])
    case("mask_then_int", "mask_get", {"index": "s:::/i:-1"}, ["f64_6x4", "b_6"],
         INPUTS["f64_6x4"][INPUTS["b_6"]][:, -1])
    case("mask_then_take", "mask_take", {"axis": 0}, ["f64_10", "b_10", "idx_2"], f[b][INPUTS["idx_2"]])
    case("mask_then_repeat", "mask_repeat", {"repeats": 2}, ["f64_10", "b_10"], np.repeat(f[b], 2))

    def put(name, a, mask, value, kind):
        out = INPUTS[a].copy()
        if kind == "tensor":
            np.copyto(out, INPUTS[value], where=INPUTS[mask], casting="unsafe")
            add_case(name, "put", "put", {"kind": kind}, [a, mask, value], out)
        else:
            out[INPUTS[mask]] = value
            add_case(name, "put", "put", {"kind": kind, "value": value}, [a, mask], out)

    put("put_zero", "f64_6x4", "b_6x4", 0.0, "float")
    put("put_int_truncates", "i8_6x4", "b_6x4", 2.7, "float")
    put("put_int", "i8_6x4", "b_6x4", -7, "int")
    put("put_bool", "b_10", "b_10", False, "bool")
    put("put_tensor", "f64_6x4", "b_6x4", "f64_6x4_b", "tensor")
    put("put_tensor_broadcast", "f64_6x4", "b_6x4", "f64_4", "tensor")
    put("put_tensor_cast", "i8_6x4", "b_6x4", "f64_6x4_b", "tensor")
    put("put_none", "f64_6x4", "b_6x4_none", 1.5, "float")


def main():
    require_numpy2()
    define_inputs()
    index_cases()
    shape_cases()
    join_cases()
    take_cases()
    mask_cases()
    G.write()
    print(f"{len(CASES)} cases, {len(INPUTS)} inputs, {tree_bytes(GOLDEN)} bytes in {GOLDEN}")


if __name__ == "__main__":
    main()
