package io.mars.submit.local;

import io.mars.am.history.EventLogWriter;
import io.mars.am.services.task.TaskEvents;
import io.mars.am.state.internal.MemoryOnlyStateStore;
import io.mars.am.web.AmWebServer;
import io.mars.am.web.StatusReport;
import io.mars.am.web.TimelineRecorder;
import io.mars.am.web.WebConfig;
import java.net.URI;
import java.util.Optional;
import org.apache.hadoop.conf.Configuration;
import io.mars.common.memory.ArrowAllocators;
import io.mars.am.GraphWarmup;
import io.mars.am.Supervisor;
import io.mars.am.services.cluster.internal.StaticCluster;
import io.mars.common.error.ErrorCode;
import io.mars.common.error.MarsException;
import io.mars.common.tiling.TilerRegistry;
import io.mars.common.wire.Warmup;
import io.mars.container.Worker;
import io.mars.container.WorkerConfig;
import io.mars.container.kernels.DataFrameKernels;
import io.mars.container.kernels.KernelRegistry;
import io.mars.container.services.storage.StorageConfig;
import io.mars.container.services.storage.internal.TieredStorage;
import io.mars.submit.progress.TaskActivity;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The embedded cluster: the supervisor services and N workers in this JVM, with nothing to install. The same
 * services as on YARN, only placed in one process; the composition root of local mode.
 */
