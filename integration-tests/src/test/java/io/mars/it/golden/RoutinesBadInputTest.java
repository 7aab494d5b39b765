package io.mars.it.golden;

import static io.mars.it.golden.UserErrors.assertUserError;
import static io.mars.tensor.Tensors.chunks;
import static io.mars.tensor.Tensors.shape;
import static org.assertj.core.api.Assertions.assertThat;

import io.mars.common.error.ErrorCode;
import io.mars.tensor.Linalg;
import io.mars.tensor.Tensor;
import io.mars.tensor.Tensors;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Wrong input to the composed routines and the small linear algebra fails while the expression is built, with a
 * user error whose code says what is wrong and whose message names the values (and, where there is one, the way out).
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class RoutinesBadInputTest {
    @RegisterExtension
    static final SharedSession CLUSTER = SharedSession.local(2);

    private static final Tensor MATRIX = Tensors.ones(shape(3, 4), chunks(2));
    private static final Tensor VECTOR = Tensors.arange(5);
    private static final Tensor SCALAR = Tensors.array(2.5);

    @Test
    void differencesNeedAnAxisANonNegativeOrderAndEnoughPoints() {
        assertUserError(() -> Tensors.diff(VECTOR, -1, 0), ErrorCode.INVALID_ARGUMENT,
                m -> assertThat(m).contains("order must be non-negative but got -1"));
        assertUserError(() -> Tensors.diff(SCALAR), ErrorCode.INVALID_ARGUMENT, m -> assertThat(m).contains("0-d"));
        assertUserError(() -> Tensors.diff(MATRIX, 1, 2), ErrorCode.AXIS_OUT_OF_RANGE,
                m -> assertThat(m).contains("axis 2"));
        assertUserError(() -> Tensors.gradient(Tensors.arange(1)), ErrorCode.INVALID_ARGUMENT,
                m -> assertThat(m).contains("at least 2 elements").contains("got 1"));
        assertUserError(() -> Tensors.gradient(MATRIX), ErrorCode.INVALID_ARGUMENT,
                m -> assertThat(m).contains("gradient(a, axis)"));
        assertUserError(() -> Tensors.trapezoid(MATRIX, Tensors.arange(3), -1), ErrorCode.SHAPE_MISMATCH,
                m -> assertThat(m).contains("x has 3 points but y has 4"));
    }

    @Test
    void spacingAndGridsRefuseZeroMixedSignsAndUnknownIndexing() {
        assertUserError(() -> Tensors.geomspace(0.0, 10.0, 5), ErrorCode.INVALID_ARGUMENT,
                m -> assertThat(m).contains("cannot include zero"));
        assertUserError(() -> Tensors.geomspace(-1.0, 10.0, 5), ErrorCode.NOT_SUPPORTED,
                m -> assertThat(m).contains("different signs").contains("complex"));
        assertUserError(() -> Tensors.meshgrid("yx", VECTOR, VECTOR), ErrorCode.INVALID_ARGUMENT,
                m -> assertThat(m).contains("'xy' and 'ij'").contains("'yx'"));
        assertUserError(() -> Tensors.indices(2, -1), ErrorCode.INVALID_ARGUMENT,
                m -> assertThat(m).contains("negative dimensions"));
    }

    @Test
    void insertionDeletionAndPaddingCheckPositionsWidthsAndModes() {
        assertUserError(() -> Tensors.delete(VECTOR, 5), ErrorCode.INDEX_OUT_OF_RANGE,
                m -> assertThat(m).contains("index 5 is out of bounds for axis 0 with size 5"));
        assertUserError(() -> Tensors.insert(VECTOR, 7, 1.0), ErrorCode.INDEX_OUT_OF_RANGE,
                m -> assertThat(m).contains("index 7 is out of bounds"));
        assertUserError(() -> Tensors.pad(MATRIX, new long[][] {{1, 1}}), ErrorCode.INVALID_ARGUMENT,
                m -> assertThat(m).contains("each of the 2 axes").contains("got 1"));
        assertUserError(() -> Tensors.pad(VECTOR, new long[][] {{-1, 1}}), ErrorCode.INVALID_ARGUMENT,
                m -> assertThat(m).contains("negative"));
        assertUserError(() -> Tensors.pad(VECTOR, new long[][] {{1, 1}}, "reflect"), ErrorCode.NOT_SUPPORTED,
                m -> assertThat(m).contains("'reflect'").contains("'constant' or 'edge'"));
    }

    @Test
    void productsOfVectorsCheckTheirLengths() {
        assertUserError(() -> Tensors.cross(MATRIX, MATRIX), ErrorCode.SHAPE_MISMATCH,
                m -> assertThat(m).contains("dimension must be 2 or 3").contains("(3, 4)"));
        assertUserError(() -> Tensors.vdot(VECTOR, MATRIX), ErrorCode.SHAPE_MISMATCH,
                m -> assertThat(m).contains("different lengths: 5 and 12"));
        assertUserError(() -> Tensors.multiDot(List.of(MATRIX)), ErrorCode.INVALID_ARGUMENT,
                m -> assertThat(m).contains("at least two arrays"));
        assertUserError(() -> Tensors.multiDot(List.of(MATRIX, MATRIX)), ErrorCode.SHAPE_MISMATCH,
                m -> assertThat(m).contains("not aligned"));
    }

    @Test
    void elementWiseExtrasAndLookupsRefuseWhatNumpyRefuses() {
        assertUserError(() -> Tensors.ldexp(VECTOR, Tensors.ones(shape(5), chunks(5))), ErrorCode.INVALID_ARGUMENT,
                m -> assertThat(m).contains("exponent must be an integer"));
        assertUserError(() -> Tensors.signbit(VECTOR.greater(2L)), ErrorCode.INVALID_ARGUMENT,
                m -> assertThat(m).contains("bool"));
        assertUserError(() -> Tensors.nonzero(SCALAR), ErrorCode.INVALID_ARGUMENT,
                m -> assertThat(m).contains("0d").contains("atleast1d"));
        assertUserError(() -> Tensors.interp(VECTOR, Tensors.arange(3), Tensors.arange(4)), ErrorCode.SHAPE_MISMATCH,
                m -> assertThat(m).contains("same length"));
        assertUserError(() -> Tensors.convolve(VECTOR, Tensors.arange(3), "middle"), ErrorCode.INVALID_ARGUMENT,
                m -> assertThat(m).contains("'full', 'same' or 'valid'").contains("'middle'"));
        assertUserError(() -> Tensors.convolve(VECTOR, Tensors.arange(0)), ErrorCode.INVALID_ARGUMENT,
                m -> assertThat(m).contains("cannot be empty"));
    }

    @Test
    void linearAlgebraNeedsSquareMatricesWhereNumpyDoes() {
        assertUserError(() -> Tensors.det(MATRIX), ErrorCode.SHAPE_MISMATCH,
                m -> assertThat(m).contains("must be square").contains("det"));
        assertUserError(() -> Linalg.eigh(MATRIX), ErrorCode.SHAPE_MISMATCH, m -> assertThat(m).contains("eigh"));
        assertUserError(() -> Tensors.matrixPower(MATRIX, 2), ErrorCode.SHAPE_MISMATCH,
                m -> assertThat(m).contains("matrix_power"));
        assertUserError(() -> Linalg.pinv(MATRIX, -1), ErrorCode.INVALID_ARGUMENT,
                m -> assertThat(m).contains("rcond must be >= 0"));
        assertUserError(() -> Tensors.det(VECTOR), ErrorCode.INVALID_ARGUMENT,
                m -> assertThat(m).contains("two-dimensional"));
    }

    @Test
    void numberTheoryNeedsIntegersAndShapesNeedTheirAxes() {
        assertUserError(() -> Tensors.gcd(MATRIX, MATRIX), ErrorCode.UNSUPPORTED_DTYPE,
                m -> assertThat(m).contains("gcd").contains("integers only"));
        assertUserError(() -> Tensors.rot90(VECTOR), ErrorCode.INVALID_ARGUMENT,
                m -> assertThat(m).contains("at least 2 dimensions"));
        assertUserError(() -> Tensors.rot90(MATRIX, 1, 1, -1), ErrorCode.INVALID_ARGUMENT,
                m -> assertThat(m).contains("axes must be different"));
        assertUserError(() -> Tensors.fliplr(VECTOR), ErrorCode.INVALID_ARGUMENT, m -> assertThat(m).contains("2-d"));
        assertUserError(() -> Tensors.vsplit(VECTOR, 1), ErrorCode.INVALID_ARGUMENT,
                m -> assertThat(m).contains("vsplit only works on tensors of 2 or more dimensions"));
        assertUserError(() -> Tensors.dsplit(MATRIX, 1), ErrorCode.INVALID_ARGUMENT,
                m -> assertThat(m).contains("3 or more"));
        assertUserError(() -> Tensors.vander(MATRIX), ErrorCode.INVALID_ARGUMENT,
                m -> assertThat(m).contains("one-dimensional"));
        assertUserError(() -> Tensors.vander(VECTOR, -2, false), ErrorCode.INVALID_ARGUMENT,
                m -> assertThat(m).contains("non-negative"));
        assertUserError(() -> Tensors.resize(VECTOR, 2, -3), ErrorCode.INVALID_ARGUMENT,
                m -> assertThat(m).contains("non-negative"));
    }

    @Test
    void indexConversionsAndLexsortCheckTheirArguments() {
        assertUserError(() -> Tensors.unravelIndex(MATRIX, 3, 4), ErrorCode.INVALID_ARGUMENT,
                m -> assertThat(m).contains("only int indices"));
        assertUserError(() -> Tensors.unravelIndex(VECTOR, 3, 0), ErrorCode.INVALID_ARGUMENT,
                m -> assertThat(m).contains("dimensions must be positive"));
        assertUserError(() -> Tensors.ravelMultiIndex(List.of(VECTOR), 3, 4), ErrorCode.INVALID_ARGUMENT,
                m -> assertThat(m).contains("length 2, got 1"));
        assertUserError(() -> Tensors.lexsort(List.of()), ErrorCode.INVALID_ARGUMENT,
                m -> assertThat(m).contains("len > 0"));
        assertUserError(() -> Tensors.lexsort(List.of(VECTOR, Tensors.arange(4))), ErrorCode.SHAPE_MISMATCH,
                m -> assertThat(m).contains("same length"));
    }

    @Test
    void partitionsNeedAKthInsideTheAxis() {
        assertUserError(() -> Tensors.partition(VECTOR, 5, 0), ErrorCode.INVALID_ARGUMENT,
                m -> assertThat(m).contains("kth(=5) out of bounds (5)"));
        assertUserError(() -> Tensors.argpartition(MATRIX, -5, 1), ErrorCode.INVALID_ARGUMENT,
                m -> assertThat(m).contains("kth(=-5) out of bounds (4)"));
        assertUserError(() -> Tensors.partition(SCALAR, 0, 0), ErrorCode.INVALID_ARGUMENT,
                m -> assertThat(m).contains("0-d"));
    }
}
