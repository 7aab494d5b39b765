package io.mars.common.io;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;

/**
 * Splits a UTF-8 byte stream into CSV records (RFC 4180): fields separated by one delimiter byte, records by LF or
 * CRLF; a field that starts with a double quote runs to the closing quote, may hold delimiters and line breaks, and
 * writes a quote as two. Tracks the byte position, so a reader of a byte range knows where each record starts.
 */
public final class CsvTokenizer {
    private final InputStream in;
    private final byte delimiter;
    private final byte[] buf = new byte[1 << 16];
    private int bufLen;
    private int bufPos;
    private long position;
    private byte[] field = new byte[256];
    private int fieldLen;
    private boolean lastRecordBlank;

    /** A tokenizer of {@code in}, whose first byte is at {@code position} in the file. */
    public CsvTokenizer(InputStream in, char delimiter, long position) {
        this.in = in;
        this.delimiter = (byte) delimiter;
        this.position = position;
        this.atFileStart = position == 0;
    }

    /** Whether the next fill is the file's first bytes, where a UTF-8 byte order mark is skipped (as pandas does). */
    private boolean atFileStart;

    /** Reads the next buffer; false at the end. Skips a UTF-8 byte order mark at the start of the file. */
    private boolean fill() throws IOException {
        bufLen = in.read(buf, 0, buf.length);
        bufPos = 0;
        if (bufLen <= 0) {
            bufLen = 0;
            return false;
        }
        if (atFileStart) {
            atFileStart = false;
            if (bufLen >= 3 && buf[0] == (byte) 0xEF && buf[1] == (byte) 0xBB && buf[2] == (byte) 0xBF) {
                bufPos = 3;
                position += 3;
                if (bufPos == bufLen) {
                    return fill();
                }
            }
        }
        return true;
    }

    /** The position of the next byte to read (the start of the next record, between records). */
    public long position() {
        return position;
    }

    private int read() throws IOException {
        if (bufPos == bufLen && !fill()) {
            return -1;
        }
        position++;
        return buf[bufPos++] & 0xff;
    }

    private int peek() throws IOException {
        if (bufPos == bufLen && !fill()) {
            return -1;
        }
        return buf[bufPos] & 0xff;
    }

    /**
     * Moves to the start of the first record at or past the current position, given the lexer's state here (known
     * from the transfer functions of the bytes before, see {@link CsvStates}); false at the end of the stream. Line
     * breaks inside a quoted field are passed over, so a reader that starts inside such a field finds the next real
     * record.
     */
    public boolean skipToRecordStart(CsvStates states, int state) throws IOException {
        int b;
        while ((b = peek()) >= 0) {
            if (CsvStates.startsRecord(state, b)) {
                return true;
            }
            state = states.next(state, read());
        }
        return false;
    }

    /**
     * Reads the next record's fields into {@code out} (cleared first); false at the end of the stream. A blank line
     * gives one empty field and {@link #lastRecordBlank()} true.
     */
    public boolean next(List<String> out) throws IOException {
        return next(out, null);
    }

    /**
     * As {@link #next(List)}, but only fields {@code i} with {@code keep[i]} become strings; the others (and any past
     * {@code keep}'s length) are scanned and given as "" (so a reader of a few columns does not pay for the rest).
     */
    public boolean next(List<String> out, boolean[] keep) throws IOException {
        out.clear();
        int b = peek();
        if (b < 0) {
            return false;
        }
        boolean any = false;
        while (true) {
            fieldLen = 0;
            b = read();
            boolean quotedField = b == '"';
            any |= b >= 0 && b != '\n' && b != '\r';
            if (quotedField) {
                while (true) {
                    b = read();
                    if (b < 0) {
                        break;
                    }
                    if (b == '"') {
                        if (peek() == '"') {
                            read();
                            append((byte) '"');
                            continue;
                        }
                        b = read(); // the byte after the closing quote: a delimiter, a line break or the end
                        while (b >= 0 && b != delimiter && b != '\n' && b != '\r') {
                            append((byte) b); // text after a closing quote is kept, as pandas does
                            b = read();
                        }
                        break;
                    }
                    append((byte) b);
                }
            } else {
                while (b >= 0 && b != delimiter && b != '\n' && b != '\r') {
                    append((byte) b);
                    b = read();
                }
            }
            int index = out.size();
            boolean wanted = keep == null || index < keep.length && keep[index];
            out.add(fieldLen == 0 || !wanted ? "" : new String(field, 0, fieldLen, StandardCharsets.UTF_8));
            if (b == delimiter) {
                continue;
            }
            if (b == '\r' && peek() == '\n') {
                read();
            }
            lastRecordBlank = !any;
            return true;
        }
    }

    /** Whether the last record read was an empty line. */
    public boolean lastRecordBlank() {
        return lastRecordBlank;
    }

    private void append(byte b) {
        if (fieldLen == field.length) {
            field = Arrays.copyOf(field, field.length * 2);
        }
        field[fieldLen++] = b;
    }
}
