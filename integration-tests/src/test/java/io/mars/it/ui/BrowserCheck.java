package io.mars.it.ui;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;

/**
 * Runs {@code src/test/ui/ui-check.mjs} (playwright-core driving Debian's headless chromium) over the web UI at a base
 * URL and returns what its views showed. Without chromium the calling test is skipped on a developer's machine and
 * fails in CI ({@code CI=true}), where {@code .ci/run} installs it.
 */
public final class BrowserCheck {
    public static final Path CHROMIUM = Path.of(System.getenv().getOrDefault("MARS_CHROMIUM", "/usr/bin/chromium"));
    /** Screenshots, kept as test artifacts. */
    public static final Path SCREENSHOTS = Path.of("target", "ui-screenshots");
    private static final Path SCRIPT = Path.of("src", "test", "ui", "ui-check.mjs");
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final long TIMEOUT_SECONDS = 120;

    private BrowserCheck() {
    }

    /** Skips the test where there is no chromium, unless this is CI, where its absence is a failure. */
    public static void requireChromium() {
        boolean present = Files.isExecutable(CHROMIUM);
        if ("true".equals(System.getenv("CI"))) {
            assertThat(present).as("%s is missing; .ci/run installs Debian's chromium", CHROMIUM).isTrue();
        }
        Assumptions.assumeTrue(present, CHROMIUM + " is not installed (apt-get install chromium)");
    }

    /** Opens the UI at {@code base} (ending in '/'), saves screenshots named {@code prefix}-*.png, returns its views. */
    public static JsonNode check(URI base, String prefix) throws IOException, InterruptedException {
        requireChromium();
        Path stderr = Files.createTempFile("ui-check", ".err");
        Process node = new ProcessBuilder(List.of("node", SCRIPT.toString(), base.toString(),
                SCREENSHOTS.toString(), prefix)).redirectError(stderr.toFile()).start();
        node.getOutputStream().close();
        byte[] out = node.getInputStream().readAllBytes();
        boolean ended = node.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS);
        if (!ended) {
            node.destroyForcibly();
        }
        String err = Files.readString(stderr, StandardCharsets.UTF_8);
        Files.delete(stderr);
        String stdout = new String(out, StandardCharsets.UTF_8);
        assertThat(ended).as("ui-check ended within %d s; stderr: %s", TIMEOUT_SECONDS, err).isTrue();
        assertThat(node.exitValue()).as("ui-check's exit code; stdout: %s stderr: %s", stdout, err).isZero();
        JsonNode result = JSON.readTree(stdout.lines().reduce((a, b) -> b).orElseThrow());
        assertThat(result.get("pageErrors")).as("errors in the page").isEmpty();
        return result;
    }
}
