package io.mars.container.kernels;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.mars.common.error.MarsException;
import io.mars.common.table.ArrowTables;
import io.mars.common.table.TableChunk;
import io.mars.types.ChunkData;
import io.mars.types.Column;
import io.mars.types.DType;
import io.mars.types.LocalTable;
import java.util.Arrays;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.junit.jupiter.api.Test;

/** Stitching the column chunks of a row chunk: columns side by side, buffers shared, nothing left allocated. */
class WideTableKernelsTest {
    private static TableChunk chunk(BufferAllocator a, Column... cols) {
        return new TableChunk(ArrowTables.toArrow(new LocalTable(List.of(cols)), a));
    }

    @Test
    void putsColumnChunksSideBySideSharingTheirBuffers() {
        try (BufferAllocator allocator = new RootAllocator()) {
            TableChunk left = chunk(allocator, Column.of("a", DType.INT64, Arrays.asList(1L, null, 3L)),
                    Column.ofStrings("s", Arrays.asList("x", null, "zz")));
            TableChunk right = chunk(allocator, Column.of("b", DType.FLOAT64, Arrays.asList(0.5, 1.5, null)));
            long before = allocator.getAllocatedMemory();
            TableChunk both = WideTableKernels.hconcat(List.<ChunkData>of(left, right), allocator);
            assertThat(allocator.getAllocatedMemory()).as("no value buffer copied").isEqualTo(before);
            LocalTable t = ArrowTables.toLocal(both.root());
            assertThat(t.columnNames()).containsExactly("a", "s", "b");
            assertThat(t.toRows()).containsExactly(Arrays.asList(1L, "x", 0.5), Arrays.asList(null, null, 1.5),
                    Arrays.asList(3L, "zz", null));
            left.close();
            right.close();
            // the stitched chunk keeps the shared buffers alive after its inputs are gone
            assertThat(ArrowTables.toLocal(both.root()).column("b").getDouble(1)).isEqualTo(1.5);
            both.close();
            assertThat(allocator.getAllocatedMemory()).isZero();
        }
    }

    @Test
    void refusesChunksOfDifferentRowCounts() {
        try (BufferAllocator allocator = new RootAllocator()) {
            TableChunk left = chunk(allocator, Column.of("a", DType.INT64, Arrays.asList(1L, 2L)));
            TableChunk right = chunk(allocator, Column.of("b", DType.INT64, Arrays.asList(1L)));
            assertThatThrownBy(() -> WideTableKernels.hconcat(List.<ChunkData>of(left, right), allocator))
                    .isInstanceOf(MarsException.class).hasMessageContaining("2 and 1 rows");
            left.close();
            right.close();
            assertThat(allocator.getAllocatedMemory()).isZero();
        }
    }
}
