package io.mars.submit.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Runs real jobs: jars compiled at test time, loaded and run through {@link MarsSubmit} as the command line does. */
class MarsSubmitJobTest {
    @TempDir
    static Path jarDir;

    static TestJobJars jars;

    @TempDir
    Path work;

    Path report;

    @BeforeAll
    static void buildJars() throws IOException {
        jars = TestJobJars.build(jarDir);
    }

    @BeforeEach
    void clearMarsProperties() {
        report = work.resolve("report.txt");
        System.clearProperty("mars.master");
        System.clearProperty("mars.app.name");
        System.clearProperty("mars.worker.slots");
        System.clearProperty("mars.task.combine-size");
    }

    @AfterEach
    void restoreMarsProperties() {
        clearMarsProperties();
    }

    @Test
    void runsTheManifestMainClassWithTheMasterSet() {
        SubmitOutcome outcome = SubmitOutcome.run("--master", "local[2]", jars.appJar.toString(),
                "write", report.toString(), "a", "b c");

        assertThat(outcome.exitCode()).isEqualTo(ExitCodes.SUCCESS);
        assertThat(outcome.err()).isEmpty();
        assertThat(TestJobJars.read(report)).contains("master=local[2]", "name=demo.Job", "contextLoader=true",
                "args=[a, b c]");
    }

    @Test
    void theLocalClustersWorkersRunLambdasOfTheJobsJar() {
        SubmitOutcome outcome = SubmitOutcome.run("--master", "local[2]", jars.appJar.toString(), "udf",
                report.toString());

        assertThat(outcome.exitCode()).as(outcome.err()).isEqualTo(ExitCodes.SUCCESS);
        // 2 * (0 + ... + 9), (1 + 1) + (2 + 1) + (3 + 1)
        assertThat(TestJobJars.read(report)).isEqualTo("udf=90 9");
    }

    @Test
    void defaultsToEveryCoreWhenNoMasterIsGiven() {
        SubmitOutcome outcome = SubmitOutcome.run(jars.appJar.toString(), "write", report.toString());

        assertThat(outcome.exitCode()).isEqualTo(ExitCodes.SUCCESS);
        assertThat(TestJobJars.read(report)).contains("master=local[*]");
    }

    @Test
    void aFailingJobExitsWithOneAndPrintsItsMessageAndCauses() {
        SubmitOutcome outcome = SubmitOutcome.run("--master", "local", jars.appJar.toString(), "fail");

        assertThat(outcome.exitCode()).isEqualTo(ExitCodes.JOB_FAILED);
        assertThat(outcome.err())
                .contains("job demo.Job failed: java.lang.IllegalStateException: job asked to fail")
                .contains("caused by: java.io.IOException: disk on fire")
                .contains("--verbose")
                .doesNotContain("demo.Job.main(Job.java:");
    }

    @Test
    void aJobsOwnSystemExitIsItsOutcomeNotTheSubmittersExitCode() {
        SubmitOutcome three = SubmitOutcome.run("--master", "local", jars.appJar.toString(), "exit", "3");
        assertThat(three.exitCode()).as("3 would read as KILLED").isEqualTo(ExitCodes.JOB_FAILED);
        assertThat(three.err()).contains("job demo.Job failed: the job called System.exit(3), reported as FAILED");

        SubmitOutcome zero = SubmitOutcome.run("--master", "local", jars.appJar.toString(), "exit", "0");
        assertThat(zero.exitCode()).as(zero.err()).isEqualTo(ExitCodes.SUCCESS);
        assertThat(zero.err()).isEmpty();

        SubmitOutcome caught = SubmitOutcome.run("--master", "local", jars.appJar.toString(), "exit-caught", "4");
        assertThat(caught.exitCode()).as("an exit the job swallowed still counts").isEqualTo(ExitCodes.JOB_FAILED);
        assertThat(caught.err()).contains("System.exit(4)");

        SubmitOutcome thread = SubmitOutcome.run("--master", "local", jars.appJar.toString(), "exit-thread", "7");
        assertThat(thread.exitCode()).as("an exit in another of the job's threads").isEqualTo(ExitCodes.JOB_FAILED);
        assertThat(thread.err()).contains("System.exit(7)");
        assertThat(System.getSecurityManager()).as("nothing JVM-wide is installed").isNull();

        for (String mode : new String[] {"runtime-exit", "halt", "exit-ref"}) {
            SubmitOutcome other = SubmitOutcome.run("--master", "local", jars.appJar.toString(), mode, "5");
            assertThat(other.exitCode()).as(mode + ": " + other.err()).isEqualTo(ExitCodes.JOB_FAILED);
            assertThat(other.err()).as(mode).contains("the job called System.exit(5)");
        }
        SubmitOutcome lib = SubmitOutcome.run("--master", "local", "--jars", jars.libJar.toString(),
                jars.appJar.toString(), "lib-exit", "6");
        assertThat(lib.exitCode()).as("an exit in a --jars library: " + lib.err()).isEqualTo(ExitCodes.JOB_FAILED);
        assertThat(lib.err()).contains("System.exit(6)");
    }

    @Test
    void aFailingJobShowsItsStackTraceUnderVerbose() {
        SubmitOutcome outcome = SubmitOutcome.run("--verbose", jars.appJar.toString(), "fail");

        assertThat(outcome.exitCode()).isEqualTo(ExitCodes.JOB_FAILED);
        assertThat(outcome.err()).contains("mars-submit: master      local[*]", "demo.Job.main(Job.java:");
    }

    @Test
    void aMarsErrorFromTheJobShowsItsCode() {
        SubmitOutcome outcome = SubmitOutcome.run(jars.appJar.toString(), "shape");

        assertThat(outcome.exitCode()).isEqualTo(ExitCodes.JOB_FAILED);
        assertThat(outcome.err()).contains("failed: [SHAPE_MISMATCH] shapes (3,4) and (5,) cannot be broadcast");
    }

