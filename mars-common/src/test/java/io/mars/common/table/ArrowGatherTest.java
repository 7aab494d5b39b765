package io.mars.common.table;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.mars.types.Column;
import io.mars.types.LocalTable;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.junit.jupiter.api.Test;

/**
 * Arrow-to-Arrow gathers and concatenations of every type, with and without nulls, at lengths around a byte of
 * validity bits, against the same rows taken on the heap.
 */
class ArrowGatherTest {
    private static final int[] LENGTHS = {0, 1, 7, 8, 9, 13, 64, 1001};

    @Test
    void takeGivesTheHeapRowsForEveryTypeIncludingMissingRows() {
        try (BufferAllocator allocator = new RootAllocator()) {
            for (int n : LENGTHS) {
                for (boolean withNulls : new boolean[] {false, true}) {
                    Random rnd = new Random(n * 7L + (withNulls ? 1 : 0));
                    LocalTable in = ArrowTablesTest.table(n, withNulls, rnd);
                    for (boolean missing : new boolean[] {false, true}) {
                        int count = n == 0 ? (missing ? 3 : 0) : rnd.nextInt(2 * n + 1);
                        int[] rows = new int[count];
                        for (int i = 0; i < count; i++) {
                            rows[i] = n == 0 || missing && rnd.nextInt(4) == 0 ? -1 : rnd.nextInt(n);
                        }
                        assertTaken(in, rows, count, " n=" + n + " nulls=" + withNulls + " missing=" + missing,
                                allocator);
                    }
                }
            }
            assertEquals(0, allocator.getAllocatedMemory());
        }
    }

    /** Rows as a filter takes them: ascending, in runs of consecutive rows, some missing (-1) between runs. */
    @Test
    void takeOfRunsOfConsecutiveRowsGivesTheHeapRows() {
        try (BufferAllocator allocator = new RootAllocator()) {
            for (int n : LENGTHS) {
                for (boolean withNulls : new boolean[] {false, true}) {
                    Random rnd = new Random(n * 11L + (withNulls ? 1 : 0));
                    LocalTable in = ArrowTablesTest.table(n, withNulls, rnd);
                    int[] rows = new int[2 * n];
                    int count = 0;
                    for (int r = 0; r < n; r++) {
                        if (rnd.nextInt(5) != 0) {
                            rows[count++] = r;
                        } else if (rnd.nextBoolean()) {
                            rows[count++] = -1;
                        }
                    }
                    assertTaken(in, rows, count, " n=" + n + " nulls=" + withNulls, allocator);
                }
            }
            assertEquals(0, allocator.getAllocatedMemory());
        }
    }

    /** Each column of {@code in} taken at {@code rows} (-1: a null) in Arrow equals the rows taken on the heap. */
    private static void assertTaken(LocalTable in, int[] rows, int count, String where, BufferAllocator allocator) {
        try (VectorSchemaRoot root = ArrowTables.toArrow(in, allocator)) {
            for (int j = 0; j < in.columnCount(); j++) {
                String what = in.column(j).name() + where;
                try (FieldVector out = ArrowGather.take(root.getVector(j), "x", rows, count, allocator)) {
                    assertEquals("x", out.getField().getName(), what);
                    assertEquals(count, out.getValueCount(), what);
                    Column got = ArrowTables.toColumn(out, count);
                    for (int i = 0; i < count; i++) {
                        boolean isNull = rows[i] < 0 || in.column(j).isNull(rows[i]);
                        assertEquals(isNull, got.isNull(i), what + " null flag of row " + i);
                        if (!isNull) {
                            assertEquals(in.column(j).get(rows[i]), got.get(i), what + " row " + i);
                        }
                    }
                }
            }
        }
    }

    @Test
    void concatGivesThePartsOneAfterAnother() {
        try (BufferAllocator allocator = new RootAllocator()) {
            Random rnd = new Random(3);
            for (int trial = 0; trial < 12; trial++) {
                List<LocalTable> parts = new ArrayList<>();
                List<VectorSchemaRoot> roots = new ArrayList<>();
                int k = 1 + rnd.nextInt(4);
                for (int p = 0; p < k; p++) {
                    // odd lengths put each part's first value mid-byte of the result's validity bits
                    LocalTable t = ArrowTablesTest.table(LENGTHS[rnd.nextInt(LENGTHS.length)], trial % 3 == p % 3,
                            rnd);
                    parts.add(t);
                    roots.add(ArrowTables.toArrow(t, allocator));
                }
                LocalTable expected = Columns.concat(parts);
                for (int j = 0; j < expected.columnCount(); j++) {
                    List<FieldVector> vs = new ArrayList<>();
                    for (VectorSchemaRoot r : roots) {
                        vs.add(r.getVector(j));
                    }
                    try (FieldVector out = ArrowGather.concat(vs, allocator)) {
                        Column want = expected.column(j);
                        Column got = ArrowTables.toColumn(out, out.getValueCount());
                        assertEquals(want.length(), got.length());
                        for (int i = 0; i < want.length(); i++) {
                            String what = want.name() + " trial " + trial + " row " + i;
                            assertEquals(want.isNull(i), got.isNull(i), what);
                            if (!want.isNull(i)) {
                                assertEquals(want.get(i), got.get(i), what);
                            }
                        }
                        assertEquals(ArrowTablesTest.nullCount(want), out.getNullCount(), want.name());
                    }
                }
                roots.forEach(VectorSchemaRoot::close);
            }
            assertEquals(0, allocator.getAllocatedMemory());
        }
    }

    @Test
    void scatterPutsEachRowAtItsPlace() {
        try (BufferAllocator allocator = new RootAllocator()) {
            for (int n : LENGTHS) {
                for (boolean withNulls : new boolean[] {false, true}) {
                    Random rnd = new Random(n * 5L + (withNulls ? 1 : 0));
                    LocalTable in = ArrowTablesTest.table(n, withNulls, rnd);
                    int[] to = new int[n];
                    for (int i = 0; i < n; i++) {
                        to[i] = i;
                    }
                    for (int i = n - 1; i > 0; i--) {
                        int j = rnd.nextInt(i + 1);
                        int x = to[i];
                        to[i] = to[j];
                        to[j] = x;
                    }
                    try (VectorSchemaRoot root = ArrowTables.toArrow(in, allocator)) {
                        for (int j = 0; j < in.columnCount(); j++) {
                            String what = in.column(j).name() + " n=" + n + " nulls=" + withNulls;
                            try (FieldVector out = ArrowGather.scatter(root.getVector(j), to, allocator)) {
                                Column got = ArrowTables.toColumn(out, n);
                                for (int i = 0; i < n; i++) {
                                    assertEquals(in.column(j).isNull(i), got.isNull(to[i]), what + " row " + i);
                                    if (!in.column(j).isNull(i)) {
                                        assertEquals(in.column(j).get(i), got.get(to[i]), what + " row " + i);
                                    }
                                }
                            }
                        }
                    }
                }
            }
            assertEquals(0, allocator.getAllocatedMemory());
        }
    }

    @Test
    void aRowPastTheEndFailsAndLeaksNothing() {
        try (BufferAllocator allocator = new RootAllocator()) {
            try (VectorSchemaRoot root = ArrowTables.toArrow(ArrowTablesTest.table(10, true, new Random(1)),
                    allocator)) {
                for (FieldVector v : root.getFieldVectors()) {
                    assertThrows(IndexOutOfBoundsException.class,
                            () -> ArrowGather.take(v, new int[] {0, 3, 10}, 3, allocator), v.getName());
                }
            }
            assertEquals(0, allocator.getAllocatedMemory());
        }
    }
}
