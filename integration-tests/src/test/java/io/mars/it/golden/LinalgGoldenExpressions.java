package io.mars.it.golden;

import io.mars.tensor.Linalg;
import io.mars.tensor.Tensor;
import io.mars.tensor.Tensors;
import io.mars.types.DataType;
import io.mars.types.NDArray;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/** Builds the tensor each linalg-stats golden case names (see {@code golden_linalg_stats.py}). */
final class LinalgGoldenExpressions {
    private LinalgGoldenExpressions() {
    }

    static Tensor build(String expr, Map<String, String> p, List<Tensor> x) {
        Tensor a = x.get(0);
        return switch (expr) {
            case "outer" -> Linalg.outer(a, x.get(1));
            case "tensordot_n" -> Tensors.tensordot(a, x.get(1), Integer.parseInt(p.get("n")));
            case "tensordot_axes" -> Linalg.tensordot(a, x.get(1), ints(p.get("a")), ints(p.get("b")));
            case "matmul" -> a.matmul(x.get(1));
            case "einsum" -> Tensors.einsum(p.get("s"), x.toArray(Tensor[]::new));
            case "trace" -> a.trace();
            case "norm" -> Linalg.norm(a);
            case "norm_ord" -> Linalg.norm(a, ord(p.get("ord")));
            case "norm_str" -> Linalg.norm(a, p.get("ord"));
            case "qr_recon" -> {
                Linalg.QrResult qr = Linalg.qr(a);
                yield qr.q().dot(qr.r());
            }
            case "qr_qtq" -> {
                Tensor q = Linalg.qr(a).q();
                yield q.T().dot(q);
            }
            case "qr_absdiag" -> Linalg.diagonal(Linalg.qr(a).r(), 0, 1).abs();
            case "qr_lower" -> {
                Tensor r = Linalg.qr(a).r();
                yield r.multiply(strictLowerMask(r.shape(), r.dtype()));
            }
            case "svd_s" -> Linalg.svd(a).s();
            case "svd_recon" -> {
                Linalg.SvdResult svd = Linalg.svd(a);
                yield svd.u().multiply(svd.s().reshape(1, svd.s().size())).dot(svd.vh());
            }
            case "svd_utu" -> {
                Tensor u = Linalg.svd(a).u();
                yield u.T().dot(u);
            }
            case "lu_p" -> Linalg.lu(a).p();
            case "lu_l" -> Linalg.lu(a).l();
            case "lu_u" -> Linalg.lu(a).u();
            case "cholesky" -> Linalg.cholesky(a);
            case "inv" -> Linalg.inv(a);
            case "solve" -> Linalg.solve(a, x.get(1));
            case "solve_triangular" -> p.get("trans").equals("0") && !Boolean.parseBoolean(p.get("lower"))
                    && !Boolean.parseBoolean(p.get("unit")) ? Linalg.solveTriangular(a, x.get(1))
                    : Linalg.solveTriangular(a, x.get(1), p.get("trans").equals("1"),
                            Boolean.parseBoolean(p.get("lower")), Boolean.parseBoolean(p.get("unit")));
            case "lstsq" -> Linalg.lstsq(a, x.get(1));
            case "cov" -> Tensors.cov(a, Boolean.parseBoolean(p.get("rowvar")), Integer.parseInt(p.get("ddof")));
            case "corrcoef" -> Tensors.corrcoef(a, Boolean.parseBoolean(p.get("rowvar")));
            default -> throw new IllegalArgumentException("unknown golden expression " + expr);
        };
    }

    private static int[] ints(String csv) {
        return Arrays.stream(csv.split(",")).mapToInt(Integer::parseInt).toArray();
    }

    private static double ord(String s) {
        return switch (s) {
            case "inf" -> Double.POSITIVE_INFINITY;
            case "ninf" -> Double.NEGATIVE_INFINITY;
            default -> Double.parseDouble(s.replace('n', '-'));
        };
    }

    /** 1 strictly below the diagonal, 0 elsewhere, so that R * mask must be all zeros. */
    private static Tensor strictLowerMask(long[] shape, DataType dtype) {
        int rows = (int) shape[0];
        int cols = (int) shape[1];
        NDArray mask = NDArray.allocate(dtype, rows, cols);
        for (int i = 0; i < rows; i++) {
            for (int j = 0; j < Math.min(i, cols); j++) {
                mask.setDouble(i * cols + j, 1.0);
            }
        }
        return Tensors.array(mask, Tensors.chunks(Math.max(1, Math.max(rows, cols))));
    }
}
