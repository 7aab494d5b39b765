package io.mars.it.golden;

import static io.mars.it.golden.UserErrors.assertUserError;
import static io.mars.tensor.Tensors.chunks;
import static io.mars.tensor.Tensors.shape;
import static org.assertj.core.api.Assertions.assertThat;

import io.mars.common.error.ErrorCode;
import io.mars.tensor.Tensor;
import io.mars.tensor.TensorRandom;
import io.mars.tensor.Tensors;
import io.mars.types.DataType;
import org.junit.jupiter.api.Test;

/**
 * Bad arguments to the creation and random functions fail while the tensor is built, with a user error whose code
 * says what is wrong and whose message names the values (numpy's wording where it has one).
 */
class CreationRandomBadInputTest {
    private final TensorRandom random = Tensors.random(1);

    @Test
    void rejectsANegativeNumberOfLinspaceSamples() {
        assertUserError(() -> Tensors.linspace(0, 1, -1), ErrorCode.INVALID_ARGUMENT,
                m -> assertThat(m).contains("Number of samples, -1, must be non-negative"));
    }

    @Test
    void rejectsNegativeEyeDimensions() {
        assertUserError(() -> Tensors.eye(-2), ErrorCode.INVALID_ARGUMENT,
                m -> assertThat(m).contains("negative dimensions").contains("-2"));
        assertUserError(() -> Tensors.eye(3, -1, 0), ErrorCode.INVALID_ARGUMENT, m -> assertThat(m).contains("M=-1"));
        assertUserError(() -> Tensors.identity(-5), ErrorCode.INVALID_ARGUMENT, m -> assertThat(m).contains("-5"));
    }

    @Test
    void rejectsDiagOfThreeDimensions() {
        Tensor cube = Tensors.ones(shape(2, 3, 4));
        assertUserError(() -> Tensors.diag(cube), ErrorCode.INVALID_ARGUMENT,
                m -> assertThat(m).contains("Input must be 1- or 2-d").contains("(2, 3, 4)"));
    }

    @Test
    void rejectsTriangleOfAScalar() {
        Tensor scalar = Tensors.ones(shape());
        assertUserError(() -> Tensors.tril(scalar), ErrorCode.INVALID_ARGUMENT, m -> assertThat(m).contains("tril"));
        assertUserError(() -> Tensors.triu(scalar, 1), ErrorCode.INVALID_ARGUMENT, m -> assertThat(m).contains("triu"));
    }

    @Test
    void rejectsRandintWithAnEmptyRange() {
        assertUserError(() -> random.randint(5, 5, shape(3)), ErrorCode.INVALID_ARGUMENT,
                m -> assertThat(m).contains("low >= high").contains("low=5").contains("high=5"));
        assertUserError(() -> random.randint(7, -2, shape(3)), ErrorCode.INVALID_ARGUMENT,
                m -> assertThat(m).contains("low=7").contains("high=-2"));
    }

    @Test
    void rejectsRandintBoundsOutsideTheDtype() {
        assertUserError(() -> random.randint(0, 300, shape(3), DataType.INT8), ErrorCode.INVALID_ARGUMENT,
                m -> assertThat(m).contains("high is out of bounds for int8").contains("300"));
        assertUserError(() -> random.randint(-40000, 0, shape(3), DataType.INT16), ErrorCode.INVALID_ARGUMENT,
                m -> assertThat(m).contains("low is out of bounds for int16").contains("-40000"));
        assertUserError(() -> random.randint(0, 3, shape(3), DataType.BOOL), ErrorCode.INVALID_ARGUMENT,
                m -> assertThat(m).contains("bool"));
        assertUserError(() -> random.randint(0, 3, shape(3), DataType.FLOAT64), ErrorCode.UNSUPPORTED_DTYPE,
                m -> assertThat(m).contains("float64"));
    }

    @Test
    void rejectsInfiniteUniformRangesAndNegativeNormalScales() {
        assertUserError(() -> random.uniform(-Double.MAX_VALUE, Double.MAX_VALUE, 3), ErrorCode.INVALID_ARGUMENT,
                m -> assertThat(m).contains("finite range"));
        assertUserError(() -> random.uniform(0, Double.NaN, 3), ErrorCode.INVALID_ARGUMENT,
                m -> assertThat(m).contains("NaN"));
        assertUserError(() -> random.normal(0, -1.5, 3), ErrorCode.INVALID_ARGUMENT,
                m -> assertThat(m).contains("scale < 0").contains("-1.5"));
    }

