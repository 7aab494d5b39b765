package io.mars.types;

import io.mars.common.error.ErrorCode;
import io.mars.common.error.MarsException;
import io.mars.types.Shapes;
import java.io.IOException;
import java.io.OutputStream;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Arrays;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * numpy's {@code .npy} format (versions 1.0 and 2.0): little-endian data in C order, of the dtypes Mars has. Reads
 * headers, byte ranges and whole files, and writes files byte for byte as {@code numpy.save} does. Only local paths
 * (no scheme, or {@code file:}) are supported for now.
 */
public final class Npy {
    private static final byte[] MAGIC = {(byte) 0x93, 'N', 'U', 'M', 'P', 'Y'};
    private static final int ALIGN = 64;
    /** numpy leaves room for the first axis to grow to this many digits when it writes a header. */
    private static final int GROWTH_AXIS_MAX_DIGITS = 21;
    private static final int BLOCK_BYTES = 1 << 16;
    private static final Pattern DESCR = Pattern.compile("'descr'\\s*:\\s*'([^']*)'");
    private static final Pattern FORTRAN = Pattern.compile("'fortran_order'\\s*:\\s*(True|False)");
    private static final Pattern SHAPE = Pattern.compile("'shape'\\s*:\\s*\\(([^)]*)\\)");

    private Npy() {
    }

    /** What a {@code .npy} header says: the array's dtype and shape, and the byte where its data start. */
    public record Header(DataType dtype, long[] shape, long dataOffset) {
        public Header {
            shape = shape.clone();
        }

        public long dataBytes() {
            return Shapes.size(shape) * dtype.itemSize();
        }
    }

    /** The local file a path names; NOT_SUPPORTED for other file systems (HDFS comes with YARN). */
    public static Path localPath(String path) {
        int colon = path.indexOf(':');
        int slash = path.indexOf('/');
        boolean hasScheme = colon > 1 && (slash < 0 || colon < slash);
        if (!hasScheme) {
            return Path.of(path);
        }
        String scheme = path.substring(0, colon);
        if (!scheme.equalsIgnoreCase("file")) {
            throw new MarsException(ErrorCode.NOT_SUPPORTED, "cannot open '" + path + "': the " + scheme
                    + " file system is not supported yet; only local files (a path, or file:) are");
        }
        try {
            return Path.of(new URI(path));
        } catch (URISyntaxException | IllegalArgumentException e) {
            throw new MarsException(ErrorCode.INVALID_ARGUMENT, "'" + path + "' is not a valid file URI: "
                    + e.getMessage());
        }
    }

    /** Reads and checks the header of {@code path}. */
    public static Header readHeader(Path path) {
        try (FileChannel ch = FileChannel.open(path, StandardOpenOption.READ)) {
            ByteBuffer pre = ByteBuffer.allocate(12).order(ByteOrder.LITTLE_ENDIAN);
            readFully(ch, pre, 0, path);
            if (pre.limit() < 10 || !Arrays.equals(Arrays.copyOf(pre.array(), MAGIC.length), MAGIC)) {
                throw invalid(path, "is not a .npy file (it does not start with \\x93NUMPY)");
            }
            int major = pre.get(6);
            int minor = pre.get(7);
            long headerStart;
            long headerLength;
            if (major == 1 && minor == 0) {
                headerLength = Short.toUnsignedInt(pre.getShort(8));
                headerStart = 10;
            } else if ((major == 2 || major == 3) && minor == 0 && pre.limit() >= 12) {
                headerLength = Integer.toUnsignedLong(pre.getInt(8));
                headerStart = 12;
            } else {
                throw invalid(path, "has .npy format version " + major + "." + minor + "; supported are 1.0, 2.0, 3.0");
            }
            if (headerStart + headerLength > ch.size() || headerLength > Integer.MAX_VALUE) {
                throw invalid(path, "has a header of " + headerLength + " bytes but the file is only " + ch.size()
                        + " bytes long");
            }
            ByteBuffer hb = ByteBuffer.allocate((int) headerLength);
            readFully(ch, hb, headerStart, path);
            String header = new String(hb.array(), 0, hb.limit(),
                    major == 3 ? StandardCharsets.UTF_8 : StandardCharsets.ISO_8859_1);
            DataType dtype = dtypeOf(find(DESCR, header, "descr", path), path);
            if (find(FORTRAN, header, "fortran_order", path).equals("True")) {
                throw new MarsException(ErrorCode.NOT_SUPPORTED, path + " holds a Fortran-ordered array; only C order"
                        + " is supported (save numpy.ascontiguousarray(a))");
            }
            long[] shape = parseShape(find(SHAPE, header, "shape", path), path);
            Header h = new Header(dtype, shape, headerStart + headerLength);
            long available = ch.size() - h.dataOffset();
            if (available < h.dataBytes()) {
                throw invalid(path, "is cut short: shape " + Shapes.toString(shape) + " of " + dtype + " needs "
                        + h.dataBytes() + " data bytes, the file holds " + available);
            }
            return h;
        } catch (NoSuchFileException e) {
            throw new MarsException(ErrorCode.INVALID_ARGUMENT, "no such file: " + path);
        } catch (IOException e) {
            throw new MarsException(ErrorCode.INVALID_ARGUMENT, "cannot read " + path + ": " + e);
        }
    }

