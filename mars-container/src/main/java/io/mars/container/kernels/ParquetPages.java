package io.mars.container.kernels;

import io.mars.common.error.ErrorCode;
import io.mars.common.error.MarsException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.Set;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.column.Encoding;
import org.apache.parquet.column.page.DataPage;
import org.apache.parquet.column.page.DataPageV1;
import org.apache.parquet.column.page.DataPageV2;
import org.apache.parquet.column.page.DictionaryPage;
import org.apache.parquet.column.page.PageReader;
import org.apache.parquet.hadoop.metadata.ColumnChunkMetaData;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;

/**
 * Decodes a flat column chunk's pages a page at a time into arrays: plain and dictionary-encoded 32- and 64-bit
 * integers, floats, doubles and byte arrays, with definition levels of at most 1 (a nullable column), in data pages
 * of both versions. parquet-mr's column reader hands out one value per call through several virtual calls and reads
 * each plain number through a stream; here a page's numbers are read from its buffer and its dictionary indices
 * unpacked in runs. Anything else (booleans, INT96, nested columns, delta or byte-stream-split encodings) is left to
 * the column reader: {@link #supports} decides before any page is read.
 */
final class ParquetPages {
    private static final Set<Encoding> DECODED = EnumSet.of(Encoding.PLAIN, Encoding.PLAIN_DICTIONARY,
            Encoding.RLE_DICTIONARY, Encoding.RLE, Encoding.BIT_PACKED);
    private static final Set<PrimitiveTypeName> TYPES = EnumSet.of(PrimitiveTypeName.INT32, PrimitiveTypeName.INT64,
            PrimitiveTypeName.FLOAT, PrimitiveTypeName.DOUBLE, PrimitiveTypeName.BINARY);

    private ParquetPages() {
    }

    /** Whether the column chunk {@code meta} of column {@code d} is decoded here. */
    static boolean supports(ColumnDescriptor d, ColumnChunkMetaData meta) {
        return meta != null && d.getMaxRepetitionLevel() == 0 && d.getMaxDefinitionLevel() <= 1
                && TYPES.contains(d.getPrimitiveType().getPrimitiveTypeName()) && DECODED.containsAll(meta.getEncodings());
    }

    /**
     * Numbers of a column chunk: {@code longs} (integers times {@code unit}) or {@code doubles} (floats, doubles; NaN
     * where null) of {@code rows} rows; returns the null flags, or null when no row is null.
     */
    static byte[] numbers(ColumnDescriptor d, PageReader pages, int rows, long unit, long[] longs, double[] doubles) {
        Values out = new Values(d, rows, unit, longs, doubles, null);
        read(d, pages, rows, out);
        return out.nulls;
    }

    /** Text of a column chunk: UTF-8 bytes and their offsets, with null flags (null when no row is null). */
    record Text(byte[] bytes, int[] offsets, byte[] nulls) {
    }

    static Text text(ColumnDescriptor d, PageReader pages, int rows) {
        Values out = new Values(d, rows, 1, null, null, new int[rows + 1]);
        read(d, pages, rows, out);
        return new Text(out.bytes, out.offsets, out.nulls);
    }

    private static void read(ColumnDescriptor d, PageReader pages, int rows, Values out) {
        DictionaryPage dp = pages.readDictionaryPage();
        if (dp != null) {
            out.dictionary(dp);
        }
        while (out.row < rows) {
            DataPage page = pages.readPage();
            if (page == null) {
                throw corrupt(d, "its pages hold " + out.row + " of the row group's " + rows + " rows");
            }
            try {
                if (page instanceof DataPageV1 v1) {
                    ByteBuffer buf = v1.getBytes().toByteBuffer().order(ByteOrder.LITTLE_ENDIAN);
                    int n = v1.getValueCount();
                    int pos = buf.position();
                    if (out.maxDef > 0) {
                        pos = out.levels(buf, pos, n, v1.getDlEncoding(), true);
                    }
                    out.values(buf, pos, n, v1.getValueEncoding());
                } else if (page instanceof DataPageV2 v2) {
                    int n = v2.getValueCount();
                    if (out.maxDef > 0) {
                        ByteBuffer levels = v2.getDefinitionLevels().toByteBuffer().order(ByteOrder.LITTLE_ENDIAN);
                        out.levels(levels, levels.position(), n, Encoding.RLE, false);
                    }
                    ByteBuffer data = v2.getData().toByteBuffer().order(ByteOrder.LITTLE_ENDIAN);
                    out.values(data, data.position(), n, v2.getDataEncoding());
                } else {
                    throw corrupt(d, "it has a data page of unknown kind " + page.getClass().getSimpleName());
                }
            } catch (IOException e) {
                throw new MarsException(ErrorCode.FILE_IO_FAILED, "cannot read a page of column " + name(d) + ": " + e, e);
            }
        }
    }

