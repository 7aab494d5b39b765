package io.mars.container.kernels;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.mars.common.error.MarsException;
import io.mars.container.WorkerConfig;
import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Which BLAS each {@code mars.worker.blas} choice gives. A native library loads once per process, so every choice runs
 * in a JVM of its own ({@link BlasProbe}), with a private {@code java.io.tmpdir} to show nothing is left there.
 */
class BlasLibraryTest {
    @TempDir
    Path tmp;

    @Test
    void bundledLoadsTheOpenBlasFromTheJarAndMultipliesAsTheJavaLoops() throws Exception {
        Map<String, List<String>> out = probe("bundled");
        assertThat(out.get("native")).containsExactly("true");
        assertThat(out.get("describe").get(0)).contains("JNIBLAS over bundled OpenBLAS 0.3.31-1.5.13");
        assertThat(Double.parseDouble(out.get("maxDiff").get(0))).isLessThan(1e-12);
        // the process maps the extracted copies (already deleted), not a system OpenBLAS or gfortran
        assertThat(out.get("mapped")).anyMatch(l -> l.startsWith(tmp + "/mars-openblas-")
                && l.endsWith("/libopenblas.so.0 (deleted)"));
        assertThat(out.get("mapped")).anyMatch(l -> l.startsWith(tmp + "/mars-openblas-")
                && l.endsWith("/libgfortran.so.5 (deleted)"));
        assertThat(out.get("mapped")).noneMatch(l -> l.contains("/usr/lib") || l.contains("/lib/x86_64"));
        // netlib's own JNI copy is deleted as soon as it is loaded too, not only at a normal exit
        assertThat(out.get("mapped")).anyMatch(l -> l.matches(".*/libnetlibblasjni\\d+\\.so \\(deleted\\)"));
        // OPENBLAS_NUM_THREADS=1 (surefire's environment) is honoured: no BLAS thread pool is started
        assertThat(out.get("threadsAdded")).containsExactly("0");
    }

    @Test
    void bundledReadsOpenBlasNumThreadsAsTheSystemLibraryDoes() throws Exception {
        assumeTrue(Runtime.getRuntime().availableProcessors() > 1, "one core: OpenBLAS starts no threads either way");
        Map<String, List<String>> out = probe("bundled", Map.of("OPENBLAS_NUM_THREADS", "2"));
        assertThat(out.get("native")).containsExactly("true");
        assertThat(out.get("threadsAdded")).containsExactly("1"); // the caller is the second
    }

    @Test
    void aKilledProcessLeavesNoLibraryBehind() throws Exception {
        Process p = new ProcessBuilder(command("bundled", "hang")).redirectErrorStream(true).start();
        try (BufferedReader out = p.inputReader(StandardCharsets.UTF_8)) {
            String line;
            while ((line = out.readLine()) != null && !line.equals("hanging")) {
                assertThat(line).doesNotStartWith("native=false");
            }
            assertThat(line).isEqualTo("hanging");
            p.destroyForcibly(); // SIGKILL: no shutdown hooks, no delete-on-exit
            assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
        }
        assertThat(list(tmp)).isEmpty();
    }

    @Test
    void javaForcesThePureJavaLoops() throws Exception {
        Map<String, List<String>> out = probe("java");
        assertThat(out.get("native")).containsExactly("false");
        assertThat(out.get("describe").get(0)).startsWith("pure-Java MatMul").contains("mars.worker.blas=java");
        assertThat(out.get("maxDiff")).containsExactly("0.0");
        assertThat(out).doesNotContainKey("mapped");
    }

    @Test
    void autoPrefersALoadableSystemLibrary() throws Exception {
        assumeTrue(BlasLibrary.system().isPresent(), "no system libblas.so.3 here");
        // the kernels named, as Mars's scripts name them: the system library, whatever it is
        Map<String, List<String>> out = probe("auto", Map.of("OPENBLAS_CORETYPE", "Haswell"));
        assertThat(out.get("native")).containsExactly("true");
        assertThat(out.get("describe").get(0)).contains("JNIBLAS over system ").contains("libblas.so.3");
        assertThat(out.get("mapped")).noneMatch(l -> l.contains("mars-openblas-"));
        assertThat(out.get("mapped")).anyMatch(l -> l.matches(".*/libnetlibblasjni\\d+\\.so \\(deleted\\)"));
    }

    @Test
    void autoPrefersTheBundledOpenBlasToASystemOneLeftToGuessTheCpu() throws Exception {
        assumeTrue(BlasLibrary.systemOpenBlas().isPresent(), "no system OpenBLAS as libblas.so.3 here");
        Map<String, String> unset = new java.util.HashMap<>();
        unset.put("OPENBLAS_CORETYPE", null);
        Map<String, List<String>> out = probe("auto", unset);
        assertThat(out.get("native")).containsExactly("true");
        assertThat(out.get("describe").get(0)).contains("JNIBLAS over bundled OpenBLAS 0.3.31")
                .contains("preferred to the system OpenBLAS").contains("OPENBLAS_CORETYPE is unset");
        assertThat(out.get("mapped")).anyMatch(l -> l.startsWith(tmp + "/mars-openblas-"));
        // the system library was never loaded beside it
        assertThat(out.get("mapped")).noneMatch(l -> l.contains("/usr/lib") && l.contains("openblas"));
    }

    @Test
    void anUnknownChoiceIsAConfigurationErrorNamingTheKeyAndValue() {
        assertThat(BlasChoice.from(Map.of())).isEqualTo(BlasChoice.AUTO);
        assertThat(BlasChoice.parse("Bundled")).isEqualTo(BlasChoice.BUNDLED);
        assertThatThrownBy(() -> WorkerConfig.from(Map.of(WorkerConfig.BLAS, "mkl")))
                .isInstanceOf(MarsException.class)
                .hasMessageContaining("mars.worker.blas").hasMessageContaining("mkl");
    }

    private Map<String, List<String>> probe(String choice) throws Exception {
        return probe(choice, Map.of());
    }

    private Map<String, List<String>> probe(String choice, Map<String, String> env) throws Exception {
        ProcessBuilder pb = new ProcessBuilder(command(choice));
        env.forEach((k, v) -> {
            if (v == null) {
                pb.environment().remove(k); // a variable unset, whatever the test's own environment holds
            } else {
                pb.environment().put(k, v);
            }
        });
        pb.redirectErrorStream(true);
        Process p = pb.start();
        String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(p.exitValue()).as(output).isZero();
        // nothing left behind: neither the extracted OpenBLAS nor netlib's own JNI library (deleted at exit)
        assertThat(list(tmp)).as(output).isEmpty();
        Map<String, List<String>> values = new java.util.LinkedHashMap<>();
        for (String line : output.split("\n")) {
            int eq = line.indexOf('=');
            if (eq > 0 && line.substring(0, eq).matches("[a-zA-Z]+")) {
                values.computeIfAbsent(line.substring(0, eq), key -> new ArrayList<>()).add(line.substring(eq + 1));
            }
        }
        return values;
    }

    private List<String> command(String choice, String... args) {
        String classPath = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
        List<String> command = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-Xmx128m",
                "-Djava.io.tmpdir=" + tmp, "-D" + WorkerConfig.BLAS + "=" + choice, "-cp", classPath,
                BlasProbe.class.getName()));
        command.addAll(List.of(args));
        return command;
    }

    private static List<Path> list(Path dir) throws IOException {
        try (Stream<Path> files = Files.list(dir)) {
            return files.toList();
        }
    }
}
