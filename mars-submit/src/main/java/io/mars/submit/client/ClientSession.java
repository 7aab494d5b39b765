package io.mars.submit.client;

import io.mars.Execution;
import io.mars.Persisted;
import io.mars.Session;
import io.mars.common.concurrent.DaemonThreads;
import io.mars.common.error.ErrorCode;
import io.mars.common.error.MarsException;
import io.mars.common.graph.Tileable;
import io.mars.common.graph.TileableGraphs;
import io.mars.common.model.NSplits;
import io.mars.common.rpc.ChunkMeta;
import io.mars.common.rpc.ResultLayout;
import io.mars.common.rpc.SupervisorGateway;
import io.mars.common.rpc.TaskInfo;
import io.mars.common.rpc.TaskState;
import io.mars.common.table.ArrowTables;
import io.mars.common.table.Columns;
import io.mars.common.table.TableChunk;
import io.mars.common.tiling.ArrayBoxes;
import io.mars.common.wire.GraphCodec;
import io.mars.submit.progress.TaskActivity;
import io.mars.tensor.Tensor;
import io.mars.types.ChunkData;
import io.mars.types.LocalTable;
import io.mars.types.NDArray;
import io.mars.types.Shapes;
import java.lang.ref.Cleaner;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Function;

/**
 * A session as a client sees it: builds tileable graphs from tensors, submits them to a supervisor, and fetches
 * results from the workers. Results of executed tensors stay stored until released; a tensor that becomes
 * unreachable is released at the next call (through a {@link Cleaner}).
 */
public final class ClientSession implements Session {
    private final SupervisorGateway supervisor;
    private final String id;
    private final AutoCloseable owned;
    private final ClientConfig config;
    /** One daemon thread per JVM watches for unreachable result tensors of every session. */
    private static final Cleaner CLEANER = Cleaner.create(DaemonThreads.named("mars-tensor-cleaner"));
    private final Set<String> tracked = new HashSet<>();
    private final ConcurrentLinkedQueue<String> unreachable = new ConcurrentLinkedQueue<>();
    private volatile boolean closed;
    /** The tasks submitted and not yet ended, which {@link #close()} cancels. */
    private final Map<String, ClientExecution<?>> running = new ConcurrentHashMap<>();
    private static final long CANCEL_WAIT_SECONDS = 60;

    /** Whether the workers run in this process's machine and see its local files (an embedded cluster). */
    private final boolean localFiles;
    /** Where this JVM's tasks are recorded, for mars-submit's progress line (see {@link TaskActivity} on why static). */
    private final TaskActivity activity = TaskActivity.jvm();

    private ClientSession(SupervisorGateway supervisor, String id, AutoCloseable owned, ClientConfig config,
                          boolean localFiles) {
        this.supervisor = supervisor;
        this.id = id;
        this.owned = owned;
        this.config = config;
        this.localFiles = localFiles;
    }

    /** Opens a session; {@code owned} (may be null) is closed with it, e.g. the local cluster it runs on. */
    public static ClientSession open(SupervisorGateway supervisor, Map<String, String> conf, AutoCloseable owned) {
        return open(supervisor, conf, owned, false);
    }

    /**
     * Opens a session, saying whether the workers see this client's local files ({@code true} for an embedded
     * cluster: {@code Tensors.toNpy} then has them write their chunks straight into the file).
     */
    public static ClientSession open(SupervisorGateway supervisor, Map<String, String> conf, AutoCloseable owned,
                                     boolean workersShareLocalFiles) {
        ClientConfig config = ClientConfig.from(conf); // a bad setting fails before a session exists
        String eagerProperty = System.getProperty(io.mars.Eager.PROPERTY);
        boolean eager = io.mars.Eager.requested(conf) || (!conf.containsKey(io.mars.Eager.PROPERTY)
                && eagerProperty != null && io.mars.Eager.requested(Map.of(io.mars.Eager.PROPERTY, eagerProperty)));
        if (io.mars.common.model.Keys.isRepeatable() && !conf.containsKey(SupervisorGateway.SESSION_ID)) {
            // a cluster-mode main that a new AM attempt runs again joins the session it had, with its results
            Map<String, String> withId = new java.util.HashMap<>(conf);
            withId.put(SupervisorGateway.SESSION_ID, io.mars.common.model.Keys.newKey("s",
                    new java.util.TreeMap<>(conf).toString().getBytes(java.nio.charset.StandardCharsets.UTF_8)));
            conf = withId;
        }
        ClientSession session = new ClientSession(supervisor, join(supervisor.createSession(conf)), owned, config,
                workersShareLocalFiles);
        if (eager) {
            io.mars.Eager.enable(session);
        }
        return session;
    }

