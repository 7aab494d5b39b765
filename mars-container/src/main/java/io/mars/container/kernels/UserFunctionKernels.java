package io.mars.container.kernels;

import io.mars.common.error.ErrorCode;
import io.mars.common.error.MarsException;
import io.mars.common.graph.ChunkNode;
import io.mars.common.operand.chunk.ChunkMapChunk;
import io.mars.common.operand.chunk.ChunkSpawn;
import io.mars.common.operand.dataframe.ChunkSeriesApplyWhole;
import io.mars.common.operand.dataframe.ChunkSeriesMap;
import io.mars.common.operand.dataframe.ChunkTableApplyRows;
import io.mars.common.operand.dataframe.ChunkTableAlignSeries;
import io.mars.common.operand.dataframe.ChunkTableApplyRowsExpand;
import io.mars.common.operand.dataframe.ChunkTableGroupApply;
import io.mars.common.operand.dataframe.ChunkTableMapPartitions;
import io.mars.common.operand.dataframe.TableRowPositions;
import io.mars.common.operand.dataframe.WholeColumnResult;
import io.mars.common.operand.tensor.TensorSpawn;
import io.mars.common.table.Columns;
import io.mars.common.table.TableChunk;
import io.mars.types.ChunkData;
import io.mars.types.ChunkFunction;
import io.mars.types.Column;
import io.mars.types.ColumnFunction;
import io.mars.types.DType;
import io.mars.types.LocalTable;
import io.mars.types.NDArray;
import io.mars.types.RemoteFunction;
import io.mars.types.Row;
import io.mars.types.RowFunction;
import io.mars.types.Shapes;
import io.mars.types.TableFunction;
import io.mars.types.UserFunctions;
import io.mars.types.ValueFunction;
import java.lang.reflect.Array;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;

/**
 * The kernels that run a user function: they read the function from the operand's bytes with the class loader of the
 * job's classes (given at construction: on YARN the loader of the job's jars the worker localized, in a local cluster
 * the loader the job runs in), call it on the chunk's data, and check what it returned. Whatever the function throws
 * fails the subtask with USER_FUNCTION_FAILED, its message and stack trace; no Arrow memory is taken before the
 * function has returned, so nothing is left allocated.
 */
public final class UserFunctionKernels {
    private UserFunctionKernels() {
    }

    /** {@code registry} plus the user-function kernels, reading functions through {@code userClasses}. */
    public static KernelRegistry register(KernelRegistry registry, BufferAllocator allocator,
                                          ClassLoader userClasses) {
        return registry
                .with(ChunkMapChunk.class, (node, op, in) -> mapChunk(node, op, (NDArray) in.get(0), userClasses))
                .with(ChunkSeriesMap.class, (node, op, in) -> seriesMap(op, DataFrameKernels.table(in.get(0)),
                        userClasses, allocator))
                .with(ChunkTableMapPartitions.class, (node, op, in) -> mapPartitions(op,
                        DataFrameKernels.table(in.get(0)), userClasses, allocator))
                .with(ChunkTableApplyRows.class, (node, op, in) -> applyRows(op, DataFrameKernels.table(in.get(0)),
                        userClasses, allocator))
                .with(ChunkTableApplyRowsExpand.class, (node, op, in) -> applyRowsExpand(op,
                        DataFrameKernels.table(in.get(0)), userClasses, allocator))
                .with(ChunkTableGroupApply.class, (node, op, in) -> groupApply(op, in, userClasses, allocator))
                .with(ChunkSeriesApplyWhole.class, (node, op, in) -> applyWhole(op, in, userClasses, allocator,
                        Runtime.getRuntime().maxMemory()))
                .with(ChunkTableAlignSeries.class, (node, op, in) -> alignSeries(op, in, allocator))
                .with(ChunkSpawn.class, (node, op, in) -> spawn(op, in, userClasses))
                .with(io.mars.common.operand.chunk.ChunkFromFunction.class, (node, op, in) -> fromFunction(node, op,
                        userClasses));
    }

