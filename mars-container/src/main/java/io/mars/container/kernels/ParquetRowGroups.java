package io.mars.container.kernels;

import io.mars.common.error.ErrorCode;
import io.mars.common.error.MarsException;
import io.mars.common.io.ColumnBuilder;
import io.mars.common.io.ParquetFiles;
import io.mars.common.operand.dataframe.RowPredicate;
import io.mars.common.table.ArrowBuffers;
import io.mars.common.table.ArrowTables;
import io.mars.common.table.TableChunk;
import io.mars.types.Column;
import io.mars.types.DType;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.column.ColumnReadStore;
import org.apache.parquet.column.ColumnReader;
import org.apache.parquet.column.impl.ColumnReadStoreImpl;
import org.apache.parquet.column.page.PageReadStore;
import org.apache.parquet.column.page.PageReader;
import org.apache.parquet.example.data.simple.convert.GroupRecordConverter;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.metadata.BlockMetaData;
import org.apache.parquet.hadoop.metadata.ColumnChunkMetaData;
import org.apache.parquet.io.api.Binary;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.PrimitiveType;
import org.apache.parquet.schema.Type;

/**
 * Reads the columns of a Parquet row group: straight into Arrow vectors (numbers through arrays copied in bulk, text
 * as its UTF-8 bytes, never decoded into Java strings), or into heap columns for a read whose rows a filter cuts
 * first. A NaN float is written as null, as everywhere in Mars' batches.
 */
final class ParquetRowGroups {
    private static final long JULIAN_EPOCH_DAY = 2_440_588L;
    private static final long NANOS_PER_DAY = 86_400_000_000_000L;

    private ParquetRowGroups() {
    }

    /** What is made of a row group's columns while its file is open. */
    @FunctionalInterface
    interface ColumnsRead<T> {
        /** {@code group} is null, and {@code rows} 0, for no row group (-1): the columns' types only. */
        T read(List<ColumnDescriptor> columns, RowGroup group, int rows);
    }

    /**
     * A row group's columns while its file is open: each decoded by {@link ParquetPages} from its pages where it can
     * be, else read value by value through parquet-mr's column reader.
     */
    static final class RowGroup {
        private final PageReadStore pages;
        private final ColumnReadStore store;
        private final Map<String, ColumnChunkMetaData> chunks = new HashMap<>();

        RowGroup(PageReadStore pages, ColumnReadStore store, BlockMetaData block) {
            this.pages = pages;
            this.store = store;
            for (ColumnChunkMetaData c : block.getColumns()) {
                chunks.put(c.getPath().toDotString(), c);
            }
        }

        /** The pages of column {@code d} when {@link ParquetPages} decodes them, else null. */
        PageReader decodedPages(ColumnDescriptor d) {
            return ParquetPages.supports(d, chunks.get(String.join(".", d.getPath()))) ? pages.getPageReader(d) : null;
        }

        ColumnReader reader(ColumnDescriptor d) {
            return store.getColumnReader(d);
        }
    }

    /** Columns {@code names} of row group {@code rowGroup} (-1: none) of {@code file}, given to {@code fn}. */
    static <T> T read(String file, int rowGroup, Collection<String> names, ColumnsRead<T> fn) throws IOException {
        try (ParquetFileReader r = ParquetFiles.open(file)) {
            MessageType schema = r.getFooter().getFileMetaData().getSchema();
            List<Type> fields = new ArrayList<>(names.size());
            for (String c : names) {
                fields.add(schema.getType(c));
            }
            MessageType projection = new MessageType(schema.getName(), fields);
            if (rowGroup < 0) {
                return fn.read(projection.getColumns(), null, 0);
            }
            r.setRequestedSchema(projection);
            PageReadStore pages = r.readRowGroup(rowGroup);
            ColumnReadStoreImpl store = new ColumnReadStoreImpl(pages,
                    new GroupRecordConverter(projection).getRootConverter(), projection,
                    r.getFooter().getFileMetaData().getCreatedBy());
            return fn.read(projection.getColumns(), new RowGroup(pages, store, r.getRowGroups().get(rowGroup)),
                    Math.toIntExact(pages.getRowCount()));
        }
    }

    /** Columns {@code columns} of row group {@code rowGroup} (-1: none, an empty batch) of {@code file}, in Arrow. */
    static TableChunk arrow(String file, int rowGroup, List<String> columns, BufferAllocator allocator)
            throws IOException {
        return read(file, rowGroup, columns, (descriptors, group, rows) -> new TableChunk(ArrowTables.batch(rows,
                descriptors.size(), j -> vector(file, descriptors.get(j), group, rows, allocator))));
    }

