package io.mars.common.tiling;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.mars.common.error.MarsException;
import io.mars.common.graph.ChunkNode;
import io.mars.common.graph.TileableGraphs;
import io.mars.common.graph.TiledTensor;
import io.mars.common.graph.TiledTensors;
import io.mars.common.operand.dataframe.ChunkTableAggFinal;
import io.mars.common.operand.dataframe.ChunkTableFromLocal;
import io.mars.common.operand.dataframe.ChunkTableHConcat;
import io.mars.common.operand.dataframe.ChunkTableMap;
import io.mars.common.wire.StateCodec;
import io.mars.dataframe.DataFrame;
import io.mars.dataframe.DataFrames;
import io.mars.types.Column;
import io.mars.types.DType;
import io.mars.types.LocalTable;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Tiling of dataframes cut by columns: which chunks exist, which operands stitch, and what a stored frame keeps. */
class WideTablesTilingTest {
    /** At most 10 columns per chunk. */
    private final Tiling tiling = new Tiling(TilerRegistry.standard(),
            new TilingConfig(1 << 20, 4, 100, 100, TilingConfig.DEFAULT_CSV_CHUNK_BYTES, 10));

    /** 12 rows by 25 float columns c00..c24, cut into 4 row chunks. */
    private static DataFrame wide() {
        List<Column> cols = new ArrayList<>();
        for (int j = 0; j < 25; j++) {
            double[] v = new double[12];
            for (int i = 0; i < 12; i++) {
                v[i] = i * 100 + j;
            }
            cols.add(new Column(String.format("c%02d", j), DType.FLOAT64, null, v, null, null));
        }
        return DataFrames.fromTable(new LocalTable(cols), 3);
    }

    private static long count(Tiling.Result r, Class<?> op) {
        return r.graph().nodes().stream().filter(c -> op.isInstance(c.op())).count();
    }

    @Test
    void aWideSourceIsCutIntoColumnGroupsWithAShorterLastOne() {
        DataFrame df = wide();
        TiledTensor t = tiling.tile(TileableGraphs.of(df), Map.of()).outputs().get(df.key());
        assertThat(t.nsplits()[0]).containsExactly(3, 3, 3, 3);
        assertThat(t.nsplits()[1]).containsExactly(10, 10, 5);
        assertThat(t.columnGroups()).hasSize(3);
        assertThat(t.columnGroups().get(2)).containsExactly("c20", "c21", "c22", "c23", "c24");
        assertThat(t.chunk(2, 1).shape()).containsExactly(3, 10);
        assertThat(t.chunk(2, 1).index()).containsExactly(2, 1);
    }

    @Test
    void selectingTwoColumnsReadsOnlyTheChunksOfTheirGroups() {
        DataFrame df = wide();
        DataFrame two = df.select("c03", "c22");
        Tiling.Result r = tiling.tile(TileableGraphs.of(two), Map.of());
        // 4 row chunks x the 2 groups holding c03 and c22; group 1 is never made
        assertThat(count(r, ChunkTableFromLocal.class)).isEqualTo(8);
        assertThat(count(r, ChunkTableHConcat.class)).isZero();
        TiledTensor out = r.outputs().get(two.key());
        assertThat(out.nsplits()[1]).containsExactly(1, 1);
        assertThat(out.columnGroups()).containsExactly(List.of("c03"), List.of("c22"));
        // a column is a series over its group's chunks only
        DataFrame again = wide();
        Tiling.Result col = tiling.tile(TileableGraphs.of(again.col("c15")), Map.of());
        assertThat(count(col, ChunkTableFromLocal.class)).isEqualTo(4);
        assertThat(col.graph().outputs()).allSatisfy(c -> assertThat(c.inputs().get(0).index()[1]).isEqualTo(1));
    }

    @Test
    void columnWiseReductionsReduceEachGroupOnItsOwn() {
        DataFrame df = wide();
        DataFrame sum = df.sum();
        Tiling.Result r = tiling.tile(TileableGraphs.of(sum), Map.of());
        TiledTensor out = r.outputs().get(sum.key());
        assertThat(out.nsplits()).isDeepEqualTo(new long[][] {{1}, {10, 10, 5}});
        assertThat(count(r, ChunkTableAggFinal.class)).isEqualTo(3);
        assertThat(count(r, ChunkTableHConcat.class)).isZero();
    }

    @Test
    void otherOperandsReadStitchedRowsMadeOncePerFrame() {
        DataFrame df = wide();
        DataFrame filtered = df.filter(df.col("c00").gt(250.0));
        DataFrame head = df.head(5);
        Tiling.Result r = tiling.tile(TileableGraphs.of(filtered, head), Map.of());
        // one stitch per row chunk, shared by the filter and the head
        assertThat(count(r, ChunkTableHConcat.class)).isEqualTo(4);
        for (ChunkNode c : r.graph().nodes()) {
            if (c.op() instanceof ChunkTableHConcat) {
                assertThat(c.inputs()).hasSize(3);
                assertThat(c.shape()).containsExactly(3, 25);
            }
        }
        // the 25 columns and the row labels the filter keeps (pandas' index of the rows that passed)
        assertThat(r.outputs().get(filtered.key()).nsplits()[1]).containsExactly(26);
    }

    @Test
    void aMapMixingGroupsReadsStitchedRows() {
        DataFrame df = wide();
        DataFrame kept = df.dropna(); // one keep-mask over every column
        Tiling.Result r = tiling.tile(TileableGraphs.of(kept), Map.of());
        assertThat(count(r, ChunkTableHConcat.class)).isEqualTo(4);
        DataFrame renamed = wide().rename(Map.of("c00", "a"));
        Tiling.Result rr = tiling.tile(TileableGraphs.of(renamed), Map.of());
        assertThat(count(rr, ChunkTableHConcat.class)).isZero();
        assertThat(count(rr, ChunkTableMap.class)).isEqualTo(12);
        assertThat(rr.outputs().get(renamed.key()).columnGroups().get(0).get(0)).isEqualTo("a");
    }

    @Test
    void aStoredWideFrameKeepsItsColumnGroups() {
        DataFrame df = wide();
        TiledTensor t = tiling.tile(TileableGraphs.of(df), Map.of()).outputs().get(df.key());
        TiledTensor fetch = TiledTensors.asFetch(t, Map.of());
        assertThat(fetch.columnGroups()).isEqualTo(t.columnGroups());
        StateCodec.StoredTileable back = StateCodec.decodeTileable(StateCodec.encode(df.key(), fetch));
        assertThat(back.tiled().columnGroups()).isEqualTo(t.columnGroups());
        assertThat(back.tiled().nsplits()).isDeepEqualTo(t.nsplits());
        // a later graph selecting from the stored frame still reads one group only
        DataFrame one = df.select("c12");
        Tiling.Result r = tiling.tile(TileableGraphs.of(one), Map.of(df.key(), back.tiled()));
        assertThat(r.graph().outputs()).hasSize(4).allSatisfy(c -> assertThat(c.inputs()).singleElement()
                .satisfies(in -> assertThat(in.index()[1]).isEqualTo(1)));
    }

    @Test
    void aColumnChunkBelowOneIsRefused() {
        assertThatThrownBy(() -> TilingConfig.from(Map.of(TilingConfig.COLUMN_CHUNK, "0")))
                .isInstanceOf(MarsException.class).hasMessageContaining("mars.dataframe.column-chunk")
                .hasMessageContaining("got 0");
    }
}