    private static NDArray mapChunk(ChunkNode node, ChunkMapChunk op, NDArray in, ClassLoader loader) {
        ChunkFunction fn = UserFunctions.deserialize(op.function(), ChunkFunction.class, loader, "mapChunk");
        NDArray out;
        try {
            // a copy: the function may change what it gets, and the input may be a stored chunk others read
            out = fn.apply(copy(in));
        } catch (RuntimeException | LinkageError | AssertionError | StackOverflowError e) {
            throw UserFunctions.failed("mapChunk (chunk " + node.key() + ")", e, UserFunctionKernels.class);
        }
        if (out == null) {
            throw new MarsException(ErrorCode.USER_FUNCTION_FAILED, "mapChunk (chunk " + node.key() + "): the user"
                    + " function returned null");
        }
        // the node's shape: the input chunk's (elementwise), or the one declared for this chunk (any extent where it
        // is unknown: left to the function)
        if (!KernelRegistry.shapeMatches(out.shapeView(), node.shape())) {
            throw new MarsException(ErrorCode.USER_FUNCTION_FAILED, "mapChunk (chunk " + node.key() + "): the user"
                    + " function returned a chunk of shape " + Shapes.toString(out.shapeView()) + " for one of shape "
                    + Shapes.toString(in.shapeView()) + (Arrays.equals(node.shape(), in.shapeView())
                    ? "; it must keep the chunk's shape"
                    : !Shapes.isKnown(node.shape()) ? "; it must have " + node.shape().length
                    + " axes, as the input chunk, and the declared extents (any: left to it) "
                    + Shapes.toString(node.shape()).replace("-1", "any")
                    : "; the declared chunk shape gives " + Shapes.toString(node.shape()) + " for this chunk"));
        }
        return out.astype(node.dtype());
    }

    /**
     * numpy's {@code fromfunction} for one chunk: the function of every element's index in the tensor (the chunk's
     * offset added), in C order, each value converted to the node's dtype as {@code setDouble} converts it.
     */
    private static NDArray fromFunction(ChunkNode node, io.mars.common.operand.chunk.ChunkFromFunction op,
                                        ClassLoader loader) {
        io.mars.types.IndexFunction fn = UserFunctions.deserialize(op.function(), io.mars.types.IndexFunction.class,
                loader, "fromFunction");
        long[] shape = node.shape();
        NDArray out = NDArray.allocate(node.dtype(), shape);
        long[] index = op.offset().clone();
        long[] given = new long[index.length];
        int size = (int) out.size();
        for (int i = 0; i < size; i++) {
            System.arraycopy(index, 0, given, 0, index.length); // the function may change what it gets
            double v;
            try {
                v = fn.apply(given);
            } catch (RuntimeException | LinkageError | AssertionError | StackOverflowError e) {
                throw UserFunctions.failed("fromFunction (index " + Arrays.toString(index) + ")", e,
                        UserFunctionKernels.class);
            }
            out.setDouble(i, v);
            for (int k = index.length - 1; k >= 0; k--) { // the next index in C order
                if (++index[k] < op.offset()[k] + shape[k]) {
                    break;
                }
                index[k] = op.offset()[k];
            }
        }
        return out;
    }

    /** The remote call: its arguments read back, the function called, what it returned serialized as int8s. */
    private static NDArray spawn(ChunkSpawn op, List<ChunkData> in, ClassLoader loader) {
        RemoteFunction<?> fn = UserFunctions.deserialize(op.function(), RemoteFunction.class, loader, "spawn");
        Object[] args = UserFunctions.deserialize(op.constants(), Object[].class, loader, "spawn's arguments");
        int next = 0;
        for (int i = 0; i < args.length; i++) {
            switch (op.kinds()[i]) {
                case TensorSpawn.SPAWNED -> args[i] = UserFunctions.deserialize((byte[]) ((NDArray) in.get(next++))
                        .data(), Object.class, loader, "spawn's argument " + i);
                case TensorSpawn.TENSOR -> args[i] = copy((NDArray) in.get(next++));
                default -> { } // a constant, already in place
            }
        }
        Object result;
        try {
            result = fn.call(args);
        } catch (RuntimeException | LinkageError | AssertionError | StackOverflowError e) {
            throw UserFunctions.failed("spawn", e, UserFunctionKernels.class);
        }
        if (result != null && !(result instanceof java.io.Serializable)) {
            throw new MarsException(ErrorCode.USER_FUNCTION_FAILED, "spawn: the user function returned a "
                    + result.getClass().getName() + ", which is not serializable, so it cannot be sent back");
        }
        byte[] bytes;
        try {
            bytes = UserFunctions.serialize((java.io.Serializable) result, "spawn's result");
        } catch (MarsException e) {
            throw new MarsException(ErrorCode.USER_FUNCTION_FAILED, e.getMessage(), e);
        }
        return NDArray.of(bytes, bytes.length);
    }