    /** Reads a whole {@code .npy} file. */
    public static NDArray read(Path path) {
        Header h = readHeader(path);
        int n = Shapes.chunkSize(h.shape());
        Object data = NDArray.newStorage(h.dtype(), n);
        try (FileChannel ch = FileChannel.open(path, StandardOpenOption.READ)) {
            readElements(ch, path, h.dtype(), h.dataOffset(), data, 0, n, ByteBuffer.allocate(BLOCK_BYTES));
        } catch (IOException e) {
            throw new MarsException(ErrorCode.INVALID_ARGUMENT, "cannot read " + path + ": " + e);
        }
        return new NDArray(h.dtype(), h.shape(), data);
    }

    /**
     * Reads {@code count} elements starting at byte {@code position} of {@code ch} into {@code dst} from
     * {@code dstOffset}, through {@code buffer} (any capacity of at least 8 bytes), never reading the whole file.
     */
    public static void readElements(FileChannel ch, Path path, DataType dtype, long position, Object dst,
            int dstOffset, int count, ByteBuffer buffer) throws IOException {
        int item = dtype.itemSize();
        int perBlock = buffer.capacity() / item;
        int done = 0;
        while (done < count) {
            int take = Math.min(perBlock, count - done);
            buffer.clear().limit(take * item);
            readFully(ch, buffer, position + (long) done * item, path);
            if (buffer.limit() != take * item) {
                throw new MarsException(ErrorCode.INVALID_ARGUMENT, path + " ended early: expected "
                        + (long) take * item + " bytes at offset " + (position + (long) done * item));
            }
            decode(buffer.order(ByteOrder.LITTLE_ENDIAN), dtype, dst, dstOffset + done, take);
            done += take;
        }
    }

    /**
     * Decodes {@code n} elements from the start of {@code b} (ordered little-endian) into {@code dst} from {@code off}; the
     * block step of streaming readers (spill files) that hold their own buffers.
     */
    public static void decode(ByteBuffer b, DataType dtype, Object dst, int off, int n) {
        switch (dtype) {
            case BOOL -> {
                boolean[] out = (boolean[]) dst;
                for (int i = 0; i < n; i++) {
                    out[off + i] = b.get(i) != 0;
                }
            }
            case INT8 -> b.get(0, (byte[]) dst, off, n);
            case INT16 -> b.asShortBuffer().get((short[]) dst, off, n);
            case INT32 -> b.asIntBuffer().get((int[]) dst, off, n);
            case INT64 -> b.asLongBuffer().get((long[]) dst, off, n);
            case FLOAT32 -> b.asFloatBuffer().get((float[]) dst, off, n);
            case FLOAT64 -> b.asDoubleBuffer().get((double[]) dst, off, n);
            case COMPLEX64 -> b.asFloatBuffer().get((float[]) dst, 2 * off, 2 * n);
            case COMPLEX128 -> b.asDoubleBuffer().get((double[]) dst, 2 * off, 2 * n);
        }
    }

    /** Writes {@code a} to {@code path} as {@code numpy.save} would (same header, same bytes). */
    public static void write(NDArray a, Path path) {
        try (OutputStream out = Files.newOutputStream(path)) {
            out.write(header(a.dtype(), a.shapeView()));
            ByteBuffer block = ByteBuffer.allocate(BLOCK_BYTES).order(ByteOrder.LITTLE_ENDIAN);
            int per = BLOCK_BYTES / a.dtype().itemSize();
            for (int from = 0; from < a.size(); from += per) {
                int n = Math.min(per, a.size() - from);
                block.clear();
                encode(a, from, n, block);
                out.write(block.array(), 0, n * a.dtype().itemSize());
            }
        } catch (IOException e) {
            throw new MarsException(ErrorCode.INVALID_ARGUMENT, "cannot write " + path + ": " + e);
        }
    }

    /**
     * Encodes elements {@code from .. from + n} of {@code a} at the start of {@code b} (little-endian, holding at
     * least {@code n} items); the block step of streaming writers that hold their own buffers.
     */
    public static void encode(NDArray a, int from, int n, ByteBuffer b) {
        Object data = a.data();
        switch (a.dtype()) {
            case BOOL -> {
                boolean[] v = (boolean[]) data;
                for (int i = 0; i < n; i++) {
                    b.put(i, (byte) (v[from + i] ? 1 : 0));
                }
            }
            case INT8 -> b.put(0, (byte[]) data, from, n);
            case INT16 -> b.asShortBuffer().put((short[]) data, from, n);
            case INT32 -> b.asIntBuffer().put((int[]) data, from, n);
            case INT64 -> b.asLongBuffer().put((long[]) data, from, n);
            case FLOAT32 -> b.asFloatBuffer().put((float[]) data, from, n);
            case FLOAT64 -> b.asDoubleBuffer().put((double[]) data, from, n);
            case COMPLEX64 -> b.asFloatBuffer().put((float[]) data, 2 * from, 2 * n);
            case COMPLEX128 -> b.asDoubleBuffer().put((double[]) data, 2 * from, 2 * n);
        }
    }

