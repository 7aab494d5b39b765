package io.mars.container.rpc;

import io.mars.common.error.ErrorCode;
import io.mars.common.error.MarsException;
import io.mars.common.memory.ArrowAllocators;
import io.mars.common.memory.ProcessMemory;
import io.mars.common.memory.WorkerMemory;
import io.mars.common.rpc.flight.HeartbeatConfig;
import io.mars.common.rpc.flight.RpcSecret;
import io.mars.common.wire.Warmup;
import io.mars.container.WorkerConfig;
import io.mars.container.kernels.DataFrameKernels;
import io.mars.container.kernels.KernelRegistry;
import io.mars.container.services.storage.StorageConfig;
import io.mars.container.services.storage.internal.TieredStorage;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A worker process's life, whoever launched it (a YARN container, {@code bin/mars-worker}): its memory divided as
 * {@link WorkerMemory} lays out a process of {@value WorkerMemory#CONTAINER_MB} MB, a {@link NetworkedWorker}
 * registered with the supervisor, serving until the supervisor drops it, is gone, or {@code stop} completes; then
 * everything it holds (spill files included) is released.
 */
public final class WorkerProcess {
    private static final Logger LOG = LoggerFactory.getLogger(WorkerProcess.class);

    private WorkerProcess() {
    }

    /** What the worker's memory is divided into: from its process size, or (none given) its heap. */
    private record Sizing(long dataBytes, long arrowBytes, String description) {
    }

    private static Sizing sizing(Map<String, String> conf) {
        String processMb = conf.get(WorkerMemory.CONTAINER_MB);
        if (processMb == null) {
            long heap = Runtime.getRuntime().maxMemory();
            return new Sizing(heap, Long.MAX_VALUE, "no container size given (" + WorkerMemory.CONTAINER_MB
                    + "): quota relative to the heap, Arrow unbounded");
        }
        WorkerMemory m;
        try {
            m = WorkerMemory.forContainer(Integer.parseInt(processMb.trim()), WorkerMemory.CONTAINER_MB);
        } catch (NumberFormatException e) {
            throw new MarsException(ErrorCode.INVALID_CONFIG, WorkerMemory.CONTAINER_MB
                    + " must be a whole number of MB, got '" + processMb + "'");
        }
        return new Sizing(m.dataBytes(), m.arrowBytes(), m.describe());
    }

    /**
     * Runs worker {@code id}, serving on {@code host}, registered with the supervisor at
     * {@code supervisorHost:supervisorPort}; {@code env} gives the default spill directories (YARN's
     * {@code LOCAL_DIRS}); user functions (mapChunk, Series.map, ...) are read through {@code userClasses}. Returns
     * why it stopped, once it has released everything.
     */
    public static String serve(String id, String host, Map<String, String> conf, Map<String, String> env,
                               RpcSecret secret, String supervisorHost, int supervisorPort, ClassLoader userClasses,
                               CompletableFuture<String> stop) {
        return serve(id, host, conf, env, secret, supervisorHost, supervisorPort, userClasses, stop, (h, p) -> { });
    }

    /** As the other; {@code onReattach} is told the address of each new AM attempt that takes the worker over. */
    public static String serve(String id, String host, Map<String, String> conf, Map<String, String> env,
                               RpcSecret secret, String supervisorHost, int supervisorPort, ClassLoader userClasses,
                               CompletableFuture<String> stop,
                               java.util.function.BiConsumer<String, Integer> onReattach) {
        HeartbeatConfig heartbeats = HeartbeatConfig.from(conf);
        try (RootAllocator warm = ArrowAllocators.root()) {
            Warmup.codecs(warm); // before registering: the first subtask does not load the codecs' classes then
        }
        Sizing sizing = sizing(conf);
        StorageConfig storage = StorageConfig.from(conf, sizing.dataBytes(), env);
        LOG.info("worker {} memory: {}; JVM max heap {} MB; storage quota {} bytes ({} of {} bytes of data memory),"
                + " soft {} / hard {} bytes; subtasks are admitted up to {} bytes of working memory; spilling to {}",
                id, sizing.description(), Runtime.getRuntime().maxMemory() >> 20, storage.cacheBytes(),
                conf.getOrDefault(StorageConfig.CACHE_MEM, StorageConfig.DEFAULT_CACHE_MEM), sizing.dataBytes(),
                storage.softBytes(), storage.hardBytes(), storage.hardBytes(), storage.spillDirs());
        try (RootAllocator allocator = ArrowAllocators.root(sizing.arrowBytes());
             BufferAllocator tables = allocator.newChildAllocator("tables-" + id, 0, Long.MAX_VALUE);
             NetworkedWorker worker = new NetworkedWorker(id, host, WorkerConfig.from(conf),
                     new TieredStorage(id, storage, tables),
                     DataFrameKernels.register(KernelRegistry.standard(), tables, userClasses),
                     secret, supervisorHost, supervisorPort, allocator, storage.hardBytes(),
                     heartbeats.interval(), heartbeats.timeout(), HeartbeatConfig.failoverWait(conf), onReattach)) {
            String reason = (String) CompletableFuture.anyOf(worker.terminated(), stop).join();
            LOG.info("worker {} stops: {}; {}", id, reason, ProcessMemory.sample().describe());
            return reason;
        }
    }
}
