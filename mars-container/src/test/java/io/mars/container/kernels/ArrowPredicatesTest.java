package io.mars.container.kernels;

import static org.assertj.core.api.Assertions.assertThat;

import io.mars.common.operand.Scalar;
import io.mars.common.operand.dataframe.ColumnExpr;
import io.mars.common.operand.dataframe.ColumnRef;
import io.mars.common.operand.dataframe.ExprFn;
import io.mars.common.table.ArrowTables;
import io.mars.common.table.TableChunk;
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
import org.junit.jupiter.api.Test;

/**
 * Comparisons and boolean logic evaluated on Arrow vectors give, value for value, what the heap evaluation of
 * {@link TableExpressions} gives, nulls and NaN included; strings order by code point, as Python orders them.
 */
class ArrowPredicatesTest {
    private static final int ROWS = 1003; // not a multiple of 8: the last byte of bits is partial
    private static final List<String> WORDS = List.of("", "MAIL", "SHIP", "MAILS", "AIR", "é", "Brand#45",
            "Brand#4", "zz", "\uFFFD", "\uD834\uDD1E");
    private static final List<ExprFn> COMPARISONS = List.of(ExprFn.LESS, ExprFn.LESS_EQUAL, ExprFn.GREATER,
            ExprFn.GREATER_EQUAL, ExprFn.EQUAL, ExprFn.NOT_EQUAL);

    @Test
    void everyComparisonAndLogicalOperationMatchesTheHeapEvaluation() {
        LocalTable table = table(new Random(11));
        List<ColumnExpr> exprs = new ArrayList<>();
        for (ExprFn fn : COMPARISONS) {
            for (boolean first : new boolean[] {false, true}) {
                exprs.add(expr(fn, List.of("f"), Scalar.of(0.25), null, first));
                exprs.add(expr(fn, List.of("f"), Scalar.of(1L), null, first));
                exprs.add(expr(fn, List.of("i"), Scalar.of(3L), null, first));
                exprs.add(expr(fn, List.of("i"), Scalar.of(2.5), null, first));
                exprs.add(expr(fn, List.of("t"), Scalar.of(1_000_000_000_000L), null, first));
            }
            exprs.add(expr(fn, List.of("i"), Scalar.of(3L), null, false));
            exprs.add(expr(fn, List.of("f", "g"), null, null, false));
            exprs.add(expr(fn, List.of("i", "j"), null, null, false));
            exprs.add(expr(fn, List.of("t", "i"), null, null, false));
            for (String w : List.of("MAIL", "Brand#45", "", "zz", "é")) {
                exprs.add(expr(fn, List.of("s"), null, w, false));
            }
        }
        for (ExprFn fn : List.of(ExprFn.AND, ExprFn.OR, ExprFn.XOR)) {
            exprs.add(expr(fn, List.of("b", "c"), null, null, false));
        }
        exprs.add(expr(ExprFn.NOT, List.of("b"), null, null, false));
        try (BufferAllocator allocator = new RootAllocator()) {
            try (TableChunk chunk = new TableChunk(ArrowTables.toArrow(table, allocator))) {
                for (ColumnExpr e : exprs) {
                    assertThat(ArrowPredicates.covers(e, List.of(chunk), ROWS)).as(e.toString()).isTrue();
                    long[] expected = TableExpressions.evaluate(e, List.of(table), ROWS).longs();
                    try (FieldVector v = ArrowPredicates.evaluate(e, List.of(chunk), ROWS, allocator)) {
                        Column got = ArrowTables.toColumn(v, ROWS);
                        assertThat(got.dtype()).isEqualTo(DType.BOOL);
                        assertThat(got.nulls()).as("no nulls in %s", e).isNull();
                        assertThat(got.longs()).as(e.toString()).isEqualTo(expected);
                    }
                }
            }
        }
    }

    @Test
    void stringsOrderByCodePointAsPythonOrdersThem() {
        // U+FFFD < U+1D11E by code point (Python, UTF-8 bytes); Java's UTF-16 compareTo puts the surrogate first
        LocalTable table = new LocalTable(List.of(Column.ofStrings("s", List.of("\uD834\uDD1E", "\uFFFD", "a"))));
        ColumnExpr less = expr(ExprFn.LESS, List.of("s"), null, "\uD834\uDD1E", false);
        try (BufferAllocator allocator = new RootAllocator();
             TableChunk chunk = new TableChunk(ArrowTables.toArrow(table, allocator));
             FieldVector v = ArrowPredicates.evaluate(less, List.of(chunk), 3, allocator)) {
            assertThat(ArrowTables.toColumn(v, 3).longs()).containsExactly(0, 1, 1);
        }
    }

