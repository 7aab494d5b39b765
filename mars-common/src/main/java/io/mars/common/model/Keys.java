package io.mars.common.model;

import java.security.SecureRandom;
import java.util.HexFormat;
import java.util.concurrent.atomic.AtomicLong;

/** Unique keys for tileables, sessions and tasks: a random per-process prefix and a counter. */
public final class Keys {
    private static final String PREFIX;
    private static final AtomicLong COUNTER = new AtomicLong();

    static {
        byte[] b = new byte[6];
        new SecureRandom().nextBytes(b);
        PREFIX = HexFormat.of().formatHex(b);
    }

    private Keys() {
    }

    /**
     * Where {@code key} splits into a prefix and the decimal number ending it, such that {@code prefix + number} spells
     * it again: the position of the number's first digit, or -1 when the key does not end in such a number (no digits,
     * more than 9, a leading zero) or is only digits. Chunk keys are mostly a tileable's key, a tag and a number
     * ({@code t3fa9c01b22d0-17.m0_42}), and millions of them can be kept as shared prefixes and numbers.
     */
    public static int numberStart(String key) {
        int end = key.length();
        int start = end;
        while (start > 0 && isDigit(key.charAt(start - 1))) {
            start--;
        }
        int digits = end - start;
        if (digits == 0 || digits > 9 || start == 0 || digits > 1 && key.charAt(start) == '0') {
            return -1;
        }
        return start;
    }

    private static boolean isDigit(char c) {
        return c >= '0' && c <= '9';
    }

    /** A key unique across processes, e.g. {@code t3fa9c01b22d0-17}. */
    public static String newKey(String kind) {
        return kind + PREFIX + "-" + Long.toString(COUNTER.incrementAndGet(), 36);
    }
}
