package io.mars.am.state.internal;

import io.mars.common.concurrent.DaemonThreads;
import io.mars.common.concurrent.Pools;
import io.mars.am.state.StateStore;
import io.mars.am.state.StateStoreConfig;
import io.mars.common.error.ErrorCode;
import io.mars.common.error.MarsException;
import io.mars.common.graph.TiledTileable;
import io.mars.common.rpc.ChunkMeta;
import io.mars.common.rpc.flight.RpcMessages.WorkerAddress;
import io.mars.common.wire.MessageCodec;
import io.mars.common.wire.StateCodec;
import io.mars.common.wire.StateCodec.SessionState;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.CuratorFrameworkFactory;
import org.apache.curator.framework.api.transaction.CuratorOp;
import org.apache.curator.retry.ExponentialBackoffRetry;
import org.apache.zookeeper.KeeperException;
import org.apache.zookeeper.data.Stat;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * State in ZooKeeper under {@code <root>/<application>}: {@code epoch} (the AM attempt that owns the state),
 * {@code sessions/<id>} (a session's settings), {@code sessions/<id>/tileables/<key>} (the tileables whose results
 * it keeps) and {@code sessions/<id>/chunks/<key>} (chunk meta), all Avro.
 *
 * <p>One writer thread drains the queue into Curator transactions of up to {@code batchSize} operations, so under
 * load batches grow and ZooKeeper round trips stay few. Every transaction first checks the epoch znode's version:
 * when a newer attempt has taken the state over, the check fails, this store stops writing and reports itself fenced.
 */
public final class ZooKeeperStateStore implements StateStore {
    private static final Logger LOG = LoggerFactory.getLogger(ZooKeeperStateStore.class);

    private final CuratorFramework client;
    private final int batchSize;
    private final String app;
    private final String epochPath;
    private final int epochVersion;
    private final LinkedBlockingQueue<Op> queue = new LinkedBlockingQueue<>();
    private final ExecutorService writer;
    private final Set<String> existing = new HashSet<>();
    private final Map<String, Set<String>> chunkPaths = new HashMap<>();
    private final AtomicLong transactions = new AtomicLong();
    private final AtomicLong operations = new AtomicLong();
    private final boolean durable;
    private volatile boolean fenced;
    private volatile boolean closed;
    /** The state was deleted (the application ended): later writes are dropped, not reported as fencing. */
    private volatile boolean deleted;

    private interface Op {
    }

    private record PutSession(SessionState session) implements Op {
    }

    private record DeleteSession(String sessionId) implements Op {
    }

    private record PutChunk(String sessionId, ChunkMeta meta) implements Op {
    }

    private record DeleteChunk(String sessionId, String key) implements Op {
    }

    private record PutTileable(String sessionId, String key, TiledTileable tiled) implements Op {
    }

    private record DeleteTileable(String sessionId, String key) implements Op {
    }

    private record PutWorker(WorkerAddress worker) implements Op {
    }

    private record DeleteWorker(String workerId) implements Op {
    }

    private record Flush(CompletableFuture<Void> done) implements Op {
    }

    private record Stop() implements Op {
    }

    private ZooKeeperStateStore(CuratorFramework client, StateStoreConfig config, String appId, int attempt,
                                boolean durable) {
        this.client = client;
        this.batchSize = config.batchSize();
        this.durable = durable;
        this.app = config.applicationPath(appId);
        this.epochPath = app + "/epoch";
        this.epochVersion = takeOwnership(attempt);
        loadExisting();
        this.writer = Executors.newSingleThreadExecutor(DaemonThreads.named("mars-state-writer"));
        writer.execute(this::writeLoop);
    }

    /**
     * Connects to the ensemble of {@code config} and takes the state of {@code appId} over for AM attempt
     * {@code attempt}; fails when a newer attempt owns it already.
     */
    public static ZooKeeperStateStore connect(StateStoreConfig config, String appId, int attempt) {
        return connect(config, appId, attempt, true);
    }