    @Test
    void aStaticInitializerThatThrowsIsAJobFailure() {
        SubmitOutcome outcome = SubmitOutcome.run("--class", "demo.BrokenInit", jars.appJar.toString());

        assertThat(outcome.exitCode()).isEqualTo(ExitCodes.JOB_FAILED);
        assertThat(outcome.err()).contains("ExceptionInInitializerError", "NumberFormatException", "not a number");
    }

    @Test
    void aSettingNothingReadsIsWarnedAboutWithTheClosestKnownOne() {
        SubmitOutcome outcome = SubmitOutcome.run("--master", "local[1]", "--conf", "mars.worker.cache-memory=50%",
                jars.appJar.toString(), "write", report.toString());

        assertThat(outcome.exitCode()).isEqualTo(ExitCodes.SUCCESS);
        assertThat(outcome.err()).contains("mars-submit: warning: setting mars.worker.cache-memory is not read by Mars"
                + " and has no effect; did you mean mars.worker.cache-mem?");
        SubmitOutcome known = SubmitOutcome.run("--master", "local[1]", "--conf", "mars.worker.cache-mem=50%",
                jars.appJar.toString(), "write", report.toString());
        assertThat(known.err()).doesNotContain("warning");
    }

    @Test
    void systemPropertiesAndContextLoaderAreRestoredAfterTheJob() {
        System.setProperty("mars.master", "local[7]");
        ClassLoader contextLoader = Thread.currentThread().getContextClassLoader();

        int succeeded = SubmitOutcome.run("--master", "local[2]", "--conf", "mars.worker.slots=3",
                jars.appJar.toString(), "write", report.toString()).exitCode();
        int failed = SubmitOutcome.run("--conf", "mars.worker.slots=3", jars.appJar.toString(), "fail").exitCode();

        assertThat(succeeded).isEqualTo(ExitCodes.SUCCESS);
        assertThat(failed).isEqualTo(ExitCodes.JOB_FAILED);
        assertThat(TestJobJars.read(report)).contains("master=local[2]", "slots=3");
        assertThat(System.getProperty("mars.master")).isEqualTo("local[7]");
        assertThat(System.getProperty("mars.worker.slots")).isNull();
        assertThat(System.getProperty("mars.app.name")).isNull();
        assertThat(Thread.currentThread().getContextClassLoader()).isSameAs(contextLoader);
    }

    @Test
    void mainClassComesFromClassOptionAndDependenciesFromJars() {
        SubmitOutcome outcome = SubmitOutcome.run("--class", "demo.Job", "--name", "nightly",
                "--jars", jars.libJar.toString(), jars.plainJar.toString(), "helper", report.toString());

        assertThat(outcome.exitCode()).isEqualTo(ExitCodes.SUCCESS);
        assertThat(TestJobJars.read(report)).contains("name=nightly", "helper=hello from lib");
    }

    @Test
    void laterSettingsWin() throws IOException {
        Path conf = Files.createDirectories(work.resolve("conf"));
        Files.writeString(conf.resolve("mars-defaults.properties"),
                "mars.master=local[3]\nmars.worker.slots=1\nmars.task.combine-size=4\n");
        Path props = Files.writeString(work.resolve("job.properties"), "mars.worker.slots=5\n");

        SubmitOutcome outcome = SubmitOutcome.run(Optional.of(conf), "--properties-file", props.toString(),
                "--conf", "mars.task.combine-size=8", jars.appJar.toString(), "write", report.toString());

        assertThat(outcome.exitCode()).isEqualTo(ExitCodes.SUCCESS);
        assertThat(TestJobJars.read(report)).contains("master=local[3]", "slots=5", "combine=8");
    }

    @Test
    void masterOptionOverridesTheConfiguredMaster() throws IOException {
        Path conf = Files.createDirectories(work.resolve("conf"));
        Files.writeString(conf.resolve("mars-defaults.properties"), "mars.master=local[3]\n");

        SubmitOutcome outcome = SubmitOutcome.run(Optional.of(conf), "--master=local[*]", jars.appJar.toString(),
                "write", report.toString());

        assertThat(outcome.exitCode()).isEqualTo(ExitCodes.SUCCESS);
        assertThat(TestJobJars.read(report)).contains("master=local[*]");
    }

    @Test
    void theShippedDefaultsFileIsAccepted() {
        Path shippedConf = Path.of("..", "conf").toAbsolutePath().normalize();
        assertThat(shippedConf.resolve(SubmitRequest.DEFAULTS_FILE)).isRegularFile();

        SubmitOutcome outcome = SubmitOutcome.run(Optional.of(shippedConf), jars.appJar.toString(),
                "write", report.toString());

        assertThat(outcome.exitCode()).as(outcome.err()).isEqualTo(ExitCodes.SUCCESS);
        assertThat(TestJobJars.read(report)).contains("master=local[*]", "slots=1", "combine=4");
    }

    @Test
    void aBadKeyInTheDefaultsFileIsAUsageErrorNamingTheFile() throws IOException {
        Path conf = Files.createDirectories(work.resolve("conf"));
        Files.writeString(conf.resolve("mars-defaults.properties"), "worker.slots=2\n");

        SubmitOutcome outcome = SubmitOutcome.run(Optional.of(conf), jars.appJar.toString(), "write",
                report.toString());

        assertThat(outcome.exitCode()).isEqualTo(ExitCodes.USAGE);
        assertThat(outcome.err()).contains("mars-defaults.properties", "worker.slots");
        assertThat(report).doesNotExist();
    }
}
