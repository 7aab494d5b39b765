package io.mars.common.optimize;

import static org.assertj.core.api.Assertions.assertThat;

import io.mars.common.graph.TileableGraph;
import io.mars.common.graph.TileableGraphs;
import io.mars.common.graph.TileableNode;
import io.mars.common.operand.dataframe.ColumnExpr;
import io.mars.common.operand.dataframe.DataFrameReadCsv;
import io.mars.common.operand.dataframe.TableFilter;
import io.mars.common.operand.dataframe.TableMap;
import io.mars.common.operand.dataframe.TableRowPositions;
import io.mars.common.operand.dataframe.TableSortValues;
import io.mars.dataframe.CsvOptions;
import io.mars.dataframe.DataFrame;
import io.mars.dataframe.DataFrames;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Row labels cost nothing when nothing reads them: a row operation on a RangeIndex frame asks for the rows' positions
 * (TableRowPositions), and column pruning removes that node, and every map output passing labels on, unless a
 * requested result (or the index) reads them.
 */
class RowLabelPruningTest {
    @TempDir
    Path tmp;

    private DataFrame frame() throws IOException {
        Path f = tmp.resolve("t.csv");
        Files.writeString(f, "k,v,w\n1,2.5,3\n2,7.5,4\n");
        return DataFrames.readCsv(f.toString(), CsvOptions.defaults());
    }

    private static long positions(TileableGraph g) {
        return g.nodes().stream().filter(n -> n.op() instanceof TableRowPositions).count();
    }

    /** Whether any map of the graph computes or passes on the labels column. */
    private static boolean passesLabels(TileableGraph g) {
        return g.nodes().stream().map(TileableNode::op).filter(TableMap.class::isInstance).map(TableMap.class::cast)
                .flatMap(m -> m.outputs().stream()).map(ColumnExpr::name)
                .anyMatch(TableRowPositions.INDEX_COLUMN::equals);
    }

    private static DataFrameReadCsv reader(TileableGraph g) {
        return g.nodes().stream().map(TileableNode::op).filter(DataFrameReadCsv.class::isInstance)
                .map(DataFrameReadCsv.class::cast).findFirst().orElseThrow();
    }

    @Test
    void aFilteredColumnsSumComputesNoLabels() throws IOException {
        DataFrame df = frame();
        TileableGraph full = TileableGraphs.of(df.filter(df.col("k").gt(1)).col("v").sum());
        assertThat(positions(full)).as("the filter asks for positions before pruning").isEqualTo(1);
        assertThat(passesLabels(full)).isTrue();
        TileableGraph g = ColumnPruning.prune(full);
        assertThat(positions(g)).isZero();
        assertThat(passesLabels(g)).isFalse();
        assertThat(reader(g).columns()).containsExactly("k", "v");
        TileableNode filter = g.nodes().stream().filter(n -> n.op() instanceof TableFilter).findFirst().orElseThrow();
        TileableNode read = g.nodes().stream().filter(n -> n.op() instanceof DataFrameReadCsv).findFirst()
                .orElseThrow();
        assertThat(filter.inputs().get(0)).as("the filter reads the frame itself").isEqualTo(read.key());
    }

    @Test
    void theFilterSumBenchmarkGraphIsTheSameAsWithoutLabels() {
        // benchmarks' DataFrameOps filter-sum: a frame of two random columns, filtered, one column summed
        io.mars.tensor.TensorRandom rng = io.mars.tensor.Tensors.random(42);
        DataFrame k = DataFrames.fromTensor(rng.randint(0, 1000, new long[] {1000}, io.mars.types.DataType.INT64,
                io.mars.tensor.Tensors.chunks(100)), "k");
        DataFrame df = k.assign("v", DataFrames.fromTensor(rng.rand(io.mars.tensor.Tensors.shape(1000),
                io.mars.tensor.Tensors.chunks(100)), "v").col("v"));
        TileableGraph g = ColumnPruning.prune(TileableGraphs.of(df.filter(df.col("v").gt(0.5)).col("v").sum()));
        assertThat(positions(g)).isZero();
        assertThat(passesLabels(g)).isFalse();
        TileableNode filter = g.nodes().stream().filter(n -> n.op() instanceof TableFilter).findFirst().orElseThrow();
        assertThat(filter.inputs().get(0)).isEqualTo(df.key());
        assertThat(filter.shape()[1]).as("the filter carries v only").isEqualTo(1);
    }

    @Test
    void groupByMergeAndSortOfFilteredRowsComputeNoLabels() throws IOException {
        DataFrame df = frame();
        DataFrame f = df.filter(df.col("k").gt(1));
        TileableGraph grouped = ColumnPruning.prune(TileableGraphs.of(f.groupBy("k").sum()));
        assertThat(positions(grouped)).isZero();
        TileableGraph merged = ColumnPruning.prune(TileableGraphs.of(f.merge(frame(), "k", "inner")));
        assertThat(positions(merged)).isZero();
        assertThat(passesLabels(merged)).isFalse();
        TileableGraph sorted = ColumnPruning.prune(TileableGraphs.of(df.sortValues("v").col("w").sum()));
        assertThat(positions(sorted)).isZero();
        TableSortValues sort = sorted.nodes().stream().map(TileableNode::op).filter(TableSortValues.class::isInstance)
                .map(TableSortValues.class::cast).findFirst().orElseThrow();
        assertThat(sort.by()).containsExactly("v");
        assertThat(sorted.nodes()).filteredOn(n -> n.op() instanceof TableSortValues).singleElement()
                .satisfies(n -> assertThat(n.shape()[1]).as("the sort carries v and w only").isEqualTo(2));
        TileableGraph counted = ColumnPruning.prune(TileableGraphs.of(df.col("v").valueCounts()));
        assertThat(positions(counted)).isZero();
        DataFrame named = df.assign("t", df.col("k").astype(io.mars.types.DType.STRING));
        DataFrame kept = named.filter(named.col("k").gt(1));
        TileableGraph lengths = ColumnPruning.prune(TileableGraphs.of(kept.col("t").str().len().sum()));
        assertThat(positions(lengths)).as("a sum of .str lengths of filtered rows").isZero();
        assertThat(positions(ColumnPruning.prune(TileableGraphs.of(kept.col("t").str().len()))))
                .as("the lengths themselves are labelled").isEqualTo(1);
    }

    @Test
    void labelsThatAreReadAreComputed() throws IOException {
        DataFrame df = frame();
        DataFrame f = df.filter(df.col("k").gt(1));
        assertThat(positions(ColumnPruning.prune(TileableGraphs.of(f)))).as("a requested frame keeps its labels")
                .isEqualTo(1);
        assertThat(positions(ColumnPruning.prune(TileableGraphs.of(f.index())))).isEqualTo(1);
        assertThat(positions(ColumnPruning.prune(TileableGraphs.of(f.resetIndex().col("index").sum()))))
                .isEqualTo(1);
        TileableGraph sortedIndex = ColumnPruning.prune(TileableGraphs.of(df.sortValues("v").col("w")));
        assertThat(positions(sortedIndex)).as("a sorted series is labelled by the rows' old positions").isEqualTo(1);
    }
}
