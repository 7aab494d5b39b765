package io.mars.container.kernels;

import static org.assertj.core.api.Assertions.assertThat;

import io.mars.common.io.ParquetFiles;
import io.mars.common.table.ArrowTables;
import io.mars.common.table.TableChunk;
import io.mars.types.Column;
import io.mars.types.LocalTable;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.hadoop.conf.Configuration;
import org.apache.parquet.column.ColumnDescriptor;
import org.apache.parquet.column.ParquetProperties.WriterVersion;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.example.data.simple.SimpleGroupFactory;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.ParquetWriter;
import org.apache.parquet.hadoop.example.ExampleParquetWriter;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.apache.parquet.hadoop.metadata.BlockMetaData;
import org.apache.parquet.hadoop.metadata.ColumnChunkMetaData;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.MessageTypeParser;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Row groups read by {@link ParquetPages} (page by page, into arrays) give back exactly what parquet-mr wrote, for
 * every type it decodes, required and optional columns, plain and dictionary pages (dictionaries of 1, 2, 300 and
 * 60,000 values: index widths 0, 1, 9 and 16 bits), data pages of versions 1 and 2 (Snappy- or gzip-compressed), both
 * into heap columns and into Arrow vectors.
 */
class ParquetPagesTest {
    private static final int ROWS = 60_000;
    private static final MessageType SCHEMA = MessageTypeParser.parseMessageType("""
            message t {
              required int64 id;
              optional int64 few;
              required int32 two;
              optional double price;
              required double amount;
              optional float ratio;
              optional binary name (UTF8);
              required binary one (UTF8);
              required binary shortText (UTF8);
              required binary longText (UTF8);
              optional int32 day (DATE);
              optional int64 wide;
            }""");

    @TempDir
    Path tmp;

    @ParameterizedTest(name = "{0}, dictionary {1}")
    @CsvSource({"PARQUET_1_0, true", "PARQUET_1_0, false", "PARQUET_2_0, true", "PARQUET_2_0, false"})
    void pagesDecodeToWhatWasWritten(WriterVersion version, boolean dictionary) throws IOException {
        String file = tmp.resolve("t.parquet").toString();
        List<Group> written = write(file, version, dictionary);
        List<String> names = SCHEMA.getFields().stream().map(f -> f.getName()).toList();
        try (ParquetFileReader r = ParquetFiles.open(file)) {
            BlockMetaData block = r.getRowGroups().get(0);
            int decoded = 0;
            for (ColumnDescriptor d : SCHEMA.getColumns()) {
                ColumnChunkMetaData meta = block.getColumns().stream()
                        .filter(c -> c.getPath().toDotString().equals(d.getPath()[0])).findFirst().orElseThrow();
                // version 2 writes integers and text without a dictionary in delta encodings, read value by value
                boolean delta = meta.getEncodings().stream().anyMatch(e -> e.name().startsWith("DELTA"));
                assertThat(ParquetPages.supports(d, meta)).as("column %s (%s) is decoded from its pages", d,
                        meta.getEncodings()).isEqualTo(!delta);
                decoded += delta ? 0 : 1;
            }
            assertThat(decoded).as("columns decoded from their pages").isGreaterThanOrEqualTo(
                    version == WriterVersion.PARQUET_1_0 ? SCHEMA.getColumns().size() : 2);
        }
        LocalTable heap = ParquetRowGroups.read(file, 0, names, (descriptors, group, rows) -> {
            List<Column> cols = new ArrayList<>();
            for (ColumnDescriptor d : descriptors) {
                cols.add(ParquetRowGroups.heap(file, d, group, rows));
            }
            return new LocalTable(cols);
        });
        assertSame(written, heap);
        try (BufferAllocator allocator = new RootAllocator();
             TableChunk arrow = ParquetRowGroups.arrow(file, 0, names, allocator)) {
            assertSame(written, ArrowTables.toLocal(arrow.root()));
        }
    }

    /**
     * Footers are kept by file, length and modification time: the same file read twice gives the same rows, and a
     * file written again at the same path is read with its new footer (other row groups, other offsets).
     */
    @Test
    void aFileWrittenAgainAtTheSamePathIsReadWithItsNewFooter() throws IOException {
        String file = tmp.resolve("again.parquet").toString();
        List<String> names = SCHEMA.getFields().stream().map(f -> f.getName()).toList();
        List<Group> first = write(file, WriterVersion.PARQUET_1_0, true);
        try (BufferAllocator allocator = new RootAllocator()) {
            for (int i = 0; i < 2; i++) {
                try (TableChunk arrow = ParquetRowGroups.arrow(file, 0, names, allocator)) {
                    assertSame(first, ArrowTables.toLocal(arrow.root()));
                }
            }
            java.nio.file.attribute.FileTime before = java.nio.file.Files.getLastModifiedTime(Path.of(file));
            java.nio.file.Files.delete(Path.of(file));
            List<Group> second = write(file, WriterVersion.PARQUET_1_0, false);
            java.nio.file.Files.setLastModifiedTime(Path.of(file),
                    java.nio.file.attribute.FileTime.fromMillis(before.toMillis() + 5_000));
            try (TableChunk arrow = ParquetRowGroups.arrow(file, 0, names, allocator)) {
                assertSame(second, ArrowTables.toLocal(arrow.root()));
            }
        }
    }

