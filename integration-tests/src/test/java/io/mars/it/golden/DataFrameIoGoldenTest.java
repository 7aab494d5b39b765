package io.mars.it.golden;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.mars.common.error.ErrorCode;
import io.mars.common.error.MarsException;
import io.mars.dataframe.CsvOptions;
import io.mars.dataframe.DataFrame;
import io.mars.dataframe.DataFrames;
import io.mars.dataframe.GroupBy;
import io.mars.dataframe.RowFilter;
import io.mars.it.LocalClusterExtension;
import io.mars.types.DType;
import io.mars.types.LocalTable;
import java.io.IOException;
import java.io.InputStream;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Dataframe IO against pandas: every case of {@code golden/dataframe-io/cases.json} (written with its input CSV
 * files by {@code src/test/python/golden_dataframe_io.py}) read through Mars with several chunk sizes in bytes on a
 * local cluster of two workers; Parquet written by Mars and read back with column projection and filters; toCsv
 * byte for byte against pandas' to_csv; malformed rows reported with file, line and column.
 */
class DataFrameIoGoldenTest {
    /** Bytes per CSV chunk: 0 is the default (one chunk per file here), 37 cuts mid-line and mid-quote often. */
    private static final long[] CHUNK_BYTES = {0, 37, 100, 512};
    /** More cuts for the files with quoted line breaks: every boundary state (inside quotes, at a CR, ...) occurs. */
    private static final long[] QUOTED_CHUNK_BYTES = {1, 2, 3, 5, 7, 11, 13, 64};
    private static final Path DIR = goldenDir();
    private static final JsonNode GOLDEN = load();
    @RegisterExtension
    static final LocalClusterExtension CLUSTER = new LocalClusterExtension(2);

