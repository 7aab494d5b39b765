package io.mars.container.kernels;

import io.mars.common.error.ErrorCode;
import io.mars.common.error.MarsException;
import io.mars.common.graph.ChunkNode;
import io.mars.common.operand.dataframe.AggFn;
import io.mars.common.operand.dataframe.AggSpec;
import io.mars.common.operand.dataframe.ChunkTableAggCombine;
import io.mars.common.operand.dataframe.ChunkTableAggFinal;
import io.mars.common.operand.dataframe.ChunkTableAggMap;
import io.mars.common.operand.dataframe.ChunkTableAssemble;
import io.mars.common.operand.dataframe.ChunkTableFilter;
import io.mars.common.operand.dataframe.ChunkTableFromLocal;
import io.mars.common.operand.dataframe.ChunkTableFromTensor;
import io.mars.common.operand.dataframe.ChunkTableMap;
import io.mars.common.operand.dataframe.ChunkTableToTensor;
import io.mars.common.operand.dataframe.ColumnExpr;
import io.mars.common.operand.dataframe.ColumnRef;
import io.mars.common.operand.dataframe.ExprFn;
import io.mars.common.table.ArrowBuffers;
import io.mars.common.table.ArrowGather;
import io.mars.common.table.ArrowTables;
import io.mars.common.table.Columns;
import io.mars.common.table.TableChunk;
import io.mars.types.ChunkData;
import io.mars.types.Column;
import io.mars.types.DType;
import io.mars.types.DataType;
import io.mars.types.LocalTable;
import io.mars.types.NDArray;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;

/**
 * The kernels of dataframe chunk operands. They read input batches into heap columns, compute there, and write the
 * result as a new Arrow batch from the worker's allocator (given at construction): the worker owns that allocator
 * and closes it after its storage. Inputs are never modified or closed here.
 *
 * <p>Going through heap columns costs a copy each way; it keeps one evaluator for every type and null rule while
 * the engine grows. Direct loops over Arrow buffers for the hot paths (filter, sum, groupby) come with the
 * benchmark work.
 */
public final class DataFrameKernels {
    private DataFrameKernels() {
    }

    /**
     * {@code registry} plus the dataframe kernels and those of user functions, allocating from {@code allocator};
     * user functions are read with the calling thread's context class loader (in a local cluster, the loader the job
     * runs in: mars-submit sets it to the job's while its main runs).
     */
    public static KernelRegistry register(KernelRegistry registry, BufferAllocator allocator) {
        ClassLoader context = Thread.currentThread().getContextClassLoader();
        return register(registry, allocator, context != null ? context : DataFrameKernels.class.getClassLoader());
    }

    /** {@code registry} plus the dataframe kernels and those of user functions, read through {@code userClasses}. */
    public static KernelRegistry register(KernelRegistry registry, BufferAllocator allocator,
                                          ClassLoader userClasses) {
        registry = UserFunctionKernels.register(registry, allocator, userClasses);
        registry = DataFrameOpsKernels.register(registry, allocator);
        registry = RowLabelKernels.register(registry, allocator);
        // IO kernels (readCsv, readParquet, toCsv, toParquet)
        registry = TableIoKernels.register(registry, allocator);
        registry = WideTableKernels.register(registry, allocator);
        registry = WindowKernels.register(registry, allocator);
        return registry
                .with(ChunkTableFromLocal.class, (node, op, in) -> chunk(op.data(), allocator))
                .with(ChunkTableFromTensor.class, (node, op, in) -> fromTensor(op, (NDArray) in.get(0), allocator))
                .with(ChunkTableToTensor.class, (node, op, in) -> toTensor(node, op, table(in.get(0))))
                .with(ChunkTableMap.class, (node, op, in) -> map(op, in, allocator))
                .with(ChunkTableFilter.class, (node, op, in) -> filter(in, allocator))
                .with(ChunkTableAssemble.class, (node, op, in) -> assemble(op, in, allocator))
                .with(ChunkTableAggMap.class, (node, op, in) -> {
                    LocalTable t = ArrowTables.toLocal(tableChunk(in.get(0)).root(), aggInputs(op.keys(), op.aggs()));
                    TableAggregation agg = new TableAggregation(op.keys(), op.aggs());
                    agg.addRows(t);
                    return chunk(agg.states(t), allocator);
                })
                .with(ChunkTableAggCombine.class, (node, op, in) -> mergeStates(op.keys(), op.aggs(), in, false,
                        allocator))
                .with(ChunkTableAggFinal.class, (node, op, in) -> mergeStates(op.keys(), op.aggs(), in, true,
                        allocator));
    }

