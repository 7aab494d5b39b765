package io.mars.common.table;

import java.util.List;
import java.util.Objects;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.util.MemoryUtil;
import org.apache.arrow.vector.BaseFixedWidthVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.types.pojo.Field;

/**
 * Rows of Arrow vectors gathered, and vectors concatenated, straight into new Arrow vectors: the values move buffer
 * to buffer, with no heap column in between. Fixed-width values are read and written by address (every source row
 * is checked against the source's length first, so a wrong row fails instead of reading stray memory); strings are
 * copied value by value. Each loop is a method of its own, so the JIT compiles it once and small, even when a kernel
 * runs only a few times.
 */
public final class ArrowGather {
    private ArrowGather() {
    }

    /**
     * Rows {@code rows[0..count)} of {@code src}, in that order, as a new vector of the same field; a row of -1
     * gives a null. The caller owns the result.
     */
    public static FieldVector take(FieldVector src, int[] rows, int count, BufferAllocator allocator) {
        return take(src, src.getField().getName(), rows, count, allocator);
    }

    /** {@link #take(FieldVector, int[], int, BufferAllocator)} into a vector named {@code name}. */
    public static FieldVector take(FieldVector src, String name, int[] rows, int count, BufferAllocator allocator) {
        FieldVector out = new Field(name, src.getField().getFieldType(), null).createVector(allocator);
        try {
            int n = src.getValueCount();
            if (src instanceof VarCharVector s) {
                takeStrings(s, (VarCharVector) out, rows, count);
            } else {
                BaseFixedWidthVector d = (BaseFixedWidthVector) out;
                d.allocateNew(count);
                long from = src.getDataBuffer().memoryAddress();
                long to = d.getDataBuffer().memoryAddress();
                boolean missing = switch (src instanceof BitVector ? 0 : ((BaseFixedWidthVector) src).getTypeWidth()) {
                    case 0 -> takeBits(from, to, rows, count, n);
                    case 8 -> take8(from, to, rows, count, n);
                    case 4 -> take4(from, to, rows, count, n);
                    default -> takeWide(from, to, rows, count, n, ((BaseFixedWidthVector) src).getTypeWidth());
                };
                ArrowBuf validity = d.getValidityBuffer();
                if (src.getNullCount() > 0) {
                    takeBits(src.getValidityBuffer().memoryAddress(), validity.memoryAddress(), rows, count, n);
                } else if (missing) {
                    // a vector without nulls may have an empty validity buffer (as read from a file): not read
                    takeValid(validity.memoryAddress(), rows, count);
                } else {
                    setAllValid(validity.memoryAddress(), count);
                }
            }
            out.setValueCount(count);
            return out;
        } catch (RuntimeException | Error e) {
            out.close();
            throw e;
        }
    }

    /**
     * The rows of {@code src} moved to the places {@code to} (row {@code i} to row {@code to[i]}; {@code to} must be
     * a permutation of {@code 0..n-1}) as a new vector of the same field; the caller owns the result. Reads are in
     * row order, so when the places form a few ascending runs (a partition's parts) both sides stream.
     */
    public static FieldVector scatter(FieldVector src, int[] to, BufferAllocator allocator) {
        int n = src.getValueCount();
        if (src instanceof VarCharVector) {
            int[] rows = new int[n];
            for (int i = 0; i < n; i++) {
                rows[Objects.checkIndex(to[i], n)] = i;
            }
            return take(src, rows, n, allocator);
        }
        FieldVector out = src.getField().createVector(allocator);
        try {
            BaseFixedWidthVector d = (BaseFixedWidthVector) out;
            d.allocateNew(n);
            long from = src.getDataBuffer().memoryAddress();
            long dst = d.getDataBuffer().memoryAddress();
            switch (src instanceof BitVector ? 0 : ((BaseFixedWidthVector) src).getTypeWidth()) {
                case 0 -> scatterBits(from, dst, to, n);
                case 8 -> scatter8(from, dst, to, n);
                case 4 -> scatter4(from, dst, to, n);
                default -> scatterWide(from, dst, to, n, ((BaseFixedWidthVector) src).getTypeWidth());
            }
            long validity = d.getValidityBuffer().memoryAddress();
            if (src.getNullCount() > 0) {
                scatterBits(src.getValidityBuffer().memoryAddress(), validity, to, n);
            } else {
                setAllValid(validity, n);
            }
            out.setValueCount(n);
            return out;
        } catch (RuntimeException | Error e) {
            out.close();
            throw e;
        }
    }

