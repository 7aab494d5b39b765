package io.mars.common.graph;

import static org.assertj.core.api.Assertions.assertThat;

import io.mars.common.operand.Scalar;
import io.mars.common.operand.SparseReduceFn;
import io.mars.common.operand.chunk.ChunkSparseFromCoo;
import io.mars.common.operand.chunk.ChunkSparseFromDense;
import io.mars.common.operand.chunk.ChunkSparseReduce;
import io.mars.common.operand.chunk.ChunkSparseScale;
import io.mars.common.operand.chunk.ChunkSparseToDense;
import io.mars.types.DataType;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A CSR block's size is not its dense shape's: the memory estimate counts it as unknown (as a chunk of unknown
 * length), so a sparse tensor whose dense form would not fit a worker is not refused before it runs; the dense
 * chunks computed from it keep their exact sizes.
 */
class SparseBlockSizeTest {
    @Test
    void csrBlocksCountAsUnknownAndTheirDenseResultsExactly() {
        long[] big = {100_000, 100_000};
        ChunkNode coo = new ChunkNode("c", new ChunkSparseFromCoo(0, 100_000, 100_000), List.of(), DataType.FLOAT64,
                big, new int[] {0, 0});
        ChunkNode fromDense = new ChunkNode("d", new ChunkSparseFromDense(), List.of(), DataType.FLOAT64, big,
                new int[] {0, 0});
        ChunkNode scaled = new ChunkNode("s", new ChunkSparseScale(false, Scalar.of(2.0)), List.of(coo),
                DataType.FLOAT64, big, new int[] {0, 0});
        assertThat(MemoryEstimate.bytes(coo)).isEqualTo(-1);
        assertThat(MemoryEstimate.bytes(fromDense)).isEqualTo(-1);
        assertThat(MemoryEstimate.bytes(scaled)).isEqualTo(-1);
        ChunkNode rowSums = new ChunkNode("r", new ChunkSparseReduce(SparseReduceFn.ROW_SUMS), List.of(coo),
                DataType.FLOAT64, new long[] {100_000}, new int[] {0});
        ChunkNode dense = new ChunkNode("t", new ChunkSparseToDense(), List.of(coo), DataType.FLOAT64, big,
                new int[] {0, 0});
        assertThat(MemoryEstimate.bytes(rowSums)).isEqualTo(800_000);
        assertThat(MemoryEstimate.bytes(dense)).isEqualTo(80_000_000_000L);
    }
}
