package io.mars.it.local;

import static org.assertj.core.api.Assertions.assertThat;

import io.mars.it.yarn.AmClasspath;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The class-data archive of bin/mars-cds.sh with the shipped jars and a real JVM: the first submission writes it by the
 * training job, the next one maps Mars's classes from it and gives the same answer, and SIGTERM or SIGINT (Ctrl-C) during the training
 * leaves neither a file nor a process behind.
 */
class ClassDataArchiveTest {
    @TempDir
    Path tmp;

    @Test
    void theFirstSubmissionWritesTheArchiveAndTheNextMapsMarssClassesFromIt() throws Exception {
        Path cds = tmp.resolve("cds");
        Path classes = tmp.resolve("classes.log");
        Process first = submit(cds, tmp.resolve("out1"), tmp.resolve("err1"), List.of()).start();
        assertThat(first.waitFor(180, TimeUnit.SECONDS)).isTrue();
        assertThat(first.exitValue()).as(Files.readString(tmp.resolve("err1"))).isZero();
        List<Path> written = files(cds);
        assertThat(written).as("one archive, no temporary file or training log").hasSize(1);
        assertThat(written.get(0).getFileName().toString()).matches("mars-\\d+-\\d+\\.jsa");
        assertThat(Files.size(written.get(0))).isGreaterThan(1 << 20);

        Process second = submit(cds, tmp.resolve("out2"), tmp.resolve("err2"),
                List.of("--driver-java-options", "-Xlog:class+load:file=" + classes)).start();
        assertThat(second.waitFor(180, TimeUnit.SECONDS)).isTrue();
        assertThat(second.exitValue()).as(Files.readString(tmp.resolve("err2"))).isZero();
        assertThat(files(cds)).isEqualTo(written);
        List<String> loaded = Files.readAllLines(classes);
        assertThat(loaded).as("Mars's classes come from the archive")
                .anyMatch(l -> l.contains(" io.mars.submit.local.LocalCluster source: shared objects file (top)"))
                .anyMatch(l -> l.contains(" io.mars.container.kernels.RandKernel source: shared objects file (top)"));
        String answer = Files.readString(tmp.resolve("out1")).replaceAll("wall=\\S+", "");
        assertThat(answer).contains("MonteCarloPi: result=");
        assertThat(Files.readString(tmp.resolve("out2")).replaceAll("wall=\\S+", "")).isEqualTo(answer);
        String printed = Files.readString(tmp.resolve("err2")) + Files.readString(tmp.resolve("out2"));
        assertThat(printed).doesNotContain("[cds]").doesNotContain("warning");
    }

    @ParameterizedTest
    @CsvSource({"TERM, 143", "INT, 130"})
    void aSignalDuringTheTrainingLeavesNothingBehind(String signal, int exitCode) throws Exception {
        Path cds = tmp.resolve("cds-" + signal);
        Process job = submit(cds, tmp.resolve("out"), tmp.resolve("err"), List.of()).start();
        try {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
            while ((!Files.isDirectory(cds) || files(cds).isEmpty()) && System.nanoTime() < deadline) {
                Thread.sleep(20);
            }
            assertThat(files(cds)).as("the training has started").isNotEmpty();
            Thread.sleep(500);
            assertThat(job.isAlive()).isTrue();
            assertThat(new ProcessBuilder("kill", "-" + signal, String.valueOf(job.pid())).start().waitFor()).isZero();
            assertThat(job.waitFor(60, TimeUnit.SECONDS)).as("the submission exits").isTrue();
            assertThat(job.exitValue()).isEqualTo(exitCode);
            assertThat(files(cds)).as("no archive, temporary file or log").isEmpty();
            Process search = new ProcessBuilder("pgrep", "-f", "ArchiveClassesAtExit=" + cds).start();
            assertThat(search.waitFor(10, TimeUnit.SECONDS)).isTrue();
            assertThat(new String(search.getInputStream().readAllBytes()).trim()).as("no training JVM left").isEmpty();
        } finally {
            job.destroyForcibly();
        }
    }

    private static ProcessBuilder submit(Path cds, Path out, Path err, List<String> options) {
        Path marsHome = AmClasspath.distribution();
        List<String> command = new ArrayList<>(List.of("bash", marsHome.resolve("bin/mars-submit").toString(),
                "--master", "local[2]"));
        command.addAll(options);
        command.addAll(List.of("--class", "io.mars.examples.MonteCarloPi", AmClasspath.examplesJar().toString(),
                "200000", "50000"));
        ProcessBuilder builder = new ProcessBuilder(command).redirectOutput(out.toFile()).redirectError(err.toFile());
        builder.environment().put("MARS_CDS_DIR", cds.toString());
        builder.environment().remove("MARS_CDS");
        builder.environment().remove("MARS_SUBMIT_OPTS");
        return builder;
    }

    private static List<Path> files(Path d) throws Exception {
        if (!Files.isDirectory(d)) {
            return List.of();
        }
        try (Stream<Path> s = Files.list(d)) {
            return s.sorted().toList();
        }
    }
}
