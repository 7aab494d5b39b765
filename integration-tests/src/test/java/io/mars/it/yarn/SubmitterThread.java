package io.mars.it.yarn;

import io.mars.submit.cli.MarsSubmit;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.apache.hadoop.yarn.api.records.ApplicationId;

/**
 * A waiting {@code mars-submit} on a thread of its own (its library entry point, in the test's JVM), with a mini
 * cluster's {@code HADOOP_CONF_DIR}: what it printed so far, its application id once printed, its exit code.
 */
record SubmitterThread(CompletableFuture<Integer> exit, ByteArrayOutputStream out, ByteArrayOutputStream errBuffer,
                       Duration patience) {
    static SubmitterThread start(MiniHadoop hadoop, List<String> args, Duration patience) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        CompletableFuture<Integer> exit = CompletableFuture.supplyAsync(() -> MarsSubmit.run(
                args.toArray(new String[0]), new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8),
                Map.of("HADOOP_CONF_DIR", hadoop.confDir.toString())));
        return new SubmitterThread(exit, out, err, patience);
    }

    /** The application id, the first line it prints; fails when it ended or took longer than its patience. */
    ApplicationId appId() throws InterruptedException {
        long deadline = System.nanoTime() + patience.toNanos();
        while (out.size() == 0 && !exit.isDone()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("timed out waiting for the application id: " + err());
            }
            Thread.sleep(50);
        }
        String line = out.toString(StandardCharsets.UTF_8).lines().findFirst()
                .orElseThrow(() -> new AssertionError("no application id: " + err()));
        return ApplicationId.fromString(line.trim());
    }

    /** Its exit code, once it returned (at most its patience). */
    int exitCode() throws Exception {
        return exit.get(patience.toMillis(), TimeUnit.MILLISECONDS);
    }

    String err() {
        return errBuffer.toString(StandardCharsets.UTF_8);
    }
}
