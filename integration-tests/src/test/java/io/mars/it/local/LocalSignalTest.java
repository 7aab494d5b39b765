package io.mars.it.local;

import static org.assertj.core.api.Assertions.assertThat;

import io.mars.it.yarn.AmClasspath;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.io.TempDir;

/**
 * Ctrl-C (SIGINT) or SIGTERM to {@code bin/mars-submit --master local[2]}, a process of its own on the shipped jars,
 * while its job is spilling: the embedded cluster closes on the way out, its subtasks stop, and no spill file or
 * directory is left.
 */
class LocalSignalTest {
    @TempDir
    Path tmp;

    @ParameterizedTest
    @ValueSource(strings = {"TERM", "INT"})
    void aSignalWhileTheJobSpillsLeavesNoSpillFileBehind(String signal) throws Exception {
        Path spill = Files.createDirectories(tmp.resolve("spill"));
        Path marsHome = AmClasspath.distribution();
        Path err = tmp.resolve("err");
        // (a.a^T - a).std() at n = 4000 in 1000-blocks (128 MB per matrix) with 8 MB quotas: it spills at once
        ProcessBuilder builder = new ProcessBuilder("bash", marsHome.resolve("bin/mars-submit").toString(),
                "--master", "local[2]", "--conf", "mars.worker.cache-mem=24000000",
                "--conf", "mars.worker.spill-dirs=" + spill, "--class", "io.mars.examples.DotStd",
                AmClasspath.examplesJar().toString(), "4000", "1000")
                .redirectOutput(tmp.resolve("out").toFile()).redirectError(err.toFile());
        Process job = builder.start();
        try {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
            while (spillFiles(spill).isEmpty() && job.isAlive() && System.nanoTime() < deadline) {
                Thread.sleep(50);
            }
            assertThat(job.isAlive()).as("the job runs: %s", Files.readString(err)).isTrue();
            assertThat(spillFiles(spill)).as("the job spills").isNotEmpty();
            // Ctrl-C in a terminal signals the whole process group; bin/mars-submit execs java, so the pid is the JVM
            assertThat(new ProcessBuilder("kill", "-" + signal, String.valueOf(job.pid())).start().waitFor()).isZero();
            assertThat(job.waitFor(60, TimeUnit.SECONDS)).as("the job exits").isTrue();
            String printed = Files.readString(err);
            assertThat(printed).contains("stopping its subtasks and deleting its spill files")
                    .doesNotContain("A fatal error has been detected");
            try (Stream<Path> left = Files.list(spill)) {
                assertThat(left.toList()).as("spill directories left").isEmpty();
            }
        } finally {
            job.destroyForcibly();
        }
    }

    private static List<Path> spillFiles(Path root) throws IOException {
        try (Stream<Path> s = Files.walk(root)) {
            return s.filter(Files::isRegularFile).toList();
        }
    }
}
