package io.mars.it.local;

import static org.assertj.core.api.Assertions.assertThat;

import io.mars.common.graph.TileableGraph;
import io.mars.common.graph.TileableGraphs;
import io.mars.common.graph.TileableNode;
import io.mars.common.io.ParquetFiles;
import io.mars.common.operand.dataframe.DataFrameReadParquet;
import io.mars.common.operand.dataframe.RowPredicate;
import io.mars.common.operand.dataframe.TableFilter;
import io.mars.common.optimize.ColumnPruning;
import io.mars.common.optimize.ParquetFilterPushdown;
import io.mars.dataframe.DataFrame;
import io.mars.dataframe.DataFrames;
import io.mars.dataframe.Series;
import io.mars.submit.client.ClientSession;
import io.mars.submit.local.LocalCluster;
import io.mars.types.Column;
import io.mars.types.LocalTable;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import org.apache.parquet.hadoop.metadata.BlockMetaData;
import org.apache.parquet.hadoop.metadata.ColumnChunkMetaData;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A {@code filter} of a Parquet read whose mask ANDs comparisons of the read's columns with constants becomes the
 * read's own filter (ParquetFilterPushdown): the rows, their order and every value are those of the same filter on the
 * same data held in memory (where nothing is pushed), with nulls, NaN, -0.0, text and timestamps in the compared
 * columns; row groups that the statistics rule out are not read; masks that are not such an AND, a read also used
 * unfiltered, and a filter whose row labels are used are left as they were, with the same answers.
 */
class ParquetFilterPushdownTest {
    private static final int ROWS = 4_000;
    private static final int GROUP = 1_000;
    private static final Instant START = Instant.parse("1994-01-01T00:00:00Z");
    private static final String[] MODES = {"AIR", "MAIL", "SHIP", "RAIL", "FOB", "TRUCK", "REG AIR", "ÄIR"};

    @TempDir
    static Path dir;
    private static LocalCluster cluster;
    private static ClientSession session;
    private static DataFrame memory;
    private static List<String> files;

    @BeforeAll
    static void writeFiles() {
        List<Long> id = new ArrayList<>();
        List<Double> v = new ArrayList<>();
        List<Instant> t = new ArrayList<>();
        List<String> s = new ArrayList<>();
        List<Long> k = new ArrayList<>();
        for (int i = 0; i < ROWS; i++) {
            id.add((long) i);
            // the last row group holds only -0.0 and negative values: its maximum is -0.0
            double x = i >= 3 * GROUP ? (i % 2 == 0 ? -0.0 : -1.5)
                    : i % 7 == 0 ? -0.0 : ((i * 37) % 101 - 50) / 4.0;
            v.add(i % 13 == 5 ? null : i % 29 == 3 ? Double.NaN : x);
            t.add(i % 11 == 4 ? null : START.plusSeconds(3600L * i));
            s.add(i % 9 == 2 ? null : MODES[i % MODES.length]);
            k.add(i % 5 == 1 ? null : (long) (i % 100));
        }
        Map<String, List<?>> cols = new LinkedHashMap<>();
        cols.put("id", id);
        cols.put("v", v);
        cols.put("t", t);
        cols.put("s", s);
        cols.put("k", k);
        cluster = new LocalCluster(2, Map.of());
        session = ClientSession.open(cluster.supervisor(), Map.of(), null);
        memory = DataFrames.fromColumns(cols, GROUP);
        LocalTable written = session.executeTables(memory.toParquet(dir.toString())).get(0);
        files = new ArrayList<>();
        for (int i = 0; i < written.rowCount(); i++) {
            files.add(written.column("path").getString(i));
        }
        assertThat(files).hasSize(ROWS / GROUP);
    }

    @AfterAll
    static void close() {
        session.close();
        cluster.close();
    }

    private static DataFrame read() {
        return DataFrames.readParquet(dir.toString());
    }

    /** The rows of {@code t}, each as its values' text (null as "null"). */
    private static List<String> rows(LocalTable t) {
        List<String> out = new ArrayList<>(t.rowCount());
        for (int i = 0; i < t.rowCount(); i++) {
            StringBuilder b = new StringBuilder();
            for (Column c : t.columns()) {
                b.append(c.name()).append('=').append(c.get(i)).append(' ');
            }
            out.add(b.toString());
        }
        return out;
    }

