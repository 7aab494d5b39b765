package io.mars.submit.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * bin/mars-cds.sh's decisions, through bin/mars-submit run from a copy with a JAVA_HOME whose java logs its arguments
 * (one line per call) and, asked for an archive (-XX:ArchiveClassesAtExit), writes one; a real JVM writing and mapping
 * the archive is {@code io.mars.it.local.ClassDataArchiveTest}'s.
 */
class ClassDataArchiveScriptTest {
    @TempDir
    Path dir;

    private Path script;
    private Path calls;
    private Path cds;

    @BeforeEach
    void copyTheScripts() throws Exception {
        script = ScriptHome.create(dir, "mars-submit-1.0.jar", "other.jar");
        calls = dir.resolve("calls");
        cds = dir.resolve("cache/cds");
        ScriptHome.java(dir, """
                #!/bin/bash
                echo "$*" >> "%s"
                for a in "$@"; do
                  case "$a" in
                    -XX:ArchiveClassesAtExit=*) [[ -n "$FAKE_FAIL" ]] && exit 3; echo archive > "${a#*=}" ;;
                  esac
                done
                exit 0
                """.formatted(calls));
    }

    @Test
    void theFirstSubmissionWritesTheArchiveByTheTrainingJobAndLaterOnesMapIt() throws Exception {
        run(Map.of(), "--master", "local[2]", "app.jar");
        List<String> first = Files.readAllLines(calls);
        assertThat(first).hasSize(2);
        assertThat(first.get(0)).as("the training").contains("-XX:ArchiveClassesAtExit=" + cds,
                "io.mars.submit.cli.MarsSubmit --master local[2] --class io.mars.submit.cli.ClassDataTraining",
                "lib/mars-submit-1.0.jar");
        List<Path> archives = files(cds);
        assertThat(archives).as("one archive, no temporary file or log").hasSize(1);
        assertThat(archives.get(0).toString()).endsWith(".jsa");
        assertThat(first.get(1)).as("the job maps it").contains("-XX:SharedArchiveFile=" + archives.get(0), "app.jar");

        run(Map.of(), "--master", "local[2]", "app.jar");
        List<String> second = Files.readAllLines(calls);
        assertThat(second).as("no training the second time").hasSize(3);
        assertThat(second.get(2)).contains("-XX:SharedArchiveFile=" + archives.get(0))
                .doesNotContain("ArchiveClassesAtExit");
    }

    @Test
    void aFailedTrainingLeavesAMarkerForADayAndTheJobRunsWithoutAnArchive() throws Exception {
        run(Map.of("FAKE_FAIL", "1"), "--master", "local[2]", "app.jar");
        List<String> lines = Files.readAllLines(calls);
        assertThat(lines).hasSize(2);
        assertThat(lines.get(1)).doesNotContain("SharedArchive").doesNotContain("ArchiveClassesAtExit");
        List<Path> left = files(cds);
        assertThat(left).hasSize(1);
        assertThat(left.get(0).toString()).endsWith(".jsa.failed");

        run(Map.of(), "--master", "local[2]", "app.jar");
        assertThat(Files.readAllLines(calls)).as("not retried while the marker is there").hasSize(3)
                .last().asString().doesNotContain("SharedArchive");

        Files.setLastModifiedTime(left.get(0), java.nio.file.attribute.FileTime.from(
                java.time.Instant.now().minus(java.time.Duration.ofHours(25))));
        run(Map.of(), "--master", "local[2]", "app.jar");
        List<String> retried = Files.readAllLines(calls);
        assertThat(retried).as("retried a day later").hasSize(5);
        assertThat(retried.get(3)).contains("ClassDataTraining");
        assertThat(retried.get(4)).contains("-XX:SharedArchiveFile=");
        assertThat(files(cds)).hasSize(1).allMatch(p -> p.toString().endsWith(".jsa"));
    }

    @Test
    void offHelpVersionAndTheUsersOwnSharingOptionsWriteNothing() throws Exception {
        run(Map.of("MARS_CDS", "off"), "--master", "local[2]", "app.jar");
        run(Map.of("MARS_SUBMIT_OPTS", "-Xshare:off"), "--master", "local[2]", "app.jar");
        run(Map.of("MARS_SUBMIT_OPTS", "-XX:SharedArchiveFile=/elsewhere.jsa"), "app.jar");
        run(Map.of(), "--help");
        run(Map.of(), "--version");
        List<String> lines = Files.readAllLines(calls);
        assertThat(lines).hasSize(5).noneMatch(l -> l.contains("ArchiveClassesAtExit"));
        assertThat(lines.get(0)).doesNotContain("SharedArchive");
        assertThat(Files.exists(cds)).isFalse();
    }

    @Test
    void anUnwritableCacheMeansNoArchive() throws Exception {
        Files.createDirectories(cds.getParent());
        Files.writeString(cds, "a file where the directory would be");
        run(Map.of(), "--master", "local[2]", "app.jar");
        List<String> lines = Files.readAllLines(calls);
        assertThat(lines).hasSize(1);
        assertThat(lines.get(0)).doesNotContain("SharedArchive").contains("app.jar");
    }

    private void run(Map<String, String> env, String... args) throws Exception {
        List<String> command = new ArrayList<>(List.of(script.toString()));
        command.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(command).redirectErrorStream(true);
        pb.environment().put("JAVA_HOME", dir.resolve("jdk").toString());
        pb.environment().put("MARS_CDS_DIR", cds.toString());
        pb.environment().remove("MARS_CDS");
        pb.environment().remove("MARS_SUBMIT_OPTS");
        pb.environment().putAll(env);
        Process p = pb.start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(30, TimeUnit.SECONDS)).isTrue();
        assertThat(p.exitValue()).as(out).isZero();
    }

    private static List<Path> files(Path d) throws Exception {
        try (Stream<Path> s = Files.list(d)) {
            return s.sorted().toList();
        }
    }
}
