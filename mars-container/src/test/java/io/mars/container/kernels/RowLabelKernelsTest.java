package io.mars.container.kernels;

import static org.assertj.core.api.Assertions.assertThat;

import io.mars.common.operand.dataframe.ChunkTableRowPositions;
import io.mars.common.operand.dataframe.TableRowPositions;
import io.mars.common.table.ArrowTables;
import io.mars.common.table.TableChunk;
import io.mars.types.Column;
import io.mars.types.DType;
import io.mars.types.LocalTable;
import java.util.Arrays;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.junit.jupiter.api.Test;

class RowLabelKernelsTest {
    @Test
    void positionsFollowTheChunksOffsetAndTheColumnsAreShared() {
        LocalTable t = LocalTable.of(Column.ofLongs("k", 7, 8, 9),
                Column.of("s", DType.STRING, Arrays.asList("a", null, "c")));
        try (BufferAllocator allocator = new RootAllocator()) {
            try (TableChunk in = new TableChunk(ArrowTables.toArrow(t, allocator))) {
                long inputBytes = allocator.getAllocatedMemory();
                long labelsBytes;
                try (org.apache.arrow.vector.BigIntVector alone = new org.apache.arrow.vector.BigIntVector("l",
                        allocator)) {
                    alone.allocateNew(3);
                    labelsBytes = allocator.getAllocatedMemory() - inputBytes;
                }
                long before = allocator.getAllocatedMemory();
                try (TableChunk out = RowLabelKernels.positions(new ChunkTableRowPositions(40), in, allocator)) {
                    LocalTable got = ArrowTables.toLocal(out.root());
                    assertThat(got.columnNames()).containsExactly("k", "s", TableRowPositions.INDEX_COLUMN);
                    assertThat(got.column(TableRowPositions.INDEX_COLUMN).longs()).containsExactly(40, 41, 42);
                    assertThat(got.column(TableRowPositions.INDEX_COLUMN).dtype()).isEqualTo(DType.INT64);
                    assertThat(got.column("k").longs()).isEqualTo(t.column("k").longs());
                    assertThat(got.column("s").strings()).isEqualTo(t.column("s").strings());
                    // the input's columns are shared, not copied: only the labels' buffers are new
                    assertThat(allocator.getAllocatedMemory() - before).isEqualTo(labelsBytes);
                }
                assertThat(allocator.getAllocatedMemory()).isEqualTo(before);
            }
            assertThat(allocator.getAllocatedMemory()).isZero();
        }
    }
}