    /**
     * Columns {@code columns} of row group {@code rowGroup} (-1: none) of {@code file}, only the rows passing every
     * term of {@code filter}, in Arrow: the filter's columns are decoded first and compared as arrays ({@link
     * ReadFilter}: as a row-wise map compares, a null never passing), then each column's vector is built of the
     * passing rows only, from the arrays already decoded.
     */
    static TableChunk arrowFiltered(String file, int rowGroup, List<String> columns, List<RowPredicate> filter,
                                    BufferAllocator allocator) throws IOException {
        java.util.Set<String> names = new java.util.LinkedHashSet<>(columns);
        for (RowPredicate p : filter) {
            names.add(p.column());
        }
        return read(file, rowGroup, names, (descriptors, group, rows) -> {
            Map<String, ColumnDescriptor> byName = new HashMap<>();
            for (ColumnDescriptor d : descriptors) {
                byName.put(d.getPrimitiveType().getName(), d);
            }
            Map<String, Object> decoded = new HashMap<>();
            java.util.function.Function<String, Object> decode = c -> decoded(file, byName.get(c), group, rows);
            byte[] pass = new byte[rows];
            java.util.Arrays.fill(pass, (byte) 1);
            for (RowPredicate p : filter) {
                ReadFilter.and(decoded.computeIfAbsent(p.column(), decode), p, rows, pass);
            }
            int[] kept = new int[rows];
            int count = 0;
            for (int i = 0; i < rows; i++) {
                kept[count] = i;
                count += pass[i];
            }
            int n = count;
            return new TableChunk(ArrowTables.batch(n, columns.size(), j -> {
                String c = columns.get(j);
                Object values = decoded.computeIfAbsent(c, decode);
                boolean all = n == rows; // every row passes: nothing to gather
                if (values instanceof ParquetPages.Text t) {
                    return all ? textVector(c, t.bytes(), t.offsets()[rows], t.offsets(), t.nulls(), rows, allocator)
                            : textVector(c, t, kept, n, allocator);
                }
                Column col = (Column) values;
                return ArrowTables.toVector(all ? col : io.mars.common.table.Columns.take(col, kept, n), allocator);
            }));
        });
    }

    /** A column of a row group decoded whole: {@link ParquetPages.Text} for text its pages give, else a heap column. */
    private static Object decoded(String file, ColumnDescriptor d, RowGroup group, int rows) {
        if (d.getPrimitiveType().getPrimitiveTypeName() == PrimitiveType.PrimitiveTypeName.BINARY) {
            PageReader pages = decodedPages(group, d);
            if (pages != null) {
                return ParquetPages.text(d, pages, rows);
            }
        }
        return heap(file, d, group, rows);
    }

    /** A text vector of the values of rows {@code kept[0..n)} of {@code t}. */
    private static FieldVector textVector(String name, ParquetPages.Text t, int[] kept, int n,
                                          BufferAllocator allocator) {
        int[] from = t.offsets();
        int size = 0;
        for (int i = 0; i < n; i++) {
            size += from[kept[i] + 1] - from[kept[i]];
        }
        byte[] bytes = new byte[size];
        int[] offsets = new int[n + 1];
        byte[] nulls = t.nulls() == null ? null : new byte[n];
        int at = 0;
        for (int i = 0; i < n; ) {
            // a run of consecutive kept rows is one copy (a filter keeping most rows keeps long runs)
            int j = i + 1;
            while (j < n && kept[j] == kept[j - 1] + 1) {
                j++;
            }
            int start = from[kept[i]];
            for (int k = i; k < j; k++) {
                offsets[k + 1] = at + from[kept[k] + 1] - start;
            }
            int len = from[kept[j - 1] + 1] - start;
            System.arraycopy(t.bytes(), start, bytes, at, len);
            at += len;
            if (nulls != null) {
                for (int k = i; k < j; k++) {
                    nulls[k] = t.nulls()[kept[k]];
                }
            }
            i = j;
        }
        return textVector(name, bytes, size, offsets, nulls, n, allocator);
    }

    /** Column {@code d} of a row group of {@code rows} rows as a heap column. */
    static Column heap(String file, ColumnDescriptor d, RowGroup group, int rows) {
        PrimitiveType type = d.getPrimitiveType();
        if (type.getPrimitiveTypeName() != PrimitiveType.PrimitiveTypeName.BINARY) {
            return numbers(file, group, d, ParquetFiles.dtype(file, type), rows);
        }
        ColumnBuilder b = new ColumnBuilder(type.getName(), DType.STRING, rows);
        PageReader pages = decodedPages(group, d);
        if (pages != null) {
            ParquetPages.Text text = ParquetPages.text(d, pages, rows);
            for (int i = 0; i < rows; i++) {
                if (text.nulls() != null && text.nulls()[i] != 0) {
                    b.addNull();
                } else {
                    int from = text.offsets()[i];
                    b.addString(new String(text.bytes(), from, text.offsets()[i + 1] - from,
                            java.nio.charset.StandardCharsets.UTF_8));
                }
            }
            return b.build();
        }
        ColumnReader cr = reader(group, d);
        int maxDef = d.getMaxDefinitionLevel();
        for (int i = 0; i < rows; i++) {
            if (maxDef > 0 && cr.getCurrentDefinitionLevel() < maxDef) {
                b.addNull();
            } else {
                b.addString(cr.getBinary().toStringUsingUTF8());
            }
            cr.consume();
        }
        return b.build();
    }

