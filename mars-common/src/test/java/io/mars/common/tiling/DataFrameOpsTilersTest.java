package io.mars.common.tiling;

import static org.assertj.core.api.Assertions.assertThat;

import io.mars.common.graph.ChunkNode;
import io.mars.common.graph.TileableNode;
import io.mars.common.graph.TiledTileable;
import io.mars.common.operand.Operand;
import io.mars.common.operand.dataframe.AggFn;
import io.mars.common.operand.dataframe.AggSpec;
import io.mars.common.operand.dataframe.ChunkTableAggCombine;
import io.mars.common.operand.dataframe.ChunkTableAggFinal;
import io.mars.common.operand.dataframe.ChunkTableFilter;
import io.mars.common.operand.dataframe.ChunkTableJoin;
import io.mars.common.operand.dataframe.ChunkTablePartition;
import io.mars.common.operand.dataframe.ChunkTableRowPositions;
import io.mars.common.operand.dataframe.ChunkTableSample;
import io.mars.common.operand.dataframe.ChunkTableSort;
import io.mars.common.operand.dataframe.MergeHow;
import io.mars.common.operand.dataframe.TableAggStates;
import io.mars.common.operand.dataframe.TableMerge;
import io.mars.common.operand.dataframe.TableRowPositions;
import io.mars.common.operand.dataframe.TableSortValues;
import io.mars.types.DType;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Which plan the row-moving tilers pick from the (known) input lengths and the settings. */
class DataFrameOpsTilersTest {
    private static final List<AggSpec> SUM_X = List.of(new AggSpec("x", DType.FLOAT64, AggFn.SUM, "x", 1));

    /** A tiled frame of {@code cols} columns whose chunks hold {@code rows[i]} rows. */
    private static TiledTileable frame(String key, TileContext ctx, int cols, long... rows) {
        List<ChunkNode> chunks = new ArrayList<>();
        for (int i = 0; i < rows.length; i++) {
            chunks.add(ctx.chunk(key + "." + i, new ChunkTableFilter(), List.of(), null, new long[] {rows[i], cols},
                    new int[] {i, 0}));
        }
        return new TiledTileable(new long[][] {rows, {cols}}, chunks);
    }

    private static List<Class<?>> ops(TileContext ctx) {
        List<Class<?>> out = new ArrayList<>();
        for (ChunkNode c : ctx.created()) {
            out.add(c.op().getClass());
        }
        return out;
    }

    private static long count(TileContext ctx, Class<? extends Operand> type) {
        return ctx.created().stream().filter(c -> type.isInstance(c.op())).count();
    }

    @Test
    void groupbyWithFewGroupsIsATreeAndWithManyAShuffle() {
        TileableNode node = new TileableNode("g", new TableAggStates(List.of("k"), SUM_X), List.of("p"), null,
                new long[] {-1, 2});
        TileContext few = new TileContext(new TilingConfig(1 << 20, 2, 100, 0, TilingConfig.DEFAULT_CSV_CHUNK_BYTES));
        TiledTileable out = DataFrameOpsTilers.aggStates(node, (TableAggStates) node.op(),
                List.of(frame("p", few, 2, 30, 30, 30, 10)), few);
        assertThat(out.chunks()).hasSize(1);
        assertThat(ops(few)).contains(ChunkTableAggCombine.class).doesNotContain(ChunkTablePartition.class);

        TileContext many = new TileContext(new TilingConfig(1 << 20, 2, 99, 0, TilingConfig.DEFAULT_CSV_CHUNK_BYTES));
        out = DataFrameOpsTilers.aggStates(node, (TableAggStates) node.op(),
                List.of(frame("p", many, 2, 30, 30, 30, 10)), many);
        assertThat(out.chunks()).hasSize(4);
        assertThat(count(many, ChunkTablePartition.class)).isEqualTo(4);
        assertThat(count(many, ChunkTableAggFinal.class)).isEqualTo(4);
        // each final step reads the 4 map outputs (its part of each), in chunk order
        assertThat(out.chunks()).allSatisfy(c -> assertThat(c.inputs()).hasSize(4)
                .allMatch(in -> in.op() instanceof ChunkTablePartition));
    }