    /** The read's nodes after the supervisor's optimizations, for the filter of {@code mask} on the read. */
    private static List<TileableNode> optimized(DataFrame result) {
        TileableGraph g = ParquetFilterPushdown.push(ColumnPruning.prune(TileableGraphs.of(result)), Set.of());
        return g.nodes();
    }

    private static List<RowPredicate> pushedTerms(List<TileableNode> nodes) {
        List<RowPredicate> terms = new ArrayList<>();
        for (TileableNode n : nodes) {
            if (n.op() instanceof DataFrameReadParquet r) {
                terms.addAll(r.filter());
            }
        }
        return terms;
    }

    private static boolean hasFilter(List<TileableNode> nodes) {
        return nodes.stream().anyMatch(n -> n.op() instanceof TableFilter);
    }

    /** {@code mask} of a frame: {@code terms} read filter terms pushed (0: none), the rows in memory either way. */
    private static void check(Function<DataFrame, Series> mask, int terms) {
        check(mask, terms, terms == 0);
    }

    /** As {@link #check(Function, int)}, with a filter left for the rest of the mask when {@code filterStays}. */
    private static void check(Function<DataFrame, Series> mask, int terms, boolean filterStays) {
        DataFrame r = read();
        // the labels dropped: a requested frame's labels are the row positions before the filter, which a pushed
        // filter does not know (aFilterWhoseRowLabelsAreUsedKeepsThem)
        DataFrame filtered = r.filter(mask.apply(r)).resetIndex(true);
        List<TileableNode> nodes = optimized(filtered);
        assertThat(hasFilter(nodes)).as("a filter stays").isEqualTo(filterStays);
        assertThat(pushedTerms(nodes)).hasSize(terms);
        LocalTable got = session.executeTables(filtered).get(0);
        LocalTable want = session.executeTables(memory.filter(mask.apply(memory)).resetIndex(true)).get(0);
        assertThat(got.columnNames()).containsExactly("id", "v", "t", "s", "k");
        assertThat(rows(got)).isEqualTo(rows(want));
        assertThat(got.rowCount()).as("a filter that keeps some rows and drops others").isBetween(1, ROWS - 1);
    }

    @Test
    void floatComparisonsKeepMinusZeroAndDropNullAndNaN() {
        check(f -> f.col("v").ge(0.0), 1);
        check(f -> f.col("v").le(0.0), 1);
        check(f -> f.col("v").eq(0.0), 1);
        check(f -> f.col("v").between(-3, 3).and(f.col("id").ge(500L)), 3);
    }

    @Test
    void integerColumnsAgainstIntegersAndFloats() {
        check(f -> f.col("k").lt(40L), 1);
        check(f -> f.col("k").gt(10.5).and(f.col("k").le(77.0)), 2);
        check(f -> f.col("id").ge(3_500L).and(f.col("v").lt(2.0)), 2);
    }

    @Test
    void timestampsAgainstDates() {
        check(f -> f.col("t").ge("1994-02-01").and(f.col("t").lt("1994-03-01")), 2);
        check(f -> f.col("t").gt("1994-05-20"), 1);
    }

    @Test
    void textByItsBytesWithNulls() {
        check(f -> f.col("s").eq("MAIL"), 1);
        check(f -> f.col("s").ge("RAIL").and(f.col("k").le(40L)), 2);
        check(f -> f.col("s").lt("B").and(f.col("s").gt("A")), 2);
        check(f -> f.col("s").ge("Ä"), 1);
    }

    @Test
    void aRowGroupWhoseRowsAllPassIsTakenWhole() {
        DataFrame r = read();
        DataFrame all = r.filter(r.col("id").ge(0L).and(r.col("s").isin(List.of("AIR", "MAIL")))).resetIndex(true);
        assertThat(pushedTerms(optimized(all))).hasSize(1);
        LocalTable got = session.executeTables(all).get(0);
        LocalTable want = session.executeTables(memory.filter(memory.col("s").isin(List.of("AIR", "MAIL")))
                .resetIndex(true)).get(0);
        assertThat(rows(got)).isEqualTo(rows(want)).hasSizeGreaterThan(ROWS / 8);
    }

