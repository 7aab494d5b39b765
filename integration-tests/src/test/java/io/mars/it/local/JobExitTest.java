package io.mars.it.local;

import static org.assertj.core.api.Assertions.assertThat;

import io.mars.it.yarn.AmClasspath;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.jar.Attributes;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A job's own {@code System.exit(n)} under {@code bin/mars-submit --master local[1]}, a process of its own on the
 * shipped jars: {@code exit(3)} is FAILED (exit 1, the code in the message), never mars-submit's 3 (KILLED);
 * {@code exit(0)} is success.
 */
class JobExitTest {
    @TempDir
    static Path tmp;
    private static Path jar;

    /** A job jar whose main calls {@code System.exit(Integer.parseInt(args[0]))}, compiled here. */
    @BeforeAll
    static void buildJobJar() throws IOException {
        Path src = Files.createDirectories(tmp.resolve("src/exitjob"));
        Files.writeString(src.resolve("ExitJob.java"), """
                package exitjob;

                public class ExitJob {
                    public static void main(String[] args) {
                        System.out.println("exiting with " + args[0]);
                        System.exit(Integer.parseInt(args[0]));
                    }
                }
                """);
        Path classes = Files.createDirectories(tmp.resolve("classes"));
        int rc = ToolProvider.getSystemJavaCompiler().run(null, null, null, "--release", "17", "-d",
                classes.toString(), src.resolve("ExitJob.java").toString());
        assertThat(rc).isZero();
        Manifest manifest = new Manifest();
        manifest.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
        manifest.getMainAttributes().put(Attributes.Name.MAIN_CLASS, "exitjob.ExitJob");
        jar = tmp.resolve("exit-job.jar");
        try (JarOutputStream out = new JarOutputStream(Files.newOutputStream(jar), manifest)) {
            out.putNextEntry(new JarEntry("exitjob/ExitJob.class"));
            Files.copy(classes.resolve("exitjob/ExitJob.class"), (OutputStream) out);
            out.closeEntry();
        }
    }

    private record Run(int exitCode, String out, String err) {
    }

    private static Run submit(String code) throws Exception {
        Path out = tmp.resolve("out-" + code);
        Path err = tmp.resolve("err-" + code);
        Process p = new ProcessBuilder(List.of("bash", AmClasspath.distribution().resolve("bin/mars-submit").toString(),
                "--master", "local[1]", "--quiet", jar.toString(), code))
                .redirectOutput(out.toFile()).redirectError(err.toFile()).start();
        try {
            assertThat(p.waitFor(60, TimeUnit.SECONDS)).as("mars-submit ends").isTrue();
            return new Run(p.exitValue(), Files.readString(out), Files.readString(err));
        } finally {
            p.destroyForcibly();
        }
    }

    @Test
    void aJobsExitThreeIsFailedWithItsCodeInTheMessage() throws Exception {
        Run run = submit("3");
        assertThat(run.exitCode()).as(run.err()).isEqualTo(1);
        assertThat(run.out()).contains("exiting with 3");
        assertThat(run.err()).contains("job exitjob.ExitJob failed: the job called System.exit(3)");
        assertThat(run.err()).as("no security manager, so no JDK warning about one")
                .doesNotContain("WARNING: A terminally deprecated method").doesNotContain("setSecurityManager");
    }

    @Test
    void aJobsExitZeroIsSuccess() throws Exception {
        Run run = submit("0");
        assertThat(run.exitCode()).as(run.err()).isZero();
        assertThat(run.out()).contains("exiting with 0");
        assertThat(run.err()).doesNotContain("failed");
    }
}
