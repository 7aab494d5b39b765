package io.mars.submit.progress;

import io.mars.common.config.Settings;
import io.mars.common.error.ErrorCode;
import io.mars.common.error.MarsException;
import java.time.Duration;
import java.util.Map;

/**
 * Settings of {@code mars-submit}'s progress output.
 *
 * <ul>
 *   <li>{@value #INTERVAL}: when stderr is not a terminal, the least time between two progress lines, in ms (default
 *       {@value #DEFAULT_INTERVAL_MS}, at least {@value #MIN_INTERVAL_MS}); a line is printed only when the counts
 *       changed. On a terminal the line is redrawn every second whatever this says. {@code --quiet} turns progress
 *       off.</li>
 * </ul>
 *
 * @param interval the time between two progress lines on a non-terminal
 */
public record ProgressConfig(Duration interval) {
    public static final String INTERVAL = "mars.submit.progress-interval-ms";
    public static final long DEFAULT_INTERVAL_MS = 10_000;
    public static final long MIN_INTERVAL_MS = 100;

    public ProgressConfig {
        if (interval.toMillis() < MIN_INTERVAL_MS) {
            throw new MarsException(ErrorCode.INVALID_CONFIG, INTERVAL + " must be at least " + MIN_INTERVAL_MS
                    + " ms, got " + interval.toMillis());
        }
    }

    public static ProgressConfig from(Map<String, String> conf) {
        return new ProgressConfig(Duration.ofMillis(
                Settings.longValue(conf, INTERVAL, DEFAULT_INTERVAL_MS, "a whole number of ms")));
    }
}
