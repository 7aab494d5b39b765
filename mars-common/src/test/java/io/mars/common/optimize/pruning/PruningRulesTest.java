package io.mars.common.optimize.pruning;

import static org.assertj.core.api.Assertions.assertThat;

import io.mars.common.graph.TileableGraph;
import io.mars.common.graph.TileableGraphs;
import io.mars.common.graph.TileableNode;
import io.mars.common.operand.dataframe.DataFrameReadCsv;
import io.mars.common.operand.dataframe.TableFilter;
import io.mars.common.operand.tensor.TensorReduce;
import io.mars.common.optimize.ColumnPruning;
import io.mars.dataframe.CsvOptions;
import io.mars.dataframe.DataFrame;
import io.mars.dataframe.DataFrames;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PruningRulesTest {
    @TempDir
    Path tmp;

    private DataFrame frame() throws IOException {
        Path f = tmp.resolve("t.csv");
        Files.writeString(f, "a,b,c,d,e\n1,2.5,x,4,5\n6,7.5,y,9,10\n");
        return DataFrames.readCsv(f.toString(), CsvOptions.defaults());
    }

    private static List<String> readColumns(TileableGraph g) {
        return g.nodes().stream().map(TileableNode::op).filter(DataFrameReadCsv.class::isInstance)
                .map(op -> ((DataFrameReadCsv) op).columns()).findFirst().orElseThrow();
    }

    @Test
    void theRuleOfAnOperandClassDecidesWhatItsInputsMustGive() throws IOException {
        DataFrame df = frame();
        TileableGraph g = TileableGraphs.of(df.filter(df.col("a").gt(1)).select("e"));
        PruningRules filterReadsAll = PruningRules.standard().with(TableFilter.class, new NeedsAllColumns<>());

        assertThat(readColumns(ColumnPruning.prune(g))).containsExactly("a", "e");
        assertThat(readColumns(ColumnPruning.prune(g, filterReadsAll))).containsExactly("a", "b", "c", "d", "e");
    }

    @Test
    void operandsWithoutARuleNeedEveryColumnOfEveryInput() throws IOException {
        DataFrame df = frame();
        TileableNode sum = TileableGraphs.of(df.col("b").toTensor().sum()).nodes().stream()
                .filter(n -> n.op() instanceof TensorReduce).findFirst().orElseThrow();

        assertThat(PruningRules.standard().has(TensorReduce.class)).isFalse();
        assertThat(PruningRules.standard().ruleFor(sum.op()).inputsNeed(sum, sum.op(), Columns.none()))
                .containsExactly(Columns.all());
    }

    @Test
    void columnsCombineAsSetsUnlessAllAreWanted() {
        Columns ab = Columns.of(List.of("a", "b"));

        assertThat(ab.union(Columns.of(List.of("c"))).names()).containsExactly("a", "b", "c");
        assertThat(ab.union(Columns.all())).isEqualTo(Columns.all());
        assertThat(Columns.all().minus("a").contains("a")).isTrue();
        assertThat(ab.minus("a").names()).containsExactly("b");
        assertThat(Columns.none().contains("a")).isFalse();
    }
}
