package io.mars.common.wire;

import io.mars.common.graph.TileableGraphs;
import io.mars.common.table.ArrowTables;
import io.mars.common.table.TableChunk;
import io.mars.common.table.TableCodec;
import io.mars.dataframe.DataFrame;
import io.mars.dataframe.DataFrames;
import io.mars.dataframe.GroupBy;
import io.mars.types.Column;
import io.mars.types.DType;
import io.mars.types.LocalTable;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;

/**
 * Loads and initializes, once, what every job's first task otherwise pays for: the Avro wire schemas (with the
 * Jackson classes Avro parses them with) and the Arrow vector, schema and IPC classes, by encoding and decoding a
 * small graph and a small table of every column type. A process calls it while it starts (the embedded cluster, a
 * worker container), so the first job does not spend its first second loading some 1,500 classes.
 */
public final class Warmup {
    private static volatile boolean done;

    private Warmup() {
    }

    /** Does the work the first time only; buffers come from {@code allocator} and are freed before it returns. */
    public static synchronized void codecs(BufferAllocator allocator) {
        if (done) {
            return;
        }
        List<Column> columns = new ArrayList<>();
        for (DType t : DType.values()) {
            columns.add(Column.of(t.name(), t, Arrays.asList(null, null)));
        }
        LocalTable table = new LocalTable(columns);
        DataFrame df = DataFrames.fromTable(table, 1);
        GraphCodec.decodeTileableGraph(GraphCodec.encode(TileableGraphs.of(
                df.groupBy(DType.INT64.name()).agg(GroupBy.named("s", DType.FLOAT64.name(), "sum")),
                df.sortValues(DType.FLOAT64.name()), df.filter(df.col(DType.FLOAT64.name()).gt(0.5)))));
        try (TableChunk chunk = new TableChunk(ArrowTables.toArrow(table, allocator));
             TableChunk back = TableCodec.decode(TableCodec.encode(chunk), allocator)) {
            ArrowTables.toLocal(back.root());
        }
        done = true;
    }
}
