package io.mars.container.kernels;

import io.mars.common.error.ErrorCode;
import io.mars.common.error.MarsException;
import java.util.Locale;
import java.util.Map;

/**
 * Which BLAS a worker process's matrix products use ({@value #KEY}). The library loads once per process,
 * so the choice is read from the process's system property when the first product runs, not per worker.
 */
public enum BlasChoice {
    /**
     * The system {@code libblas.so.3} when one loads, else the bundled OpenBLAS, else pure Java; but the bundled
     * OpenBLAS first when the system library is an OpenBLAS and {@code OPENBLAS_CORETYPE} is unset (a JVM not started
     * by Mars's scripts: see {@link BlasLibrary#systemOpenBlas()}).
     */
    AUTO,
    /** The system {@code libblas.so.3} only, else pure Java. */
    SYSTEM,
    /** The OpenBLAS shipped in the {@code org.bytedeco:openblas} jar, else pure Java. */
    BUNDLED,
    /** No native library: the pure-Java loops. */
    JAVA;

    /** The setting (a worker's, see {@code WorkerConfig}). */
    public static final String KEY = "mars.worker.blas";

    /** The choice a setting names, case-insensitively; unset is {@link #AUTO}. */
    public static BlasChoice from(Map<String, String> conf) {
        return parse(conf.get(KEY));
    }

    /** The choice {@code value} names; null or blank is {@link #AUTO}, anything else unknown a configuration error. */
    public static BlasChoice parse(String value) {
        if (value == null || value.isBlank()) {
            return AUTO;
        }
        try {
            return valueOf(value.trim().toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new MarsException(ErrorCode.INVALID_CONFIG,
                    KEY + " must be one of auto, system, bundled, java, got " + value);
        }
    }
}
