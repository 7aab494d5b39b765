package io.mars.container.services.storage.internal;

import io.mars.common.error.ErrorCode;
import io.mars.common.error.MarsException;
import io.mars.common.model.ReductionState;
import io.mars.common.table.ArrowGather;
import io.mars.common.table.ArrowTables;
import io.mars.common.table.TableChunk;
import io.mars.common.table.TableParts;
import io.mars.types.ChunkData;
import io.mars.types.DataType;
import io.mars.types.NDArray;
import io.mars.types.Npy;
import io.mars.types.Shapes;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.ReadableByteChannel;
import java.nio.channels.WritableByteChannel;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.zip.CRC32C;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.ipc.ArrowStreamReader;
import org.apache.arrow.vector.ipc.ArrowStreamWriter;

/**
 * The on-disk form of a spilled chunk: an {@link NDArray} is a {@code .npy} file exactly as {@code numpy.save}
 * writes it; a {@link ReductionState} is its parts' {@code .npy} images one after the other; a {@link TableChunk} is
 * an Arrow IPC stream (its schema and one record batch, as {@code pyarrow.ipc.open_stream} reads it). A shuffle
 * map's output ({@link TableParts#isPartitioned}) is several such streams one after the other, each holding whole
 * parts ({@link Segments}), so that a reducer reads its part alone. Files are written and read in blocks of one
 * reused buffer, with a CRC32C of every byte (and of every segment), which the storage keeps and checks on read.
 */
final class SpillFormat {
    private SpillFormat() {
    }

    /** What kind of chunk a file holds. */
    enum Kind { ARRAY, STATE, TABLE }

    /**
     * The shape of a file: what kind of chunk it holds and the arrays in it, in order (none for a table, whose
     * stream describes itself); {@code tableBytes} is a table's buffer bytes.
     */
    record Layout(Kind kind, List<Part> parts, long tableBytes, int tableColumns, boolean partitioned) {
        /** Room an IPC stream needs besides its buffers: schema and batch messages, padding, end marker. */
        private static final long TABLE_OVERHEAD = 64 * 1024;
        /** Room each more stream of a segmented table may need, per column. */
        private static final long SEGMENT_OVERHEAD_PER_COLUMN = 512;

        Layout {
            parts = List.copyOf(parts);
        }

        /** The file's length; for a table, an upper bound of it (the exact length is known once written). */
        long length() {
            if (kind == Kind.TABLE) {
                long segments = partitioned ? tableBytes / segmentBytes(tableColumns) + 1 : 0;
                return tableBytes + TABLE_OVERHEAD + segments * (1024 + tableColumns * SEGMENT_OVERHEAD_PER_COLUMN);
            }
            long n = 0;
            for (Part p : parts) {
                n += p.header.length + p.dataBytes();
            }
            return n;
        }

        String suffix() {
            return switch (kind) {
                case ARRAY -> ".npy";
                case STATE -> ".state.npy";
                case TABLE -> ".arrows";
            };
        }
    }

    /** What writing a file produced: its CRC32C and its length, and its segments (null: it has none). */
    record Written(long crc, long length, Segments segments) {
    }

    /**
     * A segment holds at least this many bytes of a table's buffers, unless it is the last; and at least
     * {@link #SEGMENT_BYTES_PER_COLUMN} per column, so that its own stream's messages (about a few hundred bytes per
     * column) stay a small part of it. A reducer reads whole segments: the fewer parts a segment groups, the less it
     * reads that is not its own. With 32 KiB, the 8 KB parts of a 10^9-row merge's map outputs (8 MB over 1,000
     * reducers) came four to a segment and the reducers read 2.2 times what was spilled.
     */
    static final long SEGMENT_BYTES = 4 * 1024;
    static final long SEGMENT_BYTES_PER_COLUMN = 1024;

    /** The fewest buffer bytes a segment of a table of {@code columns} columns holds, unless it is the last. */
    static long segmentBytes(int columns) {
        return Math.max(SEGMENT_BYTES, SEGMENT_BYTES_PER_COLUMN * columns);
    }

