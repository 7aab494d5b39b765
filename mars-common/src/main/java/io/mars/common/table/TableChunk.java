package io.mars.common.table;

import io.mars.common.model.ChunkData;
import java.util.Objects;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VectorSchemaRoot;

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
