package io.mars.container.kernels;

import java.util.List;
import org.apache.arrow.memory.util.MemoryUtil;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.Float8Vector;

/**
 * {@link TableRows#orderKeys} read straight from Arrow vectors: one long per row that orders as signed longs the way
 * the rows order in that direction, for a float64 or int64 key column without nulls (or NaN), so a sort or a range
 * partition reads its key column once, with no heap copy first.
 */
final class ArrowOrderKeys {
    private ArrowOrderKeys() {
    }

    /**
     * The order keys of the vectors {@code parts} one after another, or null when they are not all float64 or all
     * int64 without nulls, or a float is NaN (the heap path then orders the nulls).
     */
    static long[] of(List<FieldVector> parts, boolean asc) {
        boolean doubles = parts.get(0) instanceof Float8Vector;
        int n = 0;
        for (FieldVector v : parts) {
            if (v.getNullCount() > 0 || !(doubles ? v instanceof Float8Vector : v instanceof BigIntVector)) {
                return null;
            }
            n += v.getValueCount();
        }
        long[] out = new long[n];
        int at = 0;
        for (FieldVector v : parts) {
            int count = v.getValueCount();
            long address = v.getDataBuffer().memoryAddress();
            if (doubles) {
                if (!doubleKeys(address, count, asc, out, at)) {
                    return null;
                }
            } else {
                longKeys(address, count, asc, out, at);
            }
            at += count;
        }
        return out;
    }

    /** False at a NaN. */
    private static boolean doubleKeys(long address, int count, boolean asc, long[] out, int at) {
        long flip = asc ? 0 : -1L;
        for (int i = 0; i < count; i++) {
            double x = Double.longBitsToDouble(MemoryUtil.getLong(address + 8L * i));
            if (x != x) {
                return false;
            }
            out[at + i] = TableRows.sortable(x) ^ flip;
        }
        return true;
    }

    private static void longKeys(long address, int count, boolean asc, long[] out, int at) {
        long flip = asc ? 0 : -1L;
        for (int i = 0; i < count; i++) {
            out[at + i] = MemoryUtil.getLong(address + 8L * i) ^ flip;
        }
    }
}
