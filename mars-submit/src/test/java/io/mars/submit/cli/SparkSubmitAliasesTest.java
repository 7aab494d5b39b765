package io.mars.submit.cli;

import io.mars.am.yarn.AppSpec;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.mars.am.yarn.WorkerSpec;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * spark-submit's option names as aliases: --num-executors, --executor-memory and --executor-cores set what the Mars
 * options set and are named in their errors; --driver-memory sizes the AM in cluster mode and, through
 * bin/mars-submit, the heap of the submitting JVM with local[N] and in client mode.
 */
class SparkSubmitAliasesTest {
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
    void executorOptionsSetTheWorkerSettings() {
        SubmitRequest spark = resolve("--master", "yarn", "--num-executors", "5", "--executor-memory", "2g",
                "--executor-cores=3", jars.appJar.toString());
        SubmitRequest mars = resolve("--master", "yarn", "--workers", "5", "--worker-memory", "2g",
                "--worker-vcores=3", jars.appJar.toString());

        assertThat(spark.properties()).containsEntry(WorkerSpec.WORKERS, "5").containsEntry(WorkerSpec.MEMORY, "2048")
                .containsEntry(WorkerSpec.VCORES, "3");
        assertThat(spark.properties()).isEqualTo(mars.properties());
    }

    @Test
    void theLastOfAnOptionAndItsAliasWins() {
        assertThat(resolve("--master", "yarn", "--workers", "2", "--num-executors", "7", jars.appJar.toString())
                .properties()).containsEntry(WorkerSpec.WORKERS, "7");
        assertThat(resolve("--master", "yarn", "--num-executors", "7", "--workers", "2", jars.appJar.toString())
                .properties()).containsEntry(WorkerSpec.WORKERS, "2");
    }

    @Test
    void driverMemoryIsTheAmMemoryInClusterModeOnly() {
        assertThat(resolve("--master", "yarn", "--driver-memory", "3g", jars.appJar.toString()).yarn().amMemoryMb())
                .isEqualTo(3072);
        assertThat(resolve("--master", "yarn", "--driver-memory", "3g", "--am-memory", "3072",
                jars.appJar.toString()).yarn().amMemoryMb()).isEqualTo(3072);
        // client mode: the main runs here, the AM keeps its own size
        assertThat(resolve("--master", "yarn", "--deploy-mode", "client", "--driver-memory", "3g",
                jars.appJar.toString()).yarn().amMemoryMb()).isEqualTo(SubmitRequest.YarnResources.DEFAULT_AM_MEMORY_MB);
    }

    @Test
    void driverJavaOptionsGoToTheAmInClusterModeOnly() {
        assertThat(resolve("--master", "yarn", "--driver-java-options", " -Da=1  -XX:+UseSerialGC ",
                jars.appJar.toString()).properties()).containsEntry(AppSpec.AM_JAVA_OPTIONS, "-Da=1  -XX:+UseSerialGC");
        // elsewhere the main runs here: bin/mars-submit started this JVM with them
        assertThat(resolve("--master", "yarn", "--deploy-mode", "client", "--driver-java-options", "-Da=1",
                jars.appJar.toString()).properties()).doesNotContainKey(AppSpec.AM_JAVA_OPTIONS);
        assertThat(resolve("--master", "local[2]", "--driver-java-options", "-Da=1", jars.appJar.toString())
                .properties()).doesNotContainKey(AppSpec.AM_JAVA_OPTIONS);
        // the AM's launch command quotes each option for the NodeManager's shell
        assertThat(io.mars.submit.yarn.YarnSubmitter.amJavaOptions(" -Dx=it's$HOME  -Xss2m "))
                .isEqualTo("'-Dx=it'\\''s$HOME' '-Xss2m'");
        assertThat(io.mars.submit.yarn.YarnSubmitter.amJavaOptions("  ")).isEmpty();
    }

