package io.mars.submit.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.mars.am.yarn.ContainerLogging;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.apache.hadoop.yarn.api.ApplicationConstants;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * java.util.logging records (netlib's BLAS loader logs through it) land in log4j2's output, formatted and filtered by
 * its configuration: in the AM's and the workers' container log, and on bin/mars-submit's stderr.
 */
class JavaUtilLoggingTest {
    /** conf/log4j2.xml's and mars-am-log4j2.xml's pattern, with the JUL logger's name and level as log4j2's. */
    private static final String LOG4J_LINE =
            "\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d:\\d\\d\\.\\d{3} WARN  \\[main\\] dev\\.ludovic\\.netlib\\.probe - "
                    + "a java\\.util\\.logging record";

    @TempDir
    Path tmp;

    @Test
    void aContainerLogsJavaUtilLoggingRecordsThroughLog4j() throws Exception {
        List<String> options = new ArrayList<>();
        for (String option : ContainerLogging.jvmOptions("probe")) {
            options.add(option.replace(ApplicationConstants.LOG_DIR_EXPANSION_VAR, tmp.toString()));
        }
        String stderr = run(options, System.getProperty("java.class.path"));
        assertThat(Files.readAllLines(tmp.resolve("probe.log"))).singleElement().asString().matches(LOG4J_LINE);
        assertThat(stderr).doesNotContain("java.util.logging record"); // the container's stderr holds errors only
    }

    @Test
    void theBinScriptsLogJavaUtilLoggingRecordsThroughConfLog4j2Xml() throws Exception {
        assertThat(Files.readString(Path.of("..", "bin", "mars-shell")))
                .contains("-R" + ContainerLogging.JUL_TO_LOG4J);
        // mars-submit, the standalone supervisor, worker and history server take it from bin/mars-env.sh
        assertThat(Files.readString(Path.of("..", "bin", "mars-env.sh")))
                .contains("jul_to_log4j=\"" + ContainerLogging.JUL_TO_LOG4J + "\"");
        for (String daemon : List.of("mars-submit", "mars-supervisor", "mars-worker", "mars-history")) {
            assertThat(Files.readString(Path.of("..", "bin", daemon))).as(daemon).contains("\"$jul_to_log4j\"");
        }
        String stderr = run(List.of(ContainerLogging.JUL_TO_LOG4J),
                Path.of("..", "conf").toAbsolutePath() + java.io.File.pathSeparator
                        + System.getProperty("java.class.path"));
        assertThat(stderr.strip()).matches(LOG4J_LINE);
    }

    private String run(List<String> options, String classPath) throws Exception {
        List<String> command = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-Xmx64m"));
        command.addAll(options);
        command.addAll(List.of("-cp", classPath, JulProbe.class.getName()));
        Process p = new ProcessBuilder(command).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        String stderr = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(p.exitValue()).as(stderr).isZero();
        return stderr;
    }
}