    /** The column's pages when {@link ParquetPages} decodes them; null for no row group, or for the column reader. */
    private static PageReader decodedPages(RowGroup group, ColumnDescriptor d) {
        return group == null ? null : group.decodedPages(d);
    }

    /** The column's reader; null for no row group, whose zero rows read nothing. */
    private static ColumnReader reader(RowGroup group, ColumnDescriptor d) {
        return group == null ? null : group.reader(d);
    }

    private static FieldVector vector(String file, ColumnDescriptor d, RowGroup group, int rows,
                                      BufferAllocator allocator) {
        PrimitiveType type = d.getPrimitiveType();
        if (type.getPrimitiveTypeName() == PrimitiveType.PrimitiveTypeName.BINARY) {
            PageReader pages = decodedPages(group, d);
            if (pages != null) {
                ParquetPages.Text text = ParquetPages.text(d, pages, rows);
                return textVector(type.getName(), text.bytes(), text.offsets()[rows], text.offsets(), text.nulls(), rows,
                        allocator);
            }
            return text(type.getName(), reader(group, d), d.getMaxDefinitionLevel(), rows, allocator);
        }
        return ArrowTables.toVector(numbers(file, group, d, ParquetFiles.dtype(file, type), rows), allocator);
    }

    /** A numeric column read into arrays (copied into a vector in bulk: Arrow's per-value setters check bounds). */
    private static Column numbers(String file, RowGroup group, ColumnDescriptor d, DType dtype, int rows) {
        PrimitiveType type = d.getPrimitiveType();
        int maxDef = d.getMaxDefinitionLevel();
        long unit = ParquetFiles.nanosPerUnit(type);
        byte[] nulls = null;
        long[] longs = dtype.isLongBacked() ? new long[rows] : null;
        double[] doubles = longs == null ? new double[rows] : null;
        PageReader pages = decodedPages(group, d);
        if (pages != null) {
            nulls = ParquetPages.numbers(d, pages, rows, unit, longs, doubles);
            return new Column(type.getName(), dtype, longs, doubles, null, nulls);
        }
        ColumnReader cr = reader(group, d);
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
                    case INT96 -> longs[i] = int96Nanos(cr.getBinary());
                    default -> throw new MarsException(ErrorCode.UNSUPPORTED_FILE_FORMAT, "column " + type.getName()
                            + " of " + file + " has unsupported type " + type);
                }
            }
            cr.consume();
        }
        return new Column(type.getName(), dtype, longs, doubles, null, nulls);
    }

    /** Legacy INT96 timestamps (Impala, Spark): 8 bytes of nanoseconds of the day, then 4 of the Julian day. */
    private static long int96Nanos(Binary b) {
        ByteBuffer buf = b.toByteBuffer().order(java.nio.ByteOrder.LITTLE_ENDIAN);
        long nanosOfDay = buf.getLong();
        long julianDay = buf.getInt() & 0xffffffffL;
        return (julianDay - JULIAN_EPOCH_DAY) * NANOS_PER_DAY + nanosOfDay;
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
        return textVector(name, bytes, size, offsets, nulls, rows, allocator);
    }

    /** A text vector of {@code rows} values: {@code bytes[0, size)} cut at {@code offsets}, null where flagged. */
    private static FieldVector textVector(String name, byte[] bytes, int size, int[] offsets, byte[] nulls, int rows,
                                          BufferAllocator allocator) {
        VarCharVector v = (VarCharVector) ArrowTables.field(name, DType.STRING).createVector(allocator);
        try {
            v.allocateNew(Math.max(1, size), rows);
            v.getDataBuffer().setBytes(0, bytes, 0, size);
            ArrowBuffers.putInts(v.getOffsetBuffer(), offsets, rows + 1);
            ArrowBuffers.setValidity(v.getValidityBuffer(), rows, nulls, null);
            v.setLastSet(rows - 1);
            v.setValueCount(rows);
            return v;
        } catch (RuntimeException | Error e) {
            v.close();
            throw e;
        }
    }
}
