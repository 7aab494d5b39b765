package io.mars.it.local;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.mars.common.error.ErrorCode;
import io.mars.common.error.MarsException;
import io.mars.dataframe.CsvOptions;
import io.mars.dataframe.DataFrames;
import io.mars.submit.client.ClientSession;
import io.mars.submit.local.LocalCluster;
import io.mars.types.Column;
import io.mars.types.LocalTable;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * CSV input as pandas reads it: a UTF-8 byte order mark is not part of the first name or value; an empty file raises;
 * gzip data under a plain name is refused rather than read as text; a truncated compressed file fails naming itself.
 */
class CsvInputTest {
    @TempDir
    Path tmp;

    private static List<String> names(LocalTable t) {
        return t.columns().stream().map(Column::name).toList();
    }

    @Test
    void aByteOrderMarkIsSkippedWithAHeaderAndWithout() throws Exception {
        byte[] bom = {(byte) 0xEF, (byte) 0xBB, (byte) 0xBF};
        Path withHeader = tmp.resolve("bom.csv");
        Files.write(withHeader, concat(bom, "a,b\n1,x\n2,y\n".getBytes(StandardCharsets.UTF_8)));
        Path noHeader = tmp.resolve("bom-noheader.csv");
        Files.write(noHeader, concat(bom, "7,8\n9,10\n".getBytes(StandardCharsets.UTF_8)));
        try (LocalCluster cluster = new LocalCluster(2, Map.of());
             ClientSession session = ClientSession.open(cluster.supervisor(), Map.of(), null)) {
            LocalTable t = session.executeTables(DataFrames.readCsv(withHeader.toString())).get(0);
            assertThat(names(t)).containsExactly("a", "b");
            assertThat(t.columns().get(0).longs()).containsExactly(1, 2);
            LocalTable n = session.executeTables(DataFrames.readCsv(noHeader.toString(),
                    CsvOptions.defaults().header(false).names("p", "q"))).get(0);
            assertThat(n.columns().get(0).longs()).as("the first value is a number, not BOM + 7").containsExactly(7, 9);
            assertThat(n.columns().get(1).longs()).containsExactly(8, 10);
        }
    }

    @Test
    void anEmptyFileRaisesAsPandasDoesUnlessTheColumnsAreGiven() throws Exception {
        Path empty = Files.createFile(tmp.resolve("empty.csv"));
        assertThatThrownBy(() -> DataFrames.readCsv(empty.toString())).isInstanceOfSatisfying(MarsException.class,
                e -> {
                    assertThat(e.code()).isEqualTo(ErrorCode.INVALID_ARGUMENT);
                    assertThat(e.getMessage()).contains("no columns to parse").contains(empty.toString())
                            .contains("CsvOptions.names");
                });
        try (LocalCluster cluster = new LocalCluster(1, Map.of());
             ClientSession session = ClientSession.open(cluster.supervisor(), Map.of(), null)) {
            LocalTable t = session.executeTables(DataFrames.readCsv(empty.toString(),
                    CsvOptions.defaults().names("a", "b"))).get(0);
            assertThat(names(t)).containsExactly("a", "b");
            assertThat(t.rowCount()).isZero();
        }
    }

    @Test
    void gzipDataUnderAPlainNameIsRefusedWithTheNameToUse() throws Exception {
        Path f = tmp.resolve("events.csv");
        try (OutputStream out = new GZIPOutputStream(Files.newOutputStream(f))) {
            out.write("a,b\n1,x\n".getBytes(StandardCharsets.UTF_8));
        }
        assertThatThrownBy(() -> DataFrames.readCsv(f.toString())).isInstanceOfSatisfying(MarsException.class, e -> {
            assertThat(e.code()).isEqualTo(ErrorCode.UNSUPPORTED_FILE_FORMAT);
            assertThat(e.getMessage()).contains(f.toString()).contains("gzip-compressed")
                    .contains("rename it to events.csv.gz");
        });
    }

    @Test
    void aTruncatedGzipFileFailsTheTaskNamingTheFile() throws Exception {
        StringBuilder text = new StringBuilder("a,b\n");
        for (int i = 0; i < 100_000; i++) {
            text.append(i).append(',').append(i % 10).append('\n');
        }
        java.io.ByteArrayOutputStream bytes = new java.io.ByteArrayOutputStream();
        try (OutputStream out = new GZIPOutputStream(bytes)) {
            out.write(text.toString().getBytes(StandardCharsets.UTF_8));
        }
        Path f = tmp.resolve("cut.csv.gz");
        Files.write(f, java.util.Arrays.copyOf(bytes.toByteArray(), bytes.size() / 2));
        try (LocalCluster cluster = new LocalCluster(1, Map.of());
             ClientSession session = ClientSession.open(cluster.supervisor(), Map.of(), null)) {
            var df = DataFrames.readCsv(f.toString()); // the type sample reads only the decompressed start
            assertThatThrownBy(() -> session.executeTables(df)).isInstanceOfSatisfying(MarsException.class, e -> {
                assertThat(e.code()).isEqualTo(ErrorCode.FILE_IO_FAILED);
                assertThat(e.getMessage()).contains(f.toString()).contains("truncated or corrupt");
            });
        }
    }

    private static byte[] concat(byte[] a, byte[] b) {
        byte[] out = new byte[a.length + b.length];
        System.arraycopy(a, 0, out, 0, a.length);
        System.arraycopy(b, 0, out, a.length, b.length);
        return out;
    }
}
