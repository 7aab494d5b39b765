package io.mars.common.table;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import org.apache.arrow.vector.VarCharVector;

/**
 * The values of an Arrow string vector decoded to Java strings in bulk: the offsets and bytes are copied out once, and
 * each value is decoded from the copy (Arrow's {@code get} copies every value into a byte array of its own first).
 * Columns of few distinct values (flags, modes, priorities, nation names) decode each distinct value once and share
 * the string, which also shares its cached hash code with every later hash lookup of the value; a column whose values
 * rarely repeat turns the sharing off after a sample, so it costs little there. A value of up to seven bytes is looked
 * up by one long holding its bytes and length, with no hash loop or byte comparison.
 */
final class Utf8Strings {
    /** Slots of the table of recent values: a power of two. */
    private static final int SLOTS = 1024;
    /** Values looked up before deciding whether sharing pays. */
    private static final int SAMPLE = 2048;
    /** Values longer than this are decoded as they come: hashing them costs as much as decoding. */
    private static final int LONGEST = 32;

    private Utf8Strings() {
    }

    /** Values of at most this many bytes are looked up by one long holding their bytes and length. */
    private static final int PACKED = 7;

    /** The first {@code n} values of {@code v}, null where null. */
    static String[] decode(VarCharVector v, int n) {
        String[] out = new String[n];
        if (n == 0) {
            return out;
        }
        int[] offsets = new int[n + 1];
        byte[] data = ArrowBuffers.utf8Bytes(v, n, offsets);
        byte[] validity = ArrowBuffers.validityBits(v, n);
        // short values (flags, modes, priorities) by their packed bytes: one long compare, no byte array
        long[] packedKeys = new long[SLOTS];
        Arrays.fill(packedKeys, -1L);
        String[] packedValues = new String[SLOTS];
        byte[][] keys = new byte[SLOTS][];
        String[] values = new String[SLOTS];
        int hits = 0;
        int lookups = 0;
        boolean share = true;
        for (int i = 0; i < n; i++) {
            if (validity != null && (validity[i >>> 3] >>> (i & 7) & 1) == 0) {
                continue;
            }
            int from = offsets[i];
            int to = offsets[i + 1];
            int length = to - from;
            if (!share || length > LONGEST) {
                out[i] = new String(data, from, length, StandardCharsets.UTF_8);
                continue;
            }
            if (length <= PACKED) {
                // the length in the top byte tells "a" from "\0a"; -1 (all bits set) is no packed value
                long packed = (long) length << 56;
                for (int k = from; k < to; k++) {
                    packed = packed ^ (data[k] & 0xFFL) << ((k - from) << 3);
                }
                int slot = (int) (packed * 0x9E3779B97F4A7C15L >>> 54) & (SLOTS - 1);
                if (packedKeys[slot] == packed) {
                    out[i] = packedValues[slot];
                    hits++;
                } else {
                    String s = new String(data, from, length, StandardCharsets.UTF_8);
                    packedKeys[slot] = packed;
                    packedValues[slot] = s;
                    out[i] = s;
                }
            } else {
                int slot = hash(data, from, to) & (SLOTS - 1);
                byte[] key = keys[slot];
                if (key != null && Arrays.equals(key, 0, key.length, data, from, to)) {
                    out[i] = values[slot];
                    hits++;
                } else {
                    String s = new String(data, from, length, StandardCharsets.UTF_8);
                    keys[slot] = Arrays.copyOfRange(data, from, to);
                    values[slot] = s;
                    out[i] = s;
                }
            }
            if (++lookups == SAMPLE && hits < SAMPLE / 2) {
                share = false;
            }
        }
        return out;
    }

    private static int hash(byte[] data, int from, int to) {
        int h = 0x9E3779B9;
        for (int k = from; k < to; k++) {
            h = (h ^ data[k]) * 0x01000193;
        }
        return h ^ h >>> 15;
    }
}