    @Test
    void mergeBroadcastsASmallSideItMayDropRowsOfAndShufflesOtherwise() {
        TileableNode inner = new TileableNode("m", new TableMerge(List.of("k"), MergeHow.INNER, "_x", "_y"),
                List.of("l", "r"), null, new long[] {-1, 3});
        TileContext small = new TileContext(new TilingConfig(1 << 20, 4, 0, 10, TilingConfig.DEFAULT_CSV_CHUNK_BYTES));
        TiledTileable out = DataFrameOpsTilers.merge(inner, (TableMerge) inner.op(),
                List.of(frame("l", small, 2, 50, 50, 50), frame("r", small, 2, 4, 6)), small);
        assertThat(out.chunks()).hasSize(3);
        assertThat(count(small, ChunkTablePartition.class)).isZero();
        assertThat(count(small, ChunkTableJoin.class)).isEqualTo(3);
        assertThat(out.chunks()).as("the right side is sent whole: its build may be kept")
                .allMatch(c -> ((ChunkTableJoin) c.op()).rightBroadcast());

        // an outer join keeps unmatched rows of both sides, so nothing is broadcast however small
        TileableNode outer = new TileableNode("m", new TableMerge(List.of("k"), MergeHow.OUTER, "_x", "_y"),
                List.of("l", "r"), null, new long[] {-1, 3});
        TileContext shuffle = new TileContext(new TilingConfig(1 << 20, 4, 0, 10, TilingConfig.DEFAULT_CSV_CHUNK_BYTES));
        out = DataFrameOpsTilers.merge(outer, (TableMerge) outer.op(),
                List.of(frame("l", shuffle, 2, 50, 50, 50), frame("r", shuffle, 2, 4, 6)), shuffle);
        assertThat(out.chunks()).hasSize(3);
        assertThat(count(shuffle, ChunkTablePartition.class)).isEqualTo(5);
        assertThat(count(shuffle, ChunkTableJoin.class)).isEqualTo(3);
        // N maps and P joins, no N x P pieces: each join reads its part of the 3 left and 2 right map outputs
        assertThat(shuffle.created()).hasSize(5 + 5 + 3);
        assertThat(out.chunks()).allSatisfy(c -> assertThat(c.inputs()).hasSize(5));
        assertThat(out.chunks()).noneMatch(c -> ((ChunkTableJoin) c.op()).rightBroadcast());
    }

    /**
     * A shuffle join's parts follow the bytes of both sides (a part about an auto chunk, 1 MB here, at 8 bytes a
     * cell), at least 8 and at most the larger side's chunks; not one part per chunk of a side of many small chunks.
     */
    @Test
    void shufflePartsFollowTheBytesOfTheirSides() {
        TileableNode outer = new TileableNode("m", new TableMerge(List.of("k"), MergeHow.OUTER, "_x", "_y"),
                List.of("l", "r"), null, new long[] {-1, 3});
        long[] small = new long[40];
        java.util.Arrays.fill(small, 1_000);
        long[] mid = new long[40];
        java.util.Arrays.fill(mid, 40_000);
        long[] big = new long[40];
        java.util.Arrays.fill(big, 100_000);
        long[] right = new long[20];
        java.util.Arrays.fill(right, 1_000);
        // 40 x 1,000 x 2 cells (640 kB) and 20 x 1,000 x 2: under a chunk, so the floor of 8 parts
        // 40 x 40,000 x 2 cells: 25.6 MB and the right side's 320 kB, 24.7 MiB, make 25 parts
        // 40 x 100,000 x 2 cells: 64 MB, capped at the 40 chunks of the larger side
        long[][] lefts = {small, mid, big};
        int[] parts = {8, 25, 40};
        for (int i = 0; i < lefts.length; i++) {
            TileContext ctx = new TileContext(new TilingConfig(1 << 20, 4, 0, 10, TilingConfig.DEFAULT_CSV_CHUNK_BYTES));
            TiledTileable out = DataFrameOpsTilers.merge(outer, (TableMerge) outer.op(),
                    List.of(frame("l", ctx, 2, lefts[i]), frame("r", ctx, 2, right)), ctx);
            assertThat(out.chunks()).as("left chunks of %d rows", lefts[i][0]).hasSize(parts[i]);
            assertThat(count(ctx, ChunkTablePartition.class)).isEqualTo(60);
            assertThat(out.chunks()).allSatisfy(c -> assertThat(c.inputs()).hasSize(60));
        }
        // a grouped aggregation's shuffle likewise: 40 state chunks of 40,000 rows x 2 cells, 24.4 MiB, in 25 parts
        TileableNode agg = new TileableNode("g", new TableAggStates(List.of("k"), SUM_X), List.of("p"), null,
                new long[] {-1, 2});
        TileContext ctx = new TileContext(new TilingConfig(1 << 20, 2, 99, 0, TilingConfig.DEFAULT_CSV_CHUNK_BYTES));
        TiledTileable out = DataFrameOpsTilers.aggStates(agg, (TableAggStates) agg.op(), List.of(frame("p", ctx, 2, mid)),
                ctx);
        assertThat(out.chunks()).hasSize(25);
        assertThat(count(ctx, ChunkTablePartition.class)).isEqualTo(40);
        assertThat(out.chunks()).allSatisfy(c -> assertThat(c.inputs()).hasSize(40));
    }

