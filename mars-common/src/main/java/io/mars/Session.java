package io.mars;

import io.mars.common.error.ErrorCode;
import io.mars.common.error.MarsException;
import io.mars.common.graph.Tileable;
import io.mars.tensor.Tensor;
import io.mars.types.LocalTable;
import io.mars.types.NDArray;
import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;

/**
 * A connection to a Mars cluster that runs tensor and dataframe graphs. Results stay on the workers until the tensors are released
 * (explicitly, when they become unreachable, or when the session closes), so later graphs can reuse them.
 *
 * <pre>{@code
 * try (Session session = Session.local(2)) {
 *     double total = Tensors.ones(shape(2000, 2000), chunks(200)).sum().execute(session).getDouble();
 * }
 * }</pre>
 */
public interface Session extends AutoCloseable {
    /** The system property {@code mars-submit} sets to tell a job where to run ({@code local[N]}, {@code yarn}). */
    String MASTER_PROPERTY = "mars.master";

    String id();

    /** Runs the graphs producing {@code tensors} and returns their values, in order. */
    List<NDArray> execute(Tensor... tensors);

    /** Runs the graph producing {@code tensor} and returns its value. */
    default NDArray execute(Tensor tensor) {
        return execute(new Tensor[] {tensor}).get(0);
    }

    /**
     * Starts the graphs producing {@code tensors} and returns at once; the returned execution waits for their values
     * ({@link Execution#get()}), reports progress and cancels. {@link #execute(Tensor...)} is {@code submit(...).get()}.
     */
    Execution<List<NDArray>> submit(Tensor... tensors);

    /** Starts the graphs producing these dataframes and series, as {@link #submit(Tensor...)} does for tensors. */
    Execution<List<LocalTable>> submitTables(Tileable... tables);

    /**
     * Runs the graphs producing these tensors, dataframes or series and keeps their results on the workers without
     * fetching them (Dask's {@code persist}): later graphs that read them use the stored chunks instead of computing
     * them again, until {@link #releaseTileables} (or {@link #release}) drops them. For what is read many times and is
     * too big for the client: an iterative algorithm's input, a costly join. Returns once they are stored, with a
     * handle whose {@link Persisted#close()} releases what this call stored (not what was stored before it); a failed
     * graph throws as {@link #execute(Tensor...)} does.
     */
    Persisted persist(Tileable... tileables);

    /** Drops the stored results of these tensors on the cluster. */
    void release(Tensor... tensors);

    /**
     * Runs the graphs producing these dataframes and series (and anything they read) and returns their values as
     * local tables, in order.
     */
    List<LocalTable> executeTables(Tileable... tables);

    /** Drops the stored results of these dataframes, series or tensors on the cluster. */
    void releaseTileables(Tileable... tileables);

    boolean isClosed();

    /**
     * Makes this the eager session (see {@link Eager}): from now on every tensor, dataframe and series runs as it is
     * created and prints its values; closing the session ends it. Returns this session.
     */
    default Session eager() {
        Eager.enable(this);
        return this;
    }

    /**
     * Mars's {@code mr.spawn(func, args)}: a remote call of {@code fn}, scheduled like a subtask on a worker, lazily.
     * An argument may be another spawned call (the function gets its value), a tensor of known shape (it gets the
     * whole computed array, an {@link NDArray}) or any serializable value (it gets a copy). Returns the handle, to
     * {@link Remote#execute} or to pass to further spawns.
     */
    default <R> Remote<R> spawn(io.mars.types.RemoteFunction<R> fn, Object... args) {
        return Remote.spawn(fn, args);
    }

    /**
     * Whether the workers see this client's local files (an embedded local cluster): then {@code Tensors.toNpy}
     * has them write their chunks straight into the file instead of bringing the tensor into the client.
     */
    default boolean workersShareLocalFiles() {
        return false;
    }

    /**
     * Cancels the tasks this session runs (waiting for them to end, up to a minute), releases every result of this
     * session and, for a session that owns its cluster, stops the cluster. Safe to call from another thread while a
     * task runs: the thread waiting in {@code execute} gets {@code TASK_CANCELLED}.
     */
    @Override
    void close();

    /** A session on an embedded local cluster with one worker per available core. */
    static Session local() {
        return create("local[*]", Map.of());
    }

    /** A session on an embedded local cluster with {@code workers} single-slot workers. */
    static Session local(int workers) {
        if (workers <= 0) {
            throw new MarsException(ErrorCode.INVALID_ARGUMENT, "a local cluster needs at least 1 worker, got " + workers);
        }
        return create("local[" + workers + "]", Map.of());
    }

    /**
     * A session for the master {@code mars-submit} chose (system property {@value #MASTER_PROPERTY}), or a local cluster
     * when the program runs on its own.
     */
    static Session getOrCreate() {
        return create(System.getProperty(MASTER_PROPERTY, "local[*]"), Map.of());
    }

    /**
     * A session on a new YARN application in client mode: starts an ApplicationMaster with its worker containers (the
     * {@code mars.yarn.*} settings in {@code conf} size them), connects to it over RPC, and submits graphs from this
     * JVM. Closing the session ends the application (SUCCEEDED). The Hadoop configuration comes from
     * {@code HADOOP_CONF_DIR} or the class path, as for {@code mars-submit}.
     */
    static Session yarn(Map<String, String> conf) {
        return create("yarn", conf);
    }

    /**
     * A session on a running Mars application ({@code application_...}) started by this user, whether in cluster or
     * client mode, or on a standalone supervisor ({@code mars://<host>:<port>}, started by {@code bin/mars-supervisor};
     * the shared secret is read from {@code mars.rpc.secret-file}, default {@code ~/.mars/secret}). Closing it leaves
     * the application or the supervisor running.
     */
    static Session connect(String applicationId) {
        return connect(applicationId, Map.of());
    }

    /** {@link #connect(String)} with {@code mars.*} settings for the new session. */
    static Session connect(String applicationId, Map<String, String> conf) {
        if (applicationId != null && applicationId.startsWith("mars://")) {
            return create(applicationId, conf);
        }
        if (applicationId == null || !applicationId.startsWith("application_")) {
            throw new MarsException(ErrorCode.INVALID_ARGUMENT, "'" + applicationId + "' is neither a YARN application"
                    + " id (application_<cluster timestamp>_<number>, as mars-submit prints it) nor a standalone"
                    + " supervisor's address (mars://<host>:<port>)");
        }
        return create("yarn://" + applicationId, conf);
    }

    /**
     * A session for {@code master} ({@code local}, {@code local[N]}, {@code local[*]}, {@code yarn},
     * {@code yarn://<application id>}, {@code mars://<host>:<port>}) with {@code mars.*} settings.
     */
    static Session create(String master, Map<String, String> conf) {
        for (SessionProvider p : ServiceLoader.load(SessionProvider.class, Session.class.getClassLoader())) {
            if (p.supports(master)) {
                return p.create(master, conf);
            }
        }
        for (SessionProvider p : ServiceLoader.load(SessionProvider.class)) {
            if (p.supports(master)) {
                return p.create(master, conf);
            }
        }
        throw new MarsException(ErrorCode.INVALID_CONFIG, "no session provider accepts master '" + master
                + "'; is mars-submit on the classpath? Masters: local, local[N], local[*], yarn, yarn://<application id>,"
                + " mars://<host>:<port>");
    }
}
