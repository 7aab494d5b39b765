package io.mars.common.memory;

import io.mars.common.error.ErrorCode;
import io.mars.common.error.MarsException;
import java.util.ArrayList;
import java.util.List;

/**
 * How a worker JVM divides its YARN container, so that the process stays below the container's size (the
 * NodeManager's pmem check kills a container whose resident memory passes it). The AM launches the worker with
 * {@link #jvmOptions()}; the worker computes the same layout from the container size to cap its Arrow allocator and to
 * size its storage quota.
 *
 * <p>The container holds, with every part capped by a JVM flag or by a budget that the JVM flags bound:
 * <ul>
 * <li>a fixed overhead of {@value #FIXED_OVERHEAD_MB} MB: metaspace ({@code -XX:MaxMetaspaceSize}, {@value
 * #METASPACE_MB} MB), the JIT's code cache ({@code -XX:ReservedCodeCacheSize}, {@value #CODE_CACHE_MB} MB), thread
 * stacks ({@value #THREADS_MB} MB: the pages a worker's ~60 threads touch), JVM internals (symbols, compiler arenas,
 * the class-data archive: {@value #JVM_INTERNAL_MB} MB) and native libraries and malloc ({@value #NATIVE_MB} MB:
 * OpenBLAS buffers, zlib/snappy, glibc arenas, capped by {@code MALLOC_ARENA_MAX=2});</li>
 * <li>of the rest: {@value #HEAP_PERCENT}% heap ({@code -Xmx}), {@value #GC_PERCENT}% for the garbage collector's
 * structures (G1's remembered sets and bitmaps, measured at ~7% of the heap), and {@value #DIRECT_PERCENT}% direct
 * memory ({@code -XX:MaxDirectMemorySize}).</li>
 * </ul>
 * Every off-heap byte of Arrow and of gRPC/Flight goes through Netty's pools; with {@code -Dio.netty.maxDirectMemory=0}
 * Netty takes them as JDK direct buffers, so they all count against {@code MaxDirectMemorySize} (without it Netty keeps
 * its own, second counter up to the same size). Arrow's root allocator is capped at {@link #arrowBytes()}: the direct
 * memory less a quarter (at least {@value #TRANSPORT_MIN_MB} MB) kept for the RPC transport and NIO buffers.
 *
 * <p>The storage quota ({@code mars.worker.cache-mem}) is one budget for chunk data wherever it lives: tensor chunks
 * on the heap, table chunks in Arrow memory. A percentage of it refers to {@link #dataBytes()}, the smaller of the
 * heap and the Arrow cap, so the stored data fits either alone; the rest of the heap and of the Arrow cap is for the
 * subtasks' working memory.
 *
 * @param containerBytes the container's memory
 * @param heapBytes      {@code -Xmx}
 * @param directBytes    {@code -XX:MaxDirectMemorySize}
 * @param arrowBytes     the Arrow root allocator's limit (part of the direct memory)
 * @param overheadBytes  the rest: metaspace, code cache, stacks, GC, JVM internals, native
 */
