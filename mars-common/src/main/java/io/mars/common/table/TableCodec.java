package io.mars.common.table;

import io.mars.common.error.ErrorCode;
import io.mars.common.error.MarsException;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.channels.Channels;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.ipc.ArrowStreamReader;
import org.apache.arrow.vector.ipc.ArrowStreamWriter;

/**
 * The bytes of a table chunk when it crosses a process or is written out: the Arrow IPC stream format (a schema
 * message and one record batch).
 */
public final class TableCodec {
    private TableCodec() {
    }

    public static byte[] encode(TableChunk chunk) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (ArrowStreamWriter w = new ArrowStreamWriter(chunk.root(), null, Channels.newChannel(out))) {
            w.start();
            w.writeBatch();
            w.end();
        } catch (IOException e) {
            throw new MarsException(ErrorCode.SERIALIZATION_FAILED, "cannot write a table chunk as Arrow IPC: "
                    + e.getMessage(), e);
        }
        return out.toByteArray();
    }

    /** A new chunk read from {@link #encode} bytes, its buffers allocated from {@code allocator}; the caller owns it. */
    public static TableChunk decode(byte[] bytes, BufferAllocator allocator) {
        try (ArrowStreamReader r = new ArrowStreamReader(new ByteArrayInputStream(bytes), allocator)) {
            VectorSchemaRoot read = r.getVectorSchemaRoot();
            if (!r.loadNextBatch()) {
                throw new MarsException(ErrorCode.SERIALIZATION_FAILED, "Arrow IPC bytes of a table chunk hold no"
                        + " record batch");
            }
            // the reader owns its root: the batch moves into one the caller owns
            return TableChunk.holding(read, allocator);
        } catch (IOException e) {
            throw new MarsException(ErrorCode.SERIALIZATION_FAILED, "cannot read a table chunk from Arrow IPC bytes: "
                    + e.getMessage(), e);
        }
    }
}