    private static MarsException corrupt(ColumnDescriptor d, String what) {
        return new MarsException(ErrorCode.UNSUPPORTED_FILE_FORMAT, "column " + name(d) + " cannot be read: " + what);
    }

    private static String name(ColumnDescriptor d) {
        return String.join(".", d.getPath());
    }

    /** The column being filled: where the next row goes, its null flags, its dictionary, its outputs. */
    /** Eight bytes of a byte array as one long, for copying short text. */
    private static final java.lang.invoke.VarHandle LONGS = java.lang.invoke.MethodHandles.byteArrayViewVarHandle(
            long[].class, ByteOrder.LITTLE_ENDIAN);

    private static final class Values {
        final ColumnDescriptor d;
        final PrimitiveTypeName type;
        final int maxDef;
        final int rows;
        final long unit;
        final long[] longs;
        final double[] doubles;
        final int[] offsets;
        byte[] bytes;
        int size;
        byte[] nulls;
        int row;
        /** The current page's definition levels (1: a value, 0: null), or null when every row of it has a value. */
        int[] defined;
        int[] ids = new int[0];
        long[] longDict;
        double[] doubleDict;
        byte[] textDict;
        int[] textDictOffsets;
        int textDictLongest;

        Values(ColumnDescriptor d, int rows, long unit, long[] longs, double[] doubles, int[] offsets) {
            this.d = d;
            this.type = d.getPrimitiveType().getPrimitiveTypeName();
            this.maxDef = d.getMaxDefinitionLevel();
            this.rows = rows;
            this.unit = unit;
            this.longs = longs;
            this.doubles = doubles;
            this.offsets = offsets;
            this.bytes = offsets == null ? null : new byte[Math.max(64, rows * 16)];
        }

        /** Reads the plain-encoded dictionary. */
        void dictionary(DictionaryPage dp) {
            ByteBuffer buf;
            try {
                buf = dp.getBytes().toByteBuffer().order(ByteOrder.LITTLE_ENDIAN);
            } catch (IOException e) {
                throw new MarsException(ErrorCode.FILE_IO_FAILED, "cannot read the dictionary of column " + name(d) + ": "
                        + e, e);
            }
            int n = dp.getDictionarySize();
            int pos = buf.position();
            switch (type) {
                case INT32 -> {
                    longDict = new long[n];
                    for (int i = 0; i < n; i++) {
                        longDict[i] = buf.getInt(pos + 4 * i) * unit;
                    }
                }
                case INT64 -> {
                    longDict = new long[n];
                    for (int i = 0; i < n; i++) {
                        longDict[i] = buf.getLong(pos + 8 * i) * unit;
                    }
                }
                case FLOAT -> {
                    doubleDict = new double[n];
                    for (int i = 0; i < n; i++) {
                        doubleDict[i] = buf.getFloat(pos + 4 * i);
                    }
                }
                case DOUBLE -> {
                    doubleDict = new double[n];
                    for (int i = 0; i < n; i++) {
                        doubleDict[i] = buf.getDouble(pos + 8 * i);
                    }
                }
                case BINARY -> {
                    textDictOffsets = new int[n + 1];
                    int at = pos;
                    for (int i = 0; i < n; i++) {
                        int len = buf.getInt(at);
                        at += 4 + len;
                        textDictOffsets[i + 1] = textDictOffsets[i] + len;
                    }
                    // 16 bytes of slack: entries of up to 16 bytes are copied as two longs (fastText)
                    textDict = new byte[textDictOffsets[n] + 16];
                    textDictLongest = 0;
                    for (int i = 0; i < n; i++) {
                        textDictLongest = Math.max(textDictLongest, textDictOffsets[i + 1] - textDictOffsets[i]);
                    }
                    at = pos;
                    for (int i = 0; i < n; i++) {
                        int len = textDictOffsets[i + 1] - textDictOffsets[i];
                        buf.get(at + 4, textDict, textDictOffsets[i], len);
                        at += 4 + len;
                    }
                }
                default -> throw corrupt(d, "a dictionary of " + type + " is not decoded here");
            }
        }