    /** numpy's header bytes for an array of {@code dtype} and {@code shape}: version 1.0 unless it is too long. */
    public static byte[] header(DataType dtype, long[] shape) {
        StringBuilder dict = new StringBuilder("{'descr': '").append(descr(dtype))
                .append("', 'fortran_order': False, 'shape': ").append(shapeRepr(shape)).append(", }");
        if (shape.length > 0) {
            dict.append(" ".repeat(Math.max(0, GROWTH_AXIS_MAX_DIGITS - Long.toString(shape[0]).length())));
        }
        byte[] text = dict.toString().getBytes(StandardCharsets.ISO_8859_1);
        int hlen = text.length + 1;
        boolean v1 = hlen + (ALIGN - (10 + hlen) % ALIGN) <= 0xFFFF;
        int prefix = 8 + (v1 ? 2 : 4);
        int pad = ALIGN - (prefix + hlen) % ALIGN;
        ByteBuffer out = ByteBuffer.allocate(prefix + hlen + pad).order(ByteOrder.LITTLE_ENDIAN);
        out.put(MAGIC).put((byte) (v1 ? 1 : 2)).put((byte) 0);
        if (v1) {
            out.putShort((short) (hlen + pad));
        } else {
            out.putInt(hlen + pad);
        }
        out.put(text);
        for (int i = 0; i < pad; i++) {
            out.put((byte) ' ');
        }
        out.put((byte) '\n');
        return out.array();
    }

    private static String shapeRepr(long[] shape) {
        if (shape.length == 1) {
            return "(" + shape[0] + ",)";
        }
        StringBuilder sb = new StringBuilder("(");
        for (int i = 0; i < shape.length; i++) {
            sb.append(i > 0 ? ", " : "").append(shape[i]);
        }
        return sb.append(')').toString();
    }

    static String descr(DataType dtype) {
        return switch (dtype) {
            case BOOL -> "|b1";
            case INT8 -> "|i1";
            case INT16 -> "<i2";
            case INT32 -> "<i4";
            case INT64 -> "<i8";
            case FLOAT32 -> "<f4";
            case FLOAT64 -> "<f8";
            case COMPLEX64 -> "<c8";
            case COMPLEX128 -> "<c16";
        };
    }

    private static DataType dtypeOf(String descr, Path path) {
        for (DataType t : DataType.values()) {
            String d = descr(t);
            // numpy writes '|' for one-byte types; '<' and '=' (native, little-endian here) are accepted too
            if (descr.equals(d) || t.itemSize() == 1 && descr.equals("<" + d.substring(1))
                    || descr.equals("=" + d.substring(1)) && ByteOrder.nativeOrder() == ByteOrder.LITTLE_ENDIAN) {
                return t;
            }
        }
        String why = descr.startsWith(">") ? " (big-endian data are not supported; save with '<' byte order)" : "";
        throw new MarsException(ErrorCode.UNSUPPORTED_DTYPE, path + " holds dtype '" + descr + "', which is not"
                + " supported" + why + "; supported are |b1 |i1 <i2 <i4 <i8 <f4 <f8 <c8 <c16 (bool, int8..int64, float32, float64, complex64,"
                + " complex128)");
    }

    private static String find(Pattern pattern, String header, String key, Path path) {
        Matcher m = pattern.matcher(header);
        if (!m.find()) {
            throw invalid(path, "has a header without '" + key + "': " + header.strip());
        }
        return m.group(1);
    }

    private static long[] parseShape(String inner, Path path) {
        try {
            long[] shape = Arrays.stream(inner.split(",")).map(String::strip).filter(s -> !s.isEmpty())
                    .mapToLong(Long::parseLong).toArray();
            if (Arrays.stream(shape).anyMatch(d -> d < 0)) {
                throw invalid(path, "has a negative dimension in its shape (" + inner + ")");
            }
            return shape;
        } catch (NumberFormatException e) {
            throw invalid(path, "has a malformed shape (" + inner + ")");
        }
    }

    private static void readFully(FileChannel ch, ByteBuffer buf, long position, Path path) throws IOException {
        long pos = position;
        while (buf.hasRemaining()) {
            int n = ch.read(buf, pos);
            if (n < 0) {
                break;
            }
            pos += n;
        }
        buf.flip();
    }

    private static MarsException invalid(Path path, String what) {
        return new MarsException(ErrorCode.INVALID_ARGUMENT, path + " " + what);
    }
}