    private static void assertSame(List<Group> written, LocalTable read) {
        assertThat(read.rowCount()).isEqualTo(ROWS);
        for (int r = 0; r < ROWS; r++) {
            Group g = written.get(r);
            assertThat(read.column("id").getLong(r)).isEqualTo(g.getLong("id", 0));
            assertLong(read.column("few"), g, "few", r);
            assertThat(read.column("two").getLong(r)).isEqualTo(g.getInteger("two", 0));
            assertThat(read.column("price").isNull(r)).isEqualTo(g.getFieldRepetitionCount("price") == 0);
            if (!read.column("price").isNull(r)) {
                assertThat(read.column("price").getDouble(r)).isEqualTo(g.getDouble("price", 0));
            }
            assertThat(read.column("amount").getDouble(r)).isEqualTo(g.getDouble("amount", 0));
            assertThat(read.column("ratio").isNull(r)).isEqualTo(g.getFieldRepetitionCount("ratio") == 0);
            if (!read.column("ratio").isNull(r)) {
                assertThat(read.column("ratio").getDouble(r)).isEqualTo((double) g.getFloat("ratio", 0));
            }
            assertThat(read.column("name").getString(r))
                    .isEqualTo(g.getFieldRepetitionCount("name") == 0 ? null : g.getString("name", 0));
            assertThat(read.column("one").getString(r)).isEqualTo(g.getString("one", 0));
            assertThat(read.column("shortText").getString(r)).isEqualTo(g.getString("shortText", 0));
            assertThat(read.column("longText").getString(r)).isEqualTo(g.getString("longText", 0));
            Column day = read.column("day");
            assertThat(day.isNull(r)).isEqualTo(g.getFieldRepetitionCount("day") == 0);
            if (!day.isNull(r)) {
                assertThat(day.getLong(r)).isEqualTo(g.getInteger("day", 0) * 86_400_000_000_000L);
            }
            assertLong(read.column("wide"), g, "wide", r);
        }
    }

    private static void assertLong(Column c, Group g, String field, int r) {
        boolean isNull = g.getFieldRepetitionCount(field) == 0;
        assertThat(c.isNull(r)).as("%s of row %d is null", field, r).isEqualTo(isNull);
        if (!isNull) {
            assertThat(c.getLong(r)).as("%s of row %d", field, r).isEqualTo(g.getLong(field, 0));
        }
    }

    private static List<Group> write(String file, WriterVersion version, boolean dictionary) throws IOException {
        Random random = new Random(version.ordinal() * 2 + (dictionary ? 1 : 0));
        SimpleGroupFactory groups = new SimpleGroupFactory(SCHEMA);
        List<Group> out = new ArrayList<>(ROWS);
        try (ParquetWriter<Group> w = ExampleParquetWriter.builder(new org.apache.hadoop.fs.Path(file))
                .withConf(new Configuration()).withType(SCHEMA).withWriterVersion(version)
                .withDictionaryEncoding(dictionary).withPageSize(8 * 1024).withDictionaryPageSize(1 << 20)
                // compressed pages: parquet-mr's page reader hands them over decompressed, v1 and v2 alike
                .withCompressionCodec(dictionary ? CompressionCodecName.SNAPPY : CompressionCodecName.GZIP)
                .withRowGroupSize(256L << 20).build()) {
            for (int r = 0; r < ROWS; r++) {
                Group g = groups.newGroup();
                g.add("id", (long) r * 1_000_003L - 7);
                if (r % 7 != 3) {
                    g.add("few", (long) random.nextInt(300) - 150);
                }
                g.add("two", r % 2);
                if (random.nextInt(10) != 0) {
                    g.add("price", random.nextInt(2000) / 4.0 - 100);
                }
                g.add("amount", random.nextInt(1_000_000) / 100.0 - 50);
                if (random.nextInt(3) != 0) {
                    g.add("ratio", random.nextFloat());
                }
                if (r % 5 != 0) {
                    g.add("name", "n\u00e9" + random.nextInt(300) + (r % 11 == 0 ? "" : "-x"));
                }
                g.add("one", "same");
                // dictionaries whose entries all fit 16 bytes (copied as two longs), and one with longer entries
                g.add("shortText", "\u00e9".repeat(random.nextInt(3)) + "abcdefghijkl".substring(random.nextInt(13)));
                g.add("longText", "x".repeat(random.nextInt(31)) + (char) ('a' + random.nextInt(26)));
                if (r < ROWS / 2 || r % 13 != 0) {
                    g.add("day", 8000 + random.nextInt(3000));
                }
                if (r % 97 != 0) {
                    g.add("wide", (long) random.nextInt(60_000));
                }
                w.write(g);
                out.add(g);
            }
        }
        return out;
    }
}