    private static void scatter8(long from, long dst, int[] to, int n) {
        for (int i = 0; i < n; i++) {
            MemoryUtil.putLong(dst + 8L * Objects.checkIndex(to[i], n), MemoryUtil.getLong(from + 8L * i));
        }
    }

    private static void scatter4(long from, long dst, int[] to, int n) {
        for (int i = 0; i < n; i++) {
            MemoryUtil.putInt(dst + 4L * Objects.checkIndex(to[i], n), MemoryUtil.getInt(from + 4L * i));
        }
    }

    private static void scatterWide(long from, long dst, int[] to, int n, int width) {
        for (int i = 0; i < n; i++) {
            MemoryUtil.copyMemory(from + (long) width * i, dst + (long) width * Objects.checkIndex(to[i], n), width);
        }
    }

    /** Bit {@code i} of the bitmap at {@code from} set at bit {@code to[i]} of the (zeroed) one at {@code dst}. */
    private static void scatterBits(long from, long dst, int[] to, int n) {
        for (int i = 0; i < n; i++) {
            if ((MemoryUtil.getByte(from + (i >>> 3)) >>> (i & 7) & 1) != 0) {
                int j = Objects.checkIndex(to[i], n);
                long addr = dst + (j >>> 3);
                MemoryUtil.putByte(addr, (byte) (MemoryUtil.getByte(addr) | 1 << (j & 7)));
            }
        }
    }

    /**
     * The vectors {@code parts} (all of one field) one after another, as a new vector of that field; the caller owns
     * the result.
     */
    public static FieldVector concat(List<FieldVector> parts, BufferAllocator allocator) {
        FieldVector first = parts.get(0);
        FieldVector out = first.getField().createVector(allocator);
        try {
            int total = 0;
            boolean anyNull = false;
            for (FieldVector p : parts) {
                total += p.getValueCount();
                anyNull |= p.getNullCount() > 0;
            }
            if (first instanceof VarCharVector) {
                VarCharVector d = (VarCharVector) out;
                long bytes = 0;
                for (FieldVector p : parts) {
                    VarCharVector s = (VarCharVector) p;
                    bytes += s.getValueCount() == 0 ? 0 : s.getStartOffset(s.getValueCount()) - (long) s.getStartOffset(0);
                }
                d.allocateNew(bytes, total);
                startStrings(d);
                int at = 0;
                long pos = 0;
                for (FieldVector p : parts) {
                    VarCharVector s = (VarCharVector) p;
                    pos = appendStrings(s, null, s.getValueCount(), d, at, pos);
                    at += s.getValueCount();
                }
                d.setLastSet(total - 1);
            } else {
                BaseFixedWidthVector d = (BaseFixedWidthVector) out;
                d.allocateNew(total);
                long validity = d.getValidityBuffer().memoryAddress();
                long data = d.getDataBuffer().memoryAddress();
                int at = 0;
                for (FieldVector p : parts) {
                    int n = p.getValueCount();
                    if (p instanceof BitVector) {
                        appendBits(p.getDataBuffer().memoryAddress(), n, data, at);
                    } else {
                        int width = ((BaseFixedWidthVector) p).getTypeWidth();
                        MemoryUtil.copyMemory(p.getDataBuffer().memoryAddress(), data + (long) at * width,
                                (long) n * width);
                    }
                    if (anyNull && p.getNullCount() > 0) {
                        appendBits(p.getValidityBuffer().memoryAddress(), n, validity, at);
                    } else if (anyNull) {
                        appendOnes(n, validity, at);
                    }
                    at += n;
                }
                if (!anyNull) {
                    setAllValid(validity, total);
                }
            }
            out.setValueCount(total);
            return out;
        } catch (RuntimeException | Error e) {
            out.close();
            throw e;
        }
    }