    @Test
    void anEmptyChunkGivesAnEmptyVector() {
        try (BufferAllocator allocator = new RootAllocator();
             TableChunk chunk = new TableChunk(emptyVectorsWithoutBuffers(allocator))) {
            for (ColumnExpr e : List.of(expr(ExprFn.EQUAL, List.of("s"), null, "MAIL", false),
                    expr(ExprFn.LESS, List.of("f"), Scalar.of(1.0), null, false))) {
                try (FieldVector v = ArrowPredicates.evaluate(e, List.of(chunk), 0, allocator)) {
                    assertThat(v.getValueCount()).isZero();
                }
            }
        }
    }

    @Test
    void otherExpressionsAreLeftToTheHeapEvaluation() {
        LocalTable table = table(new Random(3));
        try (BufferAllocator allocator = new RootAllocator();
             TableChunk chunk = new TableChunk(ArrowTables.toArrow(table, allocator))) {
            List<TableChunk> in = List.of(chunk);
            assertThat(ArrowPredicates.covers(expr(ExprFn.ADD, List.of("f"), Scalar.of(1.0), null, false), in, ROWS))
                    .isFalse();
            // a string column against a number, and a float column against an integer one
            assertThat(ArrowPredicates.covers(expr(ExprFn.EQUAL, List.of("s"), Scalar.of(1L), null, false), in, ROWS))
                    .isFalse();
            assertThat(ArrowPredicates.covers(expr(ExprFn.LESS, List.of("f", "i"), null, null, false), in, ROWS))
                    .isFalse();
            // more rows than the vectors hold
            assertThat(ArrowPredicates.covers(expr(ExprFn.LESS, List.of("i"), Scalar.of(1L), null, false), in,
                    ROWS + 1)).isFalse();
        }
    }

    /** Vectors of no values that were never allocated (as a part without rows arrives): no buffers at all. */
    private static org.apache.arrow.vector.VectorSchemaRoot emptyVectorsWithoutBuffers(BufferAllocator allocator) {
        org.apache.arrow.vector.VarCharVector s = new org.apache.arrow.vector.VarCharVector("s", allocator);
        org.apache.arrow.vector.Float8Vector f = new org.apache.arrow.vector.Float8Vector("f", allocator);
        s.setValueCount(0);
        f.setValueCount(0);
        org.apache.arrow.vector.VectorSchemaRoot root = new org.apache.arrow.vector.VectorSchemaRoot(
                List.<FieldVector>of(s, f));
        root.setRowCount(0);
        return root;
    }

    private static ColumnExpr expr(ExprFn fn, List<String> columns, Scalar constant, String text, boolean first) {
        List<ColumnRef> args = columns.stream().map(c -> new ColumnRef(0, c)).toList();
        return new ColumnExpr("out", DType.BOOL, fn, args, constant, text, first);
    }

    private static LocalTable table(Random random) {
        List<Object> f = new ArrayList<>();
        List<Object> g = new ArrayList<>();
        List<Object> i = new ArrayList<>();
        List<Object> j = new ArrayList<>();
        List<Object> t = new ArrayList<>();
        List<Object> s = new ArrayList<>();
        List<Object> b = new ArrayList<>();
        List<Object> c = new ArrayList<>();
        for (int r = 0; r < ROWS; r++) {
            f.add(random.nextInt(10) == 0 ? null : (random.nextInt(8) - 4) / 4.0);
            g.add(random.nextInt(10) == 0 ? null : (random.nextInt(8) - 4) / 4.0);
            i.add(random.nextInt(10) == 0 ? null : (long) random.nextInt(7));
            j.add(random.nextInt(10) == 0 ? null : (long) random.nextInt(7));
            t.add(random.nextInt(10) == 0 ? null : java.time.Instant.ofEpochSecond(995 + random.nextInt(10)));
            s.add(random.nextInt(10) == 0 ? null : WORDS.get(random.nextInt(WORDS.size())));
            b.add(random.nextInt(10) == 0 ? null : random.nextBoolean());
            c.add(random.nextInt(10) == 0 ? null : random.nextBoolean());
        }
        return new LocalTable(Arrays.asList(Column.of("f", DType.FLOAT64, f), Column.of("g", DType.FLOAT64, g),
                Column.of("i", DType.INT64, i), Column.of("j", DType.INT64, j), Column.of("t", DType.TIMESTAMP, t),
                Column.of("s", DType.STRING, s), Column.of("b", DType.BOOL, b), Column.of("c", DType.BOOL, c)));
    }
}