        /**
         * Reads {@code n} definition levels from {@code pos}: run-length/bit-packed hybrid (in a v1 page after a
         * 4-byte length), or the deprecated bit-packed form (most significant bit first, no length). Returns the
         * position after them.
         */
        int levels(ByteBuffer buf, int pos, int n, Encoding encoding, boolean lengthPrefixed) {
            if (defined == null || defined.length < n) {
                defined = new int[n];
            }
            if (encoding == Encoding.RLE) {
                int end = buf.limit();
                if (lengthPrefixed) {
                    int len = buf.getInt(pos);
                    pos += 4;
                    end = pos + len;
                }
                hybrid(buf, pos, end, 1, defined, n);
                return end;
            }
            if (encoding == Encoding.BIT_PACKED) {
                for (int i = 0; i < n; i++) {
                    defined[i] = (buf.get(pos + (i >>> 3)) >>> (7 - (i & 7))) & 1;
                }
                return pos + (n + 7) / 8;
            }
            throw corrupt(d, "definition levels in " + encoding + " are not decoded here");
        }

        /** Reads a page's {@code n} rows of values from {@code pos}. */
        void values(ByteBuffer buf, int pos, int n, Encoding encoding) {
            if (row + n > rows) {
                throw corrupt(d, "its pages hold more than the row group's " + rows + " rows");
            }
            int present = n;
            if (maxDef > 0) {
                present = 0;
                for (int i = 0; i < n; i++) {
                    present += defined[i];
                }
            }
            boolean dictionary = encoding == Encoding.PLAIN_DICTIONARY || encoding == Encoding.RLE_DICTIONARY;
            if (dictionary && present > 0) {
                if (longDict == null && doubleDict == null && textDict == null) {
                    throw corrupt(d, "a dictionary-encoded page comes without a dictionary");
                }
                int bitWidth = buf.get(pos) & 0xff;
                if (ids.length < present) {
                    ids = new int[present];
                }
                hybrid(buf, pos + 1, buf.limit(), bitWidth, ids, present);
            } else if (encoding != Encoding.PLAIN) {
                throw corrupt(d, "values in " + encoding + " are not decoded here");
            }
            if (present == n && fastCopy(buf, pos, n, dictionary)) {
                row += n;
                return;
            }
            int k = 0;
            int at = pos;
            for (int i = 0; i < n; i++, row++) {
                if (maxDef > 0 && defined[i] == 0) {
                    nulls = nulls == null ? new byte[rows] : nulls;
                    nulls[row] = 1;
                    if (doubles != null) {
                        doubles[row] = Double.NaN;
                    }
                    if (offsets != null) {
                        offsets[row + 1] = size;
                    }
                    continue;
                }
                if (dictionary) {
                    take(ids[k++]);
                } else {
                    at = plain(buf, at);
                }
            }
        }

