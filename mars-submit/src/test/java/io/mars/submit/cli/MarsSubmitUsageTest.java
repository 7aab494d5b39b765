package io.mars.submit.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class MarsSubmitUsageTest {
    @TempDir
    static Path dir;

    static TestJobJars jars;
    static Path notAJar;
    static Path sparkProperties;
    static Path dataFile;
    static Path sameNameFile;
    static Path reservedFile;

    @BeforeAll
    static void buildJars() throws IOException {
        jars = TestJobJars.build(dir);
        notAJar = Files.writeString(dir.resolve("notes.txt"), "not a jar");
        sparkProperties = Files.writeString(dir.resolve("spark.properties"), "spark.executor.memory=2g\n");
        dataFile = Files.writeString(dir.resolve("data.csv"), "a,b\n");
        sameNameFile = Files.writeString(Files.createDirectories(dir.resolve("other")).resolve("data.csv"), "c\n");
        reservedFile = Files.writeString(dir.resolve("mars-app.properties"), "x=1\n");
    }

    static Stream<Arguments> usageErrors() {
        String app = jars.appJar.toString();
        String plain = jars.plainJar.toString();
        String missing = dir.resolve("missing.jar").toString();
        return Stream.of(
                Arguments.of(new String[] {}, "<app jar>"),
                Arguments.of(new String[] {"--frobnicate", app}, "--frobnicate"),
                Arguments.of(new String[] {"-x", app}, "-x"),
                Arguments.of(new String[] {"--master"}, "--master"),
                Arguments.of(new String[] {"--class", "--verbose", app}, "--class"),
                Arguments.of(new String[] {"--master", "local[0]", app}, "local[0]"),
                // a setting's value is checked before anything runs, as Mars itself would read it
                Arguments.of(new String[] {"--conf", "mars.worker.cache-mem=-5", app}, "mars.worker.cache-mem"),
                Arguments.of(new String[] {"--conf", "mars.task.combine-size=1", app}, "mars.task.combine-size"),
                // local workers share this JVM's heap: quotas beyond it could only end in an OutOfMemoryError
                Arguments.of(new String[] {"--master", "local[2]", "--conf", "mars.worker.cache-mem=1099511627776",
                    app}, "more than its share of this JVM's heap"),
                Arguments.of(new String[] {"--conf", "mars.worker.blas=mkl", app}, "mars.worker.blas must be one of"),
                Arguments.of(new String[] {"--conf", "mars.client.max-result-bytes=lots", app},
                        "mars.client.max-result-bytes"),
                // worker containers are YARN's: local[N] has N workers in this process
                Arguments.of(new String[] {"--master", "local[2]", "--workers", "3", app}, "--workers 3"),
                Arguments.of(new String[] {"--master", "local[x]", app}, "local[x]"),
                Arguments.of(new String[] {"--master", "local[-1]", app}, "local[-1]"),
                Arguments.of(new String[] {"--master", "local[99999999999]", app}, "local[99999999999]"),
                Arguments.of(new String[] {"--master", "spark://host:7077", app}, "spark://host:7077"),
                Arguments.of(new String[] {"--master", "yarn-cluster", app}, "use yarn"),
                Arguments.of(new String[] {"--master", "yarn", "--am-memory", "0", app}, "--am-memory 0"),
                Arguments.of(new String[] {"--master", "yarn", "--am-memory", "lots", app}, "--am-memory lots"),
                Arguments.of(new String[] {"--master", "yarn", "--am-vcores", "-1", app}, "--am-vcores"),
                Arguments.of(new String[] {"--conf", "mars.worker.slots", app}, "--conf mars.worker.slots"),
                Arguments.of(new String[] {"--conf", "spark.master=local", app}, "spark.master"),
                Arguments.of(new String[] {"--conf", "mars.=1", app}, "mars."),
                Arguments.of(new String[] {"--conf", "mars.master=local[0]", app}, "mars.master from --conf"),
                Arguments.of(new String[] {"--properties-file", dir.resolve("none.properties").toString(), app},
                        "--properties-file"),
                Arguments.of(new String[] {"--properties-file", sparkProperties.toString(), app},
                        "spark.executor.memory"),
                Arguments.of(new String[] {"--verbose=yes", app}, "--verbose"),
                Arguments.of(new String[] {missing}, missing),
                Arguments.of(new String[] {dir.toString()}, "is a directory"),
                Arguments.of(new String[] {notAJar.toString()}, "not a readable jar"),
                Arguments.of(new String[] {"--jars", missing, app}, "--jars"),
                Arguments.of(new String[] {"--jars", notAJar.toString(), app}, "--jars"),
                Arguments.of(new String[] {"--jars", ",", app}, "--jars"),
                Arguments.of(new String[] {plain}, "Main-Class"),
                Arguments.of(new String[] {"--class", "demo.Missing", app}, "--class demo.Missing"),
                Arguments.of(new String[] {"--class", "demo.NoMain", app}, "--class demo.NoMain"),
                Arguments.of(new String[] {"--class", "demo.InstanceMain", app}, "--class demo.InstanceMain"),
                Arguments.of(new String[] {"--class", "", app}, "--class"),
                Arguments.of(new String[] {"--deploy-mode", "remote", app}, "--deploy-mode remote"),
                Arguments.of(new String[] {"--deploy-mode"}, "--deploy-mode"),
                Arguments.of(new String[] {"--master", "yarn", "--priority", "-1", app}, "--priority -1"),
                Arguments.of(new String[] {"--master", "yarn", "--priority", "high", app}, "--priority high"),
                Arguments.of(new String[] {"--master", "yarn", "--tags", "a,,b", app}, "--tags a,,b"),
                Arguments.of(new String[] {"--master", "yarn", "--tags", "caf\u00e9", app}, "caf\u00e9"),
                Arguments.of(new String[] {"--master", "yarn", "--files", missing, app}, missing),
                Arguments.of(new String[] {"--master", "yarn", "--files", dir.toString(), app}, "is a directory"),
                Arguments.of(new String[] {"--master", "yarn", "--files", ",", app}, "--files"),
                Arguments.of(new String[] {"--master", "yarn", "--files", dataFile + "," + sameNameFile, app},
                        "same name data.csv"),
                Arguments.of(new String[] {"--master", "yarn", "--files", reservedFile.toString(), app},
                        "mars-app.properties"),
                Arguments.of(new String[] {"--master", "local[2]", "--no-wait", app}, "--no-wait"),
                Arguments.of(new String[] {"--master", "yarn", "--no-wait=yes", app}, "--no-wait"),
                // client mode runs the job here: nothing to detach from
                Arguments.of(new String[] {"--master", "yarn", "--deploy-mode", "client", "--no-wait", app},
                        "nothing to detach from"));
    }

    @ParameterizedTest
    @MethodSource("usageErrors")
    void usageErrorExitsWithTwoAndNamesTheCulprit(String[] args, String culprit) {
        SubmitOutcome outcome = SubmitOutcome.run(args);

        assertThat(outcome.exitCode()).isEqualTo(ExitCodes.USAGE);
        assertThat(outcome.err()).startsWith("mars-submit: ").contains(culprit).contains("--help");
        assertThat(outcome.out()).isEmpty();
    }

    @Test
    void helpListsEveryOptionAndExitCode() {
        for (String flag : new String[] {"--help", "-h"}) {
            SubmitOutcome outcome = SubmitOutcome.run(flag);

            assertThat(outcome.exitCode()).isEqualTo(ExitCodes.SUCCESS);
            assertThat(outcome.out()).contains("--master", "local[N]", "local[*]", "--class", "--name", "--conf",
                    "--properties-file", "--jars", "--verbose", "--version", "-h, --help", "<app jar>",
                    "MARS_CONF_DIR", "MARS_SUBMIT_OPTS", "HADOOP_TOKEN_FILE_LOCATION", "--no-wait", "status", "kill");
            for (String option : SubmitArguments.VALUE_OPTIONS) {
                assertThat(outcome.out()).as("--help documents " + option).contains("  " + option + " <");
            }
            assertThat(outcome.out()).contains(
                    "  " + ExitCodes.SUCCESS + "  ", "  " + ExitCodes.JOB_FAILED + "  ", "  " + ExitCodes.USAGE + "  ",
                    "  " + ExitCodes.KILLED + "  ", "  " + ExitCodes.REJECTED + "  ");
            assertThat(outcome.err()).isEmpty();
        }
    }

    @Test
    void helpWinsOverOtherOptionsButNotOverTheJobsOwnArguments() {
        assertThat(SubmitOutcome.run("--master", "local[2]", "--help").exitCode()).isEqualTo(ExitCodes.SUCCESS);

        SubmitOutcome afterJar = SubmitOutcome.run(dir.resolve("missing.jar").toString(), "--help");
        assertThat(afterJar.exitCode()).isEqualTo(ExitCodes.USAGE);
    }

    @Test
    void versionPrintsDevOutsideAJar() {
        SubmitOutcome outcome = SubmitOutcome.run("--version");

        assertThat(outcome.exitCode()).isEqualTo(ExitCodes.SUCCESS);
        assertThat(outcome.out()).isEqualTo("mars-submit " + MarsSubmit.version() + System.lineSeparator());
    }

    @Test
    void confDirComesFromMarsConfDir() {
        assertThat(MarsSubmit.confDirFrom(java.util.Map.of("MARS_CONF_DIR", "/opt/mars/conf")))
                .contains(Path.of("/opt/mars/conf"));
        assertThat(MarsSubmit.confDirFrom(java.util.Map.of("MARS_CONF_DIR", " "))).isEmpty();
        assertThat(MarsSubmit.confDirFrom(java.util.Map.of())).isEmpty();
    }
}