    @Test
    void aliasErrorsAreUsageErrorsNamingTheAliasTyped() {
        String app = jars.appJar.toString();
        String[][] cases = {
            {"--num-executors 0", "--master", "yarn", "--num-executors", "0", app},
            {"--executor-memory lots", "--master", "yarn", "--executor-memory", "lots", app},
            {"--executor-cores -2", "--master", "yarn", "--executor-cores=-2", app},
            {"--num-executors 3: only --master yarn", "--master", "local[2]", "--num-executors", "3", app},
            {"--driver-memory lots", "--master", "local[1]", "--driver-memory", "lots", app},
            {"give one", "--master", "yarn", "--am-memory", "1g", "--driver-memory", "2g", app},
        };
        for (String[] c : cases) {
            String[] args = java.util.Arrays.copyOfRange(c, 1, c.length);
            SubmitOutcome outcome = SubmitOutcome.run(args);
            assertThat(outcome.exitCode()).as(String.join(" ", args)).isEqualTo(ExitCodes.USAGE);
            assertThat(outcome.err()).as(String.join(" ", args)).contains(c[0]);
        }
    }

    @Test
    void helpListsTheAliases() {
        String help = SubmitOutcome.run("--help").out();
        assertThat(help).contains("spark-submit's names", "  --num-executors <n>       --workers.",
                "  --executor-memory <size>  --worker-memory.", "  --executor-cores <n>      --worker-vcores.",
                "  --driver-memory <size>");
    }

    /**
     * bin/mars-submit, run from a copy whose lib/ holds a jar and with a JAVA_HOME whose java prints its arguments:
     * the -Xms and -Xmx it adds for --driver-memory (the whole heap from the start, as its default), read from the
     * options before the app jar only.
     */
    @Test
    void theScriptSetsTheHeapForDriverMemoryWhereTheMainRunsHere() throws Exception {
        Path script = ScriptHome.create(dir, "mars.jar");
        ScriptHome.java(dir, "#!/bin/sh\nfor a in \"$@\"; do echo \"$a\"; done\n");

        assertThat(heap(script, "--master", "local[2]", "--driver-memory", "3g", "app.jar")).containsExactly("-Xms3g", "-Xmx3g");
        assertThat(heap(script, "--driver-memory=512", "--class", "A", "app.jar")).containsExactly("-Xms512m", "-Xmx512m");
        assertThat(heap(script, "--master", "yarn", "--deploy-mode", "client", "--driver-memory", "2G", "app.jar"))
                .containsExactly("-Xms2G", "-Xmx2G");
        assertThat(heap(script, "--master", "yarn", "--driver-memory", "3g", "app.jar")).as("cluster mode: the AM")
                .isEmpty();
        assertThat(heap(script, "--conf", "mars.x=--driver-memory", "app.jar", "--driver-memory", "9g"))
                .as("a value and the job's own arguments are not options").isEmpty();
        assertThat(heap(script, "--driver-memory", "lots", "app.jar")).as("left for MarsSubmit's usage error")
                .isEmpty();
        assertThat(options(script, "-D", "--master", "local[2]", "--driver-java-options", "-Da=1 -Db=x y", "app.jar"))
                .containsExactly("-Da=1", "-Db=x");
        assertThat(options(script, "-D", "--master", "yarn", "--driver-java-options=-Da=1", "app.jar"))
                .as("cluster mode: the AM's").isEmpty();
    }

    @Test
    void theScriptSkipsTheValuesOfExactlyTheOptionsThatTakeOne() throws IOException {
        String script = Files.readString(Path.of("..", "bin", "mars-submit"));
        int start = script.indexOf("value_options=\"") + "value_options=\"".length();
        String list = script.substring(start, script.indexOf('"', start)).replace("\\\n", " ");
        assertThat(java.util.Set.of(list.trim().split("\\s+"))).isEqualTo(SubmitArguments.VALUE_OPTIONS);
    }

