package io.mars.container;

import io.mars.container.kernels.BlasChoice;

import io.mars.common.config.Settings;
import io.mars.common.error.ErrorCode;
import io.mars.common.error.MarsException;
import java.util.Map;

/**
 * Settings of a worker. {@value #SLOTS}: subtasks run at once (the container's vcores; default 1). {@value #BLAS}:
 * which BLAS matrix products use ({@link BlasChoice}; default auto); checked here, read once per process by the
 * kernels, since a native library loads once per process.
 */
public record WorkerConfig(int slots) {
    public static final String SLOTS = "mars.worker.slots";
    public static final String BLAS = BlasChoice.KEY;

    public WorkerConfig {
        if (slots <= 0) {
            throw new MarsException(ErrorCode.INVALID_CONFIG, SLOTS + " must be at least 1, got " + slots);
        }
    }

    public static WorkerConfig from(Map<String, String> conf) {
        BlasChoice.from(conf);
        return new WorkerConfig(Settings.intValue(conf, SLOTS, 1));
    }
}
