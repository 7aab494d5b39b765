package io.mars.common.wire;

import io.mars.common.graph.ChunkNode;
import io.mars.common.graph.Subtask;
import io.mars.common.operand.Scalar;
import io.mars.common.operand.chunk.ChunkFull;
import io.mars.common.table.ArrowTables;
import io.mars.common.table.TableChunk;
import io.mars.common.table.TableCodec;
import io.mars.types.Column;
import io.mars.types.DType;
import io.mars.types.DataType;
import io.mars.types.LocalTable;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;

/**
 * Loads and initializes, once, what every process's first subtask otherwise pays for: the Avro wire schemas (with the
 * Jackson classes Avro parses them with) and the Arrow vector, schema and IPC classes, by encoding and decoding a
 * small subtask and a small table of every column type. Each process calls it while it starts (a worker container,
 * the AM, the embedded cluster; the supervisors also warm the user API's graphs), so the first job does not spend its
 * first second loading some 1,500 classes.
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
        ChunkNode full = new ChunkNode("warmup", new ChunkFull(Scalar.of(1.0)), List.of(), DataType.FLOAT64,
                new long[] {2}, new int[] {0});
        GraphCodec.decodeSubtask(GraphCodec.encode(new Subtask(0, List.of(full), List.of(), List.of("warmup"), 0)));
        try (TableChunk chunk = new TableChunk(ArrowTables.toArrow(table, allocator));
             TableChunk back = TableCodec.decode(TableCodec.encode(chunk), allocator)) {
            ArrowTables.toLocal(back.root());
        }
        done = true;
    }
}
