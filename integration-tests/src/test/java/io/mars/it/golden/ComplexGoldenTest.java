package io.mars.it.golden;

import static org.assertj.core.api.Assertions.assertThat;

import io.mars.common.operand.Scalar;
import io.mars.tensor.Tensor;
import io.mars.tensor.Tensors;
import io.mars.types.ChunkSpec;
import io.mars.types.DataType;
import io.mars.types.NDArray;
import io.mars.types.Npy;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Complex dtypes in the element-wise functions (trigonometric, hyperbolic and their inverses, exp2, expm1, the logs,
 * sign, square, reciprocal, rint, around, the predicates, equal/not_equal), the nan-reductions and the scans, diagonal,
 * boolean-mask selection, take and put, and complex scalars ({@code Scalar.complex(re, im)}: numpy's {@code x * 1j},
 * with float32, ints, bools and complex tensors, in arithmetic, equal/not_equal, where, full and full_like), against
 * numpy 2 (golden_complex.py): every case of cases.tsv at three chunkings of its inputs (one chunk, chunks of 3 along
 * every axis, uneven chunks of 4). Same dtype and shape; NaN and infinite parts where numpy has them; every other
 * element within 1e-12 of its own magnitude (1e-6 for complex64 and float32 results, which numpy computes in single
 * precision), or of the case's scale where terms cancel (sums, scans); on the special-value cases the signs of zero
 * parts too, which tell the side of a branch cut.
 */
@Timeout(value = 900, unit = TimeUnit.SECONDS)
class ComplexGoldenTest {
    @RegisterExtension
    static final SharedSession CLUSTER = SharedSession.local(2);

    private static final Path DIR = Path.of("src/test/resources/golden/complex");
    private static final List<ChunkSpec> CHUNKINGS = List.of(ChunkSpec.of(1000), ChunkSpec.of(3), ChunkSpec.of(4));

    private static final Map<String, Function<Tensor, Tensor>> UNARY = Map.ofEntries(
            Map.entry("exp", Tensors::exp), Map.entry("sin", Tensors::sin), Map.entry("cos", Tensors::cos), Map.entry("tan", Tensors::tan),
            Map.entry("arcsin", Tensors::arcsin), Map.entry("arccos", Tensors::arccos),
            Map.entry("arctan", Tensors::arctan), Map.entry("sinh", Tensors::sinh), Map.entry("cosh", Tensors::cosh),
            Map.entry("tanh", Tensors::tanh), Map.entry("arcsinh", Tensors::arcsinh),
            Map.entry("arccosh", Tensors::arccosh), Map.entry("arctanh", Tensors::arctanh),
            Map.entry("exp2", Tensors::exp2), Map.entry("expm1", Tensors::expm1), Map.entry("log2", Tensors::log2),
            Map.entry("log10", Tensors::log10), Map.entry("log1p", Tensors::log1p), Map.entry("sign", Tensors::sign),
            Map.entry("square", Tensors::square), Map.entry("reciprocal", Tensors::reciprocal),
            Map.entry("rint", Tensors::rint), Map.entry("isnan", Tensors::isnan), Map.entry("isinf", Tensors::isinf),
            Map.entry("isfinite", Tensors::isfinite));

    private static final Map<String, Function<List<Tensor>, Tensor>> EXPRESSIONS = expressions();

