package io.mars.it.golden;

import static io.mars.it.golden.UserErrors.assertUserError;
import static io.mars.tensor.Tensors.chunks;
import static io.mars.tensor.Tensors.shape;
import static org.assertj.core.api.Assertions.assertThat;

import io.mars.common.error.ErrorCode;
import io.mars.common.operand.QuantileMethod;
import io.mars.tensor.Tensor;
import io.mars.tensor.Tensors;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Reductions, quantiles, averages and scans reject what numpy rejects, with a user error whose code says what is
 * wrong and whose message names the values: shape, axis, dtype and q errors while the expression is built, errors
 * that depend on the data (all-NaN slices, weights summing to zero) when it runs.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class ReductionsBadInputTest {
    @RegisterExtension
    static final SharedSession CLUSTER = SharedSession.local(2);

    private static Tensor matrix() {
        return Tensors.ones(shape(3, 4), chunks(2));
    }

    @Test
    void rejectsAnAxisTheTensorDoesNotHave() {
        assertUserError(() -> matrix().prod(2), ErrorCode.AXIS_OUT_OF_RANGE,
                m -> assertThat(m).contains("axis 2").contains("dimension 2"));
        assertUserError(() -> matrix().nanmean(new int[] {-3}, true), ErrorCode.AXIS_OUT_OF_RANGE,
                m -> assertThat(m).contains("axis -3"));
        assertUserError(() -> matrix().argmax(5), ErrorCode.AXIS_OUT_OF_RANGE, m -> assertThat(m).contains("axis 5"));
        assertUserError(() -> matrix().cumsum(2), ErrorCode.AXIS_OUT_OF_RANGE, m -> assertThat(m).contains("axis 2"));
        assertUserError(() -> matrix().median(0, 0), ErrorCode.INVALID_ARGUMENT,
                m -> assertThat(m).contains("repeated axis 0"));
    }

    @Test
    void rejectsArgminOfAnEmptyAxis() {
        Tensor empty = Tensors.zeros(shape(0, 3), chunks(2));
        assertUserError(() -> empty.argmin(), ErrorCode.EMPTY_REDUCTION,
                m -> assertThat(m).contains("attempt to get argmin of an empty sequence").contains("(0, 3)"));
        assertUserError(() -> empty.nanargmax(0), ErrorCode.EMPTY_REDUCTION,
                m -> assertThat(m).contains("nanargmax").contains("axis 0"));
        assertThat(empty.argmin(1).shape()).containsExactly(0);
    }

    @Test
    void rejectsMinimaAndRangesOfEmptyAxes() {
        Tensor empty = Tensors.zeros(shape(0), chunks(2));
        assertUserError(empty::nanmin, ErrorCode.EMPTY_REDUCTION,
                m -> assertThat(m).contains("zero-size array to reduction operation nanmin which has no identity"));
        assertUserError(empty::ptp, ErrorCode.EMPTY_REDUCTION, m -> assertThat(m).contains("ptp"));
        assertUserError(() -> empty.percentile(50), ErrorCode.EMPTY_REDUCTION,
                m -> assertThat(m).contains("percentile").contains("(0,)"));
    }

    @Test
    void rejectsQOutsideItsRange() {
        assertUserError(() -> matrix().percentile(100.5), ErrorCode.INVALID_ARGUMENT,
                m -> assertThat(m).contains("Percentiles must be in the range [0, 100]").contains("100.5"));
        assertUserError(() -> matrix().quantile(new double[] {0.5, -0.1}, null, false, QuantileMethod.LINEAR),
                ErrorCode.INVALID_ARGUMENT, m -> assertThat(m).contains("Quantiles must be in the range [0, 1]")
                        .contains("-0.1"));
        assertUserError(() -> matrix().nanquantile(Double.NaN), ErrorCode.INVALID_ARGUMENT,
                m -> assertThat(m).contains("NaN"));
    }

    @Test
    void rejectsBoolWhereNumpyCannotSubtract() {
        Tensor flags = Tensors.full(shape(4), true, chunks(2));
        assertUserError(flags::ptp, ErrorCode.UNSUPPORTED_DTYPE, m -> assertThat(m).contains("bool"));
        assertUserError(() -> flags.percentile(50), ErrorCode.UNSUPPORTED_DTYPE,
                m -> assertThat(m).contains("bool").contains("linear"));
    }

    @Test
    void rejectsWeightsOfTheWrongShape() {
        Tensor a = matrix();
        assertUserError(() -> a.average(Tensors.ones(shape(3), chunks(2))), ErrorCode.SHAPE_MISMATCH,
                m -> assertThat(m).contains("Axis must be specified").contains("(3, 4)").contains("(3,)"));
        assertUserError(() -> a.average(Tensors.ones(shape(3), chunks(2)), 1), ErrorCode.SHAPE_MISMATCH,
                m -> assertThat(m).contains("Shape of weights must be consistent").contains("(3,)")
                        .contains("(4,)"));
        assertUserError(() -> a.average(Tensors.ones(shape(4, 3), chunks(2)), new int[] {0, 1}, false),
                ErrorCode.SHAPE_MISMATCH, m -> assertThat(m).contains("(4, 3)").contains("(3, 4)"));
    }

    @Test
    void failsWhenWeightsSumToZero() {
        Tensor a = matrix();
        Tensor w = Tensors.array(new double[] {1, -1, 0, 0}, chunks(3));
        assertUserError(() -> a.average(w, 1).execute(CLUSTER.session()), ErrorCode.INVALID_ARGUMENT,
                m -> assertThat(m).contains("Weights sum to zero"));
    }

    @Test
    void failsOnAnAllNaNSliceOfNanargmin() {
        Tensor a = Tensors.array(new double[][] {{1, Double.NaN}, {2, Double.NaN}}, chunks(1));
        assertThat(a.nanargmin(1).execute(CLUSTER.session()).toLongArray()).containsExactly(0, 0);
        assertUserError(() -> a.nanargmin(0).execute(CLUSTER.session()), ErrorCode.INVALID_ARGUMENT,
                m -> assertThat(m).contains("All-NaN slice encountered").contains("nanargmin"));
        Tensor allNaN = Tensors.array(new double[] {Double.NaN, Double.NaN, Double.NaN}, chunks(2));
        assertUserError(() -> allNaN.nanargmax().execute(CLUSTER.session()), ErrorCode.INVALID_ARGUMENT,
                m -> assertThat(m).contains("All-NaN slice encountered").contains("nanargmax"));
    }
}