    @Test
    void sortOfOneChunkKeepsItsLengthAndOfSeveralIsPsrs() {
        TileableNode node = new TileableNode("s", new TableSortValues(List.of("k"), List.of(true)), List.of("f"),
                null, new long[] {12, 2});
        TileContext one = new TileContext(new TilingConfig(1 << 20, 4));
        TiledTileable out = DataFrameOpsTilers.sortValues(node, (TableSortValues) node.op(),
                List.of(frame("f", one, 2, 12)), one);
        assertThat(out.nsplits()[0]).containsExactly(12);
        assertThat(count(one, ChunkTableSort.class)).isEqualTo(1);

        TileContext three = new TileContext(new TilingConfig(1 << 20, 4));
        out = DataFrameOpsTilers.sortValues(node, (TableSortValues) node.op(),
                List.of(frame("f", three, 2, 5, 5, 2)), three);
        assertThat(out.chunks()).hasSize(3);
        assertThat(out.isKnown()).isFalse();
        assertThat(out.chunks()).allSatisfy(c -> assertThat(c.inputs()).hasSize(3)
                .allMatch(in -> in.op() instanceof ChunkTablePartition));
    }

    @Test
    void theFirstRowsOfASortAreATreeOfTopStepsWithoutAShuffle() {
        TileableNode node = new TileableNode("s", new TableSortValues(List.of("k"), List.of(false), 4), List.of("f"),
                null, new long[] {-1, 2});
        TileContext ctx = new TileContext(new TilingConfig(1 << 20, 3)); // combine 3 at a time
        TiledTileable out = DataFrameOpsTilers.sortValues(node, (TableSortValues) node.op(),
                List.of(frame("f", ctx, 2, 5, 5, 2, 9, 1, 7, 3)), ctx);
        assertThat(out.chunks()).hasSize(1);
        assertThat(out.nsplits()[0]).containsExactly(4);
        // 7 per chunk, then 2 over 6 of them (the 7th passes on), then 1 over 3: each keeps at most 4 rows
        List<ChunkNode> tops = ctx.created().stream().filter(c -> c.op() instanceof ChunkTableSort).toList();
        assertThat(tops).hasSize(7 + 2 + 1).allMatch(c -> ((ChunkTableSort) c.op()).limit() == 4)
                .allMatch(c -> c.shape()[0] <= 4);
        assertThat(count(ctx, ChunkTablePartition.class)).isZero();
    }

    /**
     * Row positions in front of a sort are made by the partition (from each chunk's offset) instead of being read and
     * moved: the partitions and the samples read the chunks under the positions, so a graph built from the outputs
     * has no positions chunk; sorting by the labels themselves still reads them.
     */
    @Test
    void aSortMakesRowPositionsInItsPartitionInsteadOfReadingThem() {
        TileContext ctx = new TileContext(new TilingConfig(1 << 20, 4));
        TiledTileable rows = frame("f", ctx, 2, 5, 5, 2);
        List<ChunkNode> withPositions = new ArrayList<>();
        long offset = 0;
        for (ChunkNode c : rows.chunks()) {
            withPositions.add(ctx.chunk(c.key() + ".pos", new ChunkTableRowPositions(offset), List.of(c), null,
                    new long[] {c.shape()[0], 3}, c.index()));
            offset += c.shape()[0];
        }
        TiledTileable labelled = new TiledTileable(new long[][] {rows.nsplits()[0], {3}}, withPositions);
        TileableNode node = new TileableNode("s", new TableSortValues(List.of("k"), List.of(true)), List.of("f"),
                null, new long[] {12, 3});
        DataFrameOpsTilers.sortValues(node, (TableSortValues) node.op(), List.of(labelled), ctx);
        List<Long> offsets = new ArrayList<>();
        for (ChunkNode c : ctx.created()) {
            if (c.op() instanceof ChunkTablePartition p) {
                offsets.add(p.positionsOffset());
                assertThat(c.inputs().get(0).op()).isInstanceOf(ChunkTableFilter.class);
            }
            if (c.op() instanceof ChunkTableSample) {
                assertThat(c.inputs().get(0).op()).isInstanceOf(ChunkTableFilter.class);
            }
        }
        assertThat(offsets).containsExactly(0L, 5L, 10L);

        TileContext byLabels = new TileContext(new TilingConfig(1 << 20, 4));
        List<ChunkNode> again = new ArrayList<>();
        for (ChunkNode c : withPositions) {
            again.add(byLabels.chunk(c.key(), c.op(), List.of(byLabels.chunk(c.inputs().get(0).key(),
                    c.inputs().get(0).op(), List.of(), null, c.inputs().get(0).shape(), c.index())), null,
                    c.shape(), c.index()));
        }
        TileableNode sortIndex = new TileableNode("si", new TableSortValues(List.of(TableRowPositions.INDEX_COLUMN),
                List.of(true)), List.of("f"), null, new long[] {12, 3});
        DataFrameOpsTilers.sortValues(sortIndex, (TableSortValues) sortIndex.op(),
                List.of(new TiledTileable(labelled.nsplits(), again)), byLabels);
        for (ChunkNode c : byLabels.created()) {
            if (c.op() instanceof ChunkTablePartition p) {
                assertThat(p.positionsOffset()).isEqualTo(-1);
                assertThat(c.inputs().get(0).op()).isInstanceOf(ChunkTableRowPositions.class);
            }
        }
    }
}