    private static Map<String, Function<List<Tensor>, Tensor>> expressions() {
        Map<String, Function<List<Tensor>, Tensor>> e = new HashMap<>();
        UNARY.forEach((name, fn) -> {
            for (String suffix : List.of("", "_2d", "_c64", "_special", "_0d", "_small", "_empty")) {
                e.put(name + suffix, in -> fn.apply(in.get(0)));
            }
        });
        e.put("equal_special", in -> Tensors.equal(in.get(0), in.get(1)));
        e.put("not_equal_special", in -> Tensors.notEqual(in.get(0), in.get(1)));
        e.put("around", in -> Tensors.around(in.get(0)));
        e.put("around_1", in -> in.get(0).round(1));
        e.put("around_m1", in -> Tensors.round(in.get(0).multiply(100L), -1));
        e.put("around_c64_2", in -> Tensors.around(in.get(0), 2));
        e.put("around_special", in -> in.get(0).round());
        e.put("diagonal", in -> io.mars.tensor.Linalg.diagonal(in.get(0), 0, 1));
        e.put("diagonal_c64", in -> io.mars.tensor.Linalg.diagonal(in.get(0), 0, 1));
        e.put("mask_select", in -> in.get(0).get(Tensors.real(in.get(0)).greater(0.0)));
        e.put("mask_select_c64", in -> in.get(0).get(Tensors.imag(in.get(0)).less(0.0)));
        e.put("take", in -> in.get(0).take(Tensors.array(new long[] {3, 0, 12, 3, -1})));
        e.put("take_axis1", in -> in.get(0).take(Tensors.array(new long[] {9, 0, 4}), 1));
        e.put("take_c64_axis0", in -> Tensors.take(in.get(0), Tensors.array(new long[] {4, 1}), 0));
        e.put("put_scalar", in -> in.get(0).put(Tensors.real(in.get(0)).greater(0.5), 2.5));
        e.put("put_c64", in -> in.get(0).put(Tensors.imag(in.get(0)).greater(0.0), -1L));
        e.put("nansum", in -> Tensors.nansum(in.get(0)));
        e.put("nansum_axis0", in -> in.get(0).nansum(0));
        e.put("nansum_axis1_keepdims", in -> Tensors.nansum(in.get(0), new int[] {1}, true));
        e.put("nansum_c64", in -> in.get(0).nansum());
        e.put("nansum_empty", in -> in.get(0).nansum(0));
        e.put("nanmean", in -> Tensors.nanmean(in.get(0)));
        e.put("nanmean_axis0", in -> in.get(0).nanmean(0));
        e.put("nanmean_axis1", in -> in.get(0).nanmean(1));
        e.put("nanmean_c64", in -> in.get(0).nanmean());
        e.put("cumsum", in -> Tensors.cumsum(in.get(0)));
        e.put("cumsum_axis0", in -> in.get(0).cumsum(0));
        e.put("cumsum_axis1", in -> Tensors.cumsum(in.get(0), 1));
        e.put("cumsum_2d_flat", in -> in.get(0).cumsum());
        e.put("cumsum_c64", in -> in.get(0).cumsum());
        e.put("nancumsum", in -> Tensors.nancumsum(in.get(0)));
        e.put("nancumsum_axis1", in -> in.get(0).nancumsum(1));
        e.put("cumsum_empty", in -> in.get(0).cumsum(0));
        e.put("nanprod", in -> Tensors.nanprod(in.get(0).get(io.mars.tensor.Index.all(),
                io.mars.tensor.Index.slice(0, 4))));
        e.put("nanprod_axis0", in -> in.get(0).nanprod(0));
        e.put("nanprod_axis1", in -> Tensors.nanprod(in.get(0), new int[] {1}, false));
        e.put("nanprod_c64", in -> in.get(0).nanprod(1));
        e.put("nanvar", in -> Tensors.nanvar(in.get(0)));
        e.put("nanvar_axis0", in -> in.get(0).nanvar(0));
        e.put("nanvar_axis1_ddof1", in -> Tensors.nanvar(in.get(0), new int[] {1}, false, 1));
        e.put("nanstd", in -> Tensors.nanstd(in.get(0)));
        e.put("nanstd_axis1_keepdims", in -> in.get(0).nanstd(new int[] {1}, true, 0));
        e.put("nanstd_c64", in -> in.get(0).nanstd());
        e.put("nanvar_c64_axis0", in -> in.get(0).nanvar(0));
        e.put("cumprod", in -> Tensors.cumprod(in.get(0)));
        e.put("cumprod_axis0", in -> in.get(0).cumprod(0));
        e.put("cumprod_axis1", in -> Tensors.cumprod(in.get(0), 1));
        e.put("cumprod_c64", in -> in.get(0).cumprod());
        e.put("nancumprod", in -> Tensors.nancumprod(in.get(0).get(io.mars.tensor.Index.all(),
                io.mars.tensor.Index.slice(0, 3))));
        e.put("nancumprod_axis0", in -> in.get(0).nancumprod(0));
        e.put("nancumprod_axis1", in -> Tensors.nancumprod(in.get(0), 1));
        e.put("cumprod_empty", in -> in.get(0).cumprod(1));
        // complex scalars
        Scalar j = Scalar.J;
        e.put("mul_1j", in -> in.get(0).multiply(j));
        e.put("mul_1j_2d", in -> in.get(0).multiply(j));
        e.put("mul_1j_f32", in -> in.get(0).multiply(j));
        e.put("mul_complex_int", in -> in.get(0).multiply(Scalar.complex(2, -1)));
        e.put("mul_1j_int32", in -> in.get(0).multiply(j));
        e.put("mul_1j_bool", in -> in.get(0).greater(0L).multiply(j));
        e.put("mul_complex", in -> in.get(0).multiply(Scalar.complex(0.5, -2)));
        e.put("mul_complex_c64", in -> in.get(0).multiply(Scalar.complex(0.5, -2)));
        e.put("mul_1j_0d", in -> in.get(0).multiply(j));
        e.put("mul_1j_empty", in -> Tensors.multiply(in.get(0), j));
        e.put("add_complex", in -> in.get(0).add(Scalar.complex(1, 2)));
        e.put("add_complex_f32", in -> Tensors.add(in.get(0), Scalar.complex(1, 2)));
        e.put("sub_complex", in -> in.get(0).subtract(Scalar.complex(0, 3)));
        e.put("rsub_complex", in -> in.get(0).rsubtract(Scalar.complex(1, 2)));
        e.put("div_complex", in -> in.get(0).divide(Scalar.complex(3, -4)));
        e.put("div_complex_real", in -> in.get(0).divide(Scalar.complex(0, 2)));
        e.put("rdiv_complex", in -> in.get(0).rdivide(Scalar.complex(2, 1)));
        e.put("power_complex", in -> in.get(0).power(Scalar.complex(0.5, 0.5)));
        e.put("power_1j_abs", in -> Tensors.abs(in.get(0)).power(j));
        e.put("equal_complex", in -> in.get(0).equal(Scalar.complex(1, 2)));
        e.put("not_equal_complex", in -> in.get(0).notEqual(Scalar.complex(1, 2)));
        e.put("equal_1j_real", in -> Tensors.equal(in.get(0), j));
        e.put("where_complex", in -> Tensors.where(in.get(0).greater(0.0), in.get(0), Scalar.complex(0, 2)));
        e.put("where_complex_c64", in -> Tensors.where(Tensors.real(in.get(0)).greater(0.0), in.get(0),
                Scalar.complex(0, -1)));
        e.put("where_complex_f32", in -> Tensors.where(in.get(0).greater(0.0), Scalar.complex(1, 1), in.get(0)));
        e.put("full_like_complex", in -> Tensors.fullLike(in.get(0), Scalar.complex(1.5, -2)));
        e.put("full_like_complex_c64", in -> Tensors.fullLike(in.get(0), Scalar.complex(0.25, 4)));
        e.put("full_complex", in -> Tensors.full(in.get(0).shape(), Scalar.complex(1.5, -2), ChunkSpec.of(4)));
        e.put("put_complex_scalar", in -> in.get(0).put(Tensors.real(in.get(0)).greater(0.0), Scalar.complex(1, -1)));
        e.put("put_complex_scalar_c64", in -> in.get(0).put(Tensors.imag(in.get(0)).less(0.0),
                Scalar.complex(0, -0.5)));
        return e;
    }