    @Test
    void rejectsNegativeShapesOfRandomTensors() {
        assertUserError(() -> random.randn(3, -4), ErrorCode.INVALID_ARGUMENT,
                m -> assertThat(m).contains("negative dimensions").contains("(3, -4)"));
    }

    @Test
    void rejectsProbabilitiesThatDoNotSumToOne() {
        assertUserError(() -> random.choice(3, shape(5), true, new double[] {0.5, 0.2, 0.2}), ErrorCode.INVALID_ARGUMENT,
                m -> assertThat(m).contains("probabilities do not sum to 1").contains("0.9"));
    }

    @Test
    void rejectsNegativeProbabilitiesAndWrongLengths() {
        assertUserError(() -> random.choice(3, shape(5), true, new double[] {1.5, -0.5, 0}), ErrorCode.INVALID_ARGUMENT,
                m -> assertThat(m).contains("probabilities are not non-negative").contains("p[1]=-0.5"));
        assertUserError(() -> random.choice(3, shape(5), true, new double[] {0.5, 0.5}), ErrorCode.SHAPE_MISMATCH,
                m -> assertThat(m).contains("a and p must have same size").contains("3").contains("2"));
    }

    @Test
    void rejectsASampleWithoutReplacementLargerThanThePopulation() {
        assertUserError(() -> random.choice(5, shape(2, 3), false), ErrorCode.INVALID_ARGUMENT,
                m -> assertThat(m).contains("Cannot take a larger sample than population when replace is False")
                        .contains("(2, 3)").contains("6").contains("5"));
        assertUserError(() -> random.choice(4, shape(3), false, new double[] {0.5, 0.5, 0, 0}),
                ErrorCode.INVALID_ARGUMENT, m -> assertThat(m).contains("Fewer non-zero entries in p than size"));
    }

    @Test
    void rejectsChoiceFromNothingAndFromMatrices() {
        assertUserError(() -> random.choice(-3, 2), ErrorCode.INVALID_ARGUMENT, m -> assertThat(m).contains("-3"));
        assertUserError(() -> random.choice(0, 2), ErrorCode.INVALID_ARGUMENT,
                m -> assertThat(m).contains("unless no samples are taken"));
        Tensor matrix = Tensors.ones(shape(2, 2), chunks(1));
        assertUserError(() -> random.choice(matrix, 2), ErrorCode.INVALID_ARGUMENT,
                m -> assertThat(m).contains("a must be 1-dimensional").contains("(2, 2)"));
    }

    @Test
    void rejectsNegativePermutationLengthsAndScalars() {
        assertUserError(() -> random.permutation(-4), ErrorCode.INVALID_ARGUMENT, m -> assertThat(m).contains("-4"));
        assertUserError(() -> random.shuffle(Tensors.ones(shape())), ErrorCode.INVALID_ARGUMENT,
                m -> assertThat(m).contains("0-d"));
    }

    @Test
    void rejectsPermutationsTooLargeForOneChunkAsNotSupported() {
        assertUserError(() -> random.permutation(3_000_000_000L), ErrorCode.NOT_SUPPORTED,
                m -> assertThat(m).contains("3000000000"));
    }

    @Test
    void rejectsLikeTensorsAndChoicesOfUnknownLengthAsNotSupportedYet() {
        Tensor unknown = Tensors.unique(Tensors.array(new long[] {3, 1, 3}, chunks(2)));
        assertUserError(() -> Tensors.zerosLike(unknown), ErrorCode.NOT_SUPPORTED,
                m -> assertThat(m).contains("unknown shape").contains("(-1,)"));
        assertUserError(() -> random.choice(unknown, 2), ErrorCode.NOT_SUPPORTED,
                m -> assertThat(m).contains("unknown length"));
        assertUserError(() -> random.randn(4, -1), ErrorCode.INVALID_ARGUMENT,
                m -> assertThat(m).contains("negative dimensions").contains("(4, -1)"));
    }
}
