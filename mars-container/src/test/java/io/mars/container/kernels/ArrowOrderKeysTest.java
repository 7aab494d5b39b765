package io.mars.container.kernels;

import static org.assertj.core.api.Assertions.assertThat;

import io.mars.common.table.ArrowTables;
import io.mars.types.Column;
import io.mars.types.DType;
import java.util.Arrays;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.Float8Vector;
import org.junit.jupiter.api.Test;

class ArrowOrderKeysTest {
    @Test
    void keysReadFromArrowAreTheHeapKeysOfEveryPartInTurn() {
        try (BufferAllocator allocator = new RootAllocator();
             FieldVector a = ArrowTables.toVector(Column.of("v", DType.FLOAT64, Arrays.asList(2.5, -0.0, -7.0)),
                     allocator);
             FieldVector b = ArrowTables.toVector(Column.of("v", DType.FLOAT64, Arrays.asList(0.0, 1e300, -1e-300)),
                     allocator);
             FieldVector l = ArrowTables.toVector(Column.of("k", DType.INT64, Arrays.asList(3L, -4L, 0L)),
                     allocator)) {
            Column heap = Column.of("v", DType.FLOAT64, Arrays.asList(2.5, -0.0, -7.0, 0.0, 1e300, -1e-300));
            for (boolean asc : new boolean[] {true, false}) {
                assertThat(ArrowOrderKeys.of(List.of(a, b), asc)).isEqualTo(TableRows.orderKeys(heap, asc));
                assertThat(ArrowOrderKeys.of(List.of(l), asc))
                        .isEqualTo(TableRows.orderKeys(Column.ofLongs("k", 3, -4, 0), asc));
            }
            // -0.0 and 0.0 are one key
            long[] keys = ArrowOrderKeys.of(List.of(a, b), true);
            assertThat(keys[1]).isEqualTo(keys[3]);
            // mixed types are not read
            assertThat(ArrowOrderKeys.of(List.of(a, l), true)).isNull();
        }
    }

    @Test
    void nullsAndNaNAreLeftToTheHeapPath() {
        try (BufferAllocator allocator = new RootAllocator();
             FieldVector withNull = ArrowTables.toVector(Column.of("v", DType.FLOAT64, Arrays.asList(1.0, null)),
                     allocator);
             Float8Vector validNaN = new Float8Vector("v", allocator)) {
            validNaN.allocateNew(2);
            validNaN.set(0, 1.0);
            validNaN.set(1, Double.NaN); // a NaN marked valid, as a file may hold one
            validNaN.setValueCount(2);
            assertThat(ArrowOrderKeys.of(List.of(withNull), true)).isNull();
            assertThat(ArrowOrderKeys.of(List.of(validNaN), true)).isNull();
        }
    }
}
