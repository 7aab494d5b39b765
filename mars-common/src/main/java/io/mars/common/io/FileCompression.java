package io.mars.common.io;

import com.github.luben.zstd.ZstdInputStream;
import io.mars.common.error.ErrorCode;
import io.mars.common.error.MarsException;
import java.io.IOException;
import java.io.InputStream;
import java.util.List;
import java.util.Locale;
import java.util.zip.GZIPInputStream;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.compress.BZip2Codec;

/**
 * The compression of an input file, decided by its name's extension as Hadoop's {@code CompressionCodecFactory}
 * decides it, and the decompressed stream of such a file. A compressed file is read whole by one reader: none of
 * these codecs is cut into byte ranges here (Hadoop's bzip2 could be, at block boundaries; not done yet).
 */
public enum FileCompression {
    NONE("plain", List.of()),
    GZIP("gzip", List.of(".gz")),
    BZIP2("bzip2", List.of(".bz2")),
    ZSTD("zstd", List.of(".zst", ".zstd"));

    /** Bytes at a file's start that are enough to recognise every codec's magic number. */
    private static final int HEAD_BYTES = 10;

    private final String label;
    private final List<String> extensions;

    FileCompression(String label, List<String> extensions) {
        this.label = label;
        this.extensions = extensions;
    }

    /** The codec's name in messages: gzip, bzip2, zstd (plain for none). */
    public String label() {
        return label;
    }

    /** Whether a file of this compression can be read as byte ranges by several readers. */
    public boolean splittable() {
        return this == NONE;
    }

    /** The compression a file's name says (case-insensitive extension); NONE for any other name. */
    public static FileCompression of(String path) {
        String name = path.toLowerCase(Locale.ROOT);
        for (FileCompression c : values()) {
            for (String ext : c.extensions) {
                if (name.endsWith(ext)) {
                    return c;
                }
            }
        }
        return NONE;
    }

    /**
     * The compression the first bytes of a file show by their magic number: gzip (1f 8b 08), bzip2 ("BZh", a
     * block size digit and the magic of a block or of the stream's end), zstd (28 b5 2f fd); NONE otherwise.
     * None of these starts UTF-8 text that a CSV file holds.
     */
    static FileCompression sniff(byte[] head, int length) {
        if (length >= 3 && head[0] == (byte) 0x1f && head[1] == (byte) 0x8b && head[2] == 8) {
            return GZIP;
        }
        if (length >= 4 && head[0] == (byte) 0x28 && head[1] == (byte) 0xb5 && head[2] == (byte) 0x2f
                && head[3] == (byte) 0xfd) {
            return ZSTD;
        }
        if (length >= 10 && head[0] == 'B' && head[1] == 'Z' && head[2] == 'h' && head[3] >= '1' && head[3] <= '9'
                && (startsWith(head, 4, 0x31, 0x41, 0x59, 0x26, 0x53, 0x59)
                || startsWith(head, 4, 0x17, 0x72, 0x45, 0x38, 0x50, 0x90))) {
            return BZIP2;
        }
        return NONE;
    }

    private static boolean startsWith(byte[] head, int at, int... bytes) {
        for (int i = 0; i < bytes.length; i++) {
            if (head[at + i] != (byte) bytes[i]) {
                return false;
            }
        }
        return true;
    }

    /**
     * The bytes of {@code file} from its start, decompressed as its name says. A file whose name says plain but whose
     * first bytes are a codec's magic number is UNSUPPORTED_FILE_FORMAT naming the file and the name it needs:
     * read as text it would give garbage.
     */
    public static InputStream open(FileSystem fs, Path file) throws IOException {
        FileCompression c = of(file.getName());
        FSDataInputStream raw = fs.open(file);
        try {
            if (c == NONE) {
                checkPlain(raw, file);
                return raw;
            }
            return c.decompress(raw);
        } catch (IOException | RuntimeException e) {
            raw.close();
            throw e;
        }
    }

    private static void checkPlain(FSDataInputStream in, Path file) throws IOException {
        byte[] head = new byte[HEAD_BYTES];
        int n = 0;
        while (n < head.length) {
            int r = in.read(n, head, n, head.length - n); // positional: the stream stays at 0
            if (r <= 0) {
                break;
            }
            n += r;
        }
        FileCompression found = sniff(head, n);
        if (found != NONE) {
            throw new MarsException(ErrorCode.UNSUPPORTED_FILE_FORMAT, "file " + file + " holds " + found.label
                    + "-compressed data but its name does not say so, so it would be read as text; rename it to "
                    + file.getName() + found.extensions.get(0) + " (compressed CSV is recognised by its extension: "
                    + ".gz, .bz2, .zst or .zstd)");
        }
    }

    private InputStream decompress(InputStream raw) throws IOException {
        return switch (this) {
            case NONE -> raw;
            case GZIP -> new GZIPInputStream(raw, 1 << 16); // reads every member of a concatenated file
            case BZIP2 -> {
                BZip2Codec codec = new BZip2Codec(); // pure Java without Hadoop's native library
                codec.setConf(HadoopFiles.conf());
                yield codec.createInputStream(raw);
            }
            case ZSTD -> new ZstdInputStream(raw); // reads every frame; a truncated one is an error
        };
    }
}