    /**
     * The streams of a segmented table file: segment {@code k} holds the rows of parts {@code firstPart[k]} to
     * {@code lastPart[k]} in bytes {@code [end[k - 1], end[k])} (from 0 for the first), whose CRC32C is
     * {@code crc[k]}. A part in no segment has no rows: it is read as the file's schema alone, never as a segment
     * (a range shuffle of sorted keys puts each map output's rows in one or two parts of hundreds).
     */
    record Segments(int[] firstPart, int[] lastPart, long[] end, long[] crc) {
        int count() {
            return end.length;
        }

        /** The segment holding the rows of part {@code part}, or -1 when the part has no rows. */
        int of(int part) {
            int lo = 0;
            int hi = count();
            while (lo < hi) { // the last segment whose first part is at most part
                int mid = (lo + hi) >>> 1;
                if (firstPart[mid] <= part) {
                    lo = mid + 1;
                } else {
                    hi = mid;
                }
            }
            int k = lo - 1;
            return k >= 0 && part <= lastPart[k] ? k : -1;
        }

        long start(int k) {
            return k == 0 ? 0 : end[k - 1];
        }
    }

    /** One array of a file: its {@code .npy} header and the dtype and shape it announces. */
    record Part(DataType dtype, long[] shape, byte[] header) {
        long dataBytes() {
            return Shapes.size(shape) * dtype.itemSize();
        }
    }

    /** The layout of {@code data}'s file; NOT_SUPPORTED for chunk kinds that have no file format yet. */
    static Layout layoutOf(ChunkData data) {
        if (data instanceof NDArray a) {
            return new Layout(Kind.ARRAY, List.of(part(a)), 0, 0, false);
        }
        if (data instanceof TableChunk t) {
            return new Layout(Kind.TABLE, List.of(), t.nbytes(), t.root().getFieldVectors().size(),
                    TableParts.isPartitioned(t) && t.rowCount() > 0);
        }
        if (data instanceof ReductionState s) {
            List<Part> parts = new ArrayList<>(s.parts().size());
            for (NDArray a : s.parts()) {
                parts.add(part(a));
            }
            return new Layout(Kind.STATE, parts, 0, 0, false);
        }
        throw new MarsException(ErrorCode.NOT_SUPPORTED, "chunks of kind " + data.getClass().getSimpleName()
                + " cannot be spilled yet; they stay in memory");
    }

    private static Part part(NDArray a) {
        return new Part(a.dtype(), a.shape(), Npy.header(a.dtype(), a.shapeView()));
    }

    /** Writes {@code data} (of layout {@code layout}) to {@code sink} through {@code block}. */
    static Written write(ChunkData data, Layout layout, SpillLevel.BlockSink sink, ByteBuffer block)
            throws IOException {
        if (layout.kind() == Kind.TABLE) {
            return layout.partitioned() ? writeSegments((TableChunk) data, sink, block)
                    : writeTable((TableChunk) data, sink, block);
        }
        CRC32C crc = new CRC32C();
        List<NDArray> arrays = data instanceof ReductionState s ? s.parts() : List.of((NDArray) data);
        for (int i = 0; i < arrays.size(); i++) {
            NDArray a = arrays.get(i);
            ByteBuffer header = ByteBuffer.wrap(layout.parts().get(i).header());
            crc.update(header.duplicate());
            sink.write(header);
            int item = a.dtype().itemSize();
            int per = block.capacity() / item;
            for (int from = 0; from < a.size(); from += per) {
                int n = Math.min(per, a.size() - from);
                block.clear();
                Npy.encode(a, from, n, block.order(ByteOrder.LITTLE_ENDIAN));
                block.position(0).limit(n * item);
                crc.update(block.duplicate());
                sink.write(block);
            }
        }
        return new Written(crc.getValue(), layout.length(), null);
    }

    private static Written writeTable(TableChunk table, SpillLevel.BlockSink sink, ByteBuffer block)
            throws IOException {
        BlockWriteChannel out = new BlockWriteChannel(sink, block);
        writeStream(table.root(), out);
        out.flush();
        return new Written(out.crc.getValue(), out.written, null);
    }

    private static void writeStream(VectorSchemaRoot root, BlockWriteChannel out) throws IOException {
        try (ArrowStreamWriter w = new ArrowStreamWriter(root, null, out)) {
            w.start();
            w.writeBatch();
            w.end();
        }
    }

