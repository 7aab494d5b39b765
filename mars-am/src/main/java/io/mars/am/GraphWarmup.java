package io.mars.am;

import io.mars.common.graph.TileableGraphs;
import io.mars.common.wire.GraphCodec;
import io.mars.dataframe.DataFrame;
import io.mars.dataframe.DataFrames;
import io.mars.dataframe.GroupBy;
import io.mars.types.Column;
import io.mars.types.DType;
import io.mars.types.LocalTable;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * What a supervisor's first task otherwise pays for besides the codecs ({@link io.mars.common.wire.Warmup}): the
 * classes of the user API's graphs and their wire records, loaded by encoding and decoding a small dataframe graph
 * (a groupby, a sort, a filter). The processes that run a supervisor (the AM, the embedded cluster) call it while
 * they start; workers never see tileable graphs.
 */
public final class GraphWarmup {
    private static volatile boolean done;

    private GraphWarmup() {
    }

    /** Does the work the first time only. */
    public static synchronized void tileableGraphs() {
        if (done) {
            return;
        }
        List<Column> columns = new ArrayList<>();
        for (DType t : DType.values()) {
            columns.add(Column.of(t.name(), t, Arrays.asList(null, null)));
        }
        DataFrame df = DataFrames.fromTable(new LocalTable(columns), 1);
        GraphCodec.decodeTileableGraph(GraphCodec.encode(TileableGraphs.of(
                df.groupBy(DType.INT64.name()).agg(GroupBy.named("s", DType.FLOAT64.name(), "sum")),
                df.sortValues(DType.FLOAT64.name()), df.filter(df.col(DType.FLOAT64.name()).gt(0.5)))));
        done = true;
    }
}