    @Test
    void anExplicitNotEqualReadFilterDropsNullAndNaN() {
        DataFrame read = DataFrames.readParquet(dir.toString(), List.of(),
                io.mars.dataframe.RowFilter.where("v", "!=", 0.0).and("k", "!=", 7L));
        LocalTable got = session.executeTables(read).get(0);
        Series keep = memory.col("v").ne(0.0).and(memory.col("v").notna())
                .and(memory.col("k").ne(7.0)).and(memory.col("k").notna());
        LocalTable want = session.executeTables(memory.filter(keep).resetIndex(true)).get(0);
        assertThat(rows(got)).isEqualTo(rows(want)).hasSizeGreaterThan(ROWS / 2).hasSizeLessThan(ROWS - ROWS / 8);
    }

    @Test
    void otherMasksAreLeftToTheFilter() {
        check(f -> f.col("v").ne(0.0), 0); // a null passes != in a map, never in a read filter
        check(f -> f.col("s").isin(List.of("AIR", "SHIP")), 0);
        check(f -> f.col("k").lt(f.col("id")), 0);
        check(f -> f.col("v").gt(0.0).or(f.col("k").gt(3L)), 0);
    }

    @Test
    void theComparisonsOfAMaskArePushedAndTheRestFiltersTheReadRows() {
        check(f -> f.col("k").lt(40L).and(f.col("s").isin(List.of("AIR", "SHIP"))), 1, true);
        // as TPC-H Q12: a text isin, two comparisons of columns, a range of dates
        check(f -> f.col("s").isin(List.of("MAIL", "SHIP")).and(f.col("k").lt(f.col("id")))
                .and(f.col("v").lt(f.col("k"))).and(f.col("t").ge("1994-02-01")).and(f.col("t").lt("1994-04-01")),
                2, true);
        // one column read by both parts, and the rest made of two maps of it
        check(f -> f.col("v").ne(0.0).and(f.col("v").gt(-5.0)).and(f.col("v").multiply(2.0).lt(3.0)), 1, true);
    }

    @Test
    void aReadAlsoUsedUnfilteredIsReadOnceAndNotFiltered() {
        DataFrame r = read();
        DataFrame kept = r.filter(r.col("k").lt(40L));
        List<TileableNode> nodes = ParquetFilterPushdown.push(ColumnPruning.prune(TileableGraphs.of(
                kept.col("v").sum(), r.col("v").sum())), Set.of()).nodes();
        assertThat(hasFilter(nodes)).isTrue();
        assertThat(pushedTerms(nodes)).isEmpty();
        List<LocalTable> got = session.executeTables(kept.col("v").sum(), r.col("v").sum());
        List<LocalTable> want = session.executeTables(memory.filter(memory.col("k").lt(40L)).col("v").sum(),
                memory.col("v").sum());
        assertThat(got.get(0).column(0).getDouble(0)).isEqualTo(want.get(0).column(0).getDouble(0));
        assertThat(got.get(1).column(0).getDouble(0)).isEqualTo(want.get(1).column(0).getDouble(0));
    }

    @Test
    void aFilterWhoseRowLabelsAreUsedKeepsThem() {
        DataFrame r = read();
        DataFrame kept = r.filter(r.col("k").lt(40L)).resetIndex();
        assertThat(pushedTerms(optimized(kept))).as("labels are the row positions before the filter").isEmpty();
        LocalTable got = session.executeTables(kept).get(0);
        LocalTable want = session.executeTables(memory.filter(memory.col("k").lt(40L)).resetIndex()).get(0);
        assertThat(rows(got)).isEqualTo(rows(want));
        assertThat(got.column(0).getLong(1)).as("the second kept row's label").isGreaterThan(1L);
    }

    @Test
    void rowGroupsThatTheStatisticsRuleOutAreNotRead() {
        long lastGroup = 0;
        long all = 0;
        for (int i = 0; i < files.size(); i++) {
            for (BlockMetaData b : ParquetFiles.footer(files.get(i)).getBlocks()) {
                for (ColumnChunkMetaData c : b.getColumns()) {
                    all += c.getTotalSize();
                    lastGroup += i == files.size() - 1 ? c.getTotalSize() : 0;
                }
            }
        }
        DataFrame r = read();
        long before = ParquetFiles.bytesRead();
        LocalTable got = session.executeTables(r.filter(r.col("id").ge(3_500L)).col("id").count()).get(0);
        long bytes = ParquetFiles.bytesRead() - before;
        assertThat(got.column(0).getLong(0)).isEqualTo(500L);
        assertThat(bytes).as("the last row group is read (all chunks: %d)", all).isGreaterThan(0L)
                .isLessThan(lastGroup + lastGroup / 4);
    }
}