    record Case(String name, String inputs, double scale, boolean signedZeros) {
    }

    static List<Case> manifest() throws IOException {
        List<Case> out = new ArrayList<>();
        for (String line : Files.readAllLines(DIR.resolve("cases.tsv"))) {
            String[] f = line.split("\t", -1);
            out.add(new Case(f[0], f[1], Double.parseDouble(f[3]), f[4].equals("1")));
        }
        return out;
    }

    static Stream<Arguments> cases() throws IOException {
        List<Arguments> out = new ArrayList<>();
        for (Case c : manifest()) {
            for (int k = 0; k < CHUNKINGS.size(); k++) {
                out.add(Arguments.of(c.name(), c, k));
            }
        }
        return out.stream();
    }

    @Test
    void everyCaseOfTheScriptHasAnExpression() throws IOException {
        List<String> names = manifest().stream().map(Case::name).toList();
        assertThat(EXPRESSIONS.keySet()).containsAll(names);
        assertThat(names).hasSizeGreaterThan(150);
    }

    @ParameterizedTest(name = "{0} chunking {2}")
    @MethodSource("cases")
    void agreesWithNumpy(String name, Case c, int chunking) {
        List<Tensor> in = new ArrayList<>();
        for (String input : c.inputs().split(" ")) {
            in.add(Tensors.array(Npy.read(DIR.resolve("inputs").resolve(input + ".npy")), CHUNKINGS.get(chunking)));
        }
        NDArray expected = Npy.read(DIR.resolve("expected").resolve(name + ".npy"));
        NDArray actual = EXPRESSIONS.get(name).apply(in).execute(CLUSTER.session());
        assertClose(name, expected, actual, c.scale(), c.signedZeros());
    }

