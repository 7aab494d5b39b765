package io.mars.common.table;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import org.apache.arrow.memory.ArrowBuf;

/**
 * Bulk copies between heap arrays and the buffers of Arrow fixed-width vectors (little-endian values, validity and
 * booleans as LSB-first bits). 8-byte values move with one bulk copy per slab through a native-order NIO view;
 * narrower types convert through a small heap block, so no loop touches a buffer one bounds-checked element at a
 * time.
 */
public final class ArrowBuffers {
    /** Values per NIO view: a view's byte length must stay an int. */
    private static final int SLAB = 1 << 24;
    /** Values per heap block for the converting copies. */
    private static final int BLOCK = 1 << 12;

    private ArrowBuffers() {
    }

    private static ByteBuffer view(ArrowBuf buf, long from, int count, int width) {
        return buf.nioBuffer(from * width, count * width).order(ByteOrder.LITTLE_ENDIAN);
    }

    public static void putLongs(ArrowBuf dst, long[] src, int n) {
        for (int from = 0; from < n; from += SLAB) {
            int len = Math.min(SLAB, n - from);
            view(dst, from, len, Long.BYTES).asLongBuffer().put(src, from, len);
        }
    }

    public static void putDoubles(ArrowBuf dst, double[] src, int n) {
        for (int from = 0; from < n; from += SLAB) {
            int len = Math.min(SLAB, n - from);
            view(dst, from, len, Double.BYTES).asDoubleBuffer().put(src, from, len);
        }
    }

    public static void getLongs(ArrowBuf src, long[] dst, int n) {
        for (int from = 0; from < n; from += SLAB) {
            int len = Math.min(SLAB, n - from);
            view(src, from, len, Long.BYTES).asLongBuffer().get(dst, from, len);
        }
    }

    public static void getDoubles(ArrowBuf src, double[] dst, int n) {
        for (int from = 0; from < n; from += SLAB) {
            int len = Math.min(SLAB, n - from);
            view(src, from, len, Double.BYTES).asDoubleBuffer().get(dst, from, len);
        }
    }

    /** The first {@code n} ints of {@code src} (a string vector's offsets), bounds checked once for them all. */
    public static void getInts(ArrowBuf src, int[] dst, int n) {
        if (4L * n > src.capacity()) {
            throw new IndexOutOfBoundsException("reading " + n + " ints from a buffer of " + src.capacity() + " bytes");
        }
        long address = src.memoryAddress();
        for (int i = 0; i < n; i++) {
            dst[i] = org.apache.arrow.memory.util.MemoryUtil.getInt(address + 4L * i);
        }
    }

    /**
     * The bytes of a string vector's first {@code n} values, copied out at once; {@code offsets} (length
     * {@code n + 1}) receives where each starts in them, so value {@code i} is {@code [offsets[i], offsets[i + 1])}.
     */
    public static byte[] utf8Bytes(org.apache.arrow.vector.VarCharVector v, int n, int[] offsets) {
        getInts(v.getOffsetBuffer(), offsets, n + 1);
        int base = offsets[0];
        byte[] data = new byte[offsets[n] - base];
        v.getDataBuffer().getBytes(base, data);
        if (base != 0) {
            for (int i = 0; i <= n; i++) {
                offsets[i] -= base;
            }
        }
        return data;
    }

    /**
     * The validity bits of a vector's first {@code n} values, or null when it has no nulls: a vector read from a
     * file without nulls may have no validity buffer at all. Reads the bits without counting them first (Arrow's
     * null count scans the whole buffer on every call).
     */
    public static byte[] validityBits(org.apache.arrow.vector.FieldVector v, int n) {
        ArrowBuf validity = v.getValidityBuffer();
        int bytes = bitBytes(n);
        if (validity == null || validity.capacity() < bytes) {
            return null;
        }
        byte[] out = new byte[bytes];
        validity.getBytes(0, out);
        return out;
    }

    public static void putInts(ArrowBuf dst, int[] src, int n) {
        for (int from = 0; from < n; from += SLAB) {
            int len = Math.min(SLAB, n - from);
            view(dst, from, len, Integer.BYTES).asIntBuffer().put(src, from, len);
        }
    }

    public static void putLongsAsInts(ArrowBuf dst, long[] src, int n) {
        int[] block = new int[Math.min(BLOCK, n)];
        for (int from = 0; from < n; from += BLOCK) {
            int len = Math.min(BLOCK, n - from);
            for (int i = 0; i < len; i++) {
                block[i] = (int) src[from + i];
            }
            view(dst, from, len, Integer.BYTES).asIntBuffer().put(block, 0, len);
        }
    }

    public static void getIntsAsLongs(ArrowBuf src, long[] dst, int n) {
        int[] block = new int[Math.min(BLOCK, n)];
        for (int from = 0; from < n; from += BLOCK) {
            int len = Math.min(BLOCK, n - from);
            view(src, from, len, Integer.BYTES).asIntBuffer().get(block, 0, len);
            for (int i = 0; i < len; i++) {
                dst[from + i] = block[i];
            }
        }
    }