    /**
     * A partitioned table as one stream per run of whole parts of at least {@link #segmentBytes(int)} (the last may
     * be smaller), each a slice sharing the table's buffers.
     */
    private static Written writeSegments(TableChunk table, SpillLevel.BlockSink sink, ByteBuffer block)
            throws IOException {
        int rows = table.rowCount();
        double rowBytes = (double) table.nbytes() / rows;
        long segmentRows = Math.max(1, (long) Math.ceil(segmentBytes(table.root().getFieldVectors().size())
                / rowBytes));
        BlockWriteChannel out = new BlockWriteChannel(sink, block);
        int[] firstPart = new int[16];
        int[] lastPart = new int[16];
        long[] end = new long[16];
        long[] crc = new long[16];
        int count = 0;
        for (int from = 0; from < rows; ) {
            // whole parts from row `from` until the segment holds segmentRows rows, or the rows end
            int part = TableParts.partOf(table, from);
            int to = from;
            while (to < rows && to - from < segmentRows) {
                to = TableParts.start(table, TableParts.partOf(table, to) + 1);
            }
            try (TableChunk segment = TableParts.rows(table, from, to - from)) {
                writeStream(segment.root(), out);
            }
            out.flush();
            if (count == end.length) {
                int grown = 2 * end.length;
                firstPart = Arrays.copyOf(firstPart, grown);
                lastPart = Arrays.copyOf(lastPart, grown);
                end = Arrays.copyOf(end, grown);
                crc = Arrays.copyOf(crc, grown);
            }
            firstPart[count] = part;
            lastPart[count] = TableParts.partOf(table, to - 1);
            end[count] = out.written;
            crc[count] = out.segment.getValue();
            out.segment.reset();
            count++;
            from = to;
        }
        Segments segments = new Segments(Arrays.copyOf(firstPart, count), Arrays.copyOf(lastPart, count),
                Arrays.copyOf(end, count), Arrays.copyOf(crc, count));
        return new Written(out.crc.getValue(), out.written, segments);
    }

    /**
     * Reads a file of {@code layout} and {@code expectedLength} bytes from {@code source} through {@code block} and
     * checks its length and CRC32C; CHUNK_LOST naming {@code what} when either differs. A table's buffers come from
     * {@code allocator} (null: no table can be read).
     */
    static ChunkData read(SpillLevel.BlockSource source, Layout layout, long expectedLength, long expectedCrc,
                          Segments segments, ByteBuffer block, BufferAllocator allocator, String what)
            throws IOException {
        if (layout.kind() == Kind.TABLE) {
            return readTable(source, expectedLength, expectedCrc, segments == null ? 1 : segments.count(), block,
                    allocator, what);
        }
        CRC32C crc = new CRC32C();
        List<NDArray> arrays = new ArrayList<>(layout.parts().size());
        for (Part p : layout.parts()) {
            int headerBytes = p.header().length;
            for (int done = 0; done < headerBytes; ) {
                int n = Math.min(block.capacity(), headerBytes - done);
                readExactly(source, block, n, what);
                crc.update(block);
                done += n;
            }
            int size = Shapes.chunkSize(p.shape());
            Object data = NDArray.newStorage(p.dtype(), size);
            int item = p.dtype().itemSize();
            int per = block.capacity() / item;
            for (int from = 0; from < size; from += per) {
                int n = Math.min(per, size - from);
                readExactly(source, block, n * item, what);
                crc.update(block.duplicate());
                Npy.decode(block.order(ByteOrder.LITTLE_ENDIAN), p.dtype(), data, from, n);
            }
            arrays.add(new NDArray(p.dtype(), p.shape(), data));
        }
        block.clear().limit(1);
        if (source.read(block) > 0) {
            throw lost(what, "is longer than the " + layout.length() + " bytes written");
        }
        if (crc.getValue() != expectedCrc) {
            throw lost(what, "fails its checksum (CRC32C " + Long.toHexString(crc.getValue()) + ", written "
                    + Long.toHexString(expectedCrc) + ")");
        }
        return layout.kind() == Kind.STATE ? new ReductionState(arrays) : arrays.get(0);
    }