public final class LocalCluster implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(LocalCluster.class);
    private static final Pattern MASTER = Pattern.compile("local(?:\\[(\\*|[0-9]+)])?");
    private final StaticCluster cluster = new StaticCluster();
    private final List<Worker> workers = new ArrayList<>();
    private final Supervisor supervisor;
    /**
     * The process's Arrow root allocator in local mode; each worker allocates its table chunks from a child of it
     * ({@code worker-N}), closed after that worker's storage. Closed last, when every byte must be back.
     */
    private final RootAllocator arrow = ArrowAllocators.root();
    private final List<BufferAllocator> workerAllocators = new ArrayList<>();
    /**
     * Closes the cluster when the JVM is asked to stop (Ctrl-C, SIGTERM) before the program closed it: running
     * subtasks end (a worker waits for its slots), and the workers delete their spill directories. Without it the
     * JVM exits under running subtasks and leaves every spill file behind.
     */
    private final Thread closeOnExit = new Thread(this::closeAtExit, "mars-local-cluster-exit");
    private final java.util.concurrent.atomic.AtomicBoolean closed = new java.util.concurrent.atomic.AtomicBoolean();
    /** The workers' spilled bytes, counted in this JVM's task activity (mars-submit's progress line) while open. */
    private final AutoCloseable spillCounting;
    /** The event log ({@code mars.eventlog.dir}), when one is kept. */
    private final EventLogWriter events;
    private final TimelineRecorder timeline = new TimelineRecorder(TimelineRecorder.DEFAULT_CAPACITY);
    private final AmWebServer web;
    private volatile URI webUrl;

    public LocalCluster(int workerCount, Map<String, String> conf) {
        this(workerCount, conf, KernelRegistry.standard(), TilerRegistry.standard());
    }

    /** A local cluster with kernel and tiler registries of one's own (extra operands). */
    public LocalCluster(int workerCount, Map<String, String> conf, KernelRegistry kernels, TilerRegistry tilers) {
        if (workerCount <= 0) {
            throw new MarsException(ErrorCode.INVALID_ARGUMENT, "a local cluster needs at least 1 worker, got " + workerCount);
        }
        WorkerConfig workerConfig = WorkerConfig.from(conf);
        events = EventLogWriter.open(conf, "local-" + System.currentTimeMillis() + "-"
                        + Long.toHexString(ProcessHandle.current().pid()), conf.getOrDefault("mars.app.name", "local"),
                "local[" + workerCount + "]", new Configuration()).orElse(null);
        if (events != null) {
            cluster.addListener(events);
        }
        Warmup.codecs(arrow);
        GraphWarmup.tileableGraphs();
        StorageConfig storageConfig = storageConfig(conf, workerCount, Runtime.getRuntime().maxMemory());
        for (int i = 0; i < workerCount; i++) {
            String id = "worker-" + i;
            BufferAllocator allocator = arrow.newChildAllocator(id, 0, Long.MAX_VALUE);
            workerAllocators.add(allocator);
            Worker w = new Worker(id, workerConfig, new TieredStorage(id, storageConfig, allocator),
                    DataFrameKernels.register(kernels, allocator), cluster::worker);
            workers.add(w);
            cluster.addWorker(w);
        }
        cluster.addListener(timeline);
        supervisor = new Supervisor(cluster, conf, tilers, new MemoryOnlyStateStore(),
                TaskEvents.all(events, timeline));
        spillCounting = TaskActivity.jvm().countSpills(this::spilledBytes);
        Runtime.getRuntime().addShutdownHook(closeOnExit);
        web = startWeb(LocalWebConfig.from(conf), conf);
        LOG.info("local cluster started: {} workers x {} slots, {} bytes of memory quota each", workerCount,
                workerConfig.slots(), storageConfig.cacheBytes());
    }

    private AmWebServer startWeb(LocalWebConfig config, Map<String, String> conf) {
        if (!config.enabled()) {
            return null;
        }
        AmWebServer server = new AmWebServer("127.0.0.1", new WebConfig(config.port()), new StatusReport(
                () -> List.of(supervisor), Optional.of(timeline), Optional.of(conf)), Optional.empty());
        try {
            webUrl = server.start();
        } catch (MarsException e) {
            close();
            throw new MarsException(ErrorCode.INVALID_CONFIG, e.getMessage().replace(WebConfig.PORT,
                    LocalWebConfig.PORT), e);
        }
        System.err.println("Mars UI: " + webUrl);
        return server;
    }

    /** The web UI's base URL, when {@value LocalWebConfig#PORT} asked for one. */
    public Optional<URI> webUrl() {
        return Optional.ofNullable(webUrl);
    }

    /**
     * The workers' storage settings: they share this JVM's heap, so a percentage of {@code mars.worker.cache-mem} is of
     * each one's share, and a quota in bytes larger than that share is refused (INVALID_CONFIG) before anything runs:
     * the chunks it would let the workers keep could only end in an OutOfMemoryError.
     */
    public static StorageConfig storageConfig(Map<String, String> conf, int workerCount, long heapBytes) {
        long share = heapBytes / workerCount;
        StorageConfig config = StorageConfig.from(conf, share, System.getenv());
        if (config.cacheBytes() > share) {
            throw new MarsException(ErrorCode.INVALID_CONFIG, StorageConfig.CACHE_MEM + "=" + conf.get(
                    StorageConfig.CACHE_MEM) + " gives each of the " + workerCount + " local workers a quota of "
                    + config.cacheBytes() + " bytes, more than its share of this JVM's heap (" + heapBytes
                    + " bytes / " + workerCount + " = " + share + "); give the JVM more heap (mars-submit"
                    + " --driver-memory) or a smaller " + StorageConfig.CACHE_MEM + " (a percentage of each worker's"
                    + " share, e.g. 45%)");
        }
        return config;
    }

    /** Whether {@code master} names a local cluster: {@code local}, {@code local[N]} or {@code local[*]}. */
    public static boolean isLocalMaster(String master) {
        return master != null && MASTER.matcher(master.trim()).matches();
    }

    /** The worker count a local master asks for. */
    public static int workerCount(String master) {
        Matcher m = MASTER.matcher(master == null ? "" : master.trim());
        if (!m.matches()) {
            throw new MarsException(ErrorCode.INVALID_ARGUMENT, "master '" + master
                    + "' is not local, local[N] (N >= 1) or local[*]");
        }
        String n = m.group(1);
        if (n == null) {
            return 1;
        }
        if (n.equals("*")) {
            return Runtime.getRuntime().availableProcessors();
        }
        int count;
        try {
            count = Integer.parseInt(n);
        } catch (NumberFormatException e) {
            count = -1;
        }
        if (count < 1) {
            throw new MarsException(ErrorCode.INVALID_ARGUMENT, "master '" + master + "' asks for " + n
                    + " workers; use local[N] with N >= 1");
        }
        return count;
    }

    public Supervisor supervisor() {
        return supervisor;
    }

    public List<Worker> workers() {
        return List.copyOf(workers);
    }

    /** Bytes stored on all workers. */
    public long storedBytes() {
        long n = 0;
        for (Worker w : workers) {
            n += w.storage().storedBytes();
        }
        return n;
    }

    /** Bytes the workers have spilled to disk since they started. */
    public long spilledBytes() {
        long n = 0;
        for (Worker w : workers) {
            n += w.storage().stats().spilledBytes();
        }
        return n;
    }

    /** Arrow bytes the workers hold now (table chunks in storage or being computed); 0 once closed cleanly. */
    public long allocatedBytes() {
        return arrow.getAllocatedMemory();
    }

    private void closeAtExit() {
        if (!closed.get()) {
            LOG.warn("the JVM is stopping with the local cluster open: stopping its subtasks and deleting its spill"
                    + " files");
            close();
        }
    }

    @Override
    public void close() {
        if (!closed.compareAndSet(false, true)) {
            return;
        }
        if (Thread.currentThread() != closeOnExit) {
            try {
                Runtime.getRuntime().removeShutdownHook(closeOnExit);
            } catch (IllegalStateException stopping) {
                // the JVM is stopping already: the hook finds the cluster closed
            }
        }
        if (events != null) {
            events.end("ENDED", "", () -> new StatusReport(() -> List.of(supervisor)).cluster());
        }
        if (web != null) {
            web.close();
        }
        supervisor.close();
        try {
            spillCounting.close();
        } catch (Exception e) {
            LOG.warn("cannot stop counting the workers' spilled bytes", e);
        }
        long spilled = 0;
        long readBack = 0;
        for (Worker w : workers) {
            var stats = w.storage().stats();
            spilled += stats.spilledBytes();
            readBack += stats.readBackBytes();
            w.close();
        }
        for (BufferAllocator a : workerAllocators) {
            closeAllocator(a);
        }
        closeAllocator(arrow);
        LOG.info("local cluster stopped; its workers spilled {} bytes to disk and read back {}", spilled, readBack);
    }

    /** Closes an allocator; a leak is logged (with Arrow's account of it) rather than failing the shutdown. */
    private static void closeAllocator(BufferAllocator a) {
        try {
            a.close();
        } catch (IllegalStateException e) {
            LOG.error("Arrow allocator {} still holds {} bytes at shutdown: {}", a.getName(), a.getAllocatedMemory(),
                    e.getMessage());
        }
    }
}
