package io.mars.it.local;

import static org.assertj.core.api.Assertions.assertThat;

import io.mars.it.yarn.AmClasspath;
import io.mars.types.NDArray;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The distribution's {@code bin/mars-shell} as a user runs it, a process of its own driven through its stdin: the API
 * is imported, {@code session} is open on {@code local[2]}, results print as numpy and pandas print them (whole, however
 * long), and when the shell exits no process and no spill file is left.
 */
class MarsShellTest {
    @TempDir
    Path tmp;

    @Test
    void evaluatesATensorAndADataFrameExpressionAndLeavesNothingBehind() throws Exception {
        Path spill = Files.createDirectories(tmp.resolve("spill"));
        Path input = tmp.resolve("input.jsh");
        // 4000 x 4000 random doubles (128 MB in 16 chunks) against 8 MB quotas: the workers spill while it is stored
        Files.writeString(input, String.join("\n",
                "arange(6).reshape(2, 3).multiply(2).execute(session)",
                "arange(2000).reshape(20, 10, 10).execute(session)",
                "var df = DataFrames.fromRows(List.of(\"k\", \"v\"), List.of(List.of(\"a\", 1.5), List.of(\"b\", 2.0),"
                        + " List.of(\"a\", 4.25)), 2)",
                "println(df.groupBy(\"k\").sum().execute(session))",
                "Tensor big = random(1).rand(shape(4000, 4000), chunks(1000))",
                "big.execute(session).shape()[0]",
                "println(\"spilled files: \" + Files.walk(Path.of(\"" + spill + "\")).filter(Files::isRegularFile)"
                        + ".count())",
                "/exit", ""));
        Path out = tmp.resolve("out");
        Path err = tmp.resolve("err");
        Process shell = new ProcessBuilder("bash", AmClasspath.distribution().resolve("bin/mars-shell").toString(),
                "--master", "local[2]", "--conf", "mars.worker.cache-mem=8000000",
                "--conf", "mars.worker.spill-dirs=" + spill)
                .redirectInput(input.toFile()).redirectOutput(out.toFile()).redirectError(err.toFile()).start();
        long[] values = new long[2000];
        for (int i = 0; i < values.length; i++) {
            values[i] = i;
        }
        String whole = NDArray.of(values, 20, 10, 10).toString();
        try {
            assertThat(shell.waitFor(180, TimeUnit.SECONDS)).as("the shell exits").isTrue();
            String printed = Files.readString(out);
            assertThat(shell.exitValue()).as("exit code; stderr: %s", Files.readString(err)).isZero();
            assertThat(printed).as("printed").doesNotContain("Error:")
                    .contains("==> array([[ 0,  2,  4],\n       [ 6,  8, 10]])")
                    .contains("   k     v\n0  a  5.75\n1  b  2.00\n")
                    .contains("==> 4000\n")
                    // echoed whole: JShell's own feedback modes would cut this 1958-character value in the middle
                    .contains("==> " + whole + "\n")
                    .containsPattern("spilled files: [1-9][0-9]*\n");
        } finally {
            shell.destroyForcibly();
        }
        // the session closes on the way out: the JVM running the snippets ends and the workers delete their spill
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while ((!leftProcesses(spill).isEmpty() || !entries(spill).isEmpty()) && System.nanoTime() < deadline) {
            Thread.sleep(100);
        }
        assertThat(leftProcesses(spill)).as("processes left").isEmpty();
        assertThat(entries(spill)).as("spill files and directories left").isEmpty();
    }

    @Test
    void anUnknownOptionIsAUsageErrorBeforeAnythingStarts() throws Exception {
        Process shell = new ProcessBuilder("bash", AmClasspath.distribution().resolve("bin/mars-shell").toString(),
                "--workers", "3").redirectErrorStream(true).start();
        String printed = new String(shell.getInputStream().readAllBytes());
        assertThat(shell.waitFor(30, TimeUnit.SECONDS)).isTrue();
        assertThat(shell.exitValue()).isEqualTo(2);
        assertThat(printed).contains("mars-shell: unknown option --workers");
    }

    /** Processes whose command line names {@code marker} (the spill directory, passed to the snippets' JVM). */
    private static List<String> leftProcesses(Path marker) {
        return ProcessHandle.allProcesses()
                .map(p -> p.info().commandLine().orElse(""))
                .filter(c -> c.contains(marker.toString()))
                .toList();
    }

    private static List<Path> entries(Path dir) throws IOException {
        try (Stream<Path> s = Files.list(dir)) {
            return s.toList();
        }
    }
}