    /** The columns a grouped aggregation reads: its keys, then its aggregations' columns (size reads none). */
    private static List<String> aggInputs(List<String> keys, List<AggSpec> aggs) {
        LinkedHashSet<String> names = new LinkedHashSet<>(keys);
        for (AggSpec a : aggs) {
            if (a.fn() != AggFn.SIZE) {
                names.add(a.column());
            }
        }
        return new ArrayList<>(names);
    }

    static LocalTable table(ChunkData d) {
        return ArrowTables.toLocal(tableChunk(d).root());
    }

    static TableChunk chunk(LocalTable t, BufferAllocator allocator) {
        return new TableChunk(ArrowTables.toArrow(t, allocator));
    }

    private static TableChunk fromTensor(ChunkTableFromTensor op, NDArray a, BufferAllocator allocator) {
        long[] shape = a.shapeView();
        int rows = (int) shape[0];
        int width = shape.length == 2 ? (int) shape[1] : 1;
        DType t = DType.of(a.dtype());
        if (width == 1 && (t == DType.FLOAT64 || t == DType.INT64)) {
            // the array is the column as it is (an NDArray of these dtypes holds a double[] or a long[])
            Object data = a.data();
            Column c = t == DType.FLOAT64 ? new Column(op.columns().get(0), t, null, (double[]) data, null, null)
                    : new Column(op.columns().get(0), t, (long[]) data, null, null, null);
            return new TableChunk(ArrowTables.toArrow(List.of(c), rows, allocator));
        }
        int count = op.columns().size(); // --- wide --- tensor columns [offset, offset + count) of the chunk
        List<Column> cols = new ArrayList<>(count);
        for (int c = 0; c < count; c++) {
            int j = op.offset() + c;
            if (t.isFloat()) {
                double[] v = new double[rows];
                for (int i = 0; i < rows; i++) {
                    v[i] = a.getDouble(i * width + j);
                }
                cols.add(new Column(op.columns().get(c), t, null, v, null, null));
            } else {
                long[] v = new long[rows];
                for (int i = 0; i < rows; i++) {
                    v[i] = t == DType.BOOL ? (a.getBoolean(i * width + j) ? 1 : 0) : a.getLong(i * width + j);
                }
                cols.add(new Column(op.columns().get(c), t, v, null, null, null));
            }
        }
        return new TableChunk(ArrowTables.toArrow(cols, rows, allocator));
    }

    private static NDArray toTensor(ChunkNode node, ChunkTableToTensor op, LocalTable t) {
        int rows = t.rowCount();
        int width = t.columnCount();
        DataType dt = op.dtype();
        NDArray out = NDArray.allocate(dt, op.series() ? new long[] {rows} : new long[] {rows, width});
        for (int j = 0; j < width; j++) {
            Column c = t.column(j);
            for (int i = 0; i < rows; i++) {
                int flat = i * width + j;
                if (dt.isFloat()) {
                    out.setDouble(flat, c.getDouble(i));
                } else if (c.isNull(i)) {
                    throw new MarsException(ErrorCode.INVALID_ARGUMENT, "column '" + c.name() + "' has a null at row "
                            + i + " of chunk " + node.key() + ", which a " + dt + " tensor cannot hold; fill or drop"
                            + " nulls, or convert to float first");
                } else {
                    out.setLong(flat, c.longs() != null ? c.longs()[i] : (long) c.doubles()[i]);
                }
            }
        }
        return out;
    }