    public static void putDoublesAsFloats(ArrowBuf dst, double[] src, int n) {
        float[] block = new float[Math.min(BLOCK, n)];
        for (int from = 0; from < n; from += BLOCK) {
            int len = Math.min(BLOCK, n - from);
            for (int i = 0; i < len; i++) {
                block[i] = (float) src[from + i];
            }
            view(dst, from, len, Float.BYTES).asFloatBuffer().put(block, 0, len);
        }
    }

    public static void getFloatsAsDoubles(ArrowBuf src, double[] dst, int n) {
        float[] block = new float[Math.min(BLOCK, n)];
        for (int from = 0; from < n; from += BLOCK) {
            int len = Math.min(BLOCK, n - from);
            view(src, from, len, Float.BYTES).asFloatBuffer().get(block, 0, len);
            for (int i = 0; i < len; i++) {
                dst[from + i] = block[i];
            }
        }
    }

    /** Bit {@code i} of {@code dst} set where {@code src[i] != 0}; {@code dst} must be zeroed. */
    public static void putLongsAsBits(ArrowBuf dst, long[] src, int n) {
        byte[] bytes = new byte[bitBytes(n)];
        int whole = n & ~7;
        for (int i = 0; i < whole; i += 8) {
            long b = 0;
            for (int k = 0; k < 8; k++) {
                long x = src[i + k];
                // (x | -x) has its sign bit set exactly when x != 0: no branch on the data
                b |= ((x | -x) >>> 63) << k;
            }
            bytes[i >>> 3] = (byte) b;
        }
        for (int i = whole; i < n; i++) {
            bytes[i >>> 3] |= (byte) ((src[i] != 0 ? 1 : 0) << (i & 7));
        }
        dst.setBytes(0, bytes);
    }

    /**
     * The positions of the true, non-null values of a boolean vector's first {@code n} (its data and validity
     * bits), written in order to {@code rows}; returns how many.
     */
    public static int trueRows(ArrowBuf data, ArrowBuf validity, int n, int[] rows) {
        byte[] bits = new byte[bitBytes(n)];
        byte[] valid = new byte[bits.length];
        data.getBytes(0, bits);
        validity.getBytes(0, valid);
        int count = 0;
        for (int i = 0; i < n; i++) {
            rows[count] = i;
            count += (bits[i >>> 3] & valid[i >>> 3]) >>> (i & 7) & 1;
        }
        return count;
    }

    /** {@code dst[i]} = bit {@code i} of {@code src} (0 or 1). */
    public static void getBitsAsLongs(ArrowBuf src, long[] dst, int n) {
        byte[] bytes = new byte[bitBytes(n)];
        src.getBytes(0, bytes);
        for (int i = 0; i < n; i++) {
            dst[i] = (bytes[i >>> 3] >>> (i & 7)) & 1;
        }
    }

    /**
     * Writes the validity bits of {@code n} values: valid unless {@code nulls[i] != 0} or, when {@code doubles} is
     * given, {@code doubles[i]} is NaN (the batch form of a float null).
     */
    public static void setValidity(ArrowBuf validity, int n, byte[] nulls, double[] doubles) {
        byte[] bytes = new byte[bitBytes(n)];
        if (!anyFlag(nulls, n) && !anyNaN(doubles, n)) {
            java.util.Arrays.fill(bytes, (byte) -1);
            if ((n & 7) != 0) {
                bytes[bytes.length - 1] = (byte) ((1 << (n & 7)) - 1);
            }
        } else {
            validBits(bytes, n, nulls, doubles);
        }
        validity.setBytes(0, bytes);
    }

    private static boolean anyFlag(byte[] flags, int n) {
        if (flags != null) {
            for (int i = 0; i < n; i++) {
                if (flags[i] != 0) {
                    return true;
                }
            }
        }
        return false;
    }

    /** Whether any of the first {@code n} values is NaN (false for no array). */
    public static boolean anyNaN(double[] doubles, int n) {
        if (doubles != null) {
            for (int i = 0; i < n; i++) {
                if (Double.isNaN(doubles[i])) {
                    return true;
                }
            }
        }
        return false;
    }

    private static void validBits(byte[] bytes, int n, byte[] nulls, double[] doubles) {
        for (int i = 0; i < n; i++) {
            boolean isNull = nulls != null && nulls[i] != 0 || doubles != null && Double.isNaN(doubles[i]);
            if (!isNull) {
                bytes[i >>> 3] |= (byte) (1 << (i & 7));
            }
        }
    }

    /** One flag per value, 1 where the validity bit is clear. */
    public static byte[] nullFlags(ArrowBuf validity, int n) {
        byte[] bytes = new byte[bitBytes(n)];
        validity.getBytes(0, bytes);
        byte[] out = new byte[n];
        for (int i = 0; i < n; i++) {
            out[i] = (byte) (((bytes[i >>> 3] >>> (i & 7)) & 1) ^ 1);
        }
        return out;
    }

    static int bitBytes(int n) {
        return (n + 7) >>> 3;
    }
}
