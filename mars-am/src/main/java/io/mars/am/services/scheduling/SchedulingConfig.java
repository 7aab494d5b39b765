package io.mars.am.services.scheduling;

import io.mars.common.config.Settings;
import io.mars.common.error.ErrorCode;
import io.mars.common.error.MarsException;
import java.util.Map;

/**
 * Settings of the scheduler.
 *
 * <ul>
 *   <li>{@value #MAX_ATTEMPTS}: how many times one subtask may run before its task fails, counting the first run and
 *       every rerun after its worker, or a worker holding its inputs, was lost (default 4).</li>
 * </ul>
 */
public record SchedulingConfig(int maxAttempts) {
    public static final String MAX_ATTEMPTS = "mars.subtask.max-attempts";

    public SchedulingConfig {
        if (maxAttempts < 1) {
            throw new MarsException(ErrorCode.INVALID_CONFIG, MAX_ATTEMPTS + " must be at least 1, got " + maxAttempts);
        }
    }

    public static SchedulingConfig defaults() {
        return new SchedulingConfig(4);
    }

    public static SchedulingConfig from(Map<String, String> conf) {
        return new SchedulingConfig(Settings.intValue(conf, MAX_ATTEMPTS, defaults().maxAttempts()));
    }
}