    /**
     * Each output is computed from heap copies of only the columns it reads, except a plain column reference, which
     * shares the input's Arrow buffers (no copy), and a comparison or boolean operation {@link ArrowPredicates}
     * evaluates on the Arrow vectors.
     */
    private static TableChunk map(ChunkTableMap op, List<ChunkData> in, BufferAllocator allocator) {
        int n = tableChunk(in.get(0)).rowCount();
        sameRows(in, n);
        List<ColumnExpr> outputs = op.outputs();
        boolean[] shared = new boolean[outputs.size()];
        boolean[] direct = new boolean[outputs.size()];
        List<TableChunk> chunks = new ArrayList<>(in.size());
        List<List<String>> used = new ArrayList<>(in.size());
        for (int i = 0; i < in.size(); i++) {
            chunks.add(tableChunk(in.get(i)));
            used.add(new ArrayList<>());
        }
        for (int j = 0; j < shared.length; j++) {
            shared[j] = sharable(outputs.get(j), in, n);
            direct[j] = !shared[j] && ArrowPredicates.covers(outputs.get(j), chunks, n);
            for (ColumnRef r : shared[j] || direct[j] ? List.<ColumnRef>of() : outputs.get(j).args()) {
                List<String> names = used.get(r.input());
                if (!names.contains(r.column())) {
                    names.add(r.column());
                }
            }
        }
        List<LocalTable> tables = new ArrayList<>(in.size());
        for (int i = 0; i < in.size(); i++) {
            tables.add(ArrowTables.toLocal(tableChunk(in.get(i)).root(), used.get(i)));
        }
        return new TableChunk(ArrowTables.batch(n, outputs.size(), j -> {
            ColumnExpr e = outputs.get(j);
            if (direct[j]) {
                return ArrowPredicates.evaluate(e, chunks, n, allocator);
            }
            if (!shared[j]) {
                return ArrowTables.toVector(TableExpressions.evaluate(e, tables, n), allocator);
            }
            ColumnRef r = e.args().get(0);
            return ArrowTables.share(tableChunk(in.get(r.input())).root().getVector(r.column()), e.name(), 0, n,
                    allocator);
        }));
    }

    /**
     * LENGTH_MISMATCH unless every input chunk holds {@code n} rows: row-wise operands pair chunk i of each input,
     * and when the inputs' row counts were unknown at tiling (after a filter) only the kernel can tell.
     */
    private static void sameRows(List<ChunkData> in, int n) {
        for (int i = 1; i < in.size(); i++) {
            int rows = tableChunk(in.get(i)).rowCount();
            if (rows != n) {
                throw new MarsException(ErrorCode.LENGTH_MISMATCH, "row-aligned operands have different lengths: a"
                        + " chunk of " + n + " rows meets one of " + rows + "; combine series of one frame, or filter"
                        + " both the same way, first");
            }
        }
    }

    /** Whether output {@code e} is an input column as it is: same type, and the input has the {@code n} rows. */
    private static boolean sharable(ColumnExpr e, List<ChunkData> in, int n) {
        if (e.fn() != ExprFn.COLUMN) {
            return false;
        }
        ColumnRef r = e.args().get(0);
        VectorSchemaRoot root = tableChunk(in.get(r.input())).root();
        FieldVector v = root.getVector(r.column());
        return v != null && ArrowTables.dtype(v.getField()) == e.dtype() && root.getRowCount() == n;
    }

    static TableChunk tableChunk(ChunkData d) {
        if (!(d instanceof TableChunk t)) {
            throw new MarsException(ErrorCode.INTERNAL_ERROR, "a dataframe kernel was given " + d.getClass().getName()
                    + " instead of a table chunk");
        }
        return t;
    }

    /** The rows whose mask is true (not null), copied column by column; all rows share the input's buffers. */
    private static TableChunk filter(List<ChunkData> in, BufferAllocator allocator) {
        VectorSchemaRoot t = tableChunk(in.get(0)).root();
        int n = t.getRowCount();
        sameRows(in, n);
        FieldVector mask = tableChunk(in.get(1)).root().getVector(0);
        int[] rows = new int[n];
        int count = ArrowBuffers.trueRows(mask.getDataBuffer(), mask.getValidityBuffer(), n, rows);
        List<FieldVector> columns = t.getFieldVectors();
        return new TableChunk(ArrowTables.batch(count, columns.size(), j -> {
            FieldVector v = columns.get(j);
            return count == n ? ArrowTables.share(v, v.getName(), 0, n, allocator)
                    : ArrowGather.take(v, rows, count, allocator);
        }));
    }

    private static TableChunk assemble(ChunkTableAssemble op, List<ChunkData> in, BufferAllocator allocator) {
        List<LocalTable> parts = new ArrayList<>(op.pieces().size());
        for (ChunkTableAssemble.Piece p : op.pieces()) {
            parts.add(Columns.slice(table(in.get(p.input())), (int) p.start(), (int) p.length()));
        }
        return chunk(Columns.concat(parts), allocator);
    }

    private static TableChunk mergeStates(List<String> keys, List<io.mars.common.operand.dataframe.AggSpec> aggs,
                                          List<ChunkData> in, boolean last, BufferAllocator allocator) {
        TableAggregation agg = new TableAggregation(keys, aggs);
        LocalTable like = null;
        for (ChunkData d : in) {
            LocalTable t = table(d);
            like = like == null ? t : like;
            agg.addStates(t);
        }
        return chunk(last ? agg.result(like) : agg.states(like), allocator);
    }
}
