package io.mars.container.kernels;

import io.mars.common.error.ErrorCode;
import io.mars.common.error.MarsException;
import io.mars.common.io.ParquetFiles;
import io.mars.common.table.ArrowBuffers;
import io.mars.common.table.ArrowTables;
import io.mars.types.Column;
import io.mars.common.table.TableChunk;
import io.mars.types.DType;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.column.ColumnReader;
import org.apache.parquet.column.impl.ColumnReadStoreImpl;
import org.apache.parquet.column.page.PageReadStore;
import org.apache.parquet.example.data.simple.convert.GroupRecordConverter;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.PrimitiveType;
import org.apache.parquet.schema.Type;

/**
 * Reads a Parquet row group's columns straight into Arrow vectors: numbers into the vectors' buffers, text as its
 * UTF-8 bytes (never decoded into Java strings), without the heap table a filtered read goes through. A NaN float
 * is written as null, as everywhere in Mars' batches.
 */
final class ParquetArrowReader {
    private ParquetArrowReader() {
    }

    /** Columns {@code columns} of row group {@code rowGroup} (-1: none, an empty batch) of {@code file}. */
    static TableChunk read(String file, int rowGroup, List<String> columns, BufferAllocator allocator)
            throws IOException {
        try (ParquetFileReader r = ParquetFiles.open(file)) {
            MessageType schema = r.getFooter().getFileMetaData().getSchema();
            List<Type> fields = new ArrayList<>(columns.size());
            for (String c : columns) {
                fields.add(schema.getType(c));
            }
            MessageType projection = new MessageType(schema.getName(), fields);
            if (rowGroup < 0) {
                return new TableChunk(ArrowTables.batch(0, fields.size(), j -> {
                    PrimitiveType t = fields.get(j).asPrimitiveType();
                    FieldVector v = ArrowTables.field(t.getName(), ParquetFiles.dtype(file, t)).createVector(allocator);
                    v.allocateNew();
                    v.setValueCount(0);
                    return v;
                }));
            }
            r.setRequestedSchema(projection);
            PageReadStore pages = r.readRowGroup(rowGroup);
            int rows = Math.toIntExact(pages.getRowCount());
            ColumnReadStoreImpl store = new ColumnReadStoreImpl(pages,
                    new GroupRecordConverter(projection).getRootConverter(), projection,
                    r.getFooter().getFileMetaData().getCreatedBy());
            List<ColumnDescriptor> descriptors = projection.getColumns();
            VectorSchemaRoot root = ArrowTables.batch(rows, descriptors.size(), j -> {
                ColumnDescriptor d = descriptors.get(j);
                return column(file, store.getColumnReader(d), d, rows, allocator);
            });
            return new TableChunk(root);
        }
    }

    private static FieldVector column(String file, ColumnReader cr, ColumnDescriptor d, int rows,
                                      BufferAllocator allocator) {
        PrimitiveType type = d.getPrimitiveType();
        DType dtype = ParquetFiles.dtype(file, type);
        if (type.getPrimitiveTypeName() == PrimitiveType.PrimitiveTypeName.BINARY) {
            return text(type.getName(), cr, d.getMaxDefinitionLevel(), rows, allocator);
        }
        return ArrowTables.toVector(numbers(file, cr, d, type, dtype, rows), allocator);
    }

    /** A numeric column read into arrays (copied into the vector in bulk: Arrow's per-value setters check bounds). */
    private static Column numbers(String file, ColumnReader cr, ColumnDescriptor d, PrimitiveType type, DType dtype,
                                  int rows) {
        int maxDef = d.getMaxDefinitionLevel();
        long unit = ParquetFiles.nanosPerUnit(type);
        byte[] nulls = null;
        long[] longs = dtype.isLongBacked() ? new long[rows] : null;
        double[] doubles = longs == null ? new double[rows] : null;
        PrimitiveType.PrimitiveTypeName p = type.getPrimitiveTypeName();
        for (int i = 0; i < rows; i++) {
            if (maxDef > 0 && cr.getCurrentDefinitionLevel() < maxDef) {
                nulls = nulls == null ? new byte[rows] : nulls;
                nulls[i] = 1;
                if (doubles != null) {
                    doubles[i] = Double.NaN;
                }
            } else {
                switch (p) {
                    case INT64 -> longs[i] = cr.getLong() * unit;
                    case INT32 -> longs[i] = cr.getInteger() * unit;
                    case DOUBLE -> doubles[i] = cr.getDouble();
                    case FLOAT -> doubles[i] = cr.getFloat();
                    case BOOLEAN -> longs[i] = cr.getBoolean() ? 1 : 0;
                    case INT96 -> longs[i] = TableIoKernels.int96Nanos(cr.getBinary());
                    default -> throw new MarsException(ErrorCode.UNSUPPORTED_FILE_FORMAT, "column " + type.getName()
                            + " of " + file + " has unsupported type " + type);
                }
            }
            cr.consume();
        }
        return new Column(type.getName(), dtype, longs, doubles, null, nulls);
    }

    /** A text column: its UTF-8 bytes gathered in one array, then copied into the vector with their offsets. */
    private static FieldVector text(String name, ColumnReader cr, int maxDef, int rows, BufferAllocator allocator) {
        byte[] bytes = new byte[Math.max(64, rows * 16)];
        int[] offsets = new int[rows + 1];
        byte[] nulls = null;
        int size = 0;
        for (int i = 0; i < rows; i++) {
            if (maxDef > 0 && cr.getCurrentDefinitionLevel() < maxDef) {
                nulls = nulls == null ? new byte[rows] : nulls;
                nulls[i] = 1;
            } else {
                ByteBuffer b = cr.getBinary().toByteBuffer();
                int len = b.remaining();
                if (size + len > bytes.length) {
                    bytes = java.util.Arrays.copyOf(bytes, Math.max(size + len, bytes.length * 2));
                }
                b.get(bytes, size, len);
                size += len;
            }
            offsets[i + 1] = size;
            cr.consume();
        }
        VarCharVector v = (VarCharVector) ArrowTables.field(name, DType.STRING).createVector(allocator);
        try {
            v.allocateNew(Math.max(1, size), rows);
            v.getDataBuffer().setBytes(0, bytes, 0, size);
            ArrowBuffers.putInts(v.getOffsetBuffer(), offsets, rows + 1);
            ArrowBuffers.setValidity(v.getValidityBuffer(), rows, nulls, null);
            v.setLastSet(rows - 1);
            v.setValueCount(rows);
            return v;
        } catch (RuntimeException e) {
            v.close();
            throw e;
        }
    }
}
