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

    /** A key unique across processes, e.g. {@code t3fa9c01b22d0-17}. */
    public static String newKey(String kind) {
        return kind + PREFIX + "-" + Long.toString(COUNTER.incrementAndGet(), 36);
    }
}
