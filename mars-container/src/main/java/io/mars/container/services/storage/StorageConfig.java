package io.mars.container.services.storage;

import io.mars.common.config.Settings;
import io.mars.common.error.ErrorCode;
import io.mars.common.error.MarsException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Map;
import java.util.Optional;

/**
 * Settings of a worker's storage.
 * <ul>
 * <li>{@value #CACHE_MEM}: bytes of chunk data the worker keeps in memory, as a byte count or a percentage of the
 * worker's memory (default {@value #DEFAULT_CACHE_MEM}).</li>
 * <li>{@value #SOFT_LIMIT} / {@value #HARD_LIMIT}: percentages of the cache: past the soft limit the coldest unpinned
 * chunks are spilled; past the hard limit a put or a reservation waits for spills (defaults 75% / 90%).</li>
 * <li>{@value #SPILL_DIRS}: comma-separated local directories to spill to, used round-robin; {@code none} for no
 * local disk level. Default: the YARN local dirs ({@code LOCAL_DIRS}) when present, else the temp dir.</li>
 * <li>{@value #SPILL_HDFS_DIR}: a Hadoop file system directory (e.g. {@code hdfs://nn:8020/tmp/mars-spill}) used when
 * every local directory is full or failed, or as the only disk level; unset: no HDFS level.</li>
 * <li>{@value #SPILL_MAX_BYTES}: the most bytes this worker keeps in spill files on its local directories, as a byte
 * count or a percentage of the space usable on them when the worker starts (default {@value #DEFAULT_SPILL_MAX_BYTES},
 * which leaves a reserve for everything else on those disks). Past it, and when the HDFS level (if any) is full too,
 * a subtask that needs room fails with {@code STORAGE_FULL} instead of filling the disk or the heap.</li>
 * </ul>
 *
 * @param cacheBytes  the memory quota in bytes
 * @param softLimit   fraction of {@code cacheBytes} above which chunks are spilled
 * @param hardLimit   fraction of {@code cacheBytes} above which puts and reservations wait
 * @param spillDirs   local spill directories (empty: no local disk level)
 * @param hdfsDir     the HDFS spill directory, or null
 * @param blockBytes  bytes moved per block when spilling and reading back
 * @param spillMax    {@value #SPILL_MAX_BYTES} as given: bytes, or a percentage of the usable space at start
 */
