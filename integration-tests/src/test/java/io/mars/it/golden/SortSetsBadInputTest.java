package io.mars.it.golden;

import static io.mars.it.golden.UserErrors.assertUserError;
import static io.mars.it.golden.UserErrors.compact;
import static io.mars.tensor.Tensors.chunks;
import static io.mars.tensor.Tensors.shape;
import static org.assertj.core.api.Assertions.assertThat;

import io.mars.common.error.ErrorCode;
import io.mars.tensor.Tensor;
import io.mars.tensor.Tensors;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Wrong input to sorting, searching, sets and histograms fails as numpy would: a user error whose code says what is
 * wrong and whose message names the values. Arguments are checked while building; data (negative counts, bins given
 * as a tensor, a non-finite autodetected range) when the graph runs.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class SortSetsBadInputTest {
    @RegisterExtension
    static final SharedSession CLUSTER = SharedSession.local(2);

    @Test
    void rejectsSortAlongAnAxisTheTensorDoesNotHave() {
        Tensor a = Tensors.ones(shape(3, 4), chunks(2));

        assertUserError(() -> a.sort(2), ErrorCode.AXIS_OUT_OF_RANGE,
                m -> assertThat(m).contains("axis 2").contains("dimension 2"));
        assertUserError(() -> Tensors.array(2.5).argsort(), ErrorCode.AXIS_OUT_OF_RANGE,
                m -> assertThat(m).contains("axis -1").contains("dimension 0"));
    }

    @Test
    void rejectsATopkOfNoOrTooManyValuesOrOfAnAxisTheTensorDoesNotHave() {
        Tensor a = Tensors.ones(shape(3, 4), chunks(2));

        assertUserError(() -> a.topk(5, 1, true), ErrorCode.INVALID_ARGUMENT,
                m -> assertThat(compact(m)).contains("topk").contains("[1,4]").contains("(3,4)").contains("got5"));
        assertUserError(() -> a.argtopk(0, 0, false), ErrorCode.INVALID_ARGUMENT,
                m -> assertThat(compact(m)).contains("argtopk").contains("[1,3]").contains("got0"));
        assertUserError(() -> a.topk(1, 2, false), ErrorCode.AXIS_OUT_OF_RANGE,
                m -> assertThat(m).contains("axis 2").contains("dimension 2"));
        assertUserError(() -> Tensors.array(2.5).topk(1, 0, true), ErrorCode.INVALID_ARGUMENT,
                m -> assertThat(m).contains("0-d"));
    }

    @Test
    void rejectsSearchsortedInATwoDimensionalArray() {
        Tensor a = Tensors.ones(shape(3, 4), chunks(2));

        assertUserError(() -> a.searchsorted(Tensors.arange(3)), ErrorCode.INVALID_ARGUMENT,
                m -> assertThat(compact(m)).contains("1-dimensional").contains("(3,4)"));
    }

    @Test
    void rejectsAnUnknownSearchsortedSide() {
        Tensor a = Tensors.arange(5);

        assertUserError(() -> a.searchsorted(a, "middle"), ErrorCode.INVALID_ARGUMENT,
                m -> assertThat(m).contains("'middle'").contains("'left'").contains("'right'"));
    }

    @Test
    void rejectsNonMonotonicDigitizeBinsAtOnce() {
        Tensor x = Tensors.arange(5);

        assertUserError(() -> Tensors.digitize(x, new double[] {0, 2, 1}), ErrorCode.INVALID_ARGUMENT,
                m -> assertThat(m).contains("monotonically").contains("[0.0, 2.0, 1.0]"));
    }

    @Test
    void rejectsNonMonotonicDigitizeBinsTensorWhenItRuns() {
        Tensor x = Tensors.arange(5, chunks(2));
        Tensor bins = Tensors.array(new double[] {3, 1, 2}, chunks(2));
        Tensor d = Tensors.digitize(x, bins, false);

        assertUserError(() -> d.execute(CLUSTER.session()), ErrorCode.INVALID_ARGUMENT,
                m -> assertThat(m).contains("monotonically").contains("[3.0, 1.0, 2.0]"));
    }

    @Test
    void rejectsTwoDimensionalDigitizeBins() {
        Tensor x = Tensors.arange(5);

        assertUserError(() -> Tensors.digitize(x, Tensors.ones(shape(2, 2)), true), ErrorCode.INVALID_ARGUMENT,
                m -> assertThat(compact(m)).contains("bins").contains("(2,2)"));
    }

    @Test
    void rejectsNonPositiveHistogramBins() {
        Tensor x = Tensors.arange(5);

        assertUserError(() -> Tensors.histogram(x, 0), ErrorCode.INVALID_ARGUMENT,
                m -> assertThat(m).contains("`bins` must be positive").contains("got 0"));
    }

    @Test
    void rejectsDecreasingHistogramEdges() {
        Tensor x = Tensors.arange(5);

        assertUserError(() -> Tensors.histogram(x, new double[] {0, 3, 2}), ErrorCode.INVALID_ARGUMENT,
                m -> assertThat(m).contains("increase monotonically").contains("3.0").contains("2.0"));
    }

    @Test
    void rejectsAnInvertedOrInfiniteHistogramRange() {
        Tensor x = Tensors.arange(5);

        assertUserError(() -> Tensors.histogram(x, 3, new double[] {4, 1}), ErrorCode.INVALID_ARGUMENT,
                m -> assertThat(m).contains("max must be larger than min").contains("4.0").contains("1.0"));
        assertUserError(() -> Tensors.histogram(x, 3, new double[] {0, Double.POSITIVE_INFINITY}),
                ErrorCode.INVALID_ARGUMENT, m -> assertThat(m).contains("not finite").contains("Infinity"));
    }

    @Test
    void rejectsAnAutodetectedRangeWithNanWhenItRuns() {
        Tensor x = Tensors.array(new double[] {1, Double.NaN, 3}, chunks(2));
        Tensor counts = Tensors.histogram(x, 4).counts();

        assertUserError(() -> counts.execute(CLUSTER.session()), ErrorCode.INVALID_ARGUMENT,
                m -> assertThat(m).contains("autodetected range of [NaN, NaN] is not finite"));
    }

    @Test
    void rejectsNegativeValuesInBincountWhenItRuns() {
        Tensor x = Tensors.array(new long[] {1, 4, -3, 2}, chunks(3));
        Tensor counts = Tensors.bincount(x, 8);

        assertUserError(() -> counts.execute(CLUSTER.session()), ErrorCode.INVALID_ARGUMENT,
                m -> assertThat(m).contains("no negative elements").contains("-3"));
    }

    @Test
    void rejectsBincountOfFloatsOfTwoDimensionsAndNegativeMinlength() {
        assertUserError(() -> Tensors.bincount(Tensors.ones(shape(4)), 5), ErrorCode.UNSUPPORTED_DTYPE,
                m -> assertThat(m).contains("float64").contains("int64").contains("safe"));
        assertUserError(() -> Tensors.bincount(Tensors.arange(4).reshape(2, 2), 5), ErrorCode.INVALID_ARGUMENT,
                m -> assertThat(compact(m)).contains("1-dimensional").contains("(2,2)"));
        assertUserError(() -> Tensors.bincount(Tensors.arange(4), -1), ErrorCode.INVALID_ARGUMENT,
                m -> assertThat(m).contains("'minlength' must not be negative").contains("-1"));
        assertUserError(() -> Tensors.bincount(Tensors.arange(4), Tensors.ones(shape(3)), 5), ErrorCode.SHAPE_MISMATCH,
                m -> assertThat(compact(m)).contains("(3,)").contains("(4,)"));
    }
}
