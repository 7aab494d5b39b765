package io.mars.common.tiling;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.github.luben.zstd.ZstdOutputStream;
import io.mars.common.error.ErrorCode;
import io.mars.common.error.MarsException;
import io.mars.common.graph.ChunkNode;
import io.mars.common.graph.TileableGraphs;
import io.mars.common.graph.TileableNode;
import io.mars.common.io.CsvReader;
import io.mars.common.io.CsvStates;
import io.mars.common.io.HadoopFiles;
import io.mars.common.operand.dataframe.ChunkCsvScan;
import io.mars.common.operand.dataframe.ChunkReadCsv;
import io.mars.common.operand.dataframe.DataFrameReadCsv;
import io.mars.dataframe.CsvOptions;
import io.mars.dataframe.DataFrames;
import io.mars.types.LocalTable;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.zip.GZIPOutputStream;
import org.apache.hadoop.io.compress.BZip2Codec;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Compressed CSV files, chosen by extension: one chunk per compressed file (plain files keep their byte ranges), the
 * decompressed rows read whole, compressed data under a plain name refused, and damaged data an error naming the file.
 */
class CsvCompressionTest {
    private static final int ROWS = 200_000;
    @TempDir
    Path tmp;

    /** {@code text} compressed as the extension of {@code name} says (gzip, bzip2, zstd). */
    static byte[] compress(String name, byte[] text) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (OutputStream out = compressor(name, bytes)) {
            out.write(text);
        }
        return bytes.toByteArray();
    }

    private static OutputStream compressor(String name, OutputStream out) throws IOException {
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
        throw new IllegalArgumentException(name);
    }

    private static byte[] rows(int from, int to) {
        StringBuilder b = new StringBuilder("id,v,s\n");
        for (int i = from; i < to; i++) {
            b.append(i).append(',').append(i % 7).append(",\"t,").append(i % 3).append("\"\n");
        }
        return b.toString().getBytes(StandardCharsets.UTF_8);
    }

    private static TileContext context() {
        return new TileContext(new TilingConfig(1 << 20, 2, 100, 0, TilingConfig.DEFAULT_CSV_CHUNK_BYTES));
    }

    /** The chunks of a read, tiled as the supervisor tiles it. */
    private static List<ChunkNode> tile(String path, CsvOptions options) {
        TileableNode node = TileableGraphs.of(DataFrames.readCsv(path, options)).nodes().stream()
                .filter(n -> n.op() instanceof DataFrameReadCsv).findFirst().orElseThrow();
        return TableIoTilers.readCsv(node, (DataFrameReadCsv) node.op(), List.of(), context()).chunks();
    }

    /** Every chunk's rows, each reader given the lexer state at its start as the workers compute it. */
    private static List<LocalTable> readAll(List<ChunkNode> chunks) {
        List<LocalTable> out = new ArrayList<>();
        for (ChunkNode c : chunks) {
            ChunkReadCsv op = (ChunkReadCsv) c.op();
            int state = CsvStates.RECORD;
            if (!c.inputs().isEmpty()) {
                List<ChunkNode> scans = c.inputs().get(0).inputs();
                long[][] transfers = new long[scans.size()][];
                for (int k = 0; k < transfers.length; k++) {
                    ChunkCsvScan s = (ChunkCsvScan) scans.get(k).op();
                    transfers[k] = CsvReader.transfer(s.file(), s.start(), s.end(), s.delimiter().charAt(0));
                }
                state = (int) CsvStates.startStates(transfers)[op.part()];
            }
            out.add(CsvReader.read(op, state));
        }
        return out;
    }

    @Test
    void aCompressedFileIsOneChunkWhileAPlainOneIsCutIntoByteRanges() throws IOException {
        Path dir = Files.createDirectories(tmp.resolve("mixed"));
        byte[] text = rows(0, ROWS);
        Files.write(dir.resolve("a.csv.gz"), compress("a.csv.gz", text));
        Files.write(dir.resolve("b.csv"), text);
        long per = 256 << 10;
        List<ChunkNode> chunks = tile(dir.toString(), CsvOptions.defaults().chunkBytes(per));

        List<ChunkNode> readers = chunks.stream().filter(c -> c.op() instanceof ChunkReadCsv).toList();
        long gz = readers.stream().filter(c -> ((ChunkReadCsv) c.op()).file().endsWith(".gz")).count();
        assertThat(gz).as("chunks of the gzip file").isEqualTo(1);
        assertThat(readers.size() - gz).as("chunks of the plain file").isEqualTo((text.length + per - 1) / per)
                .isGreaterThan(1);

        List<LocalTable> tables = readAll(readers);
        LocalTable first = tables.get(0);
        assertThat(first.rowCount()).isEqualTo(ROWS);
        long expectedSum = (long) ROWS * (ROWS - 1) / 2;
        assertThat(Arrays.stream(first.columns().get(0).longs()).sum()).isEqualTo(expectedSum);
        assertThat(first.columns().get(2).strings().get(ROWS - 1)).isEqualTo("t," + (ROWS - 1) % 3);
        long plainRows = tables.stream().skip(1).mapToLong(LocalTable::rowCount).sum();
        long plainSum = tables.stream().skip(1).mapToLong(t -> Arrays.stream(t.columns().get(0).longs()).sum()).sum();
        assertThat(plainRows).isEqualTo(ROWS);
        assertThat(plainSum).isEqualTo(expectedSum);
    }

    @ParameterizedTest
    @ValueSource(strings = {"r.csv.gz", "r.csv.bz2", "r.csv.zst", "r.csv.zstd", "R.CSV.GZ"})
    void eachCodecReadsTheDecompressedRowsAndInfersTheirTypes(String name) throws IOException {
        Path f = tmp.resolve(name);
        Files.write(f, compress(name.toLowerCase(java.util.Locale.ROOT), rows(0, 1000)));
        List<LocalTable> t = readAll(tile(f.toString(), CsvOptions.defaults().chunkBytes(100)));
        assertThat(t).hasSize(1);
        assertThat(t.get(0).columns().get(0).dtype()).isEqualTo(io.mars.types.DType.INT64);
        assertThat(t.get(0).columns().get(1).longs()).hasSize(1000).startsWith(0, 1, 2, 3, 4, 5, 6, 0);
    }

    @Test
    void concatenatedGzipMembersAreOneFile() throws IOException {
        Path f = tmp.resolve("cat.csv.gz");
        byte[] first = compress("x.gz", rows(0, 10));
        byte[] second = compress("x.gz", Arrays.copyOfRange(rows(10, 20), "id,v,s\n".length(), rows(10, 20).length));
        Files.write(f, concat(first, second));
        LocalTable t = readAll(tile(f.toString(), CsvOptions.defaults())).get(0);
        assertThat(t.columns().get(0).longs()).containsExactly(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15,
                16, 17, 18, 19);
    }

    @ParameterizedTest
    @ValueSource(strings = {".gz", ".bz2", ".zst"})
    void compressedDataUnderAPlainNameIsRefusedWithTheNameToUse(String ext) throws IOException {
        Path f = tmp.resolve("data.csv");
        Files.write(f, compress(ext, rows(0, 10)));
        assertThatThrownBy(() -> DataFrames.readCsv(f.toString())).isInstanceOfSatisfying(MarsException.class, e -> {
            assertThat(e.code()).isEqualTo(ErrorCode.UNSUPPORTED_FILE_FORMAT);
            assertThat(e.getMessage()).contains(f.toString()).contains("rename it to data.csv" + ext);
        });
    }

    @Test
    void compressedDataUnderAPlainNameIsRefusedByTheChunkReaderToo() throws IOException {
        // a file past the type sample's first files is only opened by its reader
        Path dir = Files.createDirectories(tmp.resolve("d"));
        Files.write(dir.resolve("a.csv"), rows(0, 10));
        Files.write(dir.resolve("b.csv"), compress(".gz", rows(0, 10)));
        List<ChunkNode> chunks = tile(dir.resolve("a.csv").toString(), CsvOptions.defaults());
        ChunkReadCsv a = (ChunkReadCsv) chunks.get(0).op();
        ChunkReadCsv b = new ChunkReadCsv(dir.resolve("b.csv").toString(), 0, 100, a.layout(), a.columns(),
                a.dtypes(), 0);
        assertThatThrownBy(() -> CsvReader.read(b, CsvStates.RECORD)).isInstanceOfSatisfying(MarsException.class,
                e -> assertThat(e.getMessage()).contains("b.csv").contains("rename it to b.csv.gz"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"t.csv.gz", "t.csv.bz2", "t.csv.zst"})
    void aTruncatedCompressedFileIsAnIoErrorNamingIt(String name) throws IOException {
        Path f = tmp.resolve(name);
        byte[] whole = compress(name, rows(0, 20_000));
        Files.write(f, Arrays.copyOf(whole, whole.length / 2));
        // the type sample reads only the start (gzip, zstd: the frame is built, its chunk fails; bzip2's first block
        // is already cut short, so building the frame fails)
        assertThatThrownBy(() -> readAll(tile(f.toString(), CsvOptions.defaults().inferRows(100))))
                .isInstanceOfSatisfying(MarsException.class, e -> {
            assertThat(e.code()).isEqualTo(ErrorCode.FILE_IO_FAILED);
            assertThat(e.getMessage()).contains(f.toString()).contains("truncated or corrupt");
        });
        // a sample of every row meets the end when the frame is built
        assertThatThrownBy(() -> DataFrames.readCsv(f.toString(), CsvOptions.defaults().inferRows(Long.MAX_VALUE)))
                .isInstanceOfSatisfying(MarsException.class, e -> assertThat(e.code())
                        .isEqualTo(ErrorCode.FILE_IO_FAILED));
    }

    @Test
    void aCorruptGzipFileIsAnIoErrorNamingIt() throws IOException {
        Path f = tmp.resolve("bad.csv.gz");
        byte[] data = compress(".gz", rows(0, 1000));
        for (int i = 20; i < data.length - 20; i += 7) {
            data[i] ^= 0x5a;
        }
        Files.write(f, data);
        assertThatThrownBy(() -> DataFrames.readCsv(f.toString())).isInstanceOfSatisfying(MarsException.class, e -> {
            assertThat(e.code()).isEqualTo(ErrorCode.FILE_IO_FAILED);
            assertThat(e.getMessage()).contains(f.toString()).contains("gzip");
        });
        Path notGzip = tmp.resolve("plain-text.csv.gz");
        Files.write(notGzip, rows(0, 3));
        assertThatThrownBy(() -> DataFrames.readCsv(notGzip.toString())).isInstanceOfSatisfying(MarsException.class,
                e -> assertThat(e.getMessage()).contains(notGzip.toString()).contains("Not in GZIP format"));
    }

    private static byte[] concat(byte[] a, byte[] b) {
        byte[] out = Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, out, a.length, b.length);
        return out;
    }
}