        /**
         * Fills the {@code n} rows from {@link #row} of a page without nulls in one loop per type; false (nothing
         * read) for plain text, which goes value by value.
         */
        private boolean fastCopy(ByteBuffer buf, int pos, int n, boolean dictionary) {
            int r0 = row;
            switch (type) {
                case INT32, INT64 -> {
                    if (dictionary) {
                        long[] dict = longDict;
                        for (int i = 0; i < n; i++) {
                            longs[r0 + i] = dict[ids[i]];
                        }
                    } else if (type == PrimitiveTypeName.INT64) {
                        buf.slice(pos, 8 * n).order(ByteOrder.LITTLE_ENDIAN).asLongBuffer().get(longs, r0, n);
                        if (unit != 1) {
                            for (int i = 0; i < n; i++) {
                                longs[r0 + i] *= unit;
                            }
                        }
                    } else {
                        for (int i = 0; i < n; i++) {
                            longs[r0 + i] = buf.getInt(pos + 4 * i) * unit;
                        }
                    }
                    return true;
                }
                case FLOAT, DOUBLE -> {
                    if (dictionary) {
                        double[] dict = doubleDict;
                        for (int i = 0; i < n; i++) {
                            doubles[r0 + i] = dict[ids[i]];
                        }
                    } else if (type == PrimitiveTypeName.DOUBLE) {
                        buf.slice(pos, 8 * n).order(ByteOrder.LITTLE_ENDIAN).asDoubleBuffer().get(doubles, r0, n);
                    } else {
                        for (int i = 0; i < n; i++) {
                            doubles[r0 + i] = buf.getFloat(pos + 4 * i);
                        }
                    }
                    return true;
                }
                default -> {
                    return dictionary && fastText(n);
                }
            }
        }

        /**
         * Fills the {@code n} rows from {@link #row} of a dictionary-encoded text page without nulls: room made once,
         * and entries of a dictionary whose entries all fit 16 bytes copied as two longs each.
         */
        private boolean fastText(int n) {
            int[] from = textDictOffsets;
            byte[] dict = textDict;
            long total = 0;
            for (int i = 0; i < n; i++) {
                total += from[ids[i] + 1] - from[ids[i]];
            }
            if (size + total > Integer.MAX_VALUE - 16) {
                return false;
            }
            ensure((int) total + 16);
            int s = size;
            int r0 = row;
            byte[] out = bytes;
            if (textDictLongest <= 16) {
                // two unconditional 8-byte copies per value (the dictionary and the output have 16 bytes of slack;
                // bytes past a value's end are overwritten by the next): no branch on the lengths
                for (int i = 0; i < n; i++) {
                    int id = ids[i];
                    int at = from[id];
                    LONGS.set(out, s, (long) LONGS.get(dict, at));
                    LONGS.set(out, s + 8, (long) LONGS.get(dict, at + 8));
                    s += from[id + 1] - at;
                    offsets[r0 + i + 1] = s;
                }
            } else {
                for (int i = 0; i < n; i++) {
                    int id = ids[i];
                    int at = from[id];
                    int len = from[id + 1] - at;
                    System.arraycopy(dict, at, out, s, len);
                    s += len;
                    offsets[r0 + i + 1] = s;
                }
            }
            size = s;
            return true;
        }

        /** Takes dictionary entry {@code id} as the value of {@link #row}. */
        private void take(int id) {
            switch (type) {
                case INT32, INT64 -> longs[row] = longDict[id];
                case FLOAT, DOUBLE -> doubles[row] = doubleDict[id];
                default -> {
                    int from = textDictOffsets[id];
                    append(textDict, from, textDictOffsets[id + 1] - from);
                }
            }
        }

        /** Reads the plain value of {@link #row} at {@code at}; returns the position after it. */
        private int plain(ByteBuffer buf, int at) {
            switch (type) {
                case INT32 -> {
                    longs[row] = buf.getInt(at) * unit;
                    return at + 4;
                }
                case INT64 -> {
                    longs[row] = buf.getLong(at) * unit;
                    return at + 8;
                }
                case FLOAT -> {
                    doubles[row] = buf.getFloat(at);
                    return at + 4;
                }
                case DOUBLE -> {
                    doubles[row] = buf.getDouble(at);
                    return at + 8;
                }
                default -> {
                    int len = buf.getInt(at);
                    ensure(len);
                    buf.get(at + 4, bytes, size, len);
                    size += len;
                    offsets[row + 1] = size;
                    return at + 4 + len;
                }
            }
        }

        private void append(byte[] src, int from, int len) {
            ensure(len);
            System.arraycopy(src, from, bytes, size, len);
            size += len;
            offsets[row + 1] = size;
        }

        private void ensure(int len) {
            if (size + len > bytes.length) {
                bytes = Arrays.copyOf(bytes, Math.max(size + len, bytes.length * 2));
            }
        }
    }

