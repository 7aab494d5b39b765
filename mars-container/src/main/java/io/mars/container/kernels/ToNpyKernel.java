package io.mars.container.kernels;

import io.mars.common.error.ErrorCode;
import io.mars.common.error.MarsException;
import io.mars.common.graph.ChunkNode;
import io.mars.common.operand.chunk.ChunkToNpy;
import io.mars.types.ChunkData;
import io.mars.types.DataType;
import io.mars.types.NDArray;
import io.mars.types.Npy;
import io.mars.types.Shapes;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;

/**
 * Writes one chunk into a {@code .npy} file the client created at its full length: the chunk's box, one positional
 * write per run (a block at a time), so chunks write in parallel and nothing passes through the client. Returns the
 * bytes written.
 */
final class ToNpyKernel implements Kernel<ChunkToNpy> {
    private static final int BUFFER_BYTES = 1 << 20;

    @Override
    public ChunkData execute(ChunkNode node, ChunkToNpy op, List<ChunkData> inputs) {
        NDArray a = ChunkInputs.array(node, inputs, 0);
        DataType dtype = a.dtype();
        int item = dtype.itemSize();
        Path path = Path.of(op.path());
        long needed = op.dataOffset() + Shapes.size(op.fullShape()) * item;
        long[] written = {0};
        try (FileChannel ch = FileChannel.open(path, StandardOpenOption.WRITE)) {
            if (ch.size() < needed) {
                throw new MarsException(ErrorCode.FILE_IO_FAILED, path + " is " + ch.size() + " bytes long but the"
                        + " array of shape " + Shapes.toString(op.fullShape()) + " of " + dtype + " needs " + needed
                        + "; was it truncated while being written?");
            }
            ByteBuffer buffer = ByteBuffer.allocate(BUFFER_BYTES).order(ByteOrder.LITTLE_ENDIAN);
            int per = BUFFER_BYTES / item;
            BoxRuns.forEach(a.shapeView(), op.fullShape(), op.offset(), (from, len, pos) -> {
                try {
                    for (int done = 0; done < len; done += per) {
                        int n = Math.min(per, len - done);
                        buffer.clear();
                        Npy.encode(a, from + done, n, buffer);
                        buffer.limit(n * item);
                        long at = op.dataOffset() + (pos + done) * item;
                        while (buffer.hasRemaining()) {
                            at += ch.write(buffer, at);
                        }
                        written[0] += (long) n * item;
                    }
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            });
        } catch (NoSuchFileException e) {
            throw new MarsException(ErrorCode.FILE_IO_FAILED, "no such file: " + path + " (written by chunk "
                    + node.key() + "); it was deleted while being written");
        } catch (IOException | UncheckedIOException e) {
            throw new MarsException(ErrorCode.FILE_IO_FAILED, "cannot write " + path + ": " + e);
        }
        return NDArray.of(new long[] {written[0]}).reshape(new long[0]);
    }
}
