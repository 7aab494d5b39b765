package io.mars.it.local;

import static org.assertj.core.api.Assertions.assertThat;

import io.mars.it.yarn.AmClasspath;
import io.mars.it.yarn.MiniHadoop;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The JVM {@code bin/mars-submit --master local[1]} starts, as shipped: the default options (a 768 MB heap, ParallelGC),
 * {@code --driver-memory} below 4 GB (the heap, ParallelGC kept), from 4 GB (G1, which never copies the large arrays
 * of stored chunks) and {@code MARS_SUBMIT_OPTS} set by the user (taken as it is). The job prints its collectors and
 * its heap.
 */
class DriverMemoryGcTest {
    @TempDir
    static Path tmp;
    private static Path jar;

    /** A job jar whose main prints the JVM's garbage collectors and maximum heap, compiled here. */
    @BeforeAll
    static void buildJobJar() throws IOException {
        jar = MiniHadoop.jobJar(tmp, "gcjob.GcJob", """
                package gcjob;

                import java.lang.management.GarbageCollectorMXBean;
                import java.lang.management.ManagementFactory;

                public class GcJob {
                    public static void main(String[] args) {
                        for (GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) {
                            System.out.println("collector " + gc.getName());
                        }
                        System.out.println("openblas core " + System.getenv("OPENBLAS_CORETYPE"));
                        System.out.println("max heap MB " + Runtime.getRuntime().maxMemory() / (1024 * 1024));
                    }
                }
                """);
    }

    /** What the job printed under {@code bin/mars-submit --master local[1] [options]}, with MARS_SUBMIT_OPTS if given. */
    private static String submit(String opts, String... options) throws Exception {
        return submitWithCore(opts, null, options);
    }

    /** As {@link #submit(String, String...)} with OPENBLAS_CORETYPE set to {@code core} (null: unset). */
    private static String submitWithCore(String opts, String core, String... options) throws Exception {
        List<String> cmd = new ArrayList<>(List.of("bash", AmClasspath.distribution().resolve("bin/mars-submit")
                .toString(), "--master", "local[1]", "--quiet", "--class", "gcjob.GcJob"));
        cmd.addAll(List.of(options));
        cmd.add(jar.toString());
        Path out = Files.createTempFile(tmp, "out", ".txt");
        Path err = Files.createTempFile(tmp, "err", ".txt");
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectOutput(out.toFile()).redirectError(err.toFile());
        if (opts != null) {
            pb.environment().put("MARS_SUBMIT_OPTS", opts);
        } else {
            pb.environment().remove("MARS_SUBMIT_OPTS");
        }
        if (core != null) {
            pb.environment().put("OPENBLAS_CORETYPE", core);
        } else {
            pb.environment().remove("OPENBLAS_CORETYPE");
        }
        Process p = pb.start();
        try {
            assertThat(p.waitFor(60, TimeUnit.SECONDS)).as("mars-submit ends").isTrue();
            assertThat(p.exitValue()).as(Files.readString(err)).isZero();
            return Files.readString(out);
        } finally {
            p.destroyForcibly();
        }
    }

    private static long maxHeapMb(String out) {
        return Long.parseLong(out.substring(out.indexOf("max heap MB ") + "max heap MB ".length()).trim());
    }

    @Test
    void openBlasGetsTheKernelsThisCpuAllowsUnlessTheUserNamedSome() throws Exception {
        String expected = io.mars.am.yarn.OpenBlasCore.forThisCpu().orElse("null");
        assertThat(submit(null)).contains("openblas core " + expected + "\n");
        assertThat(submitWithCore(null, "Zen")).contains("openblas core Zen\n");
    }

    @Test
    void theDefaultIsASmallHeapWithParallelGc() throws Exception {
        String out = submit(null);
        assertThat(out).contains("collector PS Scavenge").doesNotContain("G1");
        assertThat(maxHeapMb(out)).isBetween(600L, 768L);
        String twoGb = submit(null, "--driver-memory", "2g");
        assertThat(twoGb).contains("collector PS Scavenge").doesNotContain("G1");
        assertThat(maxHeapMb(twoGb)).isBetween(1700L, 2048L);
    }

    @Test
    void aDriverMemoryOfFourGbOrMoreRunsG1() throws Exception {
        String out = submit(null, "--driver-memory", "4g");
        assertThat(out).contains("collector G1 Young Generation").doesNotContain("PS Scavenge");
        assertThat(maxHeapMb(out)).isBetween(3800L, 4096L);
        assertThat(submit(null, "--driver-memory", "5000")).contains("collector G1 Young Generation");
    }

    @Test
    void optionsTheUserSetAreKept() throws Exception {
        String out = submit("-XX:+UseParallelGC", "--driver-memory", "4g");
        assertThat(out).contains("collector PS Scavenge").doesNotContain("G1");
        assertThat(maxHeapMb(out)).isBetween(3400L, 4096L);
    }
}