    private static NDArray copy(NDArray in) {
        int slots = Array.getLength(in.data());
        Object data = Array.newInstance(in.data().getClass().getComponentType(), slots);
        System.arraycopy(in.data(), 0, data, 0, slots);
        return new NDArray(in.dtype(), in.shape(), data);
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private static TableChunk seriesMap(ChunkSeriesMap op, LocalTable t, ClassLoader loader,
                                        BufferAllocator allocator) {
        ValueFunction fn = UserFunctions.deserialize(op.function(), ValueFunction.class, loader, "Series.map");
        Column c = t.column(0);
        int n = c.length();
        List<Object> values = new ArrayList<>(n);
        Object missing = c.dtype() == DType.FLOAT64 ? (Object) Double.NaN
                : c.dtype() == DType.FLOAT32 ? (Object) Float.NaN : null;
        for (int i = 0; i < n; i++) {
            Object v = c.isNull(i) ? missing : c.get(i);
            Object r;
            try {
                r = fn.apply(v);
            } catch (RuntimeException | LinkageError | AssertionError | StackOverflowError e) {
                throw UserFunctions.failed("Series.map of '" + c.name() + "' (value " + v + ")", e,
                        UserFunctionKernels.class);
            }
            values.add(missingAsNull(r));
        }
        Column out;
        try {
            out = Column.of(c.name(), op.dtype(), values);
        } catch (MarsException e) {
            throw new MarsException(ErrorCode.USER_FUNCTION_FAILED, "Series.map of '" + c.name() + "': the user"
                    + " function returned a value that is not " + op.dtype() + ": " + e.getMessage()
                    + "; declare the dtype it returns: map(fn, dtype)", e);
        }
        return DataFrameKernels.chunk(new LocalTable(List.of(out)), allocator);
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private static TableChunk applyRows(ChunkTableApplyRows op, LocalTable t, ClassLoader loader,
                                        BufferAllocator allocator) {
        RowFunction fn = UserFunctions.deserialize(op.function(), RowFunction.class, loader, "DataFrame.apply");
        LocalTable rows = withoutLabels(t);
        int n = rows.rowCount();
        List<Object> values = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            Row row = new Row(rows, i);
            Object r = applyRow(fn, row);
            values.add(missingAsNull(r));
        }
        Column out;
        try {
            out = Column.of("", op.dtype(), values);
        } catch (MarsException e) {
            throw new MarsException(ErrorCode.USER_FUNCTION_FAILED, "DataFrame.apply: the user function returned a"
                    + " value that is not " + op.dtype() + ": " + e.getMessage() + "; declare the dtype it returns:"
                    + " apply(fn, dtype)", e);
        }
        return DataFrameKernels.chunk(new LocalTable(List.of(out)), allocator);
    }

    /** The row function of one row; its failure names the row. */
    @SuppressWarnings({"unchecked", "rawtypes"})
    private static Object applyRow(RowFunction fn, Row row) {
        try {
            return fn.apply(row);
        } catch (RuntimeException | LinkageError | AssertionError | StackOverflowError e) {
            throw UserFunctions.failed("DataFrame.apply (" + row + ")", e, UserFunctionKernels.class);
        }
    }

    /** The function of every row, each giving a List or an Object[] of a value per declared column. */
    @SuppressWarnings({"unchecked", "rawtypes"})
    private static TableChunk applyRowsExpand(ChunkTableApplyRowsExpand op, LocalTable t, ClassLoader loader,
                                              BufferAllocator allocator) {
        RowFunction fn = UserFunctions.deserialize(op.function(), RowFunction.class, loader, "DataFrame.apply");
        LocalTable rows = withoutLabels(t);
        int n = rows.rowCount();
        int width = op.columns().size();
        List<List<Object>> values = new ArrayList<>(width);
        for (int j = 0; j < width; j++) {
            values.add(new ArrayList<>(n));
        }
        for (int i = 0; i < n; i++) {
            Row row = new Row(rows, i);
            Object r = applyRow(fn, row);
            List<?> got = r instanceof List<?> list ? list : r instanceof Object[] array ? Arrays.asList(array)
                    : op.broadcast() && (r instanceof Number || r instanceof Boolean || r == null)
                    ? java.util.Collections.nCopies(width, r) : null;
            if (got == null || got.size() != width) {
                throw new MarsException(ErrorCode.USER_FUNCTION_FAILED, "DataFrame.apply (" + row + "): the user"
                        + " function returned " + (r instanceof Object[] a ? Arrays.toString(a) : r)
                        + (got == null ? (r == null ? "" : ", a " + r.getClass().getName()) : ", " + got.size()
                        + " values") + "; it must return " + (op.broadcast() ? "a number or a bool, or " : "")
                        + "a List or an Object[] of " + width + " values, one per " + (op.broadcast() ? ""
                        : "declared ") + "column " + op.columns());
            }
            for (int j = 0; j < width; j++) {
                Object v = got.get(j);
                v = missingAsNull(v);
                if (v == null && op.broadcast() && !op.dtypes().get(j).isFloat()) {
                    throw new MarsException(ErrorCode.USER_FUNCTION_FAILED, "DataFrame.applyBroadcast (" + row
                            + "): the user function returned a missing value for column '" + op.columns().get(j)
                            + "', but broadcast keeps the frame's dtype " + op.dtypes().get(j) + ", which cannot hold"
                            + " one; return a value, or apply to a frame of floats (astype float64)");
                }
                values.get(j).add(v);
            }
        }
        List<Column> out = new ArrayList<>(width);
        for (int j = 0; j < width; j++) {
            try {
                out.add(Column.of(op.columns().get(j), op.dtypes().get(j), values.get(j)));
            } catch (MarsException e) {
                throw new MarsException(ErrorCode.USER_FUNCTION_FAILED, "DataFrame.apply: the user function returned"
                        + " a value for column '" + op.columns().get(j) + "' that is not " + op.dtypes().get(j) + ": "
                        + e.getMessage() + (op.broadcast() ? "; broadcast keeps the frame's dtype: return values of it"
                        : "; declare the dtypes it returns: apply(fn, columns, dtypes)"), e);
            }
        }
        return DataFrameKernels.chunk(new LocalTable(out), allocator);
    }

    /**
     * The function of a whole column: the chunks' values gathered into one heap column (after checking it fits), the
     * function called once, its value returned as one row labelled by the column's name.
     */
    @SuppressWarnings({"unchecked", "rawtypes"})
    private static TableChunk applyWhole(ChunkSeriesApplyWhole op, List<ChunkData> in, ClassLoader loader,
                                         BufferAllocator allocator, long maxHeap) {
        ColumnFunction fn = UserFunctions.deserialize(op.function(), ColumnFunction.class, loader,
                "DataFrame.apply(axis=0)");
        long rows = 0;
        long textBytes = 0;
        for (ChunkData d : in) {
            org.apache.arrow.vector.VectorSchemaRoot root = DataFrameKernels.tableChunk(d).root();
            rows += root.getRowCount();
            org.apache.arrow.vector.FieldVector v = root.getVector(0);
            if (v instanceof org.apache.arrow.vector.VarCharVector text) {
                textBytes += text.getDataBuffer().writerIndex();
            }
        }
        List<Column> pieces = new ArrayList<>(in.size());
        String name = null;
        DType dtype = null;
        for (ChunkData d : in) {
            Column c = withoutLabels(DataFrameKernels.table(d)).column(0);
            if (name == null) {
                name = c.name();
                dtype = c.dtype();
                checkWholeColumnFits(name, dtype, rows, textBytes, maxHeap);
            }
            pieces.add(c);
        }
        Column whole = pieces.size() == 1 ? pieces.get(0) : Columns.concatColumns(pieces);
        pieces = null; // the pieces can go before the function runs
        String what = switch (op.result()) {
            case VALUE -> "DataFrame.apply(axis=0)";
            case COLUMN -> "DataFrame.transform";
            case BROADCAST -> "DataFrame.applyBroadcast(axis=0)";
            case SERIES, LABELLED_SERIES -> "DataFrame.applyExpand(axis=0)";
        } + " of column '" + name + "'";
        Object r;
        try {
            r = fn.apply(whole);
        } catch (RuntimeException | LinkageError | AssertionError | StackOverflowError e) {
            throw UserFunctions.failed(what, e, UserFunctionKernels.class);
        }
        if (op.result() == WholeColumnResult.SERIES || op.result() == WholeColumnResult.LABELLED_SERIES) {
            return DataFrameKernels.chunk(new LocalTable(series(what, name, op.dtype(), r,
                    op.result() == WholeColumnResult.LABELLED_SERIES)), allocator);
        }
        if (op.result() != WholeColumnResult.VALUE) {
            boolean broadcast = op.result() == WholeColumnResult.BROADCAST;
            return DataFrameKernels.chunk(new LocalTable(List.of(transformed(what, name, op.dtype(), whole.length(),
                    r, broadcast))), allocator);
        }
        Object value = missingAsNull(r);
        Column out;
        try {
            out = Column.of("", op.dtype(), java.util.Collections.singletonList(value));
        } catch (MarsException e) {
            throw new MarsException(ErrorCode.USER_FUNCTION_FAILED, "DataFrame.apply(axis=0) of column '" + name
                    + "': the user function returned " + r + ", which is not " + op.dtype() + ": " + e.getMessage()
                    + "; declare the dtype it returns: apply(fn, 0, dtype)", e);
        }
        Column label = Column.ofStrings(TableRowPositions.INDEX_COLUMN, List.of(name));
        return DataFrameKernels.chunk(new LocalTable(List.of(out, label)), allocator);
    }

    /**
     * What the function of a whole column returned as a series of any length: its values, a column named
     * {@code name} of {@code dtype}, and when {@code labelled} their labels ({@link TableRowPositions#INDEX_COLUMN}),
     * a Map's keys in its iteration order, all strings or all integers.
     */
    private static List<Column> series(String what, String name, DType dtype, Object r, boolean labelled) {
        List<?> values;
        List<Object> labels = null;
        if (labelled) {
            if (!(r instanceof java.util.Map<?, ?> map)) {
                throw new MarsException(ErrorCode.USER_FUNCTION_FAILED, what + ": the user function returned "
                        + returned(r) + ", but it gave a Map of label to value for the mock columns (or labels were"
                        + " declared); return a Map for every column, or a Column or a List for every column");
            }
            values = new ArrayList<>(map.values());
            labels = new ArrayList<>(map.keySet());
        } else if (r instanceof Column c) {
            values = boxed(c);
        } else if (r instanceof List<?> list) {
            values = list;
        } else {
            throw new MarsException(ErrorCode.USER_FUNCTION_FAILED, what + ": the user function returned "
                    + returned(r) + "; it must return a Column or a List (a series labelled by position, as it did for"
                    + " the mock columns), or, for every column, a Map of label to value");
        }
        List<Object> cleaned = new ArrayList<>(values.size());
        for (Object v : values) {
            cleaned.add(missingAsNull(v));
        }
        Column column;
        try {
            column = Column.of(name, dtype, cleaned);
        } catch (MarsException e) {
            throw new MarsException(ErrorCode.USER_FUNCTION_FAILED, what + ": the user function returned a value that"
                    + " is not " + dtype + ": " + e.getMessage() + "; declare the dtypes it returns: applyExpand(fn, 0,"
                    + " dtypes" + (labelled ? ", labels)" : ")"), e);
        }
        if (!labelled) {
            return List.of(column);
        }
        DType kind = io.mars.common.operand.dataframe.TableAlignSeries.labelDtype(labels);
        if (kind == null) {
            throw new MarsException(ErrorCode.USER_FUNCTION_FAILED, what + ": the user function returned the labels "
                    + labels + "; a Map's keys must be all strings or all integers, none null");
        }
        return List.of(column, Column.of(TableRowPositions.INDEX_COLUMN, kind, labels));
    }

    /** The values of a column boxed ({@link Column#get}), null for a missing one. */
    private static List<Object> boxed(Column c) {
        List<Object> out = new ArrayList<>(c.length());
        for (int i = 0; i < c.length(); i++) {
            out.add(c.get(i));
        }
        return out;
    }

    private static String returned(Object r) {
        return r + (r == null ? "" : ", a " + r.getClass().getName());
    }

    /**
     * pandas' alignment of the series {@code apply(func)} gave for the columns: by position, every column as long as
     * the longest and the shorter ones padded with missing values; by label, the rows in the order of the labels
     * when every column has the same ones in the same order, else the sorted union of the labels (pandas' union of
     * unequal indexes), a column missing a label getting a missing value there.
     */
    private static TableChunk alignSeries(ChunkTableAlignSeries op, List<ChunkData> in, BufferAllocator allocator) {
        int width = op.columns().size();
        if (in.size() != width) {
            throw new IllegalStateException("alignSeries: " + in.size() + " inputs for the columns " + op.columns());
        }
        List<Column> values = new ArrayList<>(width);
        List<List<Object>> labels = new ArrayList<>(width);
        int longest = 0;
        for (int j = 0; j < width; j++) {
            LocalTable t = DataFrameKernels.table(in.get(j));
            Column v = t.column(0);
            values.add(v);
            longest = Math.max(longest, v.length());
            if (op.labelled()) {
                Column l = t.column(TableRowPositions.INDEX_COLUMN);
                List<Object> boxed = boxed(l);
                if (!boxed.isEmpty() && l.dtype() != op.labels()) {
                    throw new MarsException(ErrorCode.USER_FUNCTION_FAILED, "DataFrame.applyExpand(axis=0) of column '"
                            + op.columns().get(j) + "': the user function's Map has " + (l.dtype() == DType.STRING
                            ? "string" : "integer") + " keys " + abbreviated(boxed) + ", but the labels are "
                            + (op.labels() == DType.STRING ? "strings" : "integers") + " (as the mock columns gave, or"
                            + " as declared); give every column's Map keys of one kind");
                }
                labels.add(boxed);
            }
        }
        List<Column> out = new ArrayList<>(width + 1);
        if (!op.labelled()) {
            for (int j = 0; j < width; j++) {
                out.add(padded(values.get(j), op.columns().get(j), op.dtypes().get(j), longest, null));
            }
            return DataFrameKernels.chunk(new LocalTable(out), allocator);
        }
        List<Object> union = labels.get(0);
        boolean same = true;
        for (List<Object> l : labels) {
            same &= l.equals(union);
        }
        if (!same) {
            // (a Map's keys: no label repeats within a column)
            java.util.TreeSet<Object> sorted = new java.util.TreeSet<>();
            for (List<Object> l : labels) {
                sorted.addAll(l);
            }
            union = new ArrayList<>(sorted);
        }
        java.util.Map<Object, Integer> at = new java.util.HashMap<>();
        for (int i = 0; i < union.size(); i++) {
            at.put(union.get(i), i);
        }
        for (int j = 0; j < width; j++) {
            int[] rows = null;
            if (!same) {
                rows = new int[union.size()];
                Arrays.fill(rows, -1);
                List<Object> l = labels.get(j);
                for (int i = 0; i < l.size(); i++) {
                    rows[at.get(l.get(i))] = i;
                }
            }
            out.add(padded(values.get(j), op.columns().get(j), op.dtypes().get(j), union.size(), rows));
        }
        out.add(Column.of(TableRowPositions.INDEX_COLUMN, op.labels(), union));
        return DataFrameKernels.chunk(new LocalTable(out), allocator);
    }

    /**
     * Column {@code v} as {@code length} rows named {@code name} of {@code dtype}: row i is v's row {@code rows[i]}
     * (missing where it is -1), or v's row i while there is one when {@code rows} is null.
     */
    private static Column padded(Column v, String name, DType dtype, int length, int[] rows) {
        if (rows == null && v.length() == length && v.dtype() == dtype) {
            return v.withName(name);
        }
        List<Object> boxed = new ArrayList<>(length);
        for (int i = 0; i < length; i++) {
            int from = rows == null ? (i < v.length() ? i : -1) : rows[i];
            boxed.add(from < 0 ? null : v.get(from));
        }
        return Column.of(name, dtype, boxed);
    }

    private static String abbreviated(List<Object> labels) {
        return labels.size() <= 5 ? labels.toString() : labels.subList(0, 5) + " (" + labels.size() + " in all)";
    }

    /** What a user function returned, with a float NaN as null: pandas' missing value either way. */
    private static Object missingAsNull(Object v) {
        return v instanceof Double d && d.isNaN() || v instanceof Float f && f.isNaN() ? null : v;
    }

    /**
     * What a transform's function returned as a column named {@code name} of {@code dtype} and {@code rows} values: a
     * {@link Column} (converted when of another dtype) or a {@code List} (NaN as null); anything else, or another
     * length, fails.
     */
    private static Column transformed(String what, String name, DType dtype, int rows, Object r,
                                      boolean broadcast) {
        List<?> values;
        if (broadcast && (r == null || r instanceof Number || r instanceof Boolean)) {
            values = java.util.Collections.nCopies(rows, r); // a missing value is refused below, as in a list
        } else if (r instanceof Column c) {
            if (c.length() == rows && c.dtype() == dtype) {
                return c.withName(name);
            }
            values = boxed(c);
        } else if (r instanceof List<?> list) {
            values = list;
        } else {
            throw new MarsException(ErrorCode.USER_FUNCTION_FAILED, what + ": the user function returned " + r
                    + (r == null ? "" : ", a " + r.getClass().getName()) + "; it must return " + (broadcast
                    ? "a number or a bool, or " : "") + "a Column or a List of " + rows + " values, one per row"
                    + (broadcast ? "" : " (for one value per column use apply(fn, 0))"));
        }
        if (values.size() != rows) {
            throw new MarsException(ErrorCode.USER_FUNCTION_FAILED, what + ": the user function returned "
                    + values.size() + " values for a column of " + rows + "; " + (broadcast ? "broadcast keeps the"
                    + " frame's shape" : "a transform keeps the column's length (for one value per column use"
                    + " apply(fn, 0))"));
        }
        List<Object> cleaned = new ArrayList<>(rows);
        for (Object v : values) {
            v = missingAsNull(v);
            if (v == null && broadcast && !dtype.isFloat()) {
                throw new MarsException(ErrorCode.USER_FUNCTION_FAILED, what + ": the user function returned a missing"
                        + " value, but broadcast keeps the frame's dtype " + dtype + ", which cannot hold one; return"
                        + " values, or apply to a frame of floats (astype float64)");
            }
            cleaned.add(v);
        }
        try {
            return Column.of(name, dtype, cleaned);
        } catch (MarsException e) {
            throw new MarsException(ErrorCode.USER_FUNCTION_FAILED, what + ": the user function returned a value that"
                    + " is not " + dtype + ": " + e.getMessage() + (broadcast ? "; broadcast keeps the frame's dtype:"
                    + " return values of it" : "; declare the dtypes it returns: transform(fn, dtypes)"), e);
        }
    }

    /**
     * Refuses, before it is gathered, a column whose heap copy would take more than a quarter of the heap: the
     * function gets it whole, and commonly copies it again (into an array, a sorted list).
     */
    static void checkWholeColumnFits(String column, DType dtype, long rows, long textBytes, long maxHeap) {
        // per value: a long or double and a null flag; text: a String (about 56 bytes) and its chars at worst UTF-16
        long bytes = dtype == DType.STRING ? rows * 57 + 2 * textBytes : rows * 9;
        long limit = maxHeap / 4;
        if (rows > Integer.MAX_VALUE - 8 || bytes > limit) {
            throw new MarsException(ErrorCode.WORKING_SET_TOO_LARGE, "DataFrame.apply(axis=0) of column '" + column
                    + "' (" + rows + " rows of " + dtype + ") would hold about " + bytes + " bytes on one worker's"
                    + " heap, more than a quarter of its " + maxHeap + " bytes: the function gets the column whole."
                    + " Reduce the rows first (filter, sample), use a built-in reduction (sum, mean, agg) or a"
                    + " function of partitions (mapPartitions) that needs no whole column, or give the workers a"
                    + " larger heap");
        }
    }

    /**
     * The function of every group of the rows of {@code in} (pieces of one part of a range shuffle, in chunk order),
     * groups in key order (rows with a null key left out), rows of a group in input order; the results one after the
     * other.
     */
    private static TableChunk groupApply(ChunkTableGroupApply op, List<ChunkData> in, ClassLoader loader,
                                         BufferAllocator allocator) {
        TableFunction fn = UserFunctions.deserialize(op.function(), TableFunction.class, loader, "GroupBy.apply");
        List<LocalTable> pieces = new ArrayList<>(in.size());
        for (ChunkData d : in) {
            pieces.add(withoutLabels(DataFrameKernels.table(d)));
        }
        LocalTable rows = concat(pieces);
        List<Column> keys = new ArrayList<>(op.keys().size());
        for (String k : op.keys()) {
            keys.add(rows.column(k));
        }
        List<Integer> order = new ArrayList<>(rows.rowCount());
        for (int i = 0; i < rows.rowCount(); i++) {
            if (!anyNull(keys, i)) {
                order.add(i);
            }
        }
        order.sort((a, b) -> compareKeys(keys, a, b)); // stable: a group's rows keep their order
        List<LocalTable> results = new ArrayList<>();
        int start = 0;
        while (start < order.size()) {
            int end = start + 1;
            while (end < order.size() && compareKeys(keys, order.get(start), order.get(end)) == 0) {
                end++;
            }
            LocalTable group = take(rows, order.subList(start, end));
            LocalTable result;
            try {
                result = fn.apply(group);
            } catch (RuntimeException | LinkageError | AssertionError | StackOverflowError e) {
                throw UserFunctions.failed("GroupBy.apply (group " + keyText(keys, order.get(start)) + ")", e,
                        UserFunctionKernels.class);
            }
            results.add(checked("GroupBy.apply", result, op.columns(), op.dtypes()));
            start = end;
        }
        return DataFrameKernels.chunk(results.isEmpty() ? empty(op.columns(), op.dtypes()) : concat(results),
                allocator);
    }

    private static boolean anyNull(List<Column> keys, int i) {
        for (Column k : keys) {
            if (k.isNull(i)) {
                return true;
            }
        }
        return false;
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private static int compareKeys(List<Column> keys, int a, int b) {
        for (Column k : keys) {
            int c = ((Comparable) k.get(a)).compareTo(k.get(b));
            if (c != 0) {
                return c;
            }
        }
        return 0;
    }

    private static String keyText(List<Column> keys, int i) {
        List<Object> values = new ArrayList<>(keys.size());
        for (Column k : keys) {
            values.add(k.get(i));
        }
        return values.toString();
    }

    /** The rows {@code rows} of {@code t}, in that order. */
    private static LocalTable take(LocalTable t, List<Integer> rows) {
        List<Column> out = new ArrayList<>(t.columnCount());
        for (Column c : t.columns()) {
            List<Object> values = new ArrayList<>(rows.size());
            for (int i : rows) {
                values.add(c.get(i));
            }
            out.add(Column.of(c.name(), c.dtype(), values));
        }
        return new LocalTable(out);
    }

    /** Tables of the same columns, one after the other. */
    private static LocalTable concat(List<LocalTable> tables) {
        if (tables.size() == 1) {
            return tables.get(0);
        }
        LocalTable first = tables.get(0);
        List<Column> out = new ArrayList<>(first.columnCount());
        for (int j = 0; j < first.columnCount(); j++) {
            Column c = first.column(j);
            List<Object> values = new ArrayList<>();
            for (LocalTable t : tables) {
                Column part = t.column(c.name());
                for (int i = 0; i < part.length(); i++) {
                    values.add(part.get(i));
                }
            }
            out.add(Column.of(c.name(), c.dtype(), values));
        }
        return new LocalTable(out);
    }

    private static LocalTable empty(List<String> columns, List<DType> dtypes) {
        List<Column> out = new ArrayList<>(columns.size());
        for (int j = 0; j < columns.size(); j++) {
            out.add(Column.of(columns.get(j), dtypes.get(j), List.of()));
        }
        return new LocalTable(out);
    }

    /**
     * The table without the hidden columns user functions never see: its row labels, and the part numbers of a
     * shuffle's map output.
     */
    private static LocalTable withoutLabels(LocalTable t) {
        List<Column> columns = new ArrayList<>(t.columnCount());
        for (Column c : t.columns()) {
            if (!c.name().equals(TableRowPositions.INDEX_COLUMN)
                    && !c.name().equals(io.mars.common.operand.dataframe.ChunkTablePartition.PART_COLUMN)) {
                columns.add(c);
            }
        }
        return new LocalTable(columns);
    }

    private static TableChunk mapPartitions(ChunkTableMapPartitions op, LocalTable t, ClassLoader loader,
                                            BufferAllocator allocator) {
        TableFunction fn = UserFunctions.deserialize(op.function(), TableFunction.class, loader, "mapPartitions");
        LocalTable result;
        try {
            result = fn.apply(withoutLabels(t));
        } catch (RuntimeException | LinkageError | AssertionError | StackOverflowError e) {
            throw UserFunctions.failed("mapPartitions", e, UserFunctionKernels.class);
        }
        return DataFrameKernels.chunk(checked("mapPartitions", result, op.columns(), op.dtypes()), allocator);
    }

    /** What the function returned as the result's columns and dtypes, converted where numbers may be. */
    private static LocalTable checked(String what, LocalTable result, List<String> columns, List<DType> dtypes) {
        if (result == null) {
            throw new MarsException(ErrorCode.USER_FUNCTION_FAILED, what + ": the user function returned null");
        }
        if (!result.columnNames().equals(columns)) {
            throw new MarsException(ErrorCode.USER_FUNCTION_FAILED, what + ": the user function returned the"
                    + " columns " + result.columnNames() + ", but the result has " + columns + " (as inferred"
                    + " from a mock partition, or declared); every call must give the same columns");
        }
        List<Column> out = new ArrayList<>(columns.size());
        for (int j = 0; j < columns.size(); j++) {
            out.add(convert(what, result.column(j), dtypes.get(j)));
        }
        return new LocalTable(out);
    }

    /** {@code c} as {@code dtype}: numbers convert to numbers; anything else must already be of it. */
    private static Column convert(String what, Column c, DType dtype) {
        if (c.dtype() == dtype) {
            return c;
        }
        if (!c.dtype().isNumeric() || !dtype.isNumeric()) {
            throw new MarsException(ErrorCode.USER_FUNCTION_FAILED, what + ": the user function returned column"
                    + " '" + c.name() + "' of " + c.dtype() + ", but the result's is " + dtype);
        }
        return Column.of(c.name(), dtype, boxed(c));
    }
}
