package io.mars.it.local;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.mars.common.error.ErrorCode;
import io.mars.common.error.MarsException;
import io.mars.dataframe.CsvOptions;
import io.mars.dataframe.DataFrame;
import io.mars.dataframe.DataFrames;
import io.mars.it.LocalClusterExtension;
import io.mars.types.DType;
import io.mars.types.LocalTable;
import io.mars.types.WriteMode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * toParquet and toCsv into a directory that already holds an output: Spark's write modes (error by default,
 * overwrite, append), an all-or-nothing commit ({@code _temporary}, then {@code _SUCCESS}), no {@code .crc} files,
 * and readers that skip a killed write's leftovers. Each case writes [1, 2, 3] in one-row chunks, then [100].
 */
class WriteModeTest {
    @RegisterExtension
    static final LocalClusterExtension CLUSTER = new LocalClusterExtension(2);

    @TempDir
    Path tmp;

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"parquet", "csv"})
    void aWriteIntoADirectoryWithFilesFailsBeforeAnythingRunsAndKeepsTheOldRows(String format) throws IOException {
        String dir = tmp.resolve("out").toString();
        run(write(frame(1, 2, 3), format, dir, null));
        List<String> before = names(dir);

        // the frame's CSV holds a bad row: had any subtask run, the error would be CSV_MALFORMED_ROW
        DataFrame failing = badCsv(format);
        assertThatThrownBy(() -> run(write(failing, format, dir, null))).isInstanceOfSatisfying(MarsException.class,
                e -> {
                    assertThat(e.code()).isEqualTo(ErrorCode.OUTPUT_EXISTS);
                    assertThat(e.getMessage()).contains(dir).contains("not empty").contains("part-00000." + format)
                            .contains("WriteMode.OVERWRITE").contains("WriteMode.APPEND");
                });
        assertThatThrownBy(() -> run(write(frame(100), format, dir, WriteMode.ERROR_IF_EXISTS)))
                .isInstanceOfSatisfying(MarsException.class,
                        e -> assertThat(e.code()).isEqualTo(ErrorCode.OUTPUT_EXISTS));
        assertThat(read(format, dir)).containsExactly(1, 2, 3);
        assertThat(names(dir)).isEqualTo(before);
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"parquet", "csv"})
    void overwriteReplacesTheOldPartsOnlyAndCommitsWithSuccess(String format) throws IOException {
        String dir = tmp.resolve("out").toString();
        run(write(frame(1, 2, 3), format, dir, null));
        assertThat(names(dir)).containsExactly("_SUCCESS", "part-00000." + format, "part-00001." + format,
                "part-00002." + format);

        LocalTable files = run(write(frame(100), format, dir, WriteMode.OVERWRITE));
        assertThat(files.column("path").getString(0)).isEqualTo(dir + "/part-00000." + format);
        assertThat(read(format, dir)).containsExactly(100);
        assertThat(names(dir)).as("no _temporary, no .crc").containsExactly("_SUCCESS", "part-00000." + format);
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"parquet", "csv"})
    void appendAddsPartsAfterTheExistingOnesUnderNewNames(String format) throws IOException {
        String dir = tmp.resolve("out").toString();
        run(write(frame(1, 2, 3), format, dir, null));
        LocalTable files = run(write(frame(100), format, dir, WriteMode.APPEND));
        String appended = Path.of(files.column("path").getString(0)).getFileName().toString();
        assertThat(appended).startsWith("part-00003-").endsWith("." + format);
        assertThat(read(format, dir)).containsExactly(1, 2, 3, 100);
        run(write(frame(7, 8), format, dir, WriteMode.APPEND));
        assertThat(read(format, dir)).containsExactly(1, 2, 3, 100, 7, 8);
        assertThat(names(dir)).hasSize(7).contains("_SUCCESS", appended).noneMatch(n -> n.endsWith(".crc"))
                .doesNotContain("_temporary");
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"parquet", "csv"})
    void aWriteThatFailsMidwayLeavesThePreviousOutputAndNoTemporaryFiles(String format) throws IOException {
        String dir = tmp.resolve("out").toString();
        run(write(frame(1, 2, 3), format, dir, null));
        List<String> before = names(dir);
        for (WriteMode mode : List.of(WriteMode.OVERWRITE, WriteMode.APPEND)) {
            // many chunks that write their parts, and the last one's subtask failing on a value that is no int64
            assertThatThrownBy(() -> run(write(badCsv(format), format, dir, mode)))
                    .isInstanceOfSatisfying(MarsException.class,
                            e -> assertThat(e.code()).isEqualTo(ErrorCode.CSV_MALFORMED_ROW));
            assertThat(read(format, dir)).as(mode.name()).containsExactly(1, 2, 3);
            assertThat(names(dir)).as(mode.name()).isEqualTo(before);
        }
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"parquet", "csv"})
    void readersSkipTheTemporaryFilesOfAKilledWrite(String format) throws IOException {
        String dir = tmp.resolve("out").toString();
        run(write(frame(1, 2, 3), format, dir, null));
        // what a write killed before its commit leaves: a part in its own job's temporary directory
        Path attempt = Files.createDirectories(Path.of(dir, "_temporary", "dfkilled-1", "attempt-1"));
        Files.copy(Path.of(dir, "part-00001." + format), attempt.resolve("part-00000." + format));
        assertThat(read(format, dir)).containsExactly(1, 2, 3);
        assertThat(read(format, dir + "/*")).containsExactly(1, 2, 3);
        assertThatThrownBy(() -> read(format, dir + "/*/*/*/*." + format)).isInstanceOfSatisfying(
                MarsException.class, e -> assertThat(e.code()).isEqualTo(ErrorCode.PATH_NOT_FOUND));

        // hidden entries alone do not make a directory hold an output; another job's temporary files stay
        String other = tmp.resolve("other").toString();
        Files.createDirectories(Path.of(other, "_temporary", "dfkilled-2"));
        run(write(frame(5), format, other, null));
        assertThat(read(format, other)).containsExactly(5);
        assertThat(names(other)).containsExactly("_SUCCESS", "_temporary", "part-00000." + format);
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"parquet", "csv"})
    void aFileWhereTheDirectoryShouldBeFailsInEveryMode(String format) throws IOException {
        Path file = Files.writeString(tmp.resolve("file"), "x");
        for (WriteMode mode : WriteMode.values()) {
            assertThatThrownBy(() -> run(write(frame(1), format, file.toString(), mode)))
                    .isInstanceOfSatisfying(MarsException.class, e -> {
                        assertThat(e.code()).isEqualTo(ErrorCode.OUTPUT_EXISTS);
                        assertThat(e.getMessage()).contains(file.toString()).contains("is a file");
                    });
        }
        assertThat(Files.readString(file)).isEqualTo("x");
    }

    /** A frame of int64 column {@code v}, one row per chunk. */
    static DataFrame frame(long... values) {
        List<Long> v = new ArrayList<>();
        for (long x : values) {
            v.add(x);
        }
        return DataFrames.fromColumns(Map.of("v", v), 1);
    }

    /** {@code mode} null: the overload without a mode. */
    static DataFrame write(DataFrame df, String format, String dir, WriteMode mode) {
        if (format.equals("parquet")) {
            return mode == null ? df.toParquet(dir) : df.toParquet(dir, mode);
        }
        return mode == null ? df.toCsv(dir) : df.toCsv(dir, mode);
    }

    /** Column {@code v} of what {@code path} holds. */
    static long[] read(String format, String path) {
        return read(CLUSTER.session()::executeTables, format, path);
    }

    static long[] read(java.util.function.Function<DataFrame, List<LocalTable>> execute, String format, String path) {
        DataFrame df = format.equals("parquet") ? DataFrames.readParquet(path) : DataFrames.readCsv(path);
        return execute.apply(df).get(0).column("v").longs();
    }

    private static LocalTable run(DataFrame df) {
        return CLUSTER.session().executeTables(df).get(0);
    }

    /**
     * A CSV of 40 int64 values read in chunks of 16 bytes, whose last value is not an int: every chunk's subtask but
     * the last writes its part.
     */
    private DataFrame badCsv(String format) throws IOException {
        StringBuilder text = new StringBuilder("v\n");
        for (int i = 0; i < 40; i++) {
            text.append(i).append('\n');
        }
        text.append("4.5x\n");
        Path csv = Files.writeString(tmp.resolve("bad-" + format + "-" + System.nanoTime() + ".csv"), text,
                StandardCharsets.UTF_8);
        return DataFrames.readCsv(csv.toString(), CsvOptions.defaults().dtype("v", DType.INT64).chunkBytes(16));
    }

    /** The names in {@code dir}, sorted (hidden ones too). */
    static List<String> names(String dir) throws IOException {
        try (Stream<Path> s = Files.list(Path.of(dir))) {
            return s.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }
}
