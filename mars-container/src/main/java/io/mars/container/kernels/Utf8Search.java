package io.mars.container.kernels;

import io.mars.common.operand.dataframe.AccessorFn;
import io.mars.common.table.ArrowBuffers;
import java.nio.charset.StandardCharsets;
import java.util.regex.Pattern;
import org.apache.arrow.vector.VarCharVector;

/**
 * The string tests {@code str.contains}, {@code startswith}, {@code endswith} and {@code contains} of a regular
 * expression made of literal pieces joined by {@code .*} (SQL's {@code LIKE '%a%b%'}, as TPC-H's Q13 and Q16 write
 * it), on a string vector's UTF-8 bytes: no Java {@code String} per value. UTF-8 is self-synchronizing, so a literal
 * occurs in a value's bytes exactly where it occurs in its characters. A null passes no test, as in
 * {@link DataFrameOpsKernels}' per-string path.
 */
final class Utf8Search {
    private static final String META = "\\^$.|?*+()[]{}";

    private Utf8Search() {
    }

    /**
     * The test's results (1 passes, 0 not) for the first {@code n} values of {@code v}, or null when {@code fn} is not
     * one of these tests or its regular expression is not literal pieces joined by {@code .*}.
     */
    static long[] test(AccessorFn fn, String pattern, VarCharVector v, int n) {
        byte[][] pieces = switch (fn) {
            case STR_CONTAINS, STR_STARTSWITH, STR_ENDSWITH -> new byte[][] {pattern.getBytes(StandardCharsets.UTF_8)};
            case STR_CONTAINS_REGEX -> literalPieces(pattern);
            default -> null;
        };
        if (pieces == null) {
            return null;
        }
        int[] offsets = new int[n + 1];
        byte[] data = ArrowBuffers.utf8Bytes(v, n, offsets);
        byte[] valid = ArrowBuffers.validityBits(v, n);
        Pattern regex = fn == AccessorFn.STR_CONTAINS_REGEX ? Pattern.compile(pattern) : null;
        long[] out = new long[n];
        for (int i = 0; i < n; i++) {
            if (valid != null && (valid[i >>> 3] & (1 << (i & 7))) == 0) {
                continue;
            }
            int from = offsets[i];
            int to = offsets[i + 1];
            boolean pass = switch (fn) {
                case STR_STARTSWITH -> to - from >= pieces[0].length && at(data, from, pieces[0]);
                case STR_ENDSWITH -> to - from >= pieces[0].length && at(data, to - pieces[0].length, pieces[0]);
                case STR_CONTAINS -> indexOf(data, from, to, pieces[0]) >= 0;
                default -> inOrder(data, from, to, pieces)
                        // '.' matches no line terminator: such a value is left to the regular expression itself
                        && (!hasLineTerminator(data, from, to)
                                || regex.matcher(new String(data, from, to - from, StandardCharsets.UTF_8)).find());
            };
            out[i] = pass ? 1 : 0;
        }
        return out;
    }

    /**
     * The UTF-8 pieces of {@code regex} if it is literal text joined by {@code .*} (pieces may be empty), else null.
     */
    static byte[][] literalPieces(String regex) {
        String[] parts = regex.split("\\.\\*", -1);
        byte[][] pieces = new byte[parts.length][];
        for (int i = 0; i < parts.length; i++) {
            for (int k = 0; k < parts[i].length(); k++) {
                if (META.indexOf(parts[i].charAt(k)) >= 0) {
                    return null;
                }
            }
            pieces[i] = parts[i].getBytes(StandardCharsets.UTF_8);
        }
        return pieces;
    }

    /** Whether the pieces occur in {@code data[from, to)} one after the other, not overlapping (leftmost each). */
    static boolean inOrder(byte[] data, int from, int to, byte[][] pieces) {
        int at = from;
        for (byte[] p : pieces) {
            int found = indexOf(data, at, to, p);
            if (found < 0) {
                return false;
            }
            at = found + p.length;
        }
        return true;
    }

    /** The first index of {@code p} in {@code data[from, to)}, or -1. */
    static int indexOf(byte[] data, int from, int to, byte[] p) {
        if (p.length == 0) {
            return from;
        }
        byte first = p[0];
        for (int i = from, last = to - p.length; i <= last; i++) {
            if (data[i] == first && at(data, i, p)) {
                return i;
            }
        }
        return -1;
    }

    /**
     * Whether {@code data} holds {@code p} at {@code from}: a plain loop, which the JIT keeps inline, where
     * {@code Arrays.equals}'s call costs more than the compare for short values (TPC-H's flags and modes).
     */
    static boolean at(byte[] data, int from, byte[] p) {
        for (int k = 0; k < p.length; k++) {
            if (data[from + k] != p[k]) {
                return false;
            }
        }
        return true;
    }

    /** Whether a value holds \n, \r, U+0085, U+2028 or U+2029: the characters Java's '.' does not match. */
    private static boolean hasLineTerminator(byte[] data, int from, int to) {
        for (int i = from; i < to; i++) {
            byte b = data[i];
            if (b == '\n' || b == '\r' || b == (byte) 0x85 && i > from && data[i - 1] == (byte) 0xC2
                    || (b == (byte) 0xA8 || b == (byte) 0xA9) && i >= from + 2 && data[i - 1] == (byte) 0x80
                            && data[i - 2] == (byte) 0xE2) {
                return true;
            }
        }
        return false;
    }
}
