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

    private static MarsException invalid(String key, String value, String what) {
        return new MarsException(ErrorCode.INVALID_CONFIG, key + " must be " + what + ", got '" + value + "'");
    }
}
