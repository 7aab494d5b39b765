package io.mars.common.table;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.mars.types.Column;
import io.mars.types.DType;
import io.mars.types.LocalTable;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.junit.jupiter.api.Test;

/** Heap ↔ Arrow conversions of every type, with and without nulls, at lengths around the copy block sizes. */
class ArrowTablesTest {
    private static final int[] LENGTHS = {0, 1, 7, 8, 13, 4095, 4096, 4097, 20_011};

    @Test
    void everyTypeRoundTripsWithAndWithoutNulls() {
        try (BufferAllocator allocator = new RootAllocator()) {
            for (int n : LENGTHS) {
                for (boolean withNulls : new boolean[] {false, true}) {
                    LocalTable in = table(n, withNulls, new Random(n * 31L + (withNulls ? 1 : 0)));
                    try (VectorSchemaRoot root = ArrowTables.toArrow(in, allocator)) {
                        assertEquals(n, root.getRowCount());
                        LocalTable out = ArrowTables.toLocal(root);
                        for (int j = 0; j < in.columnCount(); j++) {
                            Column a = in.column(j);
                            Column b = out.column(j);
                            String what = a.name() + " n=" + n + " nulls=" + withNulls;
                            assertEquals(a.dtype(), b.dtype(), what);
                            for (int i = 0; i < n; i++) {
                                assertEquals(a.isNull(i), b.isNull(i), what + " null flag of row " + i);
                                if (!a.isNull(i)) {
                                    assertEquals(a.get(i), b.get(i), what + " row " + i);
                                }
                            }
                            assertEquals(nullCount(a), root.getVector(j).getNullCount(), what + " Arrow null count");
                        }
                    }
                }
            }
            assertEquals(0, allocator.getAllocatedMemory());
        }
    }

    @Test
    void selectedColumnsOnly() {
        try (BufferAllocator allocator = new RootAllocator();
             VectorSchemaRoot root = ArrowTables.toArrow(table(100, true, new Random(5)), allocator)) {
            LocalTable two = ArrowTables.toLocal(root, List.of("f64", "i64"));
            assertEquals(List.of("f64", "i64"), two.columnNames());
            assertEquals(ArrowTables.toLocal(root).column("i64").get(17), two.column("i64").get(17));
        }
    }

    @Test
    void sharedSlicesAtAnyOffsetAreTheHeapSlices() {
        try (BufferAllocator allocator = new RootAllocator()) {
            for (boolean withNulls : new boolean[] {false, true}) {
                LocalTable in = table(100, withNulls, new Random(withNulls ? 8 : 9));
                List<FieldVector> kept = new ArrayList<>();
                try (VectorSchemaRoot root = ArrowTables.toArrow(in, allocator)) {
                    for (int[] cut : new int[][] {{0, 100}, {3, 50}, {8, 16}, {13, 0}, {99, 1}}) {
                        for (int j = 0; j < in.columnCount(); j++) {
                            FieldVector v = ArrowTables.share(root.getVector(j), "s", cut[0], cut[1], allocator);
                            kept.add(v);
                            Column want = Columns.slice(in.column(j), cut[0], cut[1]);
                            Column got = ArrowTables.toColumn(v, cut[1]);
                            String what = in.column(j).name() + " nulls=" + withNulls + " at " + cut[0];
                            assertEquals(cut[1], v.getValueCount(), what);
                            assertEquals(nullCount(want), v.getNullCount(), what);
                            for (int i = 0; i < cut[1]; i++) {
                                assertEquals(want.isNull(i), got.isNull(i), what + " row " + i);
                                if (!want.isNull(i)) {
                                    assertEquals(want.get(i), got.get(i), what + " row " + i);
                                }
                            }
                        }
                    }
                }
                // the slices outlive their batch, and give the memory back when closed
                assertEquals(Columns.slice(in.column("f64"), 3, 50).get(7),
                        ArrowTables.toColumn(kept.get(in.columnCount() + in.columnNames().indexOf("f64")), 50).get(7));
                kept.forEach(FieldVector::close);
            }
            assertEquals(0, allocator.getAllocatedMemory());
        }
    }

    @Test
    void sharedColumnOutlivesItsSourceAndFreesWithIt() {
        try (BufferAllocator allocator = new RootAllocator()) {
            double[] values = new double[1000];
            Arrays.setAll(values, i -> i * 0.5);
            VectorSchemaRoot root = ArrowTables.toArrow(List.of(new Column("v", DType.FLOAT64, null, values, null,
                    null)), values.length, allocator);
            long before = allocator.getAllocatedMemory();
            FieldVector shared = ArrowTables.share(root.getVector("v"), "w", 0, values.length, allocator);
            assertEquals(before, allocator.getAllocatedMemory(), "sharing copies nothing");
            root.close();
            assertTrue(allocator.getAllocatedMemory() > 0, "the shared buffers stay while the copy is open");
            assertEquals("w", shared.getName());
            assertEquals(499.5, ((Float8Vector) shared).get(999));
            shared.close();
            assertEquals(0, allocator.getAllocatedMemory());
        }
    }

    static long nullCount(Column c) {
        long k = 0;
        for (int i = 0; i < c.length(); i++) {
            k += c.isNull(i) ? 1 : 0;
        }
        return k;
    }

    static LocalTable table(int n, boolean withNulls, Random rnd) {
        List<Column> cols = new ArrayList<>();
        for (DType t : DType.values()) {
            List<Object> values = new ArrayList<>(n);
            for (int i = 0; i < n; i++) {
                if (withNulls && rnd.nextInt(5) == 0) {
                    values.add(null);
                    continue;
                }
                values.add(switch (t) {
                    case BOOL -> rnd.nextBoolean();
                    case INT32 -> rnd.nextInt();
                    case INT64 -> rnd.nextLong();
                    case FLOAT32 -> rnd.nextFloat() * 100 - 50;
                    case FLOAT64 -> rnd.nextGaussian();
                    case STRING -> "s" + rnd.nextInt(1000);
                    case TIMESTAMP -> java.time.Instant.ofEpochSecond(rnd.nextInt(2_000_000_000), rnd.nextInt(1_000_000_000));
                    case TIMEDELTA -> java.time.Duration.ofNanos(rnd.nextLong() / 4);
                });
            }
            cols.add(Column.of(t.name().toLowerCase(java.util.Locale.ROOT).replace("float", "f").replace("int", "i"),
                    t, values));
        }
        return new LocalTable(cols);
    }
}