    /**
     * Decodes the file's {@code streams} streams, each into a child of {@code allocator} bounded by the file's size (so
     * a corrupted length cannot ask for more memory than the file could hold), moves their batches into one root of
     * {@code allocator} (the batch itself when there is one stream), then reads the rest of the file and checks the
     * whole file's length and checksum.
     */
    private static TableChunk readTable(SpillLevel.BlockSource source, long expectedLength, long expectedCrc,
                                        int streams, ByteBuffer block, BufferAllocator allocator, String what)
            throws IOException {
        BlockReadChannel in = new BlockReadChannel(source, block, expectedLength + 1);
        List<TableChunk> batches = new ArrayList<>(streams);
        TableChunk chunk;
        try {
            for (int k = 0; k < streams; k++) {
                batches.add(readStream(in, expectedLength, allocator, what));
            }
            chunk = batches.size() == 1 ? batches.remove(0) : concat(batches, allocator);
        } finally {
            batches.forEach(TableChunk::close);
        }
        try {
            in.drain();
            if (in.read != expectedLength) {
                throw lost(what, "holds " + in.read + " bytes, not the " + expectedLength + " written");
            }
            if (in.crc.getValue() != expectedCrc) {
                throw lost(what, "fails its checksum (CRC32C " + Long.toHexString(in.crc.getValue()) + ", written "
                        + Long.toHexString(expectedCrc) + ")");
            }
        } catch (IOException | RuntimeException e) {
            chunk.close();
            throw e;
        }
        return chunk;
    }

    /**
     * Reads the rows of segment {@code k} of a segmented table file from {@code source}, positioned at the segment's
     * start, and checks the segment's length and checksum; the caller owns the chunk.
     */
    static TableChunk readSegment(SpillLevel.BlockSource source, Segments segments, int k, ByteBuffer block,
                                  BufferAllocator allocator, String what) throws IOException {
        long length = segments.end()[k] - segments.start(k);
        BlockReadChannel in = new BlockReadChannel(source, block, length);
        TableChunk chunk = readStream(in, length, allocator, what);
        try {
            in.drain();
            if (in.read != length) {
                throw lost(what, "holds " + in.read + " bytes in segment " + k + ", not the " + length + " written");
            }
            if (in.crc.getValue() != segments.crc()[k]) {
                throw lost(what, "fails the checksum of segment " + k + " (CRC32C "
                        + Long.toHexString(in.crc.getValue()) + ", written " + Long.toHexString(segments.crc()[k]) + ")");
            }
        } catch (IOException | RuntimeException e) {
            chunk.close();
            throw e;
        }
        return chunk;
    }

    /**
     * No rows, with the columns of a segmented table file: its first stream's schema, read from {@code source}
     * positioned at the file's start (only the schema message is read).
     */
    static TableChunk readSchema(SpillLevel.BlockSource source, Segments segments, ByteBuffer block,
                                 BufferAllocator allocator, String what) {
        long length = segments.end()[0];
        BlockReadChannel in = new BlockReadChannel(source, block, length);
        try (BufferAllocator reading = allocator.newChildAllocator("spill-schema", 0, 2 * length + (1 << 20));
             ArrowStreamReader r = new ArrowStreamReader(in, reading)) {
            VectorSchemaRoot empty = r.getVectorSchemaRoot();
            empty.setRowCount(0);
            return TableChunk.holding(empty, allocator);
        } catch (IOException | RuntimeException e) {
            throw lost(what, "has no readable schema (" + e + ")");
        }
    }

    /** The next stream's batch, moved into a root of {@code allocator}. */
    private static TableChunk readStream(BlockReadChannel in, long fileBytes, BufferAllocator allocator, String what) {
        try (BufferAllocator reading = allocator.newChildAllocator("spill-read", 0, 2 * fileBytes + (1 << 20));
             ArrowStreamReader r = new ArrowStreamReader(in, reading)) {
            if (!r.loadNextBatch()) {
                throw lost(what, "holds no record batch");
            }
            TableChunk chunk = TableChunk.holding(r.getVectorSchemaRoot(), allocator);
            try {
                // read the stream's end marker too, so that the next stream (of a segmented file) starts after it
                if (r.loadNextBatch()) {
                    throw lost(what, "holds more than one record batch in a stream");
                }
            } catch (IOException | RuntimeException e) {
                chunk.close();
                throw e;
            }
            return chunk;
        } catch (MarsException e) {
            throw e;
        } catch (IOException | RuntimeException e) {
            throw lost(what, "is not a readable Arrow IPC stream (" + e + ")");
        }
    }

