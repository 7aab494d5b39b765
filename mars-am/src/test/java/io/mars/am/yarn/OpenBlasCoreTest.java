package io.mars.am.yarn;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The worker command's OpenBLAS rule, run as the NodeManager runs a container's command (a launch script whose last
 * line is {@code exec /bin/bash -c "<command>"}): without OPENBLAS_CORETYPE in the environment the command sees the
 * core type this machine's CPU flags call for, a user's own value is kept, and the command is exec'd (it is the
 * script's process).
 */
class OpenBlasCoreTest {
    @TempDir
    Path dir;

    private long lastPid;

    @Test
    void namesTheKernelsThisCpuAllowsUnlessTheUserDid() throws Exception {
        assertThat(run(Map.of(), "printenv OPENBLAS_CORETYPE || echo unset"))
                .isEqualTo(OpenBlasCore.forThisCpu().orElse("unset"));
        assertThat(run(Map.of("OPENBLAS_CORETYPE", "Zen"), "printenv OPENBLAS_CORETYPE")).isEqualTo("Zen");
    }

    @Test
    void theCommandIsExecdWithItsRedirections() throws Exception {
        // the command prints its own pid into a file: exec'd, it is the launch script's process (no shell left
        // between the NodeManager and the JVM), and the redirection after it applies
        Path out = dir.resolve("out");
        assertThat(run(Map.of(), "sh -c 'echo \\$\\$' 1>" + out)).isEmpty();
        assertThat(Long.parseLong(Files.readString(out).trim())).isEqualTo(lastPid);
    }

    private String run(Map<String, String> env, String command) throws IOException, InterruptedException {
        Path script = dir.resolve("launch.sh");
        Files.writeString(script, "#!/bin/bash\nexec /bin/bash -c \"" + OpenBlasCore.prefixed(List.of(command))
                + "\"\n");
        ProcessBuilder pb = new ProcessBuilder("/bin/bash", script.toString()).redirectErrorStream(true);
        pb.environment().remove("OPENBLAS_CORETYPE");
        pb.environment().putAll(env);
        Process p = pb.start();
        lastPid = p.pid();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
        assertThat(p.waitFor()).as("exit of %s: %s", command, out).isZero();
        return out;
    }
}
