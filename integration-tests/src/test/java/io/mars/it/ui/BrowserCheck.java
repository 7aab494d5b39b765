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
    private static final Path PROGRESS_SCRIPT = Path.of("src", "test", "ui", "ui-progress.mjs");
    private static final Path PAINT_SCRIPT = Path.of("src", "test", "ui", "ui-graph-paint.mjs");
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
        return start(SCRIPT, base.toString(), SCREENSHOTS.toString(), prefix).result();
    }

    /**
     * Starts watching the task list at {@code base} in the browser: {@link Watch#result()} gives its first row once
     * RUNNING and again each time its done count changed ({@code reads}, each with {@code state} and {@code counts}),
     * up to {@code reads} reads or until the task ended.
     */
    public static Watch watchProgress(URI base, String prefix, int reads, long timeoutMs) throws IOException {
        return start(PROGRESS_SCRIPT, base.toString(), SCREENSHOTS.toString(), prefix, String.valueOf(reads),
                String.valueOf(timeoutMs));
    }

    /**
     * Opens task {@code taskId}'s view in a fresh page: {@code graphPaintMs} (the graph's first paint, from navigation
     * start, as the browser measured it), {@code graphJsonBytes} and the drawn {@code nodes}.
     */
    public static JsonNode graphPaint(URI base, String prefix, String taskId) throws IOException, InterruptedException {
        return start(PAINT_SCRIPT, base.toString(), SCREENSHOTS.toString(), prefix, taskId).result();
    }

    private static Watch start(Path script, String... args) throws IOException {
        requireChromium();
        Path stderr = Files.createTempFile("ui-check", ".err");
        List<String> command = new java.util.ArrayList<>(List.of("node", script.toString()));
        command.addAll(List.of(args));
        Process node = new ProcessBuilder(command).redirectError(stderr.toFile()).start();
        node.getOutputStream().close();
        return new Watch(node, stderr, new java.io.BufferedReader(new java.io.InputStreamReader(node.getInputStream(),
                StandardCharsets.UTF_8)));
    }

    /** A browser script running; its result is the last line it prints. */
    public record Watch(Process node, Path stderr, java.io.BufferedReader stdout) {
        /** Waits until the script printed {@code ready} (the page is open), or ended. */
        public void awaitReady() throws IOException {
            String line;
            while ((line = stdout.readLine()) != null) {
                if (line.equals("ready")) {
                    return;
                }
            }
        }

        public JsonNode result() throws IOException, InterruptedException {
            String out = stdout.lines().collect(java.util.stream.Collectors.joining("\n"));
            boolean ended = node.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS);
            if (!ended) {
                node.destroyForcibly();
            }
            String err = Files.readString(stderr, StandardCharsets.UTF_8);
            Files.delete(stderr);
            assertThat(ended).as("the browser script ended within %d s; stderr: %s", TIMEOUT_SECONDS, err).isTrue();
            assertThat(node.exitValue()).as("the browser script's exit code; stdout: %s stderr: %s", out, err)
                    .isZero();
            JsonNode result = JSON.readTree(out.lines().reduce((a, b) -> b).orElseThrow());
            assertThat(result.get("pageErrors")).as("errors in the page").isEmpty();
            return result;
        }
    }
}
