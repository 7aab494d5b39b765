#!/usr/bin/env python3
"""Golden cases of the linalg-stats area: writes integration-tests/src/test/resources/golden/linalg-stats/.

Each case names an expression that LinalgGoldenTest builds (see LinalgGoldenExpressions), its inputs, numpy's
(or scipy's) expected result and a tolerance: rtol relative to max(|expected|, scale). Decompositions whose signs
are implementation-defined are checked through invariants (Q.T Q = I, Q R = A, |diag R|, singular values,
U diag(S) Vh = A); LU is unique with partial pivoting and is compared to scipy.linalg.lu directly.
Run (from the repository root; needs python3, numpy and scipy; the first line of cases.tsv records both versions):

    python3 integration-tests/src/test/python/golden_linalg_stats.py

Its manifest has columns of its own (expr, rtol), so it shares only the file helpers of golden_common.py.
"""
import numpy as np
import scipy
import scipy.linalg

from golden_common import GOLDEN_ROOT, prepare_dirs, write_npy

OUT = GOLDEN_ROOT / "linalg-stats"
rng = np.random.default_rng(20261121)
inputs = {}
cases = []


def inp(name, array):
    inputs[name] = np.array(array, order="C")
    return name


def case(name, expr, names, expected, rtol=1e-10, scale=1.0, params=""):
    expected = np.array(expected, order="C")
    cases.append((name, expr, params, ",".join(names), name + ".npy", rtol, scale, expected))


def rand(*shape, dtype=np.float64):
    return rng.standard_normal(shape).astype(dtype)


# ----- inputs -----
m74 = inp("m74", rand(7, 4))
m45 = inp("m45", rand(4, 5))
v5 = inp("v5", rand(5))
v4 = inp("v4", rand(4))
sq5 = inp("sq5", rand(5, 5))
b5 = inp("b5", rand(5))
b52 = inp("b52", rand(5, 2))
i34 = inp("i34", rng.integers(-5, 6, size=(3, 4)).astype(np.int64))
f32_43 = inp("f32_43", rand(4, 3, dtype=np.float32))
t234 = inp("t234", rand(2, 3, 4))
t245 = inp("t245", rand(2, 4, 5))
t3456 = inp("t3456", rand(3, 4, 5, 6))
t45 = inp("t45", rand(4, 5))
t56 = inp("t56", rand(5, 6))
tall = inp("tall40x3", rand(40, 3))
wide = inp("wide3x6", rand(3, 6))
spd = rand(5, 5)
spd = inp("spd5", spd @ spd.T + 5 * np.eye(5))
obs = inp("obs3x9", rand(3, 9))
nan5 = inp("nan5", np.array([1.0, np.nan, 3.0, -2.0, 0.5]))
empty0 = inp("empty_0x3", np.zeros((0, 3)))
A = inputs

# ----- products -----
case("outer_vectors", "outer", [v5, v4], np.outer(A[v5], A[v4]))
case("outer_matrix_flattens", "outer", [i34, v4], np.outer(A[i34], A[v4]))
case("tensordot_int1", "tensordot_n", [m74, m45], np.tensordot(A[m74], A[m45], 1), params="n=1")
case("tensordot_int2", "tensordot_n", [t245, t56], np.tensordot(A[t245], A[t56], 1), params="n=1")
case("tensordot_int0", "tensordot_n", [v5, v4], np.tensordot(A[v5], A[v4], 0), params="n=0")
case("tensordot_pairs", "tensordot_axes", [t234, t245], np.tensordot(A[t234], A[t245], ([0, 2], [0, 1])),
     params="a=0,2;b=0,1")
case("matmul_batch", "matmul", [t234, t245], A[t234] @ A[t245])
case("matmul_stack_by_matrix", "matmul", [t234, t45], A[t234] @ A[t45])
case("matmul_matrix_by_stack", "matmul", [m74, t245], A[m74] @ A[t245])
case("matmul_vector_by_stack", "matmul", [v4, t245], A[v4] @ A[t245])

# ----- einsum -----
for name, sub, ops in [
    ("einsum_matmul", "ij,jk->ik", [m74, m45]),
    ("einsum_transpose", "ij->ji", [m74]),
    ("einsum_trace", "ii->", [sq5]),
    ("einsum_trace_implicit", "ii", [sq5]),
    ("einsum_diagonal", "ii->i", [sq5]),
    ("einsum_batch_matmul", "bij,bjk->bik", [t234, t245]),
    ("einsum_outer", "i,j->ij", [v5, v4]),
    ("einsum_sum_axis", "ij->i", [m74]),
    ("einsum_sum_all", "ij->", [m74]),
    ("einsum_dot", "i,i->", [v5, b5]),
    ("einsum_implicit_matmul", "ij,jk", [m74, m45]),
    ("einsum_three_operands", "ij,jk,k->i", [m74, m45, v5]),
    ("einsum_4d_permute_sum", "abcd->db", [t3456]),
    ("einsum_int", "ij,kj->ik", [i34, i34]),
]:
    case(name, "einsum", ops, np.einsum(sub, *[A[o] for o in ops]), params="s=" + sub)