    /**
     * As {@link #connect(StateStoreConfig, String, int)}; {@code durable} false says the ensemble does not outlive this
     * process (an {@link EmbeddedZooKeeper}), so {@link #durable()} reports that no later attempt can recover.
     */
    public static ZooKeeperStateStore connect(StateStoreConfig config, String appId, int attempt, boolean durable) {
        if (config.quorum() == null || config.quorum().isBlank()) {
            throw new MarsException(ErrorCode.INVALID_CONFIG, StateStoreConfig.QUORUM + " is not set");
        }
        CuratorFramework client = CuratorFrameworkFactory.builder().connectString(config.quorum())
                .retryPolicy(new ExponentialBackoffRetry(200, 5)).sessionTimeoutMs(30_000).connectionTimeoutMs(15_000)
                .build();
        client.start();
        try {
            if (!client.blockUntilConnected(30, TimeUnit.SECONDS)) {
                throw new MarsException(ErrorCode.ZOOKEEPER_FAILED, "cannot reach ZooKeeper at '" + config.quorum()
                        + "' (" + StateStoreConfig.QUORUM + ") within 30 s");
            }
            return new ZooKeeperStateStore(client, config, appId, attempt, durable);
        } catch (InterruptedException e) {
            client.close();
            Thread.currentThread().interrupt();
            throw new MarsException(ErrorCode.ZOOKEEPER_FAILED, "interrupted while connecting to " + config.quorum(), e);
        } catch (RuntimeException e) {
            client.close();
            throw e;
        }
    }

    private static String checkName(String name, String what) {
        if (name == null || name.isEmpty() || name.contains("/") || name.equals(".") || name.equals("..")) {
            throw new MarsException(ErrorCode.INVALID_ARGUMENT, what + " '" + name + "' cannot name a znode");
        }
        return name;
    }

    /** Writes our attempt into the epoch znode unless a newer attempt is there; returns the znode's new version. */
    private int takeOwnership(int attempt) {
        try {
            Stat stat = client.checkExists().forPath(epochPath);
            if (stat == null) {
                client.create().creatingParentsIfNeeded().forPath(epochPath, bytes(attempt));
                client.create().forPath(app + "/sessions");
                client.create().forPath(app + "/workers");
                return 0;
            }
            int owner = Integer.parseInt(new String(client.getData().forPath(epochPath), StandardCharsets.UTF_8));
            if (owner > attempt) {
                throw new MarsException(ErrorCode.FENCED_BY_NEWER_ATTEMPT, "the state of " + app + " belongs to AM attempt "
                        + owner + "; attempt " + attempt + " is older and may not write it");
            }
            Stat after = client.setData().withVersion(stat.getVersion()).forPath(epochPath, bytes(attempt));
            if (client.checkExists().forPath(app + "/sessions") == null) {
                client.create().forPath(app + "/sessions");
            }
            if (client.checkExists().forPath(app + "/workers") == null) {
                client.create().forPath(app + "/workers");
            }
            return after.getVersion();
        } catch (MarsException e) {
            throw e;
        } catch (Exception e) {
            throw new MarsException(ErrorCode.ZOOKEEPER_FAILED, "cannot take over the state at " + epochPath + ": " + e, e);
        }
    }

    private static byte[] bytes(int attempt) {
        return Integer.toString(attempt).getBytes(StandardCharsets.UTF_8);
    }

    private String sessionPath(String sessionId) {
        return app + "/sessions/" + sessionId;
    }

    private String chunkPath(String sessionId, String key) {
        return sessionPath(sessionId) + "/chunks/" + key;
    }

    private String tileablePath(String sessionId, String key) {
        return sessionPath(sessionId) + "/tileables/" + key;
    }

    private String workerPath(String workerId) {
        return app + "/workers/" + workerId;
    }

