package io.mars.it.golden;

import com.github.luben.zstd.ZstdOutputStream;
import io.mars.common.io.HadoopFiles;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.zip.GZIPOutputStream;
import org.apache.hadoop.io.compress.BZip2Codec;

/** Compressed copies of the committed plain CSV inputs, made by the tests so that no binary file is committed. */
public final class CompressedFiles {
    private CompressedFiles() {
    }

    /** {@code source} written to {@code target} compressed as its extension says (.gz, .bz2, .zst, .zstd; else plain). */
    public static void compress(Path source, Path target) throws IOException {
        Files.createDirectories(target.toAbsolutePath().getParent());
        try (OutputStream out = compressor(target.getFileName().toString(), Files.newOutputStream(target))) {
            Files.copy(source, out);
        }
    }

    /** {@code out} compressing what is written to it as {@code name}'s extension says; {@code out} itself otherwise. */
    public static OutputStream compressor(String name, OutputStream out) throws IOException {
        if (name.endsWith(".gz")) {
            return new GZIPOutputStream(out);
        }
        if (name.endsWith(".bz2")) {
            BZip2Codec codec = new BZip2Codec();
            codec.setConf(HadoopFiles.conf());
            return codec.createOutputStream(out);
        }
        if (name.endsWith(".zst") || name.endsWith(".zstd")) {
            return new ZstdOutputStream(out);
        }
        return out;
    }
}