# ----- trace, norm -----
case("trace_square", "trace", [sq5], np.trace(A[sq5]))
case("trace_rect", "trace", [m74], np.trace(A[m74]))
case("trace_3d", "trace", [t234], np.trace(A[t234]))
case("trace_int", "trace", [i34], np.trace(A[i34]))
case("norm_default_matrix", "norm", [m74], np.linalg.norm(A[m74]))
case("norm_default_3d", "norm", [t234], np.linalg.norm(A[t234]))
case("norm_int_vector", "norm", [v4], np.linalg.norm(A[v4]))
for ordname, o in [("1", 1), ("2", 2), ("inf", np.inf), ("ninf", -np.inf), ("0", 0), ("3", 3)]:
    case("norm_vec_" + ordname, "norm_ord", [v5], np.linalg.norm(A[v5], o), params="ord=" + ordname)
for ordname, o in [("1", 1), ("n1", -1), ("inf", np.inf), ("ninf", -np.inf), ("2", 2), ("n2", -2)]:
    case("norm_mat_" + ordname, "norm_ord", [m74], np.linalg.norm(A[m74], o), params="ord=" + ordname)
case("norm_fro", "norm_str", [m74], np.linalg.norm(A[m74], "fro"), params="ord=fro")
case("norm_nuc", "norm_str", [m74], np.linalg.norm(A[m74], "nuc"), params="ord=nuc")
case("norm_float32", "norm", [f32_43], np.linalg.norm(A[f32_43]), rtol=1e-5)
case("norm_nan", "norm", [nan5], np.linalg.norm(A[nan5]))
case("norm_empty", "norm", [empty0], np.linalg.norm(A[empty0]))
case("norm_int_matrix_inf", "norm_ord", [i34], np.linalg.norm(A[i34], np.inf), params="ord=inf")

# ----- decompositions (invariants) -----
for src in [m74, tall, wide, f32_43]:
    a = A[src].astype(np.float64)
    q, r = np.linalg.qr(a)
    k = min(a.shape)
    tol = 1e-5 if src == f32_43 else 1e-10
    case("qr_recon_" + src, "qr_recon", [src], A[src], rtol=tol, scale=1.0)
    case("qr_orthonormal_" + src, "qr_qtq", [src], np.eye(k, dtype=A[src].dtype), rtol=tol, scale=1.0)
    case("qr_absdiag_" + src, "qr_absdiag", [src], np.abs(np.diag(r)).astype(A[src].dtype), rtol=tol, scale=1.0)
    case("qr_lower_zero_" + src, "qr_lower", [src], np.zeros((k, a.shape[1]), dtype=A[src].dtype), rtol=tol,
         scale=1.0)
    s = np.linalg.svd(a, compute_uv=False)
    case("svd_s_" + src, "svd_s", [src], s.astype(A[src].dtype), rtol=tol, scale=1.0)
    case("svd_recon_" + src, "svd_recon", [src], A[src], rtol=tol, scale=1.0)
    case("svd_orthonormal_u_" + src, "svd_utu", [src], np.eye(k, dtype=A[src].dtype), rtol=tol, scale=1.0)
for src in [sq5, m74, wide]:
    p, l, u = scipy.linalg.lu(A[src])
    case("lu_p_" + src, "lu_p", [src], p, rtol=0, scale=1.0)
    case("lu_l_" + src, "lu_l", [src], l, rtol=1e-12, scale=1.0)
    case("lu_u_" + src, "lu_u", [src], u, rtol=1e-12, scale=1.0)
case("cholesky_spd", "cholesky", [spd], np.linalg.cholesky(A[spd]), rtol=1e-12, scale=1.0)
case("inv_square", "inv", [sq5], np.linalg.inv(A[sq5]), rtol=1e-10, scale=1.0)
case("solve_vector", "solve", [sq5, b5], np.linalg.solve(A[sq5], A[b5]), rtol=1e-10, scale=1.0)
case("solve_matrix", "solve", [sq5, b52], np.linalg.solve(A[sq5], A[b52]), rtol=1e-10, scale=1.0)
bt = inp("b40", rand(40))
case("lstsq_tall", "lstsq", [tall, bt], np.linalg.lstsq(A[tall], A[bt])[0], rtol=1e-10, scale=1.0)
case("lstsq_square", "lstsq", [sq5, b52], np.linalg.lstsq(A[sq5], A[b52])[0], rtol=1e-9, scale=1.0)

