package io.mars.common.io;

import java.io.IOException;
import java.io.InputStream;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/**
 * The states of {@link CsvTokenizer}'s lexer between two bytes, as a table-driven automaton. A reader that starts
 * at some byte offset of a file cannot tell from the bytes alone whether it stands inside a quoted field (a quoted
 * field may hold line breaks); it can if it knows the lexer's state there. Each byte range of a file is therefore
 * scanned once for its <em>transfer function</em> (the state at its end for every state at its start, all tracked
 * at once), and the functions of the ranges before a chunk, composed from the file's start, give the chunk its
 * exact starting state. Ranges are scanned in parallel; composing them is a walk over a few bytes per range.
 *
 * <p>The automaton follows the tokenizer rule for rule: a field that starts with a quote runs to the closing quote
 * (two quotes are one), text after a closing quote runs to the next delimiter or line break, a quote inside an
 * unquoted field is text, and a record ends at LF, CR or CRLF.
 */
public final class CsvStates {
    /** At the start of a record (the file's start, or just past a line break). */
    public static final int RECORD = 0;
    /** Just past a delimiter. */
    static final int FIELD = 1;
    /** Inside an unquoted field. */
    static final int UNQUOTED = 2;
    /** Inside a quoted field. */
    static final int QUOTED = 3;
    /** Just past a quote inside a quoted field: a second quote continues the field, anything else closes it. */
    static final int QUOTE_IN_QUOTED = 4;
    /** Past a closing quote, up to the next delimiter or line break. */
    static final int AFTER_QUOTED = 5;
    /** Just past a CR that ended a record: an LF here belongs to the same line break. */
    static final int AFTER_CR = 6;
    /** The number of states. */
    public static final int COUNT = 7;

    private static final int OTHER = 0;
    private static final int QUOTE = 1;
    private static final int DELIMITER = 2;
    private static final int LF = 3;
    private static final int CR = 4;

    /** {@code NEXT[state][byte class]}. */
    private static final int[][] NEXT = {
        /* RECORD */          {UNQUOTED, QUOTED, FIELD, RECORD, AFTER_CR},
        /* FIELD */           {UNQUOTED, QUOTED, FIELD, RECORD, AFTER_CR},
        /* UNQUOTED */        {UNQUOTED, UNQUOTED, FIELD, RECORD, AFTER_CR},
        /* QUOTED */          {QUOTED, QUOTE_IN_QUOTED, QUOTED, QUOTED, QUOTED},
        /* QUOTE_IN_QUOTED */ {AFTER_QUOTED, QUOTED, FIELD, RECORD, AFTER_CR},
        /* AFTER_QUOTED */    {AFTER_QUOTED, AFTER_QUOTED, FIELD, RECORD, AFTER_CR},
        /* AFTER_CR */        {UNQUOTED, QUOTED, FIELD, RECORD, AFTER_CR},
    };

    private static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
    private static final long QUOTES = 0x2222_2222_2222_2222L;
    private static final long ONES = 0x0101_0101_0101_0101L;
    private static final long HIGHS = 0x8080_8080_8080_8080L;

    private final byte[] table = new byte[COUNT * 256];

    /** The automaton of files whose fields are separated by {@code delimiter}. */
    public CsvStates(char delimiter) {
        if (delimiter == '"' || delimiter == '\n' || delimiter == '\r' || delimiter > 0x7f) {
            throw new IllegalArgumentException("a CSV delimiter must be an ASCII character other than a quote or a "
                    + "line break, got '" + delimiter + "'");
        }
        for (int s = 0; s < COUNT; s++) {
            for (int b = 0; b < 256; b++) {
                int cls = b == '"' ? QUOTE : b == delimiter ? DELIMITER : b == '\n' ? LF : b == '\r' ? CR : OTHER;
                table[s * 256 + b] = (byte) NEXT[s][cls];
            }
        }
    }

    /** The state after {@code b} in state {@code state}. */
    int next(int state, int b) {
        return table[state * 256 + (b & 0xff)];
    }

    /**
     * Whether a record starts at a byte {@code b} read in state {@code state}: in {@link #RECORD}, or just past a CR
     * when the byte is not the LF of a CRLF.
     */
    static boolean startsRecord(int state, int b) {
        return state == RECORD || state == AFTER_CR && b != '\n';
    }

