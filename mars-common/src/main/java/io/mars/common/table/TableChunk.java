package io.mars.common.table;

import io.mars.common.error.ErrorCode;
import io.mars.common.error.MarsException;
import io.mars.types.ChunkData;
import java.util.List;
import java.util.Objects;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorLoader;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.VectorUnloader;
import org.apache.arrow.vector.ipc.message.ArrowFieldNode;
import org.apache.arrow.vector.ipc.message.ArrowRecordBatch;

/**
 * A computed chunk of a dataframe or series: one Arrow record batch. It owns the batch's buffers, which belong to
 * the allocator of the worker that made it; {@link #close()} (called by storage when the chunk is deleted, or by the
 * subtask runner for an intermediate) gives them back. A series is a batch of one column.
 */
public final class TableChunk implements ChunkData {
    private final VectorSchemaRoot root;
    private boolean closed;

    public TableChunk(VectorSchemaRoot root) {
        this.root = Objects.requireNonNull(root, "root");
    }

    /** The batch; valid until this chunk is closed. Readers must not modify it. */
    public VectorSchemaRoot root() {
        return root;
    }

    public int rowCount() {
        return root.getRowCount();
    }

    /** {@code (rows, columns)}, as the chunk's shape in the tileable graph. */
    public long[] shape() {
        return new long[] {root.getRowCount(), root.getFieldVectors().size()};
    }

    @Override
    public long nbytes() {
        long n = 0;
        for (FieldVector v : root.getFieldVectors()) {
            n += v.getBufferSize();
        }
        return n;
    }

    /**
     * A new chunk over the same buffers, holding references of its own: it stays valid after this one is closed, and
     * the memory is given back when both are. No bytes are copied (a chunk is never changed once made). Fails when
     * this chunk is closed already.
     */
    public synchronized TableChunk share() {
        if (closed) {
            throw new MarsException(ErrorCode.INTERNAL_ERROR, "cannot share a table chunk that was closed");
        }
        List<FieldVector> vectors = root.getFieldVectors();
        if (vectors.isEmpty()) {
            VectorSchemaRoot empty = new VectorSchemaRoot(root.getSchema(), List.of(), root.getRowCount());
            return new TableChunk(empty);
        }
        return holding(root, vectors.get(0).getAllocator());
    }

    /**
     * A reference to stored {@code data} that the caller owns and closes: a {@link #share()} of a table chunk; any
     * other chunk data itself (arrays and states are immutable heap data, closing them is a no-op).
     */
    public static ChunkData shareOf(ChunkData data) {
        return data instanceof TableChunk t ? t.share() : data;
    }

    /**
     * A new chunk holding {@code source}'s batch in a root of its own, its buffers referenced (not copied) and
     * accounted to {@code allocator}; {@code source} stays valid and is still its owner's to close.
     */
    public static TableChunk holding(VectorSchemaRoot source, BufferAllocator allocator) {
        VectorSchemaRoot owned = VectorSchemaRoot.create(source.getSchema(), allocator);
        try {
            if (flat(source)) {
                // each vector takes its buffers directly: Arrow's unloader would count every vector's nulls first,
                // a pass over its validity bits on every share of a stored chunk. A null count strictly between 0
                // and the length tells the loader to reference the validity buffer as it is, whatever it holds
                int n = source.getRowCount();
                for (int i = 0; i < source.getFieldVectors().size(); i++) {
                    FieldVector from = source.getVector(i);
                    owned.getVector(i).loadFieldBuffers(new ArrowFieldNode(from.getValueCount(), 1),
                            from.getFieldBuffers());
                }
                owned.setRowCount(n);
            } else {
                try (ArrowRecordBatch batch = new VectorUnloader(source).getRecordBatch()) {
                    new VectorLoader(owned).load(batch);
                }
            }
        } catch (RuntimeException | Error e) {
            owned.close();
            throw e;
        }
        return new TableChunk(owned);
    }

    /** Whether every vector is a flat fixed- or variable-width one of at least two values. */
    private static boolean flat(VectorSchemaRoot root) {
        for (FieldVector v : root.getFieldVectors()) {
            if (!(v instanceof org.apache.arrow.vector.BaseFixedWidthVector
                    || v instanceof org.apache.arrow.vector.BaseVariableWidthVector) || v.getValueCount() < 2
                    || !v.getChildrenFromFields().isEmpty()) {
                return false;
            }
        }
        return true;
    }

    @Override
    public synchronized void close() {
        if (!closed) {
            closed = true;
            root.close();
        }
    }

    @Override
    public String toString() {
        return "TableChunk[" + root.getRowCount() + " rows, " + root.getSchema() + "]";
    }
}
