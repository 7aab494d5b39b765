package io.mars.common.optimize;

import static org.assertj.core.api.Assertions.assertThat;

import io.mars.common.graph.TileableGraph;
import io.mars.common.graph.TileableGraphs;
import io.mars.common.graph.TileableNode;
import io.mars.common.operand.dataframe.DataFrameReadCsv;
import io.mars.common.operand.dataframe.TableMap;
import io.mars.dataframe.CsvOptions;
import io.mars.dataframe.DataFrame;
import io.mars.dataframe.DataFrames;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ColumnPruningTest {
    @TempDir
    Path tmp;

    private DataFrame frame() throws IOException {
        Path f = tmp.resolve("t.csv");
        Files.writeString(f, "a,b,c,d,e\n1,2.5,x,4,5\n6,7.5,y,9,10\n");
        return DataFrames.readCsv(f.toString(), CsvOptions.defaults());
    }

    private static DataFrameReadCsv reader(TileableGraph g) {
        return g.nodes().stream().map(TileableNode::op).filter(DataFrameReadCsv.class::isInstance)
                .map(DataFrameReadCsv.class::cast).findFirst().orElseThrow();
    }

    @Test
    void readerKeepsOnlyTheColumnsAnExpressionUses() throws IOException {
        DataFrame df = frame();
        TileableGraph g = ColumnPruning.prune(TileableGraphs.of(df.col("b").add(df.col("d")).sum()));
        assertThat(reader(g).columns()).containsExactly("b", "d");
        TileableNode read = g.nodes().stream().filter(n -> n.op() instanceof DataFrameReadCsv).findFirst()
                .orElseThrow();
        assertThat(read.shape()[1]).isEqualTo(2);
    }

    @Test
    void filterKeepsTheMaskColumnAndTheSelectedOnes() throws IOException {
        DataFrame df = frame();
        DataFrame f = df.filter(df.col("a").gt(1)).select("e");
        TileableGraph g = ColumnPruning.prune(TileableGraphs.of(f));
        assertThat(reader(g).columns()).containsExactly("a", "e");
    }

    @Test
    void assignThenSelectDropsTheUnusedOutputsOfTheMap() throws IOException {
        DataFrame df = frame();
        DataFrame f = df.assign("z", df.col("a").multiply(2L)).select("z", "c");
        TileableGraph g = ColumnPruning.prune(TileableGraphs.of(f));
        assertThat(reader(g).columns()).containsExactly("a", "c");
        List<TableMap> maps = g.nodes().stream().map(TileableNode::op).filter(TableMap.class::isInstance)
                .map(TableMap.class::cast).toList();
        assertThat(maps).anySatisfy(m -> assertThat(m.outputs()).extracting(e -> e.name())
                .containsExactly("c", "z"));
    }

    @Test
    void aColumnAssignedFromAnotherFrameThatNothingReadsIsNeverComputed() {
        io.mars.tensor.TensorRandom rng = io.mars.tensor.Tensors.random(1);
        DataFrame keys = DataFrames.fromTensor(rng.randint(0, 10, new long[] {100}, io.mars.types.DataType.INT64,
                io.mars.tensor.Tensors.chunks(30)), "k");
        DataFrame values = DataFrames.fromTensor(rng.rand(io.mars.tensor.Tensors.shape(100),
                io.mars.tensor.Tensors.chunks(30)), "v");
        DataFrame df = keys.assign("v", values.col("v"));
        TileableGraph full = TileableGraphs.of(df.filter(df.col("v").gt(0.5)).col("v").sum());
        TileableGraph g = ColumnPruning.prune(full);
        // gone: the key column's random draw, its frame, and the filter's row positions (no label is read)
        assertThat(g.nodes()).as("the key column's random draw and its frame are gone").hasSize(full.nodes().size() - 3)
                .noneMatch(n -> n.key().equals(keys.key()));
        TileableNode assign = g.nodes().stream().filter(n -> n.key().equals(df.key())).findFirst().orElseThrow();
        assertThat(assign.inputs()).hasSize(1).doesNotContain(keys.key());
        assertThat(((TableMap) assign.op()).outputs()).singleElement()
                .satisfies(e -> assertThat(e.args().get(0).input()).isZero());
        // a graph that needs the keys keeps them
        TileableGraph grouped = ColumnPruning.prune(TileableGraphs.of(df.groupBy("k").sum()));
        assertThat(grouped.nodes()).anyMatch(n -> n.key().equals(keys.key()));
    }

    @Test
    void aRequestedFrameAndAnUnknownOperandKeepEveryColumn() throws IOException {
        DataFrame df = frame();
        assertThat(reader(ColumnPruning.prune(TileableGraphs.of(df))).columns()).hasSize(5);
        // toTensor is not taught to the pass: it needs every column of its input (here the four of the drop)
        assertThat(reader(ColumnPruning.prune(TileableGraphs.of(df.drop("c").toTensor().sum()))).columns())
                .containsExactly("a", "b", "d", "e");
        TileableGraph both = ColumnPruning.prune(TileableGraphs.of(df.col("a").sum(), df.head(1)));
        assertThat(reader(both).columns()).hasSize(5);
    }

    @Test
    void groupByReadsItsKeysAndAggregatedColumnsOnly() throws IOException {
        DataFrame df = frame();
        TileableGraph g = ColumnPruning.prune(TileableGraphs.of(df.groupBy("c").sum()));
        assertThat(reader(g).columns()).hasSize(5); // sum() aggregates every other column
        TileableGraph h = ColumnPruning.prune(TileableGraphs.of(df.select("c", "d").groupBy("c").size()));
        assertThat(reader(h).columns()).containsExactly("c");
    }

    private static List<List<String>> readers(TileableGraph g) {
        return g.nodes().stream().map(TileableNode::op).filter(DataFrameReadCsv.class::isInstance)
                .map(o -> ((DataFrameReadCsv) o).columns()).toList();
    }

    @Test
    void aMergeReadsItsKeysAndTheWantedColumnsOfEachSide() throws IOException {
        DataFrame left = frame();
        Path f = tmp.resolve("r.csv");
        Files.writeString(f, "k,b,w,v\n1,0.5,p,3\n6,1.5,q,4\n");
        DataFrame right = DataFrames.readCsv(f.toString(), CsvOptions.defaults());
        DataFrame m = left.merge(right, "a", "k", "inner");
        // b is on both sides: b_y keeps b on the left too, so that it still clashes and keeps its suffix
        TileableGraph g = ColumnPruning.prune(TileableGraphs.of(m.select("c", "b_y").head(1)));
        assertThat(readers(g)).containsExactlyInAnyOrder(List.of("a", "b", "c"), List.of("k", "b"));
        TileableNode merge = g.nodes().stream().filter(n -> n.op() instanceof io.mars.common.operand.dataframe
                .TableMerge).findFirst().orElseThrow();
        assertThat(merge.shape()[1]).as("a, b_x, c, k, b_y").isEqualTo(5);
        DataFrame semi = left.merge(right, "a", "k", "leftsemi").select("d");
        assertThat(readers(ColumnPruning.prune(TileableGraphs.of(semi.head(1))))).containsExactlyInAnyOrder(
                List.of("a", "d"), List.of("k"));
    }
}