    /**
     * The transfer function of the next {@code length} bytes of {@code in} (fewer if it ends first): element
     * {@code s} is the state after those bytes for a start in state {@code s}. The start states that meet are
     * tracked once from there on, so a range costs about two table lookups a byte (one track inside quotes, one
     * outside).
     */
    public long[] transfer(InputStream in, long length) throws IOException {
        int[] trackOf = new int[COUNT];
        int[] tracks = new int[COUNT];
        int live = COUNT;
        for (int s = 0; s < COUNT; s++) {
            trackOf[s] = s;
            tracks[s] = s;
        }
        byte[] buf = new byte[1 << 16];
        long left = length;
        while (left > 0) {
            int n = in.read(buf, 0, (int) Math.min(buf.length, left));
            if (n <= 0) {
                break;
            }
            left -= n;
            int lastBreak = hasQuote(buf, n) ? -1 : lastLineBreak(buf, n);
            for (int t = 0; t < live; t++) {
                if (lastBreak >= 0 && tracks[t] != QUOTED) {
                    // no quote in the block: every state outside quotes meets at its last line break
                    int after = buf[lastBreak] == '\n' ? RECORD : AFTER_CR;
                    tracks[t] = run(after, buf, lastBreak + 1, n);
                } else if (lastBreak < 0 || tracks[t] != QUOTED) {
                    tracks[t] = run(tracks[t], buf, 0, n);
                }
            }
            live = merge(tracks, live, trackOf);
        }
        long[] out = new long[COUNT];
        for (int s = 0; s < COUNT; s++) {
            out[s] = tracks[trackOf[s]];
        }
        return out;
    }

    /** The state after {@code buf[from, n)} from {@code state}; inside a quoted field it only looks for quotes. */
    private int run(int state, byte[] buf, int from, int n) {
        byte[] tab = table;
        int i = from;
        while (i < n) {
            if (state == QUOTED) {
                while (i < n && buf[i] != '"') {
                    i++;
                }
                if (i == n) {
                    break;
                }
            }
            state = tab[(state << 8) | (buf[i++] & 0xff)];
        }
        return state;
    }

    /** Whether {@code buf[0, n)} holds a quote, eight bytes at a time. */
    private static boolean hasQuote(byte[] buf, int n) {
        long found = 0;
        int i = 0;
        for (; i + 8 <= n; i += 8) {
            long x = (long) LONGS.get(buf, i) ^ QUOTES;
            found |= (x - ONES) & ~x & HIGHS;
        }
        for (; i < n; i++) {
            found |= buf[i] == '"' ? 1 : 0;
        }
        return found != 0;
    }

    /** The index of the last LF or CR in {@code buf[0, n)}, or -1. */
    private static int lastLineBreak(byte[] buf, int n) {
        for (int i = n - 1; i >= 0; i--) {
            if (buf[i] == '\n' || buf[i] == '\r') {
                return i;
            }
        }
        return -1;
    }

    /** Folds tracks that reached the same state into one, renumbering {@code trackOf}; the new count of tracks. */
    private static int merge(int[] tracks, int live, int[] trackOf) {
        int[] renumber = new int[live];
        int kept = 0;
        for (int t = 0; t < live; t++) {
            int same = -1;
            for (int u = 0; u < kept; u++) {
                if (tracks[u] == tracks[t]) {
                    same = u;
                    break;
                }
            }
            if (same < 0) {
                tracks[kept] = tracks[t];
                same = kept++;
            }
            renumber[t] = same;
        }
        for (int s = 0; s < trackOf.length; s++) {
            trackOf[s] = renumber[trackOf[s]];
        }
        return kept;
    }

    /**
     * The state at the start of each range of a file cut into consecutive ranges, from the transfer functions of all
     * ranges but the last: the first range starts at the file's start, in {@link #RECORD}.
     */
    public static long[] startStates(long[][] transfers) {
        long[] out = new long[transfers.length + 1];
        out[0] = RECORD;
        for (int i = 0; i < transfers.length; i++) {
            out[i + 1] = transfers[i][(int) out[i]];
        }
        return out;
    }
}
