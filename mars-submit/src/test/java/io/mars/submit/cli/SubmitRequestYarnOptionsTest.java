package io.mars.submit.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The YARN options as they reach the request: tags, priority, files, deploy mode and --no-wait. */
class SubmitRequestYarnOptionsTest {
    @TempDir
    static Path dir;

    static TestJobJars jars;

    @BeforeAll
    static void buildJars() throws IOException {
        jars = TestJobJars.build(dir);
    }

    private static SubmitRequest resolve(String... args) {
        return SubmitRequest.resolve(SubmitArguments.parse(args), Optional.empty());
    }

    @Test
    void tagsPriorityFilesAndNoWaitReachTheRequest() throws IOException {
        Path a = Files.writeString(dir.resolve("a.txt"), "a");
        Path b = Files.writeString(Files.createDirectories(dir.resolve("sub")).resolve("b.conf"), "b");

        SubmitRequest request = resolve("--master", "yarn", "--tags", " nightly ,team-a,nightly", "--priority=7",
                "--files", a + ", " + b, "--no-wait", "--deploy-mode", "CLUSTER", jars.appJar.toString());

        assertThat(request.yarn().tags()).containsExactly("nightly", "team-a");
        assertThat(request.yarn().priority()).contains(7);
        assertThat(request.files()).containsExactly(a.toAbsolutePath(), b.toAbsolutePath());
        assertThat(request.waitForCompletion()).isFalse();
        assertThat(request.deployMode()).isEqualTo(DeployMode.CLUSTER);
    }

    @Test
    void withoutTheOptionsTheRequestWaitsInClusterModeWithNoTagsPriorityOrFiles() {
        SubmitRequest request = resolve("--master", "yarn", jars.appJar.toString());

        assertThat(request.yarn().tags()).isEmpty();
        assertThat(request.yarn().priority()).isEmpty();
        assertThat(request.files()).isEmpty();
        assertThat(request.waitForCompletion()).isTrue();
        assertThat(request.deployMode()).isEqualTo(DeployMode.CLUSTER);
    }

    @Test
    void clientModeWithALocalMasterRunsTheJobHereAsBefore() {
        Path report = dir.resolve("client-mode.txt");
        try {
            SubmitOutcome outcome = SubmitOutcome.run("--master", "local[1]", "--deploy-mode", "client",
                    jars.appJar.toString(), "write", report.toString());

            assertThat(outcome.exitCode()).as(outcome.err()).isEqualTo(ExitCodes.SUCCESS);
            assertThat(TestJobJars.read(report)).contains("master=local[1]");
        } finally {
            System.clearProperty("mars.master");
            System.clearProperty("mars.app.name");
        }
    }
}
