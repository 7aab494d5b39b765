package io.mars.container.kernels;

import io.mars.common.error.ErrorCode;
import io.mars.common.error.MarsException;
import io.mars.common.graph.ChunkNode;
import io.mars.common.operand.chunk.ChunkFromNpy;
import io.mars.types.ChunkData;
import io.mars.types.DataType;
import io.mars.types.NDArray;
import io.mars.types.Npy;
import io.mars.types.Shapes;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;

/** Reads one chunk of a {@code .npy} file: only the byte ranges of its box, one positional read per run. */
final class FromNpyKernel implements Kernel<ChunkFromNpy> {
    private static final int BUFFER_BYTES = 1 << 16;

    @Override
    public ChunkData execute(ChunkNode node, ChunkFromNpy op, List<ChunkData> inputs) {
        long[] shape = node.shape();
        DataType dtype = node.dtype();
        int size = Shapes.chunkSize(shape);
        Object out = NDArray.newStorage(dtype, size);
        Path path = Path.of(op.path());
        long needed = op.dataOffset() + Shapes.size(op.fullShape()) * dtype.itemSize();
        try (FileChannel ch = FileChannel.open(path, StandardOpenOption.READ)) {
            if (ch.size() < needed) {
                throw new MarsException(ErrorCode.INVALID_ARGUMENT, path + " is " + ch.size() + " bytes long but an"
                        + " array of shape " + Shapes.toString(op.fullShape()) + " of " + dtype + " needs " + needed
                        + "; did the file change after the tensor was built?");
            }
            ByteBuffer buffer = ByteBuffer.allocate(BUFFER_BYTES);
            BoxRuns.forEach(shape, op.fullShape(), op.offset(), (from, len, pos) -> {
                try {
                    Npy.readElements(ch, path, dtype, op.dataOffset() + pos * dtype.itemSize(), out, from, len, buffer);
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            });
        } catch (NoSuchFileException e) {
            throw new MarsException(ErrorCode.INVALID_ARGUMENT, "no such file: " + path + " (read by chunk "
                    + node.key() + ")");
        } catch (IOException | UncheckedIOException e) {
            throw new MarsException(ErrorCode.INVALID_ARGUMENT, "cannot read " + path + ": " + e);
        }
        return new NDArray(dtype, shape, out);
    }
}
