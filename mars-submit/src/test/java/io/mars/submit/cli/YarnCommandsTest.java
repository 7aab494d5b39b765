package io.mars.submit.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code status} and {@code kill} against a ResourceManager that is not there. */
class YarnCommandsTest {
    @TempDir
    Path dir;

    @Test
    void statusWithNoReachableResourceManagerFailsWithinItsBoundAndSaysWhere() throws Exception {
        int port;
        try (ServerSocket s = new ServerSocket(0)) {
            port = s.getLocalPort(); // closed again: nothing listens there
        }
        Files.writeString(dir.resolve("yarn-site.xml"), "<configuration><property><name>yarn.resourcemanager.address"
                + "</name><value>127.0.0.1:" + port + "</value></property></configuration>");
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();

        long start = System.nanoTime();
        int code = MarsSubmit.run(new String[] {"status", "application_1700000000000_0001"},
                new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8),
                Map.of("HADOOP_CONF_DIR", dir.toString()));
        long seconds = (System.nanoTime() - start) / 1_000_000_000L;

        assertThat(code).isEqualTo(ExitCodes.JOB_FAILED);
        assertThat(err.toString(StandardCharsets.UTF_8)).contains("cannot reach the ResourceManager at 127.0.0.1:" + port)
                .contains("HADOOP_CONF_DIR");
        assertThat(seconds).as("YARN's default would retry for 15 minutes").isLessThan(90);
        assertThat(out.toString(StandardCharsets.UTF_8)).isEmpty();
    }
}