    /** The batches one after another, as a new chunk of {@code allocator}. */
    private static TableChunk concat(List<TableChunk> batches, BufferAllocator allocator) {
        int columns = batches.get(0).root().getFieldVectors().size();
        int rows = 0;
        for (TableChunk b : batches) {
            rows += b.rowCount();
        }
        return new TableChunk(ArrowTables.batch(rows, columns, c -> {
            List<FieldVector> parts = new ArrayList<>(batches.size());
            for (TableChunk b : batches) {
                parts.add(b.root().getFieldVectors().get(c));
            }
            return ArrowGather.concat(parts, allocator);
        }));
    }

    /** Arrow's writer writes here; bytes are gathered in the block and handed to the sink a block at a time. */
    private static final class BlockWriteChannel implements WritableByteChannel {
        private final SpillLevel.BlockSink sink;
        private final ByteBuffer block;
        final CRC32C crc = new CRC32C();
        /** The checksum of the bytes flushed since the caller last reset it: a segment's. */
        final CRC32C segment = new CRC32C();
        long written;

        BlockWriteChannel(SpillLevel.BlockSink sink, ByteBuffer block) {
            this.sink = sink;
            this.block = block;
            block.clear();
        }

        @Override
        public int write(ByteBuffer src) throws IOException {
            int n = src.remaining();
            while (src.hasRemaining()) {
                int take = Math.min(block.remaining(), src.remaining());
                ByteBuffer part = src.duplicate();
                part.limit(part.position() + take);
                block.put(part);
                src.position(src.position() + take);
                if (!block.hasRemaining()) {
                    flush();
                }
            }
            return n;
        }

        void flush() throws IOException {
            block.flip();
            if (block.hasRemaining()) {
                crc.update(block.duplicate());
                segment.update(block.duplicate());
                written += block.remaining();
                sink.write(block);
            }
            block.clear();
        }

        @Override
        public boolean isOpen() {
            return true;
        }

        @Override
        public void close() {
            // the storage owns the file: nothing to close here
        }
    }

    /** Arrow's reader reads from here; the source is read a block at a time, every byte counted and checksummed. */
    private static final class BlockReadChannel implements ReadableByteChannel {
        private final SpillLevel.BlockSource source;
        private final ByteBuffer block;
        final CRC32C crc = new CRC32C();
        long read;
        private boolean end;
        /**
         * Bytes to read at most: a whole file's length plus one (a byte past it shows a file longer than written), or
         * a segment's length.
         */
        private final long limit;

        BlockReadChannel(SpillLevel.BlockSource source, ByteBuffer block, long limit) {
            this.source = source;
            this.block = block;
            this.limit = limit;
            block.clear().limit(0);
        }

        private boolean fill() throws IOException {
            if (block.hasRemaining()) {
                return true;
            }
            if (end) {
                return false;
            }
            long left = limit - read;
            if (left <= 0) {
                end = true;
                return false;
            }
            block.clear();
            if (left < block.capacity()) {
                block.limit((int) left);
            }
            int n = source.read(block);
            int asked = block.limit();
            block.flip();
            if (n < asked) {
                end = true;
            }
            if (n <= 0) {
                return false;
            }
            crc.update(block.duplicate());
            read += n;
            return true;
        }

        @Override
        public int read(ByteBuffer dst) throws IOException {
            if (!fill()) {
                return -1;
            }
            int n = Math.min(dst.remaining(), block.remaining());
            ByteBuffer part = block.duplicate();
            part.limit(part.position() + n);
            dst.put(part);
            block.position(block.position() + n);
            return n;
        }

        /** Reads to the end of the file, so that its length and checksum cover every byte. */
        void drain() throws IOException {
            while (fill()) {
                block.position(block.limit());
            }
        }

        @Override
        public boolean isOpen() {
            return true;
        }

        @Override
        public void close() {
            // the storage closes the source
        }
    }

    private static void readExactly(SpillLevel.BlockSource source, ByteBuffer block, int n, String what)
            throws IOException {
        block.clear().limit(n);
        int got = source.read(block);
        if (got != n) {
            throw lost(what, "ends " + (n - got) + " bytes before the length written");
        }
        block.flip();
    }

    private static MarsException lost(String what, String why) {
        return new MarsException(ErrorCode.CHUNK_LOST, what + " " + why + "; the chunk is lost and must be recomputed");
    }
}
