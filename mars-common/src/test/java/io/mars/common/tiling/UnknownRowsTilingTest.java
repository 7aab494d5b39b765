package io.mars.common.tiling;

import static org.assertj.core.api.Assertions.assertThat;

import io.mars.common.graph.ChunkNode;
import io.mars.common.graph.TileableGraphs;
import io.mars.common.operand.dataframe.ChunkTableAggMap;
import io.mars.common.operand.dataframe.ChunkTableFilter;
import io.mars.common.operand.dataframe.ChunkTableMap;
import io.mars.common.operand.dataframe.ChunkTableSort;
import io.mars.dataframe.DataFrame;
import io.mars.dataframe.DataFrames;
import io.mars.dataframe.GroupBy;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Row-wise operands tile through inputs whose row counts are known only once computed (a filter's output): a
 * filter, the maps after it and a groupby's partial aggregation are one stage, chunk i reading chunk i; an operand
 * that must know the rows (a sort) still waits for them.
 */
class UnknownRowsTilingTest {
    private final Tiling tiling = new Tiling(TilerRegistry.standard(), TilingConfig.defaults());

    private static DataFrame frame() {
        return DataFrames.fromColumns(Map.of("k", List.of(1L, 2L, 1L, 3L, 2L, 1L), "x",
                List.of(0.5, 1.5, 2.5, 3.5, 4.5, 5.5)), 2);
    }

    private static long count(Tiling.Result r, Class<?> op) {
        return r.graph().nodes().stream().map(ChunkNode::op).filter(op::isInstance).count();
    }

    @Test
    void aFilterTheMapsAfterItAndAPartialAggregationTileInOneStage() {
        DataFrame df = frame();
        DataFrame f = df.filter(df.col("x").gt(1.0));
        f = f.assign("y", f.col("x").multiply(2.0));
        DataFrame g = f.groupBy("k").agg(GroupBy.named("s", "y", "sum"));
        Tiling.Result stage = tiling.tile(TileableGraphs.of(g), Map.of());

        assertThat(stage.complete()).as("the first stage stops before the partial states are merged").isFalse();
        assertThat(count(stage, ChunkTableFilter.class)).isEqualTo(3);
        assertThat(count(stage, ChunkTableMap.class)).as("the mask, x * 2 and the assign, per chunk").isGreaterThan(3);
        assertThat(count(stage, ChunkTableAggMap.class)).as("partial aggregates of the filtered chunks").isEqualTo(3);
    }

    @Test
    void aSortOfAFilteredFrameWaitsForItsRows() {
        DataFrame df = frame();
        DataFrame sorted = df.filter(df.col("x").gt(1.0)).sortValues("x");
        Tiling.Result stage = tiling.tile(TileableGraphs.of(sorted), Map.of());

        assertThat(stage.complete()).isFalse();
        assertThat(count(stage, ChunkTableFilter.class)).isEqualTo(3);
        assertThat(count(stage, ChunkTableSort.class)).isZero();
    }

    /** Merges send a side of at most 3 rows whole; larger sides are shuffled. */
    private final Tiling smallBroadcasts = new Tiling(TilerRegistry.standard(),
            new TilingConfig(1 << 20, 4, 100, 3, TilingConfig.DEFAULT_CSV_CHUNK_BYTES, 256));

    @Test
    void aTableFilteredDownToAtMostTheBroadcastLimitIsBroadcastInTheStageOfItsFilter() {
        DataFrame df = frame();
        DataFrame small = DataFrames.fromColumns(Map.of("k", List.of(1L, 2L), "w", List.of(7.0, 8.0)), 1);
        DataFrame tiny = small.filter(small.col("w").gt(7.5)); // at most 2 rows: broadcast without counting them
        DataFrame big = df.filter(df.col("x").gt(1.0));
        Tiling.Result broadcast = smallBroadcasts.tile(TileableGraphs.of(big.merge(tiny, "k", "inner")), Map.of());
        assertThat(broadcast.complete()).isTrue();
        assertThat(count(broadcast, io.mars.common.operand.dataframe.ChunkTableJoin.class)).isEqualTo(3);
        assertThat(count(broadcast, io.mars.common.operand.dataframe.ChunkTablePartition.class)).isZero();
    }

    @Test
    void aMergeWhoseSidesMayBothBeLargeCountsThemFirst() {
        DataFrame df = frame();
        DataFrame big = df.filter(df.col("x").gt(1.0)); // at most 6 rows: too many to broadcast by the bound
        Tiling.Result stage = smallBroadcasts.tile(TileableGraphs.of(big.merge(df.select("k"), "k", "inner")),
                Map.of());
        assertThat(stage.complete()).isFalse();
        assertThat(count(stage, io.mars.common.operand.dataframe.ChunkTableJoin.class)).isZero();
    }

    @Test
    void ofTwoSidesThatMayBeBroadcastOnlyTheOneOfSmallerBoundIsCountedFirst() {
        DataFrame df = frame();
        DataFrame big = df.filter(df.col("x").gt(1.0)); // at most 6 rows in 3 chunks
        DataFrame four = DataFrames.fromColumns(Map.of("k", List.of(1L, 2L, 3L, 4L), "w", List.of(7.0, 8.0, 9.0, 1.0)),
                2);
        DataFrame mid = four.filter(four.col("w").gt(7.5)); // at most 4 rows in 2 chunks: maybe small once counted
        for (DataFrame merged : List.of(big.merge(mid, "k", "inner"), mid.merge(big, "k", "inner"),
                big.merge(mid, "k", "left"))) {
            Tiling.Result stage = smallBroadcasts.tile(TileableGraphs.of(merged), Map.of());
            assertThat(stage.complete()).isFalse();
            assertThat(count(stage, ChunkTableFilter.class)).as("only the smaller side's two chunks").isEqualTo(2);
        }
        // a join's output has no bound: nothing says it is the larger, so it is computed with the smaller side
        DataFrame joined = df.merge(four, "k", "inner");
        Tiling.Result both = smallBroadcasts.tile(TileableGraphs.of(joined.merge(mid, "k", "inner")), Map.of());
        assertThat(count(both, ChunkTableFilter.class)).isEqualTo(2);
        assertThat(count(both, io.mars.common.operand.dataframe.ChunkTableJoin.class)).as("the unbounded side's join")
                .isPositive();
        // a right join keeps every row of the right side, so only the left side can be broadcast: it is counted
        Tiling.Result right = smallBroadcasts.tile(TileableGraphs.of(mid.merge(big, "k", "right")), Map.of());
        assertThat(count(right, ChunkTableFilter.class)).isEqualTo(2);
        Tiling.Result leftKept = smallBroadcasts.tile(TileableGraphs.of(mid.merge(big, "k", "left")), Map.of());
        assertThat(count(leftKept, ChunkTableFilter.class)).as("the big side, the only one that can be broadcast")
                .isEqualTo(3);
    }
}
