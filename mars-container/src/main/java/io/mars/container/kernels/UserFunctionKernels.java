package io.mars.container.kernels;

import io.mars.common.error.ErrorCode;
import io.mars.common.error.MarsException;
import io.mars.common.graph.ChunkNode;
import io.mars.common.operand.chunk.ChunkMapChunk;
import io.mars.common.operand.dataframe.ChunkSeriesMap;
import io.mars.common.operand.dataframe.ChunkTableApplyRows;
import io.mars.common.operand.dataframe.ChunkTableMapPartitions;
import io.mars.common.operand.dataframe.TableRowPositions;
import io.mars.common.table.TableChunk;
import io.mars.types.ChunkData;
import io.mars.types.ChunkFunction;
import io.mars.types.Column;
import io.mars.types.DType;
import io.mars.types.LocalTable;
import io.mars.types.NDArray;
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
                        userClasses, allocator));
    }

    private static NDArray mapChunk(ChunkNode node, ChunkMapChunk op, NDArray in, ClassLoader loader) {
        ChunkFunction fn = UserFunctions.deserialize(op.function(), ChunkFunction.class, loader, "mapChunk");
        // a copy: the function may change what it gets, and the input may be a stored chunk others read
        Object data = Array.newInstance(in.data().getClass().getComponentType(), in.size());
        System.arraycopy(in.data(), 0, data, 0, in.size());
        NDArray out;
        try {
            out = fn.apply(new NDArray(in.dtype(), in.shape(), data));
        } catch (RuntimeException | LinkageError | AssertionError | StackOverflowError e) {
            throw UserFunctions.failed("mapChunk (chunk " + node.key() + ")", e, UserFunctionKernels.class);
        }
        if (out == null) {
            throw new MarsException(ErrorCode.USER_FUNCTION_FAILED, "mapChunk (chunk " + node.key() + "): the user"
                    + " function returned null");
        }
        if (!Arrays.equals(out.shapeView(), in.shapeView())) {
            throw new MarsException(ErrorCode.USER_FUNCTION_FAILED, "mapChunk (chunk " + node.key() + "): the user"
                    + " function returned a chunk of shape " + Shapes.toString(out.shapeView()) + " for one of shape "
                    + Shapes.toString(in.shapeView()) + "; it must keep the chunk's shape");
        }
        return out.astype(node.dtype());
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
            values.add(r instanceof Double d && d.isNaN() || r instanceof Float f && f.isNaN() ? null : r);
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
            Object r;
            try {
                r = fn.apply(row);
            } catch (RuntimeException | LinkageError | AssertionError | StackOverflowError e) {
                throw UserFunctions.failed("DataFrame.apply (" + row + ")", e, UserFunctionKernels.class);
            }
            values.add(r instanceof Double d && d.isNaN() || r instanceof Float f && f.isNaN() ? null : r);
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

    /** The table without the hidden column of its row labels, which user functions never see. */
    private static LocalTable withoutLabels(LocalTable t) {
        List<Column> columns = new ArrayList<>(t.columnCount());
        for (Column c : t.columns()) {
            if (!c.name().equals(TableRowPositions.INDEX_COLUMN)) {
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
        if (result == null) {
            throw new MarsException(ErrorCode.USER_FUNCTION_FAILED, "mapPartitions: the user function returned null");
        }
        if (!result.columnNames().equals(op.columns())) {
            throw new MarsException(ErrorCode.USER_FUNCTION_FAILED, "mapPartitions: the user function returned the"
                    + " columns " + result.columnNames() + ", but the result has " + op.columns() + " (as inferred"
                    + " from a mock partition, or declared); every partition must give the same columns");
        }
        List<Column> out = new ArrayList<>(op.columns().size());
        for (int j = 0; j < op.columns().size(); j++) {
            out.add(convert(result.column(j), op.dtypes().get(j)));
        }
        return DataFrameKernels.chunk(new LocalTable(out), allocator);
    }

    /** {@code c} as {@code dtype}: numbers convert to numbers; anything else must already be of it. */
    private static Column convert(Column c, DType dtype) {
        if (c.dtype() == dtype) {
            return c;
        }
        if (!c.dtype().isNumeric() || !dtype.isNumeric()) {
            throw new MarsException(ErrorCode.USER_FUNCTION_FAILED, "mapPartitions: the user function returned column"
                    + " '" + c.name() + "' of " + c.dtype() + ", but the result's is " + dtype);
        }
        List<Object> values = new ArrayList<>(c.length());
        for (int i = 0; i < c.length(); i++) {
            values.add(c.get(i));
        }
        return Column.of(c.name(), dtype, values);
    }
}
