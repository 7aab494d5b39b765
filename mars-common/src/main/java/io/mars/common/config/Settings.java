package io.mars.common.config;

import io.mars.common.error.ErrorCode;
import io.mars.common.error.MarsException;
import java.util.Map;

/**
 * Reads numeric {@code mars.*} settings from a configuration map. A missing key gives the default; a value that is
 * not a whole number (or does not fit) is an {@code INVALID_CONFIG} error naming the key and the value. Range rules
 * stay with each setting's own record.
 */
public final class Settings {
    private Settings() {
    }

    /** The whole number at {@code key}, or {@code otherwise} when the key is absent. */
    public static long longValue(Map<String, String> conf, String key, long otherwise) {
        return longValue(conf, key, otherwise, "a whole number");
    }

    /**
     * The whole number at {@code key}, or {@code otherwise} when absent; {@code what} describes a valid value in the
     * error ("a whole number of ms").
     */
    public static long longValue(Map<String, String> conf, String key, long otherwise, String what) {
        String v = conf.get(key);
        if (v == null) {
            return otherwise;
        }
        try {
            return Long.parseLong(v.trim());
        } catch (NumberFormatException e) {
            throw invalid(key, v, what);
        }
    }

    /** {@link #longValue} for settings held in an int. */
    public static int intValue(Map<String, String> conf, String key, int otherwise) {
        return intValue(conf, key, otherwise, "a whole number");
    }

    public static int intValue(Map<String, String> conf, String key, int otherwise, String what) {
        long v = longValue(conf, key, otherwise, what);
        if (v != (int) v) {
            throw invalid(key, conf.get(key), what);
        }
        return (int) v;
    }

    /**
     * A byte count, or a percentage of {@code of} bytes ({@code "25%"}); {@code ofWhat} names what the percentage
     * refers to in the error ("the worker's memory"). Zero, negative and malformed values are INVALID_CONFIG errors.
     */
    public static long bytesOrPercent(String key, String value, long of, String ofWhat) {
        String v = value.trim();
        try {
            if (v.endsWith("%")) {
                double p = Double.parseDouble(v.substring(0, v.length() - 1).trim());
                if (!(p > 0 && p <= 100)) {
                    throw new MarsException(ErrorCode.INVALID_CONFIG, key + " must be a percentage in (0%, 100%], got '"
                            + value + "'");
                }
                return Math.max(1, (long) (of * p / 100));
            }
            long bytes = Long.parseLong(v);
            if (bytes <= 0) {
                throw new MarsException(ErrorCode.INVALID_CONFIG, key + " must be a positive byte count or a percentage,"
                        + " got '" + value + "'");
            }
            return bytes;
        } catch (NumberFormatException e) {
            throw new MarsException(ErrorCode.INVALID_CONFIG, key + " must be a byte count (e.g. 1073741824) or a"
                    + " percentage of " + ofWhat + " (e.g. 50%), got '" + value + "'");
        }
    }

    private static MarsException invalid(String key, String value, String what) {
        return new MarsException(ErrorCode.INVALID_CONFIG, key + " must be " + what + ", got '" + value + "'");
    }
}