    /** The -Xms and -Xmx options the script passes to java (MARS_SUBMIT_OPTS empty, so only its own). */
    private static List<String> heap(Path script, String... args) throws Exception {
        return options(script, "-Xm", args);
    }

    /** The arguments starting with {@code prefix} the script passes to java (MARS_SUBMIT_OPTS empty). */
    private static List<String> options(Path script, String prefix, String... args) throws Exception {
        List<String> command = new ArrayList<>(List.of(script.toString()));
        command.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(command).redirectErrorStream(true);
        pb.environment().put("JAVA_HOME", dir.resolve("jdk").toString());
        pb.environment().put("MARS_SUBMIT_OPTS", "");
        pb.environment().put("MARS_CDS_DIR", dir.resolve("cds").toString());
        Process p = pb.start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(30, TimeUnit.SECONDS)).isTrue();
        assertThat(p.exitValue()).as(out).isZero();
        List<String> jvmArgs = out.lines().takeWhile(l -> !l.equals(MarsSubmit.class.getName())).toList();
        return jvmArgs.stream().filter(l -> l.startsWith(prefix) && !l.startsWith("-Dio.netty")
                && !l.startsWith("-Djava.util.logging") && !l.startsWith("-Dlog4j")).toList();
    }

    @Test
    void principalAndKeytabAreSparkSubmitsKerberosOptionsBothOrNeitherAndOnlyForYarn() throws IOException {
        java.nio.file.Path keytab = java.nio.file.Files.writeString(dir.resolve("etl.keytab"), "k");
        SubmitRequest both = resolve("--master", "yarn", "--principal", "etl@EXAMPLE.COM", "--keytab",
                keytab.toString(), jars.appJar.toString());
        assertThat(both.properties()).containsEntry(io.mars.am.yarn.KerberosConfig.PRINCIPAL, "etl@EXAMPLE.COM")
                .containsEntry(io.mars.am.yarn.KerberosConfig.KEYTAB, keytab.toAbsolutePath().toString());

        assertThatThrownBy(() -> resolve("--master", "yarn", "--principal", "etl@EXAMPLE.COM",
                jars.appJar.toString())).hasMessageContaining("--principal etl@EXAMPLE.COM without --keytab");
        assertThatThrownBy(() -> resolve("--master", "yarn", "--keytab", keytab.toString(), jars.appJar.toString()))
                .hasMessageContaining("without --principal");
        assertThatThrownBy(() -> resolve("--master", "yarn", "--principal", "etl@EXAMPLE.COM", "--keytab",
                dir.resolve("missing.keytab").toString(), jars.appJar.toString()))
                .hasMessageContaining("--keytab: file not found");
        assertThatThrownBy(() -> resolve("--master", "local[2]", "--principal", "etl@EXAMPLE.COM", "--keytab",
                keytab.toString(), jars.appJar.toString())).hasMessageContaining("--principal: only --master yarn");
    }

    @Test
    void aKeytabForAClusterWithoutKerberosIsIgnoredWithAWarning() throws IOException {
        java.io.ByteArrayOutputStream err = new java.io.ByteArrayOutputStream();
        org.apache.hadoop.security.UserGroupInformation user = io.mars.submit.yarn.KerberosLogin.user(
                new org.apache.hadoop.conf.Configuration(), java.util.Map.of(io.mars.am.yarn.KerberosConfig.PRINCIPAL,
                        "etl@EXAMPLE.COM", io.mars.am.yarn.KerberosConfig.KEYTAB, "/k/etl.keytab"),
                Optional.empty(), new java.io.PrintStream(err, true, java.nio.charset.StandardCharsets.UTF_8));
        assertThat(user).isEqualTo(org.apache.hadoop.security.UserGroupInformation.getCurrentUser());
        assertThat(err.toString(java.nio.charset.StandardCharsets.UTF_8))
                .contains("the cluster does not use Kerberos (hadoop.security.authentication is simple)");
    }
}
