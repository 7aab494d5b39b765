package io.mars.common.model;

import java.security.SecureRandom;
import java.util.HexFormat;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Unique keys for tileables, sessions and tasks: a random per-process prefix and a counter.
 *
 * <p>Repeatable keys ({@link #repeatable(String)}): a cluster-mode job's main runs in the AM, and a new AM attempt runs
 * it again. For that run to find what the last one computed (results kept in ZooKeeper, chunks held by workers that
 * outlived the AM), the tileables it builds get the keys they had the first time: a digest of the scope (the
 * application), of what the tileable is (its operand's encoding and its inputs' keys) and of its place in the
 * sequence. A main that builds a different graph, or builds it in another order, gets other keys, so it can never
 * read a result that is not its own; it only computes more.
 */
public final class Keys {
    private static final String PREFIX;
    private static final AtomicLong COUNTER = new AtomicLong();
    private static final AtomicLong REPEATABLE_COUNTER = new AtomicLong();
    /** The repeatable keys' scope, or null: keys are unique per process. */
    private static volatile String scope;

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

    /**
     * From now on, {@link #newKey(String, byte[])} gives keys that repeat in another process that makes the same
     * calls in the same order under the same {@code scope} (an application id); the sequence starts again.
     */
    public static synchronized void repeatable(String scope) {
        REPEATABLE_COUNTER.set(0);
        Keys.scope = java.util.Objects.requireNonNull(scope, "scope");
    }

    /** Back to keys unique per process. */
    public static synchronized void unique() {
        scope = null;
    }

    /** Whether keys repeat across processes ({@link #repeatable(String)}). */
    public static boolean isRepeatable() {
        return scope != null;
    }

    /**
     * A tileable's key: unique per process ({@link #newKey(String)}), or, once {@link #repeatable(String)} was called,
     * a digest of the scope and {@code content} (what the tileable is) with the next number of the sequence, e.g.
     * {@code t5b0e7d31c2aa-17}.
     */
    public static String newKey(String kind, byte[] content) {
        String s = scope;
        if (s == null) {
            return newKey(kind);
        }
        java.security.MessageDigest sha;
        try {
            sha = java.security.MessageDigest.getInstance("SHA-256");
        } catch (java.security.NoSuchAlgorithmException e) {
            throw new IllegalStateException("no SHA-256", e);
        }
        sha.update(s.getBytes(java.nio.charset.StandardCharsets.UTF_8));
        sha.update((byte) 0);
        sha.update(content);
        String digest = HexFormat.of().formatHex(sha.digest(), 0, 6);
        return kind + digest + "-" + Long.toString(REPEATABLE_COUNTER.incrementAndGet(), 36);
    }

    /** A key unique across processes, e.g. {@code t3fa9c01b22d0-17}. */
    public static String newKey(String kind) {
        return kind + PREFIX + "-" + Long.toString(COUNTER.incrementAndGet(), 36);
    }
}