    @Override
    public boolean workersShareLocalFiles() {
        return localFiles;
    }

    @Override
    public String id() {
        return id;
    }

    @Override
    public List<NDArray> execute(Tensor... tensors) {
        return submit(tensors).get();
    }

    @Override
    public Execution<List<NDArray>> submit(Tensor... tensors) {
        return start(tensors, t -> fetch((Tensor) t), () -> checkKnownResultSizes(tensors));
    }

    @Override
    public List<LocalTable> executeTables(Tileable... tables) {
        return submitTables(tables).get();
    }

    @Override
    public Execution<List<LocalTable>> submitTables(Tileable... tables) {
        return start(tables, this::fetchTable, () -> { });
    }

    @Override
    public Persisted persist(Tileable... tileables) {
        List<Tileable> added = new ArrayList<>();
        synchronized (this) {
            for (Tileable t : tileables) {
                if (!tracked.contains(t.key())) {
                    added.add(t);
                }
            }
        }
        start(tileables, t -> CompletableFuture.completedFuture(null), () -> { }).get();
        Tileable[] release = added.toArray(new Tileable[0]);
        return () -> releaseTileables(release);
    }

    /** Runs the tensors' graph and returns the task's final info, for tools that report supervisor timings. */
    public TaskInfo executeForInfo(Tensor... tensors) {
        return join(start(tensors, t -> CompletableFuture.completedFuture(null), () -> { }).finished);
    }

    private <T> ClientExecution<T> start(Tileable[] tileables, Function<Tileable, CompletableFuture<T>> fetch,
                                         Runnable check) {
        String taskId;
        synchronized (this) {
            checkOpen();
            check.run();
            releaseUnreachable();
            taskId = join(supervisor.submitTask(id, GraphCodec.encode(TileableGraphs.of(tileables))));
        }
        activity.started(taskId, () -> supervisor.taskInfo(id, taskId));
        ClientExecution<T> execution = new ClientExecution<>(taskId, tileables, fetch);
        running.put(taskId, execution);
        execution.finished.whenComplete((info, err) -> {
            activity.ended(taskId, info);
            if (info != null && info.state() == TaskState.SUCCEEDED) {
                synchronized (this) {
                    for (Tileable t : tileables) {
                        track(t);
                    }
                }
            }
            running.remove(taskId);
        });
        return execution;
    }

    /** A submitted task as {@link Execution}: its end as the supervisor reports it, and its results once fetched. */
    private final class ClientExecution<T> implements Execution<List<T>> {
        private final String taskId;
        private final Tileable[] tileables;
        private final Function<Tileable, CompletableFuture<T>> fetch;
        final CompletableFuture<TaskInfo> finished;
        private List<T> results;

        ClientExecution(String taskId, Tileable[] tileables, Function<Tileable, CompletableFuture<T>> fetch) {
            this.taskId = taskId;
            this.tileables = tileables.clone();
            this.fetch = fetch;
            this.finished = supervisor.waitTask(id, taskId);
        }

        @Override
        public String taskId() {
            return taskId;
        }

        @Override
        public double progress() {
            TaskInfo info = finished.isDone() && !finished.isCompletedExceptionally() ? finished.join()
                    : join(supervisor.taskInfo(id, taskId));
            return info.progress();
        }

        @Override
        public boolean isDone() {
            return finished.isDone();
        }

        @Override
        public void cancel() {
            if (!finished.isDone()) {
                join(supervisor.cancelTask(id, taskId));
            }
        }

        @Override
        public List<T> get() {
            try {
                return get(Long.MAX_VALUE, TimeUnit.NANOSECONDS);
            } catch (TimeoutException e) {
                throw new IllegalStateException("an unbounded wait timed out", e);
            }
        }

        @Override
        public List<T> get(long timeout, TimeUnit unit) throws TimeoutException {
            TaskInfo info;
            try {
                info = finished.get(timeout, unit);
            } catch (InterruptedException e) {
                throw interrupted();
            } catch (java.util.concurrent.ExecutionException e) {
                throw MarsException.wrap(e);
            }
            return results(info);
        }

        /** The waiting thread was interrupted: the task is cancelled, and the thread keeps its interrupt flag. */
        private MarsException interrupted() {
            Thread.currentThread().interrupt();
            try {
                supervisor.cancelTask(id, taskId); // asked, not awaited: this thread is to stop waiting
            } catch (RuntimeException e) {
                // the supervisor is gone: nothing runs to cancel
            }
            return new MarsException(ErrorCode.TASK_CANCELLED, "interrupted while waiting for task " + taskId
                    + "; the task is cancelled");
        }

