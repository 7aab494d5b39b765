package io.mars.it.golden;

import static io.mars.it.golden.UserErrors.assertUserError;
import static io.mars.it.golden.UserErrors.compact;
import static io.mars.tensor.Tensors.chunks;
import static io.mars.tensor.Tensors.shape;
import static org.assertj.core.api.Assertions.assertThat;

import io.mars.common.error.ErrorCode;
import io.mars.tensor.Tensor;
import io.mars.tensor.Tensors;
import io.mars.types.DataType;
import org.junit.jupiter.api.Test;

/**
 * Element-wise functions reject what numpy rejects, while the expression is built, with a user error whose code says
 * what is wrong and whose message names the offending function, dtype or values.
 */
class ElementwiseBadInputTest {
    private final Tensor floats = Tensors.ones(shape(4), chunks(2));
    private final Tensor ints = Tensors.arange(4, chunks(3));
    private final Tensor flags = Tensors.full(shape(4), true, chunks(2));
    private final Tensor int8 = Tensors.ones(shape(4), DataType.INT8, chunks(2));

    @Test
    void rejectsBitwiseFunctionsOnFloats() {
        assertUserError(() -> floats.bitwiseAnd(ints), ErrorCode.UNSUPPORTED_DTYPE,
                m -> assertThat(m).contains("bitwise_and").contains("float64"));
        assertUserError(() -> ints.bitwiseOr(Tensors.ones(shape(4), DataType.FLOAT32, chunks(2))),
                ErrorCode.UNSUPPORTED_DTYPE, m -> assertThat(m).contains("bitwise_or").contains("float64"));
        assertUserError(floats::invert, ErrorCode.UNSUPPORTED_DTYPE, m -> assertThat(m).contains("invert"));
        assertUserError(() -> floats.leftShift(1), ErrorCode.UNSUPPORTED_DTYPE,
                m -> assertThat(m).contains("left_shift").contains("float64"));
        assertUserError(() -> Tensors.bitwiseXor(ints, 1.5), ErrorCode.UNSUPPORTED_DTYPE,
                m -> assertThat(m).contains("bitwise_xor").contains("float64"));
    }

    @Test
    void rejectsOperandsThatCannotBroadcast() {
        Tensor a = Tensors.ones(shape(3, 4), chunks(2));
        Tensor b = Tensors.ones(shape(5), chunks(2));

        assertUserError(() -> a.floorDivide(b), ErrorCode.SHAPE_MISMATCH,
                m -> assertThat(compact(m)).contains("(3,4)").contains("(5,)"));
        assertUserError(() -> Tensors.where(Tensors.full(shape(3, 1), true, chunks(2)), a, b), ErrorCode.SHAPE_MISMATCH,
                m -> assertThat(compact(m)).contains("(5,)"));
        assertUserError(() -> Tensors.clip(a, b, 1.0), ErrorCode.SHAPE_MISMATCH,
                m -> assertThat(compact(m)).contains("(3,4)").contains("(5,)"));
    }

    @Test
    void rejectsUnknownDtypeNames() {
        assertUserError(() -> floats.astype("float16"), ErrorCode.UNSUPPORTED_DTYPE,
                m -> assertThat(m).contains("float16").contains("float64"));
        assertUserError(() -> floats.astype("bogus"), ErrorCode.UNSUPPORTED_DTYPE, m -> assertThat(m).contains("'bogus'"));
    }

    @Test
    void rejectsSignAndPositiveOfBool() {
        assertUserError(() -> Tensors.sign(flags), ErrorCode.UNSUPPORTED_DTYPE,
                m -> assertThat(m).contains("sign").contains("bool"));
        assertUserError(flags::positive, ErrorCode.UNSUPPORTED_DTYPE,
                m -> assertThat(m).contains("positive").contains("bool"));
    }

    @Test
    void rejectsRoundingBoolToDecimals() {
        assertUserError(() -> flags.round(1), ErrorCode.UNSUPPORTED_DTYPE,
                m -> assertThat(m).contains("decimals=1").contains("bool"));
    }

    @Test
    void rejectsIntScalarsOutsideTheTensorsIntegerType() {
        assertUserError(() -> int8.floorDivide(300), ErrorCode.INVALID_ARGUMENT,
                m -> assertThat(m).contains("300").contains("int8"));
        assertUserError(() -> Tensors.maximum(int8, -129), ErrorCode.INVALID_ARGUMENT,
                m -> assertThat(m).contains("-129").contains("int8"));
        assertUserError(() -> int8.bitwiseAnd(1000), ErrorCode.INVALID_ARGUMENT,
                m -> assertThat(m).contains("1000").contains("int8"));
    }

    @Test
    void rejectsExpressionsWithoutATensor() {
        assertUserError(() -> Tensors.where(true, 1.0, 2.0), ErrorCode.INVALID_ARGUMENT,
                m -> assertThat(m).contains("where").contains("tensor"));
        assertUserError(() -> Tensors.maximum(1.0, 2L), ErrorCode.INVALID_ARGUMENT,
                m -> assertThat(m).contains("maximum").contains("tensor"));
    }

    @Test
    void rejectsOperandsThatAreNotTensorsOrScalars() {
        assertUserError(() -> Tensors.hypot(floats, "3"), ErrorCode.INVALID_ARGUMENT,
                m -> assertThat(m).contains("hypot").contains("String"));
    }
}