    private static boolean take8(long from, long to, int[] rows, int count, int n) {
        boolean missing = false;
        for (int i = 0; i < count; i++) {
            int r = rows[i];
            if (r < 0) {
                MemoryUtil.putLong(to + 8L * i, 0L);
                missing = true;
            } else {
                MemoryUtil.putLong(to + 8L * i, MemoryUtil.getLong(from + 8L * Objects.checkIndex(r, n)));
            }
        }
        return missing;
    }

    private static boolean take4(long from, long to, int[] rows, int count, int n) {
        boolean missing = false;
        for (int i = 0; i < count; i++) {
            int r = rows[i];
            if (r < 0) {
                MemoryUtil.putInt(to + 4L * i, 0);
                missing = true;
            } else {
                MemoryUtil.putInt(to + 4L * i, MemoryUtil.getInt(from + 4L * Objects.checkIndex(r, n)));
            }
        }
        return missing;
    }

    private static boolean takeWide(long from, long to, int[] rows, int count, int n, int width) {
        boolean missing = false;
        for (int i = 0; i < count; i++) {
            int r = rows[i];
            if (r < 0) {
                MemoryUtil.setMemory(to + (long) width * i, width, (byte) 0);
                missing = true;
            } else {
                MemoryUtil.copyMemory(from + (long) width * Objects.checkIndex(r, n), to + (long) width * i, width);
            }
        }
        return missing;
    }

    /** Bits {@code rows[0..count)} of the bitmap at {@code from} (a row of -1 reads as 0) into the one at {@code to}. */
    private static boolean takeBits(long from, long to, int[] rows, int count, int n) {
        boolean missing = false;
        for (int i = 0; i < count; i += 8) {
            int b = 0;
            for (int k = 0, end = Math.min(8, count - i); k < end; k++) {
                int r = rows[i + k];
                if (r < 0) {
                    missing = true;
                } else {
                    Objects.checkIndex(r, n);
                    b |= (MemoryUtil.getByte(from + (r >>> 3)) >>> (r & 7) & 1) << k;
                }
            }
            MemoryUtil.putByte(to + (i >>> 3), (byte) b);
        }
        return missing;
    }

    /** The first {@code n} bits at {@code from} written from bit {@code at} of the (zeroed) bitmap at {@code to}. */
    private static void appendBits(long from, int n, long to, int at) {
        for (int i = 0; i < n; i++) {
            if ((MemoryUtil.getByte(from + (i >>> 3)) >>> (i & 7) & 1) != 0) {
                int j = at + i;
                long addr = to + (j >>> 3);
                MemoryUtil.putByte(addr, (byte) (MemoryUtil.getByte(addr) | 1 << (j & 7)));
            }
        }
    }

    /** Bit {@code i} of the bitmap at {@code to} set where {@code rows[i] >= 0}. */
    private static void takeValid(long to, int[] rows, int count) {
        for (int i = 0; i < count; i += 8) {
            int b = 0;
            for (int k = 0, end = Math.min(8, count - i); k < end; k++) {
                b |= (rows[i + k] >>> 31 ^ 1) << k;
            }
            MemoryUtil.putByte(to + (i >>> 3), (byte) b);
        }
    }

    private static void appendOnes(int n, long to, int at) {
        for (int j = at; j < at + n; j++) {
            long addr = to + (j >>> 3);
            MemoryUtil.putByte(addr, (byte) (MemoryUtil.getByte(addr) | 1 << (j & 7)));
        }
    }

    private static void setAllValid(long validity, int count) {
        int whole = count >>> 3;
        MemoryUtil.setMemory(validity, whole, (byte) -1);
        if ((count & 7) != 0) {
            MemoryUtil.putByte(validity + whole, (byte) ((1 << (count & 7)) - 1));
        }
    }

    private static void takeStrings(VarCharVector src, VarCharVector out, int[] rows, int count) {
        int n = src.getValueCount();
        boolean nulls = src.getNullCount() > 0;
        long offsets = src.getOffsetBuffer().memoryAddress();
        long bytes = 0;
        for (int i = 0; i < count; i++) {
            int r = rows[i];
            if (r >= 0 && !(nulls && src.isNull(Objects.checkIndex(r, n)))) {
                long at = offsets + 4L * Objects.checkIndex(r, n);
                bytes += MemoryUtil.getInt(at + 4) - MemoryUtil.getInt(at);
            }
        }
        out.allocateNew(bytes, count);
        startStrings(out);
        appendStrings(src, rows, count, out, 0, 0);
        out.setLastSet(count - 1);
    }