        private synchronized List<T> results(TaskInfo info) {
            if (info.state() != TaskState.SUCCEEDED) {
                ErrorCode code = info.errorCode() == null ? ErrorCode.INTERNAL_ERROR : ErrorCode.valueOf(info.errorCode());
                throw new MarsException(code, info.errorMessage() == null ? "task " + info.taskId() + " ended "
                        + info.state() : info.errorMessage());
            }
            if (results == null) {
                List<CompletableFuture<T>> parts = new ArrayList<>(tileables.length);
                for (Tileable t : tileables) {
                    parts.add(fetch.apply(t));
                }
                List<T> out = new ArrayList<>(tileables.length);
                for (CompletableFuture<T> f : parts) {
                    out.add(join(f));
                }
                results = java.util.Collections.unmodifiableList(out);
            }
            return results;
        }
    }

    /**
     * The rows of a stored table, copied to the heap chunk by chunk. In the local cluster the fetched object is the
     * stored one, owned by the worker's storage; over the network it is a copy in this client's allocator, closed here
     * once copied (whatever happens).
     */
    private CompletableFuture<LocalTable> fetchTable(Tileable t) {
        return supervisor.resultLayout(id, t.key()).thenCompose(layout -> {
            checkResultSize(t, layout);
            List<CompletableFuture<ChunkData>> parts = new ArrayList<>(layout.chunks().size());
            List<Boolean> copies = new ArrayList<>(layout.chunks().size());
            for (ChunkMeta m : layout.chunks()) {
                io.mars.common.rpc.WorkerGateway w = supervisor.worker(m.workers().iterator().next());
                parts.add(w.fetchChunk(id, m.key()));
                copies.add(w.fetchGivesCopies());
            }
            return CompletableFuture.allOf(parts.toArray(CompletableFuture[]::new)).whenComplete((v, e) -> {
                for (int i = 0; e != null && i < parts.size(); i++) {
                    ChunkData d = parts.get(i).getNow(null);
                    if (d != null && copies.get(i)) {
                        d.close();
                    }
                }
            }).thenApply(v -> {
                List<LocalTable> tables = new ArrayList<>(parts.size());
                try {
                    for (CompletableFuture<ChunkData> p : parts) {
                        ChunkData d = p.join();
                        if (!(d instanceof TableChunk chunk)) {
                            throw new MarsException(ErrorCode.INVALID_ARGUMENT, "tileable " + t.key()
                                    + " is not a dataframe or series; execute it with execute(), not executeTables()");
                        }
                        tables.add(ArrowTables.toLocal(chunk.root()));
                    }
                } finally {
                    for (int i = 0; i < parts.size(); i++) {
                        if (copies.get(i)) {
                            parts.get(i).join().close();
                        }
                    }
                }
                // column chunks joined per row (--- wide ---), then stored labels become the index
                return io.mars.dataframe.DataFrames.resultOf(t, Columns.concat(Columns.joinColumnChunks(tables, layout.nsplits())));
            });
        });
    }

    /** Fails before anything runs when the results' sizes, known from their shapes, exceed what this client fetches. */
    private void checkKnownResultSizes(Tensor... tensors) {
        long total = 0;
        for (Tensor t : tensors) {
            if (!Shapes.isKnown(t.shape())) {
                continue; // checked once computed, before the fetch
            }
            long bytes = saturatingProduct(Shapes.size(t.shape()), t.dtype().itemSize());
            total = Math.min(Long.MAX_VALUE - bytes, total) + bytes;
            if (total > config.maxResultBytes()) {
                throw tooLarge("the result of shape " + Shapes.toString(t.shape()) + " (" + t.dtype() + ") holds "
                        + bytes + " bytes" + (tensors.length > 1 ? " (" + total + " with the results before it)" : ""),
                        "nothing ran");
            }
        }
    }

    private static long saturatingProduct(long a, long b) {
        try {
            return Math.multiplyExact(a, b);
        } catch (ArithmeticException e) {
            return Long.MAX_VALUE;
        }
    }

    /** Fails before fetching a computed result larger than this client fetches; it stays stored on the workers. */
    private void checkResultSize(Tileable t, ResultLayout layout) {
        long bytes = 0;
        for (ChunkMeta m : layout.chunks()) {
            bytes += m.nbytes();
        }
        if (bytes > config.maxResultBytes()) {
            throw tooLarge("the result " + t.key() + " holds " + bytes + " bytes in " + layout.chunks().size()
                    + " chunks", "it was computed and stays stored on the workers until released");
        }
    }