    /** What is in ZooKeeper now, so the writer knows whether to create, update or delete. */
    private void loadExisting() {
        existing.clear();
        chunkPaths.clear();
        try {
            for (String sid : client.getChildren().forPath(app + "/sessions")) {
                String sp = sessionPath(sid);
                existing.add(sp);
                existing.add(sp + "/chunks");
                existing.add(sp + "/tileables");
                Set<String> chunks = new HashSet<>();
                for (String key : client.getChildren().forPath(sp + "/chunks")) {
                    chunks.add(chunkPath(sid, key));
                }
                for (String key : client.getChildren().forPath(sp + "/tileables")) {
                    chunks.add(tileablePath(sid, key));
                }
                existing.addAll(chunks);
                chunkPaths.put(sid, chunks);
            }
        } catch (KeeperException.NoNodeException e) {
            // a session half written by a crashed attempt: its remains are read as far as they go
        } catch (Exception e) {
            throw new MarsException(ErrorCode.ZOOKEEPER_FAILED, "cannot read the state under " + app + ": " + e, e);
        }
        try {
            for (String id : client.getChildren().forPath(app + "/workers")) {
                existing.add(workerPath(id));
            }
        } catch (KeeperException.NoNodeException e) {
            // state written before workers were recorded
        } catch (Exception e) {
            throw new MarsException(ErrorCode.ZOOKEEPER_FAILED, "cannot read the workers under " + app + ": " + e, e);
        }
    }

    @Override
    public boolean durable() {
        return durable;
    }

    /** The znode holding this application's state. */
    public String path() {
        return app;
    }

    public boolean isFenced() {
        return fenced;
    }

    /** Transactions committed so far (each holds up to the batch size of operations). */
    public long transactions() {
        return transactions.get();
    }

    /** Znode operations committed so far. */
    public long operations() {
        return operations.get();
    }

    @Override
    public void putSession(SessionState session) {
        checkName(session.id(), "session id");
        offer(new PutSession(session));
    }

    @Override
    public void deleteSession(String sessionId) {
        offer(new DeleteSession(sessionId));
    }

    @Override
    public void putChunkMetas(String sessionId, List<ChunkMeta> metas) {
        for (ChunkMeta m : metas) {
            offer(new PutChunk(sessionId, m));
        }
    }

    @Override
    public void deleteChunkMetas(String sessionId, List<String> chunkKeys) {
        for (String k : chunkKeys) {
            offer(new DeleteChunk(sessionId, k));
        }
    }

    @Override
    public void putTileables(String sessionId, Map<String, TiledTileable> tileables) {
        tileables.forEach((k, t) -> offer(new PutTileable(sessionId, k, t)));
    }

    @Override
    public void deleteTileables(String sessionId, List<String> tileableKeys) {
        for (String k : tileableKeys) {
            offer(new DeleteTileable(sessionId, k));
        }
    }

    @Override
    public void putWorker(WorkerAddress worker) {
        checkName(worker.workerId(), "worker id");
        offer(new PutWorker(worker));
    }

    @Override
    public void deleteWorker(String workerId) {
        offer(new DeleteWorker(workerId));
    }

    private void offer(Op op) {
        if (!fenced && !closed && !deleted) {
            queue.add(op);
        }
    }

    @Override
    public CompletableFuture<Void> flush() {
        CompletableFuture<Void> done = new CompletableFuture<>();
        if (fenced) {
            done.completeExceptionally(fencedError());
        } else if (closed || deleted) {
            done.complete(null);
        } else {
            queue.add(new Flush(done));
        }
        return done;
    }

    private MarsException fencedError() {
        return new MarsException(ErrorCode.FENCED_BY_NEWER_ATTEMPT, "a newer AM attempt owns the state at " + app
                + "; this attempt no longer writes it");
    }

    private void writeLoop() {
        List<Op> batch = new ArrayList<>(batchSize);
        while (true) {
            try {
                batch.clear();
                batch.add(queue.take());
                queue.drainTo(batch, batchSize - 1);
            } catch (InterruptedException e) {
                return;
            }
            List<CuratorOp> pending = new ArrayList<>();
            for (Op op : batch) {
                if (op instanceof Flush f) {
                    commit(pending);
                    if (fenced) {
                        f.done().completeExceptionally(fencedError());
                    } else {
                        f.done().complete(null);
                    }
                } else if (op instanceof Stop) {
                    commit(pending);
                    return;
                } else if (!fenced) {
                    addOps(op, pending);
                    if (pending.size() >= batchSize) {
                        commit(pending);
                    }
                }
            }
            commit(pending);
        }
    }

