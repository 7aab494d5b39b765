package io.mars.it.golden;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import io.mars.Session;
import io.mars.tensor.Tensor;
import io.mars.types.DataType;
import io.mars.types.NDArray;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Function;

/**
 * Compares a Mars result with numpy's: same shape, same dtype, and the same values — exactly for ints and bools;
 * for floats within a relative tolerance, with NaN where numpy has NaN and the same infinities.
 */
final class GoldenAssertions {
    /** Relative tolerance for float64: a few ulps after a different summation order. */
    static final double FLOAT64_RTOL = 1e-12;
    /** Relative tolerance for float32. */
    static final double FLOAT32_RTOL = 1e-5;
    private static final int MISMATCHES_SHOWN = 8;

    private GoldenAssertions() {
    }

    /** Runs the case's tensor and compares the result with numpy's; returns the result. */
    static NDArray assertExecutesAsNumpy(GoldenCase c, Chunking chunking, Tensor tensor, NDArray expected,
            Session session) {
        NDArray actual = tensor.execute(session);
        assertMatches(c, chunking, actual, expected);
        return actual;
    }

    /** The shape and dtype the tensor declares before it runs are numpy's. */
    static void assertDeclaredAsNumpy(GoldenCase c, Tensor tensor, NDArray expected) {
        assertThat(tensor.shape()).as("declared shape of %s", c.name()).containsExactly(expected.shape());
        assertThat(tensor.dtype()).as("declared dtype of %s", c.name()).isEqualTo(expected.dtype());
    }

    /**
     * Every case has a unique name and a known value of {@code property} (its group or op), so that no case of the
     * manifest goes untested.
     */
    static void assertCasesNamedUniquelyAndKnown(List<GoldenCase> cases, String property,
            Function<GoldenCase, String> value, Collection<String> known) {
        Set<String> names = new HashSet<>();
        for (GoldenCase c : cases) {
            assertThat(value.apply(c)).as(property + " of %s", c.name()).isIn(known);
            assertThat(names.add(c.name())).as("case name %s is unique", c.name()).isTrue();
        }
    }

    static void assertMatches(GoldenCase c, Chunking chunking, NDArray actual, NDArray expected) {
        String what = c.name() + " [" + chunking + "] (op " + c.op() + " " + c.params().values() + " on " + c.inputs()
                + (c.note().isEmpty() ? "" : "; " + c.note()) + ")";
        assertThat(expected.dtype()).as("golden file dtype of %s vs manifest", c.name()).isEqualTo(c.dtype());
        assertThat(actual.shape()).as("shape of %s", what).containsExactly(expected.shape());
        assertThat(actual.dtype()).as("dtype of %s", what).isEqualTo(expected.dtype());
        double rtol = expected.dtype() == DataType.FLOAT32 ? FLOAT32_RTOL : FLOAT64_RTOL;
        List<String> mismatches = new ArrayList<>();
        int count = 0;
        for (int i = 0; i < expected.size(); i++) {
            String problem = expected.dtype().isFloat()
                    ? floatMismatch(actual.getDouble(i), expected.getDouble(i), rtol, c.scale())
                    : actual.getLong(i) == expected.getLong(i) ? null
                    : "expected " + text(expected, i) + " but was " + text(actual, i);
            if (problem != null) {
                count++;
                if (mismatches.size() < MISMATCHES_SHOWN) {
                    mismatches.add("  at " + index(expected.shapeView(), i) + ": " + problem);
                }
            }
        }
        if (count > 0) {
            fail(count + " of " + expected.size() + " values differ from numpy in " + what + ":\n"
                    + String.join("\n", mismatches) + (count > mismatches.size() ? "\n  ..." : ""));
        }
    }

    /** Null when {@code a} matches {@code e}, else a description of the difference. */
    static String floatMismatch(double a, double e, double rtol, double scale) {
        if (Double.isNaN(e) || Double.isNaN(a)) {
            return Double.isNaN(e) == Double.isNaN(a) ? null : "expected " + e + " but was " + a;
        }
        if (Double.isInfinite(e) || Double.isInfinite(a)) {
            return a == e ? null : "expected " + e + " but was " + a;
        }
        double tolerance = rtol * Math.max(Math.abs(e), scale);
        double diff = Math.abs(a - e);
        if (diff <= tolerance) {
            return null;
        }
        return "expected " + e + " but was " + a + " (difference " + diff + ", relative " + diff / Math.abs(e)
                + ", tolerance " + tolerance + ")";
    }

    private static String text(NDArray a, int i) {
        return a.dtype().isBool() ? Boolean.toString(a.getBoolean(i)) : Long.toString(a.getLong(i));
    }

    private static String index(long[] shape, int flat) {
        long[] idx = new long[shape.length];
        long rest = flat;
        for (int d = shape.length - 1; d >= 0; d--) {
            idx[d] = rest % shape[d];
            rest /= shape[d];
        }
        return Arrays.toString(idx);
    }

    /**
     * The tensor's declared rank and dtype are numpy's, and so is each declared dimension except those only computation
     * knows (a data-dependent length, declared unknown: unique, bincount, non-zeros, masks).
     */
    static void assertDeclaredAsNumpyWhereKnown(GoldenCase c, Tensor tensor, NDArray expected) {
        long[] declared = tensor.shape();
        assertThat(declared).as("declared rank of %s", c.name()).hasSameSizeAs(expected.shape());
        for (int d = 0; d < declared.length; d++) {
            if (declared[d] != io.mars.types.Shapes.UNKNOWN) {
                assertThat(declared[d]).as("declared dim %s of %s", d, c.name()).isEqualTo(expected.shape()[d]);
            }
        }
        assertThat(tensor.dtype()).as("declared dtype of %s", c.name()).isEqualTo(expected.dtype());
    }
}