public record WorkerMemory(long containerBytes, long heapBytes, long directBytes, long arrowBytes,
                           long overheadBytes) {
    /** The container size in MB, set by the user for the AM and passed on by the AM to every worker it launches. */
    public static final String CONTAINER_MB = "mars.yarn.worker.memory";
    public static final int METASPACE_MB = 80;
    public static final int CODE_CACHE_MB = 40;
    public static final int THREADS_MB = 16;
    public static final int JVM_INTERNAL_MB = 40;
    public static final int NATIVE_MB = 24;
    public static final int FIXED_OVERHEAD_MB = METASPACE_MB + CODE_CACHE_MB + THREADS_MB + JVM_INTERNAL_MB + NATIVE_MB;
    public static final int HEAP_PERCENT = 55;
    public static final int GC_PERCENT = 5;
    public static final int DIRECT_PERCENT = 40;
    public static final int TRANSPORT_MIN_MB = 16;
    /** The direct memory from which Netty's pool chunks are made 16 MiB (see {@link #jvmOptions()}). */
    public static final int LARGE_POOL_CHUNKS_MB = 1024;
    /** The smallest container a worker fits in: the fixed overhead plus 64 MB of heap and 48 MB of direct memory. */
    public static final int MIN_CONTAINER_MB = FIXED_OVERHEAD_MB + 128;
    private static final long MB = 1L << 20;

    public WorkerMemory {
        if (heapBytes <= 0 || directBytes <= 0 || arrowBytes <= 0 || arrowBytes > directBytes || overheadBytes < 0
                || heapBytes + directBytes + overheadBytes > containerBytes) {
            throw new MarsException(ErrorCode.INTERNAL_ERROR, "inconsistent worker memory layout: container "
                    + containerBytes + ", heap " + heapBytes + ", direct " + directBytes + ", arrow " + arrowBytes
                    + ", overhead " + overheadBytes + " bytes");
        }
    }

    /**
     * The layout of a container of {@code containerMb} MB; {@code key} names the setting it came from, for the error
     * when the container is too small.
     */
    public static WorkerMemory forContainer(int containerMb, String key) {
        if (containerMb < MIN_CONTAINER_MB) {
            throw new MarsException(ErrorCode.INVALID_CONFIG, key + "=" + containerMb + " MB is too small for a worker:"
                    + " its JVM needs " + FIXED_OVERHEAD_MB + " MB for metaspace, code cache, thread stacks and native"
                    + " memory plus at least 128 MB of heap and direct memory; give at least " + MIN_CONTAINER_MB
                    + " MB");
        }
        long rest = containerMb - FIXED_OVERHEAD_MB;
        long heapMb = rest * HEAP_PERCENT / 100;
        long directMb = rest * DIRECT_PERCENT / 100;
        long transportMb = Math.max(TRANSPORT_MIN_MB, directMb / 4);
        return new WorkerMemory(containerMb * MB, heapMb * MB, directMb * MB, (directMb - transportMb) * MB,
                (containerMb - heapMb - directMb) * MB);
    }

    /** What a percentage of {@code mars.worker.cache-mem} refers to: the smaller of the heap and the Arrow cap. */
    public long dataBytes() {
        return Math.min(heapBytes, arrowBytes);
    }

    /**
     * The worker JVM's memory flags. With at least {@value #LARGE_POOL_CHUNKS_MB} MB of direct memory Netty's pool
     * chunks are 16 MiB (maxOrder 11; its default is 4 MiB), so the 8 MB buffers of million-row columns are pooled
     * and reused rather than a fresh allocation, with fresh pages to fault in, each time; smaller containers keep
     * the default, whose chunks waste less of a small budget.
     */
    public List<String> jvmOptions() {
        List<String> options = new ArrayList<>(List.of("-Xmx" + heapBytes / MB + "m",
                "-Xms" + Math.min(heapBytes / MB, 64) + "m", "-XX:MaxDirectMemorySize=" + directBytes / MB + "m",
                "-XX:MaxMetaspaceSize=" + METASPACE_MB + "m", "-XX:ReservedCodeCacheSize=" + CODE_CACHE_MB + "m",
                "-Dio.netty.maxDirectMemory=0"));
        if (largePoolChunks(directBytes)) {
            options.add("-D" + NETTY_MAX_ORDER + "=" + LARGE_POOL_MAX_ORDER);
        }
        return List.copyOf(options);
    }

    /** Netty's setting for the order of its pool chunks (8 KiB pages << order); read once, when Netty loads. */
    public static final String NETTY_MAX_ORDER = "io.netty.allocator.maxOrder";
    /** 16 MiB pool chunks. */
    static final int LARGE_POOL_MAX_ORDER = 11;

    /** Whether a JVM with {@code directBytes} of direct memory should pool in 16 MiB chunks (see {@link #jvmOptions()}). */
    public static boolean largePoolChunks(long directBytes) {
        return directBytes >= LARGE_POOL_CHUNKS_MB * MB;
    }

    /**
     * For a JVM that did not start with {@link #jvmOptions()} (mars-submit's own, which runs the local cluster): sets
     * {@value #NETTY_MAX_ORDER} by the same rule from this JVM's direct memory, unless it is set already. Must run
     * before Netty's pooled allocator loads. With 16 MiB chunks and the default 768 MB heap (so 768 MB of direct
     * memory), a 10^9-row sort kept most of the direct memory in chunks that held a few live buffers each and failed
     * to reserve another one; with 4 MiB chunks it completed.
     */
    public static void choosePoolChunks() {
        if (System.getProperty(NETTY_MAX_ORDER) == null
                && largePoolChunks(maxDirectBytes(java.lang.management.ManagementFactory.getRuntimeMXBean()
                .getInputArguments(), Runtime.getRuntime().maxMemory()))) {
            System.setProperty(NETTY_MAX_ORDER, Integer.toString(LARGE_POOL_MAX_ORDER));
        }
    }

    /**
     * A JVM's direct memory limit from its arguments: the last {@code -XX:MaxDirectMemorySize} (bytes, or with a
     * k/m/g suffix), else the JDK's default, the heap's maximum {@code maxHeapBytes}.
     */
    static long maxDirectBytes(List<String> jvmArguments, long maxHeapBytes) {
        String prefix = "-XX:MaxDirectMemorySize=";
        long bytes = maxHeapBytes;
        for (String a : jvmArguments) {
            if (a.startsWith(prefix)) {
                String v = a.substring(prefix.length()).trim().toLowerCase(java.util.Locale.ROOT);
                int shift = v.endsWith("k") ? 10 : v.endsWith("m") ? 20 : v.endsWith("g") ? 30 : 0;
                try {
                    bytes = Long.parseLong(shift == 0 ? v : v.substring(0, v.length() - 1)) << shift;
                } catch (NumberFormatException e) {
                    bytes = maxHeapBytes; // the JVM would not have started with it; keep the default
                }
            }
        }
        return bytes;
    }

    /** One line for the worker's log. */
    public String describe() {
        return "container " + containerBytes / MB + " MB = heap " + heapBytes / MB + " MB + direct "
                + directBytes / MB + " MB (Arrow up to " + arrowBytes / MB + " MB) + overhead " + overheadBytes / MB
                + " MB (metaspace <= " + METASPACE_MB + ", code cache <= " + CODE_CACHE_MB + ", stacks "
                + THREADS_MB + ", JVM " + JVM_INTERNAL_MB + ", native " + NATIVE_MB + ", GC "
                + (overheadBytes / MB - FIXED_OVERHEAD_MB) + ")";
    }
}