    private void addOps(Op op, List<CuratorOp> out) {
        try {
            if (op instanceof PutSession p) {
                putSessionOps(p.session(), out);
            } else if (op instanceof DeleteSession d) {
                deleteSessionOps(d.sessionId(), out);
            } else if (op instanceof PutChunk p) {
                putChunkOps(p.sessionId(), p.meta(), out);
            } else if (op instanceof DeleteChunk d) {
                deleteChild(d.sessionId(), chunkPath(d.sessionId(), d.key()), out);
            } else if (op instanceof PutTileable p) {
                putChild(p.sessionId(), tileablePath(p.sessionId(), checkName(p.key(), "tileable key")),
                        StateCodec.encode(p.key(), p.tiled()), out);
            } else if (op instanceof DeleteTileable d) {
                deleteChild(d.sessionId(), tileablePath(d.sessionId(), d.key()), out);
            } else if (op instanceof PutWorker p) {
                String path = workerPath(p.worker().workerId());
                byte[] data = MessageCodec.encode(p.worker());
                out.add(existing.add(path) ? client.transactionOp().create().forPath(path, data)
                        : client.transactionOp().setData().forPath(path, data));
            } else if (op instanceof DeleteWorker d) {
                if (existing.remove(workerPath(d.workerId()))) {
                    out.add(client.transactionOp().delete().forPath(workerPath(d.workerId())));
                }
            }
        } catch (MarsException e) {
            LOG.warn("not storing {}: {}", op, e.getMessage());
        } catch (Exception e) {
            LOG.warn("cannot build the ZooKeeper operation for {}", op, e);
        }
    }

    private void putSessionOps(SessionState session, List<CuratorOp> out) throws Exception {
        String sp = sessionPath(session.id());
        byte[] data = StateCodec.encode(session);
        if (existing.add(sp)) {
            out.add(client.transactionOp().create().forPath(sp, data));
            out.add(client.transactionOp().create().forPath(sp + "/chunks"));
            out.add(client.transactionOp().create().forPath(sp + "/tileables"));
            existing.add(sp + "/chunks");
            existing.add(sp + "/tileables");
            chunkPaths.put(session.id(), new HashSet<>());
        } else {
            out.add(client.transactionOp().setData().forPath(sp, data));
        }
    }

    private void deleteSessionOps(String sessionId, List<CuratorOp> out) throws Exception {
        String sp = sessionPath(sessionId);
        if (!existing.contains(sp)) {
            return;
        }
        for (String c : chunkPaths.getOrDefault(sessionId, Set.of())) {
            out.add(client.transactionOp().delete().forPath(c));
            existing.remove(c);
        }
        chunkPaths.remove(sessionId);
        out.add(client.transactionOp().delete().forPath(sp + "/chunks"));
        out.add(client.transactionOp().delete().forPath(sp + "/tileables"));
        out.add(client.transactionOp().delete().forPath(sp));
        existing.remove(sp + "/chunks");
        existing.remove(sp + "/tileables");
        existing.remove(sp);
    }

    private void putChunkOps(String sessionId, ChunkMeta meta, List<CuratorOp> out) throws Exception {
        putChild(sessionId, chunkPath(sessionId, checkName(meta.key(), "chunk key")), StateCodec.encode(meta), out);
    }

    /** Creates or updates a znode below a stored session (chunk meta or a tileable). */
    private void putChild(String sessionId, String path, byte[] data, List<CuratorOp> out) throws Exception {
        Set<String> children = chunkPaths.get(sessionId);
        if (children == null) {
            return; // the session is not stored (deleted meanwhile)
        }
        if (existing.add(path)) {
            children.add(path);
            out.add(client.transactionOp().create().forPath(path, data));
        } else {
            out.add(client.transactionOp().setData().forPath(path, data));
        }
    }

    private void deleteChild(String sessionId, String path, List<CuratorOp> out) throws Exception {
        if (existing.remove(path)) {
            chunkPaths.getOrDefault(sessionId, new HashSet<>()).remove(path);
            out.add(client.transactionOp().delete().forPath(path));
        }
    }