public record StorageConfig(long cacheBytes, double softLimit, double hardLimit, List<Path> spillDirs, String hdfsDir,
                            int blockBytes, String spillMax) {
    public static final String CACHE_MEM = "mars.worker.cache-mem";
    public static final String SOFT_LIMIT = "mars.worker.cache-mem.soft-limit";
    public static final String HARD_LIMIT = "mars.worker.cache-mem.hard-limit";
    public static final String SPILL_DIRS = "mars.worker.spill-dirs";
    public static final String SPILL_HDFS_DIR = "mars.worker.spill.hdfs-dir";
    public static final String SPILL_MAX_BYTES = "mars.worker.spill.max-bytes";
    public static final String DEFAULT_SPILL_MAX_BYTES = "90%";
    public static final String DEFAULT_CACHE_MEM = "50%";
    public static final String DEFAULT_SOFT_LIMIT = "75%";
    public static final String DEFAULT_HARD_LIMIT = "90%";
    /** The value of {@value #SPILL_DIRS} that turns the local disk level off. */
    public static final String NO_DIRS = "none";
    static final int DEFAULT_BLOCK_BYTES = 1 << 20;

    public StorageConfig {
        if (cacheBytes <= 0) {
            throw new MarsException(ErrorCode.INVALID_CONFIG, CACHE_MEM + " must be more than 0 bytes, got "
                    + cacheBytes);
        }
        if (!(softLimit > 0 && softLimit <= hardLimit && hardLimit <= 1)) {
            throw new MarsException(ErrorCode.INVALID_CONFIG, SOFT_LIMIT + " and " + HARD_LIMIT + " must satisfy"
                    + " 0% < soft <= hard <= 100%, got " + percent(softLimit) + " and " + percent(hardLimit));
        }
        Settings.bytesOrPercent(SPILL_MAX_BYTES, Objects.requireNonNull(spillMax, "spillMax"), 1,
                "the usable disk space"); // validates it
        if (blockBytes < 4096) {
            throw new MarsException(ErrorCode.INVALID_CONFIG, "spill blocks must hold at least 4096 bytes, got "
                    + blockBytes);
        }
        spillDirs = List.copyOf(spillDirs);
    }

    /** A quota of {@code cacheBytes} with the default limits, spilling to {@code spillDirs} only. */
    public static StorageConfig of(long cacheBytes, List<Path> spillDirs) {
        return new StorageConfig(cacheBytes, 0.75, 0.9, spillDirs, null, DEFAULT_BLOCK_BYTES, DEFAULT_SPILL_MAX_BYTES);
    }

    /**
     * Reads the keys above from {@code conf}; {@code workerMemoryBytes} (the container's size, or this worker's share
     * of the JVM heap in local mode) is what a percentage of {@value #CACHE_MEM} refers to, and {@code env} the
     * process environment (for {@code LOCAL_DIRS}).
     */
    public static StorageConfig from(Map<String, String> conf, long workerMemoryBytes, Map<String, String> env) {
        long cache = Settings.bytesOrPercent(CACHE_MEM, conf.getOrDefault(CACHE_MEM, DEFAULT_CACHE_MEM),
                workerMemoryBytes, "the worker's memory");
        double soft = fraction(SOFT_LIMIT, conf.getOrDefault(SOFT_LIMIT, DEFAULT_SOFT_LIMIT));
        double hard = fraction(HARD_LIMIT, conf.getOrDefault(HARD_LIMIT, DEFAULT_HARD_LIMIT));
        String hdfs = Optional.ofNullable(conf.get(SPILL_HDFS_DIR)).map(String::trim).filter(s -> !s.isEmpty())
                .orElse(null);
        return new StorageConfig(cache, soft, hard, spillDirs(conf.get(SPILL_DIRS), env), hdfs, DEFAULT_BLOCK_BYTES,
                conf.getOrDefault(SPILL_MAX_BYTES, DEFAULT_SPILL_MAX_BYTES));
    }

    private static List<Path> spillDirs(String value, Map<String, String> env) {
        String v = value == null || value.isBlank() ? env.get("LOCAL_DIRS") : value.trim();
        if (v == null || v.isBlank()) {
            return List.of(Path.of(System.getProperty("java.io.tmpdir")));
        }
        if (v.equalsIgnoreCase(NO_DIRS)) {
            return List.of();
        }
        List<Path> dirs = new ArrayList<>();
        for (String part : v.split(",")) {
            if (!part.isBlank()) {
                dirs.add(Path.of(part.trim()));
            }
        }
        if (dirs.isEmpty()) {
            throw new MarsException(ErrorCode.INVALID_CONFIG, SPILL_DIRS + " names no directory: '" + v
                    + "'; give a comma-separated list of directories, or 'none'");
        }
        return dirs;
    }

    private static double fraction(String key, String value) {
        String v = value.trim();
        try {
            double p = Double.parseDouble(v.endsWith("%") ? v.substring(0, v.length() - 1).trim() : v);
            if (!(p > 0 && p <= 100)) {
                throw new NumberFormatException();
            }
            return p / 100;
        } catch (NumberFormatException e) {
            throw new MarsException(ErrorCode.INVALID_CONFIG, key + " must be a percentage of " + CACHE_MEM
                    + " in (0%, 100%] (e.g. 75%), got '" + value + "'");
        }
    }

    private static String percent(double f) {
        return Math.round(f * 1000) / 10.0 + "%";
    }

    public long softBytes() {
        return (long) (cacheBytes * softLimit);
    }

    public long hardBytes() {
        return (long) (cacheBytes * hardLimit);
    }
}
