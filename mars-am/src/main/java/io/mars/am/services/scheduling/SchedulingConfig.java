package io.mars.am.services.scheduling;

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
        String v = conf.get(MAX_ATTEMPTS);
        if (v == null) {
            return defaults();
        }
        try {
            return new SchedulingConfig(Integer.parseInt(v.trim()));
        } catch (NumberFormatException e) {
            throw new MarsException(ErrorCode.INVALID_CONFIG, MAX_ATTEMPTS + " must be a whole number, got '" + v
                    + "'; e.g. " + MAX_ATTEMPTS + "=4");
        }
    }
}
