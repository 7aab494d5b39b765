package io.mars.container.services.storage.internal;

import io.mars.common.error.ErrorCode;
import io.mars.common.error.MarsException;
import io.mars.common.model.ChunkData;
import io.mars.common.model.ReductionState;
import io.mars.common.model.Shapes;
import io.mars.tensor.DataType;
import io.mars.tensor.NDArray;
import io.mars.tensor.Npy;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.CRC32C;

/**
 * The on-disk form of a spilled chunk: an {@link NDArray} is a {@code .npy} file exactly as {@code numpy.save}
 * writes it; a {@link ReductionState} is its parts' {@code .npy} images one after the other. Files are written and
 * read in blocks of one reused buffer, with a CRC32C of every byte, which the storage keeps and checks on read.
 */
final class SpillFormat {
    private SpillFormat() {
    }

    /** The shape of a file: what kind of chunk it holds and the arrays in it, in order. */
    record Layout(boolean state, List<Part> parts) {
        Layout {
            parts = List.copyOf(parts);
        }

        long length() {
            long n = 0;
            for (Part p : parts) {
                n += p.header.length + p.dataBytes();
            }
            return n;
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
            return new Layout(false, List.of(part(a)));
        }
        if (data instanceof ReductionState s) {
            List<Part> parts = new ArrayList<>(s.parts().size());
            for (NDArray a : s.parts()) {
                parts.add(part(a));
            }
            return new Layout(true, parts);
        }
        throw new MarsException(ErrorCode.NOT_SUPPORTED, "chunks of kind " + data.getClass().getSimpleName()
                + " cannot be spilled yet; they stay in memory");
    }

    private static Part part(NDArray a) {
        return new Part(a.dtype(), a.shape(), Npy.header(a.dtype(), a.shapeView()));
    }

    /** Writes {@code data} (of layout {@code layout}) to {@code sink} through {@code block}; returns the CRC32C. */
    static long write(ChunkData data, Layout layout, SpillLevel.BlockSink sink, ByteBuffer block) throws IOException {
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
        return crc.getValue();
    }

    /**
     * Reads a file of {@code layout} from {@code source} through {@code block} and checks its length and CRC32C;
     * CHUNK_LOST naming {@code what} when either differs.
     */
    static ChunkData read(SpillLevel.BlockSource source, Layout layout, long expectedCrc, ByteBuffer block, String what)
            throws IOException {
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
        return layout.state() ? new ReductionState(arrays) : arrays.get(0);
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