    static void assertClose(String name, NDArray expected, NDArray actual, double scale, boolean signedZeros) {
        assertThat(actual.dtype()).as(name + " dtype").isEqualTo(expected.dtype());
        assertThat(actual.shape()).as(name + " shape").isEqualTo(expected.shape());
        if (expected.dtype() == DataType.BOOL) {
            assertThat(actual.toBooleanArray()).as(name).isEqualTo(expected.toBooleanArray());
            return;
        }
        boolean single = expected.dtype() == DataType.COMPLEX64 || expected.dtype() == DataType.FLOAT32;
        double relative = single ? 1e-6 : 1e-12;
        for (int i = 0; i < expected.size(); i++) {
            double er = expected.getReal(i);
            double ei = expected.getImag(i);
            double ar = actual.getReal(i);
            double ai = actual.getImag(i);
            String what = name + " element " + i + " of " + Arrays.toString(expected.shape()) + ": " + ar + "+" + ai
                    + "j, numpy " + er + "+" + ei + "j";
            if (!Double.isFinite(er) || !Double.isFinite(ei)) {
                // the non-finite parts exactly (NaN where NaN, the infinity's sign), a finite part beside them close
                assertPart(what, er, ar, relative * Math.abs(er));
                assertPart(what, ei, ai, relative * Math.abs(ei));
                continue;
            }
            double magnitude = scale > 0 ? scale : Math.hypot(er, ei);
            double tolerance = relative * Math.max(magnitude, Double.MIN_NORMAL);
            assertThat(Math.hypot(ar - er, ai - ei)).as(what).isLessThanOrEqualTo(tolerance);
            if (signedZeros) {
                if (er == 0.0) {
                    assertThat(Math.copySign(1.0, ar)).as(what + " (sign of the zero real part)")
                            .isEqualTo(Math.copySign(1.0, er));
                }
                if (ei == 0.0) {
                    assertThat(Math.copySign(1.0, ai)).as(what + " (sign of the zero imaginary part)")
                            .isEqualTo(Math.copySign(1.0, ei));
                }
            }
        }
    }

    private static void assertPart(String what, double expected, double actual, double tolerance) {
        if (Double.isNaN(expected)) {
            assertThat(actual).as(what).isNaN();
        } else if (Double.isInfinite(expected)) {
            assertThat(actual).as(what).isEqualTo(expected);
        } else {
            assertThat(Math.abs(actual - expected)).as(what).isLessThanOrEqualTo(Math.max(tolerance,
                    Double.MIN_NORMAL));
        }
    }
}