    /** Commits the pending operations in one transaction that first checks we still own the epoch. */
    private void commit(List<CuratorOp> pending) {
        if (pending.isEmpty() || fenced || deleted) {
            pending.clear();
            return;
        }
        List<CuratorOp> ops = new ArrayList<>(pending.size() + 1);
        try {
            ops.add(client.transactionOp().check().withVersion(epochVersion).forPath(epochPath));
            ops.addAll(pending);
            client.transaction().forOperations(ops);
            transactions.incrementAndGet();
            operations.addAndGet(pending.size());
        } catch (KeeperException.BadVersionException | KeeperException.NoNodeException e) {
            if (deleted) {
                LOG.debug("dropped {} operations: the application's state was deleted", pending.size());
            } else if (epochChanged()) {
                fenced = true;
                LOG.error("a newer AM attempt took over {}: this attempt stops writing its state", app);
            } else {
                LOG.warn("a ZooKeeper transaction of {} operations failed ({}); re-reading the state", pending.size(),
                        e.code());
                loadExisting();
            }
        } catch (Exception e) {
            LOG.warn("a ZooKeeper transaction of {} operations failed; re-reading the state", pending.size(), e);
            try {
                loadExisting();
            } catch (MarsException again) {
                LOG.warn("cannot re-read the state: {}", again.getMessage());
            }
        } finally {
            pending.clear();
        }
    }

    private boolean epochChanged() {
        try {
            Stat stat = client.checkExists().forPath(epochPath);
            return stat == null || stat.getVersion() != epochVersion;
        } catch (Exception e) {
            return false;
        }
    }

    @Override
    public Recovered recover() {
        Map<String, SessionState> sessions = new HashMap<>();
        Map<String, List<ChunkMeta>> metas = new HashMap<>();
        Map<String, Map<String, TiledTileable>> tileables = new HashMap<>();
        try {
            for (String sid : client.getChildren().forPath(app + "/sessions")) {
                String sp = sessionPath(sid);
                sessions.put(sid, StateCodec.decodeSession(client.getData().forPath(sp)));
                List<ChunkMeta> list = new ArrayList<>();
                for (String key : client.getChildren().forPath(sp + "/chunks")) {
                    list.add(StateCodec.decodeChunkMeta(client.getData().forPath(sp + "/chunks/" + key)));
                }
                metas.put(sid, list);
                Map<String, TiledTileable> tiles = new HashMap<>();
                for (String key : client.getChildren().forPath(sp + "/tileables")) {
                    StateCodec.StoredTileable t = StateCodec.decodeTileable(client.getData().forPath(sp + "/tileables/" + key));
                    tiles.put(t.key(), t.tiled());
                }
                tileables.put(sid, tiles);
            }
        } catch (MarsException e) {
            throw e;
        } catch (Exception e) {
            throw new MarsException(ErrorCode.ZOOKEEPER_FAILED, "cannot read the state under " + app + ": " + e, e);
        }
        Map<String, WorkerAddress> workers = new HashMap<>();
        try {
            for (String id : client.getChildren().forPath(app + "/workers")) {
                workers.put(id, MessageCodec.decode(client.getData().forPath(workerPath(id)), WorkerAddress.class));
            }
        } catch (KeeperException.NoNodeException e) {
            // state written before workers were recorded
        } catch (Exception e) {
            throw new MarsException(ErrorCode.ZOOKEEPER_FAILED, "cannot read the workers under " + app + ": " + e, e);
        }
        return new Recovered(sessions, metas, tileables, workers);
    }

    @Override
    public void deleteAll() {
        flush().exceptionally(e -> null).join();
        if (fenced || epochChanged()) {
            LOG.warn("not deleting {}: a newer AM attempt owns it", app);
            return;
        }
        deleted = true;
        try {
            client.delete().guaranteed().deletingChildrenIfNeeded().forPath(app);
            LOG.info("deleted the application's state {}", app);
        } catch (KeeperException.NoNodeException e) {
            // already gone
        } catch (Exception e) {
            throw new MarsException(ErrorCode.ZOOKEEPER_FAILED, "cannot delete the state under " + app + ": " + e, e);
        }
    }

    @Override
    public void close() {
        if (closed) {
            return;
        }
        queue.add(new Stop());
        closed = true;
        Pools.stop(writer, 30);
        client.close();
    }
}
