package io.mars.common.rpc.flight;

import io.mars.common.config.Settings;
import java.time.Duration;
import java.util.Map;

/**
 * Worker heartbeats, read by both ends: a worker beats every {@value #INTERVAL} ms (default 1000); the AM drops a worker
 * silent for {@value #TIMEOUT} ms (default 15000), and a worker that cannot reach the AM that long exits.
 */
public record HeartbeatConfig(Duration interval, Duration timeout) {
    public static final String INTERVAL = "mars.worker.heartbeat-interval-ms";
    public static final String TIMEOUT = "mars.worker.heartbeat-timeout-ms";

    /**
     * How long past {@value #TIMEOUT} a worker whose AM is unreachable waits for a new AM attempt to reattach it, in ms;
     * 0 (the default) stops it at the timeout. The AM sets it when the application keeps its containers across AM
     * attempts.
     */
    public static final String FAILOVER_WAIT = "mars.worker.am-failover-wait-ms";

    public static Duration failoverWait(Map<String, String> conf) {
        return millis(conf, FAILOVER_WAIT, 0);
    }

    public static HeartbeatConfig from(Map<String, String> conf) {
        return new HeartbeatConfig(millis(conf, INTERVAL, 1000), millis(conf, TIMEOUT, 15_000));
    }

    private static Duration millis(Map<String, String> conf, String key, long otherwise) {
        return Duration.ofMillis(Settings.longValue(conf, key, otherwise, "a whole number of ms"));
    }
}