    private static Path goldenDir() {
        try {
            return Path.of(DataFrameIoGoldenTest.class.getResource("/golden/dataframe-io/cases.json").toURI())
                    .getParent();
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    private static JsonNode load() {
        try (InputStream in = Files.newInputStream(DIR.resolve("cases.json"))) {
            return new ObjectMapper().readTree(in);
        } catch (IOException e) {
            throw new IllegalStateException("cannot read golden/dataframe-io/cases.json", e);
        }
    }


    /** pandas' read_csv keyword arguments of a case as CsvOptions. */
    static CsvOptions options(JsonNode o, long chunkBytes) {
        CsvOptions opts = CsvOptions.defaults().chunkBytes(chunkBytes);
        if (o.has("sep")) {
            opts = opts.delimiter(o.get("sep").asText().charAt(0));
        }
        if (o.has("header") && o.get("header").isNull()) {
            opts = opts.header(false);
        }
        if (o.has("names")) {
            opts = opts.names(strings(o.get("names")).toArray(String[]::new));
        }
        if (o.has("usecols")) {
            opts = opts.usecols(strings(o.get("usecols")).toArray(String[]::new));
        }
        if (o.has("parse_dates")) {
            opts = opts.parseDates(strings(o.get("parse_dates")).toArray(String[]::new));
        }
        if (o.has("na_values")) {
            opts = opts.nullValues(strings(o.get("na_values")).toArray(String[]::new));
        }
        if (o.has("mars_infer_rows")) {
            opts = opts.inferRows(Long.MAX_VALUE); // not a pandas option: pandas always reads every row
        }
        if (o.has("dtype")) {
            for (Iterator<Map.Entry<String, JsonNode>> it = o.get("dtype").fields(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> e = it.next();
                opts = opts.dtype(e.getKey(), DType.fromName(e.getValue().asText()));
            }
        }
        return opts;
    }

    private static List<String> strings(JsonNode a) {
        List<String> out = new ArrayList<>();
        a.forEach(n -> out.add(n.asText()));
        return out;
    }

    static String path(String relative) {
        return DIR.resolve(relative).toString();
    }

    /** The Mars expression of each CSV case, given the frame read as the case says. */
    private static DataFrame expression(String name, DataFrame df) {
        return switch (name) {
            case "groupby_g_sum" -> df.select("g", "x", "k").groupBy("g").sum();
            case "filter_x_gt_0_select" -> df.filter(df.col("x").gt(0)).select("id", "name");
            case "mean_x" -> df.select("x").mean();
            case "late_types_all_rows", "late_types_all_rows_zstd" -> df.filter(df.col("id").ge(10_400));
            default -> df;
        };
    }

    static Stream<Arguments> csvCases() {
        List<Arguments> out = new ArrayList<>();
        GOLDEN.get("cases").fieldNames().forEachRemaining(name -> {
            for (long b : CHUNK_BYTES) {
                out.add(Arguments.of(name, b));
            }
            if (name.startsWith("quoted_newline")) {
                for (long b : QUOTED_CHUNK_BYTES) {
                    out.add(Arguments.of(name, b));
                }
            }
        });
        return out.stream();
    }

    @ParameterizedTest(name = "{0} bytes/chunk={1}")
    @MethodSource("csvCases")
    void readCsvMatchesPandas(String name, long chunkBytes) {
        JsonNode c = GOLDEN.get("cases").get(name);
        DataFrame df = DataFrames.readCsv(path(c.get("file").asText()), options(c.get("options"), chunkBytes));
        DataFrame result = expression(name, df);
        LocalTable got = CLUSTER.session().executeTables(result).get(0);
        DataFrameGoldenTest.assertMatches(name, got, c.get("result"));
        CLUSTER.session().releaseTileables(result);
    }

    static Stream<Arguments> compressedCases() {
        List<Arguments> out = new ArrayList<>();
        GOLDEN.get("compressed").fieldNames().forEachRemaining(name -> {
            for (long b : new long[] {0, 37}) {
                out.add(Arguments.of(name, b));
            }
        });
        return out.stream();
    }

    /**
     * Compressed copies of the inputs (made here from the committed plain files, as the golden script made pandas'
     * copies): the rows pandas read, with a compressed file read whole by one chunk and the plain files beside it cut
     * into byte ranges.
     */
    @ParameterizedTest(name = "{0} bytes/chunk={1}")
    @MethodSource("compressedCases")
    void readCompressedCsvMatchesPandas(String name, long chunkBytes, @TempDir Path tmp) throws IOException {
        JsonNode c = GOLDEN.get("compressed").get(name);
        for (Iterator<Map.Entry<String, JsonNode>> it = c.get("inputs").fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            CompressedFiles.compress(DIR.resolve(e.getValue().asText()), tmp.resolve(e.getKey()));
        }
        DataFrame df = DataFrames.readCsv(tmp.resolve(c.get("file").asText()).toString(),
                options(c.get("options"), chunkBytes));
        DataFrame result = expression(name, df);
        LocalTable got = CLUSTER.session().executeTables(result).get(0);
        DataFrameGoldenTest.assertMatches(name, got, c.get("result"));
        CLUSTER.session().releaseTileables(result);
    }

    @ParameterizedTest(name = "{0}")
    @org.junit.jupiter.params.provider.ValueSource(strings = {"snappy", "zstd", "gzip", "lz4_raw", "none"})
    void everyParquetCodecWritesAndReadsBack(String codec, @TempDir Path tmp) {
        DataFrame df = DataFrames.readCsv(path("basic.csv"), CsvOptions.defaults().parseDates("when").chunkBytes(512));
        DataFrame written = df.toParquet(tmp.toString(), codec);
        LocalTable files = CLUSTER.session().executeTables(written).get(0);
        assertThat(files.rowCount()).isGreaterThan(1);
        for (String file : files.column("path").strings()) {
            String used = io.mars.common.io.ParquetFiles.footer(file).getBlocks().get(0).getColumns().get(0)
                    .getCodec().name();
            assertThat(used).as(file).isEqualTo(codec.equals("none") ? "UNCOMPRESSED" : codec.toUpperCase());
        }
        DataFrame back = DataFrames.readParquet(tmp.toString());
        DataFrameGoldenTest.assertMatches("parquet " + codec, CLUSTER.session().executeTables(back).get(0),
                GOLDEN.get("parquet").get("all").get("result"));
        CLUSTER.session().releaseTileables(written, back);
        assertThatThrownBy(() -> df.toParquet(tmp.toString(), "lzo")).hasMessageContaining("'lzo'")
                .extracting(e -> ((MarsException) e).code()).isEqualTo(ErrorCode.INVALID_ARGUMENT);
    }

    static Stream<Arguments> parquetCases() {
        List<Arguments> out = new ArrayList<>();
        GOLDEN.get("parquet").fieldNames().forEachRemaining(name -> {
            for (long b : new long[] {0, 256}) {
                out.add(Arguments.of(name, b));
            }
        });
        return out.stream();
    }

    @ParameterizedTest(name = "{0} csv bytes/chunk={1}")
    @MethodSource("parquetCases")
    void parquetWrittenByMarsReadsBackAsPandasSelectsAndFilters(String name, long chunkBytes, @TempDir Path tmp) {
        DataFrame df = DataFrames.readCsv(path("basic.csv"), CsvOptions.defaults().parseDates("when")
                .chunkBytes(chunkBytes));
        DataFrame written = df.toParquet(tmp.toString());
        LocalTable files = CLUSTER.session().executeTables(written).get(0);
        assertThat(files.column("rows").longs()).as("rows written").matches(r -> java.util.Arrays.stream(r).sum()
                == 30);
        JsonNode c = GOLDEN.get("parquet").get(name);
        RowFilter filter = RowFilter.none();
        for (JsonNode t : c.get("filter")) {
            JsonNode v = t.get(2);
            Object literal = v.isTextual() ? v.asText() : v.isIntegralNumber() ? (Object) v.longValue()
                    : (Object) v.doubleValue();
            filter = filter.and(t.get(0).asText(), t.get(1).asText(), literal);
        }
        DataFrame back = DataFrames.readParquet(tmp.toString(), strings(c.get("columns")), filter);
        LocalTable got = CLUSTER.session().executeTables(back).get(0);
        DataFrameGoldenTest.assertMatches(name, got, c.get("result"));
        CLUSTER.session().releaseTileables(written, back);
    }

    @Test
    void toCsvWritesWhatPandasToCsvWrites(@TempDir Path tmp) throws IOException {
        JsonNode want = GOLDEN.get("to_csv");
        DataFrame df = DataFrames.readCsv(path(want.get("source").asText()), CsvOptions.defaults().chunkBytes(300));
        DataFrame frame = df.drop(strings(want.get("drop")).toArray(String[]::new));
        LocalTable files = CLUSTER.session().executeTables(frame.toCsv(tmp.toString())).get(0);
        assertThat(files.rowCount()).as("one file per chunk").isGreaterThan(1);
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < files.rowCount(); i++) {
            String written = files.column("path").getString(i);
            List<String> lines = Files.readAllLines(written.startsWith("file:") ? Path.of(java.net.URI.create(written))
                    : Path.of(written), StandardCharsets.UTF_8);
            // each part has its own header: keep the first file's only, as one pandas file has
            for (int l = i == 0 ? 0 : 1; l < lines.size(); l++) {
                text.append(lines.get(l)).append('\n');
            }
        }
        assertThat(text.toString()).isEqualTo(want.get("text").asText());
        // and the directory reads back as the frame it came from
        LocalTable back = CLUSTER.session().executeTables(DataFrames.readCsv(tmp.toString())).get(0);
        assertThat(back.toRows()).isEqualTo(CLUSTER.session().executeTables(frame).get(0).toRows());
    }

    @Test
    void toCsvOfAnEmptyFrameWritesTheHeaderAsPandasDoes(@TempDir Path tmp) throws IOException {
        JsonNode want = GOLDEN.get("to_csv");
        DataFrame df = DataFrames.readCsv(path(want.get("source").asText()), CsvOptions.defaults().chunkBytes(300));
        DataFrame frame = df.drop(strings(want.get("drop")).toArray(String[]::new));
        DataFrame none = frame.filter(frame.col("id").gt(1000));
        LocalTable files = CLUSTER.session().executeTables(none.toCsv(tmp.toString())).get(0);
        assertThat(files.column("rows").longs()).containsOnly(0L);
        for (int i = 0; i < files.rowCount(); i++) {
            assertThat(Files.readString(Path.of(files.column("path").getString(i))))
                    .isEqualTo(want.get("empty_text").asText());
        }
    }

    @Test
    void toCsvWritesFloatsAsPythonsRepr(@TempDir Path tmp) throws IOException {
        JsonNode want = GOLDEN.get("to_csv");
        List<Double> values = new ArrayList<>();
        for (JsonNode v : want.get("floats")) {
            values.add(v.isNull() ? null : v.isTextual() ? Double.parseDouble(v.asText()) : v.doubleValue());
        }
        LocalTable files = CLUSTER.session().executeTables(DataFrames.fromColumns(Map.of("f", values), 0)
                .toCsv(tmp.toString())).get(0);
        assertThat(files.rowCount()).isEqualTo(1);
        assertThat(Files.readString(Path.of(files.column("path").getString(0))))
                .isEqualTo(want.get("floats_text").asText());
    }

    @Test
    void aRowWithTooManyFieldsNamesFileAndLine() {
        for (long bytes : new long[] {0, 5}) {
            DataFrame df = DataFrames.readCsv(path("too_many_fields.csv"), CsvOptions.defaults().chunkBytes(bytes));
            assertThatThrownBy(() -> CLUSTER.session().executeTables(df)).isInstanceOf(MarsException.class)
                    .hasMessageContaining("too_many_fields.csv").hasMessageContaining("line 4")
                    .hasMessageContaining("3 fields")
                    .extracting(e -> ((MarsException) e).code()).isEqualTo(ErrorCode.CSV_MALFORMED_ROW);
        }
    }

    @Test
    void aValueThatIsNotOfItsColumnsTypeNamesFileLineAndColumn() {
        for (long bytes : new long[] {0, 7}) {
            DataFrame df = DataFrames.readCsv(path("bad_int.csv"), CsvOptions.defaults().dtype("a", DType.INT64)
                    .chunkBytes(bytes));
            assertThatThrownBy(() -> CLUSTER.session().executeTables(df)).isInstanceOf(MarsException.class)
                    .hasMessageContaining("bad_int.csv").hasMessageContaining("line 5")
                    .hasMessageContaining("column 'a'").hasMessageContaining("'4.5x'")
                    .extracting(e -> ((MarsException) e).code()).isEqualTo(ErrorCode.CSV_MALFORMED_ROW);
        }
    }

    @Test
    void aTypeInferredFromTheFirstRowsNamesTheRowThatDoesNotFitAndHowToInferFromAll() {
        // one chunk, so the first bad row fails (several would race to report theirs)
        DataFrame df = DataFrames.readCsv(path("late_types.csv"), CsvOptions.defaults());
        assertThat(df.dtypes()).containsExactly(DType.INT64, DType.INT64, DType.INT64, DType.INT64);
        assertThatThrownBy(() -> CLUSTER.session().executeTables(df)).isInstanceOf(MarsException.class)
                .hasMessageContaining("late_types.csv").hasMessageContaining("line 10502")
                .hasMessageContaining("column 'f'").hasMessageContaining("'2.5'")
                .hasMessageContaining("inferRows(Long.MAX_VALUE)")
                .extracting(e -> ((MarsException) e).code()).isEqualTo(ErrorCode.CSV_MALFORMED_ROW);
        assertThat(DataFrames.readCsv(path("late_types.csv"), CsvOptions.defaults().inferRows(10_800)).dtypes())
                .containsExactly(DType.INT64, DType.INT64, DType.FLOAT64, DType.STRING);
        assertThatThrownBy(() -> CsvOptions.defaults().inferRows(0))
                .extracting(e -> ((MarsException) e).code()).isEqualTo(ErrorCode.INVALID_ARGUMENT);
    }

    @Test
    void missingPathsAndUnknownColumnsAreUserErrorsWhenTheFrameIsBuilt() {
        assertThatThrownBy(() -> DataFrames.readCsv(path("nothing-here-*.csv")))
                .extracting(e -> ((MarsException) e).code()).isEqualTo(ErrorCode.PATH_NOT_FOUND);
        assertThatThrownBy(() -> DataFrames.readCsv(path("basic.csv"), CsvOptions.defaults().usecols("nope")))
                .hasMessageContaining("'nope'")
                .extracting(e -> ((MarsException) e).code()).isEqualTo(ErrorCode.COLUMN_NOT_FOUND);
    }

    @Test
    void groupByOfACsvReadMatchesTheSameGroupByOfTheInMemoryFrame() {
        DataFrame df = DataFrames.readCsv(path("basic.csv"), CsvOptions.defaults().chunkBytes(64));
        LocalTable got = CLUSTER.session().executeTables(df.groupBy("g").agg(GroupBy.named("n", "id", "count"))).get(0);
        LocalTable whole = CLUSTER.session().executeTables(df).get(0);
        LocalTable again = CLUSTER.session().executeTables(DataFrames.fromTable(whole, 4).groupBy("g")
                .agg(GroupBy.named("n", "id", "count"))).get(0);
        assertThat(got.toRows()).isEqualTo(again.toRows());
    }
}
