package io.mars.container.kernels;

import static io.mars.container.kernels.KernelTesting.node;
import static io.mars.container.kernels.KernelTesting.shape;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.mars.common.error.ErrorCode;
import io.mars.common.error.MarsException;
import io.mars.common.graph.ChunkNode;
import io.mars.common.operand.Scalar;
import io.mars.common.operand.chunk.ChunkArange;
import io.mars.common.operand.chunk.ChunkAssemble;
import io.mars.common.operand.chunk.ChunkElementwise;
import io.mars.common.operand.chunk.ChunkFetch;
import io.mars.common.operand.chunk.ChunkFlatAssemble;
import io.mars.common.operand.chunk.ChunkFromArray;
import io.mars.common.operand.chunk.ChunkFull;
import io.mars.common.operand.chunk.ChunkRand;
import io.mars.common.operand.chunk.ChunkReduceAgg;
import io.mars.common.operand.chunk.ChunkReduceCombine;
import io.mars.common.operand.chunk.ChunkReduceMap;
import io.mars.common.operand.chunk.ChunkSum;
import io.mars.common.operand.chunk.ChunkTensorDot;
import io.mars.common.operand.chunk.ChunkTranspose;
import io.mars.types.DataType;
import io.mars.types.NDArray;
import java.util.List;
import org.junit.jupiter.api.Test;

class KernelRegistryTest {
    @Test
    void standardRegistryHasAKernelForEveryExecutableChunkOperand() {
        KernelRegistry registry = KernelRegistry.standard();

        for (var type : List.of(ChunkFull.class, ChunkArange.class, ChunkFromArray.class, ChunkRand.class,
                ChunkElementwise.class, ChunkReduceMap.class, ChunkReduceCombine.class, ChunkReduceAgg.class,
                ChunkTranspose.class, ChunkTensorDot.class, ChunkSum.class, ChunkAssemble.class, ChunkFlatAssemble.class)) {
            assertThat(registry.supports(type)).as(type.getSimpleName()).isTrue();
        }
        assertThat(registry.supports(ChunkFetch.class)).isFalse();
    }

    @Test
    void executingAFetchNamesItsWireName() {
        ChunkNode fetch = node(new ChunkFetch(), DataType.FLOAT64, shape(2));

        assertThatThrownBy(() -> KernelRegistry.standard().execute(fetch, List.of()))
                .isInstanceOf(MarsException.class)
                .hasMessageContaining("chunk.fetch")
                .satisfies(e -> assertThat(((MarsException) e).code()).isEqualTo(ErrorCode.INTERNAL_ERROR));
    }

    @Test
    void dispatchesOnTheOperandClassAndAcceptsReplacementKernels() {
        ChunkNode full = node(new ChunkFull(Scalar.of(3L)), DataType.INT64, shape(2));
        KernelRegistry custom = KernelRegistry.standard()
                .with(ChunkFull.class, (node, op, inputs) -> NDArray.of(new long[] {op.value().intValue() * 2, 0}, 2));

        NDArray standard = (NDArray) KernelRegistry.standard().execute(full, List.of());
        NDArray replaced = (NDArray) custom.execute(full, List.of());

        assertThat(standard.toLongArray()).containsExactly(3, 3);
        assertThat(replaced.toLongArray()).containsExactly(6, 0);
    }

    @Test
    void rejectsAKernelResultOfTheWrongDtypeOrShape() {
        ChunkNode full = node(new ChunkFull(Scalar.of(3L)), DataType.INT64, shape(2));
        KernelRegistry broken = KernelRegistry.standard()
                .with(ChunkFull.class, (node, op, inputs) -> NDArray.of(new double[] {1, 2, 3}, 3));

        assertThatThrownBy(() -> broken.execute(full, List.of()))
                .isInstanceOf(MarsException.class)
                .hasMessageContaining("chunk.full").hasMessageContaining("(3,)").hasMessageContaining("(2,)");
    }

    @Test
    void rejectsAMismatchedNumberOfInputs() {
        ChunkNode full = node(new ChunkFull(Scalar.of(3L)), DataType.INT64, shape(2));

        assertThatThrownBy(() -> KernelRegistry.standard().execute(full, List.of(NDArray.of(new long[] {1}, 1))))
                .isInstanceOf(MarsException.class).hasMessageContaining("1 input");
    }
}