    /**
     * Unpacks up to {@code groups} groups of eight {@code bitWidth}-bit values (1 to 16 bits) starting at buffer
     * position {@code pos} of {@code array} (its buffer starting at {@code base}) into {@code out} from {@code o}, while
     * 16 bytes remain before {@code limit}; returns the number of values unpacked. The first four values of a group
     * are in the long at its first byte; the last four in the long at byte {@code 4 * bitWidth / 8}, shifted by the
     * remaining bits (4 or 0), which leaves at least 60 bits for them: two reads and no branch per group.
     */
    private static int unpackGroups(byte[] array, int base, int pos, int limit, int bitWidth, int[] out, int o,
                                    int groups) {
        int mask = (1 << bitWidth) - 1;
        int half = 4 * bitWidth;
        int halfBytes = half >>> 3;
        int halfShift = half & 7;
        int w = bitWidth;
        int g = 0;
        for (; g < groups; g++) {
            int at = pos + g * w;
            if (at + 16 > limit) {
                break;
            }
            long x = (long) LONGS.get(array, base + at);
            long y = (long) LONGS.get(array, base + at + halfBytes) >>> halfShift;
            int k = o + 8 * g;
            out[k] = (int) x & mask;
            out[k + 1] = (int) (x >>> w) & mask;
            out[k + 2] = (int) (x >>> 2 * w) & mask;
            out[k + 3] = (int) (x >>> 3 * w) & mask;
            out[k + 4] = (int) y & mask;
            out[k + 5] = (int) (y >>> w) & mask;
            out[k + 6] = (int) (y >>> 2 * w) & mask;
            out[k + 7] = (int) (y >>> 3 * w) & mask;
        }
        return 8 * g;
    }

    /**
     * Decodes {@code count} values of the run-length/bit-packed hybrid encoding of {@code bitWidth}-bit values from
     * {@code buf[pos, end)} into {@code out}: runs of one repeated value, and groups of 8 values packed least
     * significant bit first.
     */
    static void hybrid(ByteBuffer buf, int pos, int end, int bitWidth, int[] out, int count) {
        int valueBytes = (bitWidth + 7) / 8;
        long mask = (1L << bitWidth) - 1;
        int i = 0;
        while (i < count) {
            if (pos >= end) {
                throw new MarsException(ErrorCode.UNSUPPORTED_FILE_FORMAT, "a Parquet page ends after " + i + " of its "
                        + count + " encoded values");
            }
            long header = 0;
            for (int shift = 0; ; shift += 7) {
                int b = buf.get(pos++) & 0xff;
                header |= (long) (b & 0x7f) << shift;
                if (b < 0x80) {
                    break;
                }
            }
            if ((header & 1) == 0) {
                int run = (int) Math.min(header >>> 1, count - i);
                int value = 0;
                for (int b = 0; b < valueBytes; b++) {
                    value |= (buf.get(pos++) & 0xff) << (8 * b);
                }
                Arrays.fill(out, i, i + run, value);
                i += run;
            } else {
                int values = (int) (header >>> 1) * 8;
                int take = Math.min(values, count - i);
                int bytes = values / 8 * bitWidth;
                int v = 0;
                if (bitWidth > 0 && bitWidth <= 16 && buf.hasArray()) {
                    v = unpackGroups(buf.array(), buf.arrayOffset(), pos, buf.limit(), bitWidth, out,
                            i, take >>> 3);
                }
                if (bitWidth > 0) {
                    // value v starts at bit v * bitWidth: one unaligned little-endian long read holds it (at most 32
                    // bits after a shift of at most 7), while 8 bytes remain in the buffer
                    for (; v < take; v++) {
                        long bit = (long) v * bitWidth;
                        int at = pos + (int) (bit >>> 3);
                        if (at + 8 > buf.limit()) {
                            break;
                        }
                        out[i + v] = (int) ((buf.getLong(at) >>> (bit & 7)) & mask);
                    }
                }
                for (; v < take; v++) {
                    long bit = (long) v * bitWidth;
                    long word = 0;
                    int at = pos + (int) (bit >>> 3);
                    for (int b = 0; b < 5 && at + b < pos + bytes; b++) {
                        word |= (buf.get(at + b) & 0xffL) << (8 * b);
                    }
                    out[i + v] = (int) ((word >>> (bit & 7)) & mask);
                }
                i += take;
                pos += bytes;
            }
        }
    }
}
