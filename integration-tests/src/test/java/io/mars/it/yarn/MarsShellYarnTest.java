package io.mars.it.yarn;

import static org.assertj.core.api.Assertions.assertThat;

import io.mars.submit.client.ClientModeApplication;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.apache.hadoop.yarn.api.records.ApplicationReport;
import org.apache.hadoop.yarn.api.records.FinalApplicationStatus;
import org.apache.hadoop.yarn.api.records.YarnApplicationState;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code bin/mars-shell --master yarn} against a MiniYARNCluster: the shell's {@code session} is a new client-mode
 * application, a tensor expression runs on its workers, and exiting the shell ends the application SUCCEEDED.
 */
class MarsShellYarnTest {
    @TempDir
    static Path tmp;

    private static MiniHadoop hadoop;

    @BeforeAll
    static void startClusters() throws Exception {
        hadoop = MiniHadoop.start(tmp, "mars-shell-yarn", false);
    }

    @AfterAll
    static void stopClusters() throws Exception {
        if (hadoop != null) {
            hadoop.close();
        }
    }

    @Test
    void theShellsSessionIsAYarnApplicationThatEndsWithTheShell() throws Exception {
        Path input = tmp.resolve("input.jsh");
        Files.writeString(input, String.join("\n",
                "ones(shape(30), chunks(7)).sum().execute(session)",
                "/exit", ""));
        Path out = tmp.resolve("out");
        Path err = tmp.resolve("err");
        ProcessBuilder builder = new ProcessBuilder("bash", AmClasspath.distribution().resolve("bin/mars-shell")
                .toString(), "--master", "yarn",
                "--conf", "mars.yarn.am.java-home=" + System.getProperty("java.home"),
                "--conf", "mars.yarn.am.classpath=" + AmClasspath.of(hadoop.confDir),
                "--conf", ClientModeApplication.AM_MEMORY + "=512",
                "--conf", ClientModeApplication.APP_NAME + "=mars-shell",
                "--conf", "mars.yarn.workers=1",
                "--conf", "mars.yarn.worker.memory=512")
                .redirectInput(input.toFile()).redirectOutput(out.toFile()).redirectError(err.toFile());
        builder.environment().put("HADOOP_CONF_DIR", hadoop.confDir.toString());
        Process shell = builder.start();
        try {
            assertThat(shell.waitFor(300, TimeUnit.SECONDS)).as("the shell exits").isTrue();
            assertThat(shell.exitValue()).as("stderr: %s", Files.readString(err)).isZero();
            assertThat(Files.readString(out)).as("stderr: %s", Files.readString(err)).doesNotContain("Error:")
                    .doesNotContain("Exception").contains("==> array(30.)\n");
        } finally {
            shell.destroyForcibly();
        }
        List<ApplicationReport> apps = hadoop.client.getApplications(Set.of("MARS"),
                EnumSet.allOf(YarnApplicationState.class));
        assertThat(apps).hasSize(1);
        ApplicationReport app = apps.get(0);
        assertThat(app.getName()).isEqualTo("mars-shell");
        // the session closes in the snippets' JVM as it stops, a moment after the shell itself has exited
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (!hadoop.client.getApplicationReport(app.getApplicationId()).getYarnApplicationState().equals(
                YarnApplicationState.FINISHED) && System.nanoTime() < deadline) {
            Thread.sleep(200);
        }
        ApplicationReport ended = hadoop.client.getApplicationReport(app.getApplicationId());
        assertThat(ended.getYarnApplicationState()).isEqualTo(YarnApplicationState.FINISHED);
        assertThat(ended.getFinalApplicationStatus()).isEqualTo(FinalApplicationStatus.SUCCEEDED);
    }
}