    /**
     * {@link #appendStrings} of a source without nulls: rows that follow each other in the source (a filter that keeps
     * most rows, a whole part) have their bytes copied as one block, and only their offsets one by one.
     */
    private static long appendStringRuns(long srcOffsets, long srcData, int n, int[] rows, int count, long offsets,
                                         long data, long validity, int at, long pos) {
        int i = 0;
        while (i < count) {
            int r = rows == null ? i : rows[i];
            if (r < 0) {
                MemoryUtil.putInt(offsets + 4L * (at + i + 1), (int) pos); // a null
                i++;
                continue;
            }
            int j = i + 1;
            if (rows == null) {
                j = count;
            } else {
                while (j < count && rows[j] == rows[j - 1] + 1) {
                    j++;
                }
            }
            int last = Objects.checkIndex(r + (j - i) - 1, n);
            long o = srcOffsets + 4L * Objects.checkIndex(r, n);
            int start = MemoryUtil.getInt(o);
            int end = MemoryUtil.getInt(srcOffsets + 4L * (last + 1));
            copyBytes(srcData + start, data + pos, end - start);
            long shift = pos - start;
            for (int m = i; m < j; m++) {
                int k = at + m;
                MemoryUtil.putInt(offsets + 4L * (k + 1), (int) (MemoryUtil.getInt(o + 4L * (m - i + 1)) + shift));
                long b = validity + (k >>> 3);
                MemoryUtil.putByte(b, (byte) (MemoryUtil.getByte(b) | 1 << (k & 7)));
            }
            pos += end - start;
            i = j;
        }
        return pos;
    }

    /** Copies {@code length} bytes; values of a few bytes (flags, codes) byte by byte, cheaper than a copy call. */
    private static void copyBytes(long from, long to, long length) {
        if (length <= 16) {
            for (int b = 0; b < length; b++) {
                MemoryUtil.putByte(to + b, MemoryUtil.getByte(from + b));
            }
        } else {
            MemoryUtil.copyMemory(from, to, length);
        }
    }

    /** Clears the validity bits and the first offset of a freshly allocated string vector. */
    private static void startStrings(VarCharVector out) {
        ArrowBuf validity = out.getValidityBuffer();
        validity.setZero(0, validity.capacity());
        MemoryUtil.putInt(out.getOffsetBuffer().memoryAddress(), 0);
    }

    /**
     * Writes values {@code rows[0..count)} of {@code src} ({@code 0..count} when {@code rows} is null; a row of -1
     * gives a null) to rows {@code at...} of {@code out}, whose value bytes continue at byte {@code pos}, copying each
     * value's bytes by address (Arrow's own {@code set} slices a buffer per value); returns the next byte position.
     * {@code out} must have room for the bytes, and its validity bits must be clear.
     */
    private static long appendStrings(VarCharVector src, int[] rows, int count, VarCharVector out, int at, long pos) {
        int n = src.getValueCount();
        boolean nulls = src.getNullCount() > 0;
        long srcOffsets = src.getOffsetBuffer().memoryAddress();
        long srcData = src.getDataBuffer().memoryAddress();
        long offsets = out.getOffsetBuffer().memoryAddress();
        long data = out.getDataBuffer().memoryAddress();
        long validity = out.getValidityBuffer().memoryAddress();
        if (!nulls) {
            return appendStringRuns(srcOffsets, srcData, n, rows, count, offsets, data, validity, at, pos);
        }
        for (int i = 0; i < count; i++) {
            int r = rows == null ? i : rows[i];
            int k = at + i;
            if (r >= 0 && !(nulls && src.isNull(Objects.checkIndex(r, n)))) {
                long o = srcOffsets + 4L * Objects.checkIndex(r, n);
                int start = MemoryUtil.getInt(o);
                int length = MemoryUtil.getInt(o + 4) - start;
                copyBytes(srcData + start, data + pos, length);
                pos += length;
                long b = validity + (k >>> 3);
                MemoryUtil.putByte(b, (byte) (MemoryUtil.getByte(b) | 1 << (k & 7)));
            }
            MemoryUtil.putInt(offsets + 4L * (k + 1), (int) pos);
        }
        return pos;
    }
}