    private MarsException tooLarge(String what, String state) {
        return new MarsException(ErrorCode.RESULT_TOO_LARGE, what + ", more than this client brings into its memory ("
                + ClientConfig.MAX_RESULT_BYTES + " = " + config.maxResultBytes() + " bytes, by default "
                + ClientConfig.DEFAULT_MAX_RESULT_BYTES + " of its " + Runtime.getRuntime().maxMemory()
                + "-byte heap); " + state + ". Keep it distributed: reduce it, take a slice, or write it out (toNpy, "
                + "toParquet, toCsv); or raise " + ClientConfig.MAX_RESULT_BYTES + " with a larger heap "
                + "(MARS_SUBMIT_OPTS=-Xmx...)");
    }

    private void track(Tileable t) {
        if (tracked.add(t.key())) {
            String key = t.key();
            CLEANER.register(t, () -> unreachable.add(key));
        }
    }

    private CompletableFuture<NDArray> fetch(Tensor t) {
        return supervisor.resultLayout(id, t.key()).thenCompose(layout -> {
            checkResultSize(t, layout);
            List<CompletableFuture<ChunkData>> parts = new ArrayList<>(layout.chunks().size());
            for (ChunkMeta m : layout.chunks()) {
                parts.add(supervisor.worker(m.workers().iterator().next()).fetchChunk(id, m.key()));
            }
            return CompletableFuture.allOf(parts.toArray(CompletableFuture[]::new))
                    .thenApply(v -> assemble(t, layout, parts));
        });
    }

    private static NDArray assemble(Tensor t, ResultLayout layout, List<CompletableFuture<ChunkData>> parts) {
        // the layout's lengths: a dimension unknown when the tensor was built is known now
        NDArray out = NDArray.allocate(t.dtype(), NSplits.shape(layout.nsplits()));
        int[] grid = NSplits.gridShape(layout.nsplits());
        long[] zero = new long[t.ndim()];
        for (int i = 0; i < parts.size(); i++) {
            NDArray chunk = (NDArray) parts.get(i).join();
            long[] offset = NSplits.chunkOffset(layout.nsplits(), NSplits.unflat(grid, i));
            ArrayBoxes.copy(chunk, zero, out, offset, chunk.shapeView());
        }
        return out;
    }

    @Override
    public synchronized void release(Tensor... tensors) {
        releaseTileables(tensors);
    }

    @Override
    public synchronized void releaseTileables(Tileable... tileables) {
        checkOpen();
        List<String> keys = new ArrayList<>();
        for (Tileable t : tileables) {
            keys.add(t.key());
            tracked.remove(t.key());
        }
        join(supervisor.releaseTileables(id, keys));
    }

    private void releaseUnreachable() {
        List<String> keys = new ArrayList<>();
        String k;
        while ((k = unreachable.poll()) != null) {
            keys.add(k);
            tracked.remove(k);
        }
        if (!keys.isEmpty()) {
            join(supervisor.releaseTileables(id, keys));
        }
    }

    @Override
    public boolean isClosed() {
        return closed;
    }

    private void checkOpen() {
        if (closed) {
            throw new MarsException(ErrorCode.SESSION_CLOSED, "session " + id + " is closed; open a new one");
        }
    }

    @Override
    public void close() {
        synchronized (this) {
            if (closed) {
                return;
            }
            closed = true;
        }
        io.mars.Eager.disable(this);
        try {
            cancelRunning();
            join(supervisor.closeSession(id));
        } finally {
            if (owned != null) {
                try {
                    owned.close();
                } catch (Exception e) {
                    throw MarsException.wrap(e);
                }
            }
        }
    }

    /** Cancels every task this session runs and waits, up to a minute in all, for them to end. */
    private void cancelRunning() {
        List<ClientExecution<?>> executions = List.copyOf(running.values());
        for (ClientExecution<?> e : executions) {
            try {
                e.cancel();
            } catch (MarsException ignored) {
                // it ended meanwhile, or the supervisor is gone: closing goes on
            }
        }
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(CANCEL_WAIT_SECONDS);
        for (ClientExecution<?> e : executions) {
            try {
                e.finished.get(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
            } catch (InterruptedException ie) {
                Thread.currentThread().interrupt();
                return;
            } catch (java.util.concurrent.ExecutionException | TimeoutException ignored) {
                // closing the session releases what it still holds
            }
        }
    }

    private static <T> T join(CompletableFuture<T> f) {
        try {
            return f.join();
        } catch (RuntimeException e) {
            throw MarsException.wrap(e);
        }
    }
}
