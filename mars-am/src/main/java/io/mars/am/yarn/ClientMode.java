package io.mars.am.yarn;

import io.mars.common.config.Settings;
import io.mars.common.concurrent.DaemonThreads;
import io.mars.common.error.ErrorCode;
import io.mars.common.error.MarsException;
import io.mars.common.rpc.flight.RpcHandler;
import io.mars.common.rpc.flight.RpcMessages;
import io.mars.common.rpc.flight.RpcMessages.FinishApplication;
import io.mars.common.wire.MessageCodec;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The AM of a client-mode application ({@code Session.yarn}, {@code mars-submit --deploy-mode client}): no job runs
 * inside it; the client that started it submits graphs over RPC, keeps it alive, and ends it. The application ends
 * when that client asks ({@link RpcMessages#FINISH_APPLICATION}, with its outcome), or fails when the client has sent
 * no keep-alive for {@value #KEEPALIVE_TIMEOUT} ms (default 60000) — a client that died must not leave its workers
 * running. Owns its monitor thread.
 */
public final class ClientMode implements AutoCloseable {
    /** How long the AM waits for a sign of life from the client that started it before it gives up. */
    public static final String KEEPALIVE_TIMEOUT = "mars.yarn.client.keepalive-timeout-ms";
    private static final Logger LOG = LoggerFactory.getLogger(ClientMode.class);
    private static final byte[] EMPTY = MessageCodec.encode(new RpcMessages.Empty());

    private final Duration timeout;
    private final CompletableFuture<Throwable> finished = new CompletableFuture<>();
    private final ScheduledExecutorService monitor =
            Executors.newSingleThreadScheduledExecutor(DaemonThreads.named("mars-client-monitor"));
    private volatile long lastSeen = System.nanoTime();

    public ClientMode(Duration timeout) {
        this.timeout = timeout;
        long every = Math.max(100, timeout.toMillis() / 4);
        monitor.scheduleWithFixedDelay(this::check, every, every, TimeUnit.MILLISECONDS);
    }

    public static ClientMode from(Map<String, String> properties) {
        return new ClientMode(keepAliveTimeout(properties));
    }

    /** The keep-alive timeout the AM applies; the client sends keep-alives at a quarter of it. */
    public static Duration keepAliveTimeout(Map<String, String> properties) {
        long ms = Settings.longValue(properties, KEEPALIVE_TIMEOUT, 60_000, "a whole number of ms");
        if (ms < 1000) {
            throw new MarsException(ErrorCode.INVALID_CONFIG, KEEPALIVE_TIMEOUT + " must be at least 1000 ms, got "
                    + ms);
        }
        return Duration.ofMillis(ms);
    }

    /** The calls the client makes on the AM's endpoint. */
    public Map<String, RpcHandler> handlers() {
        return Map.of(
                RpcMessages.KEEP_ALIVE, req -> {
                    lastSeen = System.nanoTime();
                    return CompletableFuture.completedFuture(EMPTY);
                },
                RpcMessages.FINISH_APPLICATION, req -> {
                    FinishApplication f = MessageCodec.decode(req, FinishApplication.class);
                    LOG.info("the client ends the application: {}", f.succeeded() ? "succeeded" : "failed: "
                            + f.diagnostics());
                    finished.complete(f.succeeded() ? null : new ClientFailure(f.diagnostics()));
                    return CompletableFuture.completedFuture(EMPTY);
                });
    }

    /** Completes with null when the client ends the application successfully, else with why it failed. */
    public CompletableFuture<Throwable> finished() {
        return finished;
    }

    private void check() {
        long silent = System.nanoTime() - lastSeen;
        if (silent > timeout.toNanos() && !finished.isDone()) {
            String why = "the client that started this application sent no keep-alive for "
                    + TimeUnit.NANOSECONDS.toMillis(silent) + " ms (" + KEEPALIVE_TIMEOUT + "=" + timeout.toMillis()
                    + "); it is gone, so the application ends";
            LOG.error(why);
            finished.complete(new ClientFailure(why));
        }
    }

    @Override
    public void close() {
        monitor.shutdownNow();
    }

    /** The client reported a failure, or went away: its text is the application's diagnostics. */
    static final class ClientFailure extends RuntimeException {
        ClientFailure(String message) {
            super(message, null, false, false);
        }

        @Override
        public String toString() {
            return getMessage();
        }
    }
}