# ----- statistics -----
case("cov_rows", "cov", [obs], np.cov(A[obs]), params="rowvar=true;ddof=1")
case("cov_cols_bias", "cov", [m74], np.cov(A[m74], rowvar=False, bias=True), params="rowvar=false;ddof=0")
case("cov_vector", "cov", [v5], np.cov(A[v5]), params="rowvar=true;ddof=1")
case("cov_int_ddof2", "cov", [i34], np.cov(A[i34], ddof=2), params="rowvar=true;ddof=2")
case("cov_nan", "cov", [nan5], np.cov(A[nan5]), params="rowvar=true;ddof=1")
case("corrcoef_rows", "corrcoef", [obs], np.corrcoef(A[obs]), rtol=1e-12, scale=1.0, params="rowvar=true")
case("corrcoef_cols", "corrcoef", [m74], np.corrcoef(A[m74], rowvar=False), rtol=1e-12, scale=1.0,
     params="rowvar=false")
case("corrcoef_vector", "corrcoef", [v5], np.corrcoef(A[v5]), params="rowvar=true")

# ----- einsum with an ellipsis; scipy.linalg.solve_triangular (issue 18) -----
# inputs of their own generator, so the ones above keep their values
rng2 = np.random.default_rng(1820)
d233 = inp("d233", rng2.standard_normal((2, 3, 3)))
b231 = inp("b231", rng2.standard_normal((2, 3, 1)))
b345 = inp("b345", rng2.standard_normal((3, 4, 5)))
m34 = inp("m34", rng2.standard_normal((3, 4)))
tri6 = inp("tri6", rng2.standard_normal((6, 6)) + 4 * np.eye(6))
tb6 = inp("tb6", rng2.standard_normal(6))
tb63 = inp("tb63", rng2.standard_normal((6, 3)))
ti4 = inp("ti4", np.array([[2, 1, -1, 3], [4, 5, 2, 1], [1, -2, 3, 2], [2, 2, 1, -4]], dtype=np.int64))
ti4b = inp("ti4b", np.array([1, 2, 3, 4], dtype=np.int64))
for name, sub, ops in [
    ("einsum_ellipsis_batch_matmul", "...ij,...jk->...ik", [t234, t245]),
    ("einsum_ellipsis_implicit", "...ij,...jk", [t234, t245]),
    ("einsum_ellipsis_leading_sum", "i...->...", [t234]),
    ("einsum_ellipsis_diagonal", "...ii->...i", [d233]),
    ("einsum_ellipsis_broadcast_ones", "ij...,jk...->ik...", [b231, b345]),
    ("einsum_ellipsis_broadcast_ranks", "...i,...i->...", [t234, m34]),
    ("einsum_ellipsis_matrix_vector", "...j,j->...", [m74, v4]),
    ("einsum_ellipsis_empty", "...,...->...", [v5, b5]),
]:
    case(name, "einsum", ops, np.einsum(sub, *[A[o] for o in ops]), params="s=" + sub)
for b in [tb6, tb63]:
    for trans in [0, 1]:
        for lower in [False, True]:
            for unit in [False, True]:
                flags = "trans=%d;lower=%s;unit=%s" % (trans, str(lower).lower(), str(unit).lower())
                name = "solve_triangular_%s_t%d_%s%s" % (b, trans, "lower" if lower else "upper",
                                                        "_unit" if unit else "")
                expected = scipy.linalg.solve_triangular(A[tri6], A[b], trans=trans, lower=lower, unit_diagonal=unit)
                case(name, "solve_triangular", [tri6, b], expected, rtol=1e-10, scale=1.0, params=flags)
case("solve_triangular_int", "solve_triangular", [ti4, ti4b],
     scipy.linalg.solve_triangular(A[ti4], A[ti4b], lower=True), rtol=1e-12, scale=1.0,
     params="trans=0;lower=true;unit=false")

# ----- write -----
prepare_dirs(OUT, ["inputs", "expected"], clear=None)
for name, arr in inputs.items():
    write_npy(OUT / "inputs" / (name + ".npy"), arr)
with open(OUT / "cases.tsv", "w") as f:
    f.write("# generated by golden_linalg_stats.py with numpy %s, scipy %s\n" % (np.__version__, scipy.__version__))
    f.write("name\texpr\tparams\tinputs\toutput\trtol\tscale\tdtype\tshape\n")
    for name, expr, params, names, out, rtol, scale, expected in cases:
        write_npy(OUT / "expected" / out, expected)
        f.write("%s\t%s\t%s\t%s\t%s\t%r\t%r\t%s\t%s\n" % (name, expr, params, names, out, rtol, scale,
                                                        expected.dtype, ",".join(map(str, expected.shape))))
print("%d cases, %d inputs -> %s" % (len(cases), len(inputs), OUT))
