package io.mars.it.golden;

import io.mars.types.DataType;
import io.mars.types.NDArray;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads numpy {@code .npy} files (format 1.0 and 2.0) of the dtypes Mars has into {@link NDArray}s. Only what the
 * golden files use is supported: little-endian data in C order; anything else is rejected, naming what was found.
 */
public final class NpyReader {
    private static final byte[] MAGIC = {(byte) 0x93, 'N', 'U', 'M', 'P', 'Y'};
    private static final Pattern DESCR = Pattern.compile("'descr'\\s*:\\s*'([^']*)'");
    private static final Pattern FORTRAN = Pattern.compile("'fortran_order'\\s*:\\s*(True|False)");
    private static final Pattern SHAPE = Pattern.compile("'shape'\\s*:\\s*\\(([^)]*)\\)");

    private NpyReader() {
    }

    /** Reads a classpath resource such as {@code /golden/inputs/f64_10.npy}. */
    public static NDArray readResource(String path) {
        try (InputStream in = NpyReader.class.getResourceAsStream(path)) {
            if (in == null) {
                throw new IllegalArgumentException("no resource " + path + "; re-run make_golden.py?");
            }
            return read(in.readAllBytes(), path);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + path, e);
        }
    }

    /** Parses the bytes of a whole {@code .npy} file; {@code source} names it in error messages. */
    public static NDArray read(byte[] bytes, String source) {
        if (bytes.length < 10 || !Arrays.equals(Arrays.copyOf(bytes, MAGIC.length), MAGIC)) {
            throw new IllegalArgumentException(source + " is not a .npy file (no \\x93NUMPY magic)");
        }
        ByteBuffer buf = ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN);
        int major = bytes[6];
        int headerLength;
        int headerStart;
        if (major == 1) {
            headerLength = Short.toUnsignedInt(buf.getShort(8));
            headerStart = 10;
        } else if (major == 2) {
            headerLength = buf.getInt(8);
            headerStart = 12;
        } else {
            throw new IllegalArgumentException(source + ": .npy format version " + major + "." + bytes[7]
                    + " is not supported; expected 1.0 or 2.0");
        }
        if (headerStart + headerLength > bytes.length) {
            throw new IllegalArgumentException(source + ": header of " + headerLength + " bytes is cut short");
        }
        String header = new String(bytes, headerStart, headerLength, StandardCharsets.ISO_8859_1);
        DataType dtype = dtypeOf(find(DESCR, header, "descr", source), source);
        if (find(FORTRAN, header, "fortran_order", source).equals("True")) {
            throw new IllegalArgumentException(source + ": fortran_order True is not supported; save C-ordered arrays");
        }
        long[] shape = parseShape(find(SHAPE, header, "shape", source));
        int dataStart = headerStart + headerLength;
        long count = Arrays.stream(shape).reduce(1, Math::multiplyExact);
        long expectedBytes = count * dtype.itemSize();
        if (bytes.length - dataStart != expectedBytes) {
            throw new IllegalArgumentException(source + ": shape " + Arrays.toString(shape) + " of " + dtype + " needs "
                    + expectedBytes + " data bytes, the file has " + (bytes.length - dataStart));
        }
        buf.position(dataStart);
        return new NDArray(dtype, shape, readData(buf.slice().order(ByteOrder.LITTLE_ENDIAN), dtype, (int) count));
    }

    private static String find(Pattern pattern, String header, String key, String source) {
        Matcher m = pattern.matcher(header);
        if (!m.find()) {
            throw new IllegalArgumentException(source + ": header has no '" + key + "': " + header.strip());
        }
        return m.group(1);
    }

    static DataType dtypeOf(String descr, String source) {
        return switch (descr) {
            case "|b1" -> DataType.BOOL;
            case "|i1" -> DataType.INT8;
            case "<i2" -> DataType.INT16;
            case "<i4" -> DataType.INT32;
            case "<i8" -> DataType.INT64;
            case "<f4" -> DataType.FLOAT32;
            case "<f8" -> DataType.FLOAT64;
            default -> throw new IllegalArgumentException(source + ": descr '" + descr + "' is not supported; expected"
                    + " one of |b1 |i1 <i2 <i4 <i8 <f4 <f8 (little-endian)");
        };
    }

    static long[] parseShape(String inner) {
        return Arrays.stream(inner.split(","))
                .map(String::strip)
                .filter(s -> !s.isEmpty())
                .mapToLong(Long::parseLong)
                .toArray();
    }

    private static Object readData(ByteBuffer data, DataType dtype, int n) {
        return switch (dtype) {
            case COMPLEX64 -> {
                float[] out = new float[2 * n];
                data.asFloatBuffer().get(out);
                yield out;
            }
            case COMPLEX128 -> {
                double[] out = new double[2 * n];
                data.asDoubleBuffer().get(out);
                yield out;
            }
            case BOOL -> {
                boolean[] out = new boolean[n];
                for (int i = 0; i < n; i++) {
                    out[i] = data.get(i) != 0;
                }
                yield out;
            }
            case INT8 -> {
                byte[] out = new byte[n];
                data.get(out);
                yield out;
            }
            case INT16 -> {
                short[] out = new short[n];
                data.asShortBuffer().get(out);
                yield out;
            }
            case INT32 -> {
                int[] out = new int[n];
                data.asIntBuffer().get(out);
                yield out;
            }
            case INT64 -> {
                long[] out = new long[n];
                data.asLongBuffer().get(out);
                yield out;
            }
            case FLOAT32 -> {
                float[] out = new float[n];
                data.asFloatBuffer().get(out);
                yield out;
            }
            case FLOAT64 -> {
                double[] out = new double[n];
                data.asDoubleBuffer().get(out);
                yield out;
            }
        };
    }
}
