package io.mars.tensor;

import static io.mars.tensor.Tensors.chunks;
import static io.mars.tensor.Tensors.shape;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.mars.common.error.ErrorCode;
import io.mars.common.error.MarsException;
import io.mars.types.DataType;
import io.mars.types.NDArray;
import org.junit.jupiter.api.Test;

/** A shape a caller asks for may not hold -1, which inside the engine means "unknown until computed". */
class RequestedShapeTest {
    private static void rejects(Runnable r) {
        assertThatThrownBy(r::run).isInstanceOf(MarsException.class).hasMessageContaining("(-1, 3)")
                .satisfies(e -> org.assertj.core.api.Assertions.assertThat(((MarsException) e).code())
                        .isEqualTo(ErrorCode.INVALID_ARGUMENT));
    }

    @Test
    void creationRejectsAnUnknownDimension() {
        rejects(() -> Tensors.zeros(shape(-1, 3)));
        rejects(() -> Tensors.ones(shape(-1, 3), chunks(2)));
        rejects(() -> Tensors.full(shape(-1, 3), 2.0, chunks(2)));
        rejects(() -> NDArray.allocate(DataType.FLOAT64, -1, 3));
    }
}
