package io.mars.types;

import io.mars.common.error.ErrorCode;
import io.mars.common.error.MarsException;
import io.mars.types.Shapes;
import java.util.Arrays;

/**
 * How a tensor is cut into chunks: one size for every axis, a size per axis, explicit chunk lengths per axis
 * ({@code nsplits}), or automatically under a byte limit. The last chunk on an axis may be shorter.
 *
 * @param sizes    one size for all axes, or one per axis; empty when not given
 * @param nsplits  explicit chunk lengths per axis; empty when not given
 * @param maxBytes the byte limit for automatic chunking; 0 means the session's default
 */
public record ChunkSpec(long[] sizes, long[][] nsplits, long maxBytes) {
    public ChunkSpec {
        sizes = sizes.clone();
        nsplits = Arrays.stream(nsplits).map(long[]::clone).toArray(long[][]::new);
        for (long s : sizes) {
            if (s <= 0) {
                throw new MarsException(ErrorCode.INVALID_CHUNK_SIZE,
                        "chunk size must be positive, got " + s + " in chunks " + Arrays.toString(sizes));
            }
        }
        for (long[] axis : nsplits) {
            for (long s : axis) {
                if (s < 0) {
                    throw new MarsException(ErrorCode.INVALID_CHUNK_SIZE, "chunk lengths must not be negative, got " + s
                            + " in nsplits " + Arrays.deepToString(nsplits));
                }
            }
        }
        if (maxBytes < 0) {
            throw new MarsException(ErrorCode.INVALID_CHUNK_SIZE,
                    "chunk byte limit must not be negative (0 means the session default), got " + maxBytes);
        }
    }

    public static ChunkSpec auto() {
        return new ChunkSpec(new long[0], new long[0][], 0);
    }

    /** One chunk size for every axis, or one per axis. */
    public static ChunkSpec of(long... sizes) {
        if (sizes.length == 0) {
            throw new MarsException(ErrorCode.INVALID_CHUNK_SIZE, "chunks(...) needs at least one size");
        }
        return new ChunkSpec(sizes, new long[0][], 0);
    }

    /** Explicit chunk lengths per axis, as numpy/dask's tuple of tuples. */
    public static ChunkSpec explicit(long[]... nsplits) {
        return new ChunkSpec(new long[0], nsplits, 0);
    }

    /** Automatic chunks of at most {@code bytes} each. */
    public static ChunkSpec maxBytes(long bytes) {
        if (bytes <= 0) {
            throw new MarsException(ErrorCode.INVALID_CHUNK_SIZE, "chunk byte limit must be positive, got " + bytes);
        }
        return new ChunkSpec(new long[0], new long[0][], bytes);
    }

    public boolean isAuto() {
        return sizes.length == 0 && nsplits.length == 0;
    }

    /** Resolves to chunk lengths per axis for a tensor of {@code shape} and {@code dtype}. */
    public long[][] resolve(long[] shape, DataType dtype, long defaultMaxBytes) {
        if (nsplits.length > 0) {
            return resolveExplicit(shape);
        }
        if (sizes.length > 0) {
            if (sizes.length != 1 && sizes.length != shape.length) {
                throw new MarsException(ErrorCode.INVALID_CHUNK_SIZE, "chunks " + Arrays.toString(sizes) + " give "
                        + sizes.length + " sizes for a " + shape.length + "-d tensor of shape " + Shapes.toString(shape));
            }
            long[][] out = new long[shape.length][];
            for (int i = 0; i < shape.length; i++) {
                out[i] = split(shape[i], sizes.length == 1 ? sizes[0] : sizes[i]);
            }
            return out;
        }
        return autoSplits(shape, dtype, maxBytes > 0 ? maxBytes : defaultMaxBytes);
    }

    private long[][] resolveExplicit(long[] shape) {
        if (nsplits.length != shape.length) {
            throw new MarsException(ErrorCode.INVALID_CHUNK_SIZE, "nsplits " + Arrays.deepToString(nsplits) + " give "
                    + nsplits.length + " axes for a tensor of shape " + Shapes.toString(shape));
        }
        for (int i = 0; i < shape.length; i++) {
            long total = Arrays.stream(nsplits[i]).sum();
            if (total != shape[i]) {
                throw new MarsException(ErrorCode.INVALID_CHUNK_SIZE, "nsplits " + Arrays.toString(nsplits[i])
                        + " on axis " + i + " sum to " + total + " but the axis has length " + shape[i]);
            }
        }
        return Arrays.stream(nsplits).map(long[]::clone).toArray(long[][]::new);
    }

    /** Splits a length into chunks of {@code size}, the last one shorter; a zero length gives one empty chunk. */
    public static long[] split(long length, long size) {
        if (length == 0) {
            return new long[] {0};
        }
        int n = (int) ((length + size - 1) / size);
        long[] out = new long[n];
        for (int i = 0; i < n; i++) {
            out[i] = Math.min(size, length - (long) i * size);
        }
        return out;
    }

    /** Halves the largest chunk dimension until a chunk fits {@code maxBytes}. */
    static long[][] autoSplits(long[] shape, DataType dtype, long maxBytes) {
        long[] chunk = shape.clone();
        long limit = Math.max(1, maxBytes / dtype.itemSize());
        while (Shapes.size(chunk) > limit) {
            int largest = 0;
            for (int i = 1; i < chunk.length; i++) {
                if (chunk[i] > chunk[largest]) {
                    largest = i;
                }
            }
            chunk[largest] = (chunk[largest] + 1) / 2;
        }
        long[][] out = new long[shape.length][];
        for (int i = 0; i < shape.length; i++) {
            out[i] = split(shape[i], Math.max(1, chunk[i]));
        }
        return out;
    }

    @Override
    public String toString() {
        if (nsplits.length > 0) {
            return "nsplits" + Arrays.deepToString(nsplits);
        }
        if (sizes.length > 0) {
            return "chunks" + Arrays.toString(sizes);
        }
        return maxBytes > 0 ? "auto(" + maxBytes + " bytes)" : "auto";
    }
}
