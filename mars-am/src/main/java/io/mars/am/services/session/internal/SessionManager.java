package io.mars.am.services.session.internal;

import io.mars.am.services.lifecycle.LifecycleService;
import io.mars.am.services.meta.MetaService;
import io.mars.am.services.session.SessionService;
import io.mars.am.state.StateStore;
import io.mars.common.concurrent.Actor;
import io.mars.common.error.ErrorCode;
import io.mars.common.error.MarsException;
import io.mars.common.graph.ChunkNode;
import io.mars.common.graph.TiledTileable;
import io.mars.common.graph.TiledTileables;
import io.mars.common.model.Keys;
import io.mars.common.wire.StateCodec;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

/** Sessions on the session actor. */
public final class SessionManager implements SessionService, AutoCloseable {
    private static final org.slf4j.Logger LOG = org.slf4j.LoggerFactory.getLogger(SessionManager.class);
    private final Actor actor = new Actor("mars-session");
    private final Map<String, State> sessions = new HashMap<>();
    private final LifecycleService lifecycle;
    private final MetaService meta;
    private final StateStore store;

    private record State(Map<String, String> conf, Map<String, TiledTileable> stored) {
    }

    public SessionManager(LifecycleService lifecycle, MetaService meta, StateStore store) {
        this.lifecycle = lifecycle;
        this.meta = meta;
        this.store = store;
    }

    /**
     * Puts back a session read from the state store by a new attempt, with the tileables it kept, taking their
     * chunk references again.
     */
    public CompletableFuture<Void> restore(StateCodec.SessionState session, Map<String, TiledTileable> stored) {
        return actor.compose(() -> {
            if (sessions.containsKey(session.id())) {
                return CompletableFuture.completedFuture(null);
            }
            sessions.put(session.id(), new State(session.conf(), new HashMap<>(stored)));
            return lifecycle.incref(session.id(), chunkKeys(stored.values()));
        });
    }

    @Override
    public CompletableFuture<String> create(Map<String, String> conf) {
        return actor.call(() -> {
            String asked = conf.get(io.mars.common.rpc.SupervisorGateway.SESSION_ID);
            if (asked != null && !asked.matches("[A-Za-z0-9_.-]{1,200}")) {
                throw new MarsException(ErrorCode.INVALID_ARGUMENT, io.mars.common.rpc.SupervisorGateway.SESSION_ID
                        + " must be 1 to 200 letters, digits, '_', '.' or '-', got '" + asked + "'");
            }
            if (asked != null && sessions.containsKey(asked)) {
                // a job's main run again by a new AM attempt: its session, recovered with what it keeps
                LOG.info("a client joined session {} again, with the {} results it keeps", asked,
                        sessions.get(asked).stored.size());
                return asked;
            }
            String id = asked != null ? asked : Keys.newKey("s");
            sessions.put(id, new State(Map.copyOf(conf), new HashMap<>()));
            store.putSession(new StateCodec.SessionState(id, conf));
            return id;
        });
    }

    @Override
    public CompletableFuture<Void> close(String sessionId) {
        return actor.compose(() -> {
            State s = sessions.remove(sessionId);
            if (s == null) {
                return CompletableFuture.completedFuture(null);
            }
            return lifecycle.decref(sessionId, chunkKeys(s.stored.values()))
                    .thenCompose(v -> meta.deleteSession(sessionId))
                    .thenRun(() -> store.deleteSession(sessionId));
        });
    }

    @Override
    public CompletableFuture<SessionSnapshot> snapshot(String sessionId) {
        return actor.call(() -> {
            State s = state(sessionId);
            return new SessionSnapshot(sessionId, s.conf, s.stored);
        });
    }

    @Override
    public CompletableFuture<List<SessionSnapshot>> snapshots() {
        return actor.call(() -> {
            List<SessionSnapshot> out = new ArrayList<>(sessions.size());
            sessions.forEach((id, s) -> out.add(new SessionSnapshot(id, s.conf, s.stored)));
            return out;
        });
    }

    @Override
    public CompletableFuture<List<String>> store(String sessionId, Map<String, TiledTileable> results) {
        return actor.compose(() -> {
            State s = state(sessionId);
            List<String> added = new ArrayList<>();
            List<TiledTileable> newTiles = new ArrayList<>();
            for (Map.Entry<String, TiledTileable> e : results.entrySet()) {
                if (!s.stored.containsKey(e.getKey())) {
                    TiledTileable fetch = TiledTileables.asFetch(e.getValue(), Map.of());
                    s.stored.put(e.getKey(), fetch);
                    added.add(e.getKey());
                    newTiles.add(fetch);
                }
            }
            Map<String, TiledTileable> persisted = new HashMap<>();
            for (String k : added) {
                persisted.put(k, s.stored.get(k));
            }
            store.putTileables(sessionId, persisted);
            return lifecycle.incref(sessionId, chunkKeys(newTiles)).thenApply(v -> added);
        });
    }

    @Override
    public CompletableFuture<TiledTileable> stored(String sessionId, String tileableKey) {
        return actor.call(() -> {
            TiledTileable t = state(sessionId).stored.get(tileableKey);
            if (t == null) {
                throw new MarsException(ErrorCode.UNKNOWN_TILEABLE, "session " + sessionId + " has no result for tileable "
                        + tileableKey + "; was it executed in this session, or released?");
            }
            return t;
        });
    }

    @Override
    public CompletableFuture<Void> release(String sessionId, List<String> tileableKeys) {
        return actor.compose(() -> {
            State s = sessions.get(sessionId);
            if (s == null) {
                return CompletableFuture.completedFuture(null);
            }
            List<TiledTileable> dropped = new ArrayList<>();
            List<String> droppedKeys = new ArrayList<>();
            for (String k : tileableKeys) {
                TiledTileable t = s.stored.remove(k);
                if (t != null) {
                    dropped.add(t);
                    droppedKeys.add(k);
                }
            }
            store.deleteTileables(sessionId, droppedKeys);
            return lifecycle.decref(sessionId, chunkKeys(dropped));
        });
    }

    private State state(String sessionId) {
        State s = sessions.get(sessionId);
        if (s == null) {
            throw new MarsException(ErrorCode.UNKNOWN_SESSION, "session " + sessionId + " does not exist or was closed");
        }
        return s;
    }

    private static List<String> chunkKeys(Iterable<TiledTileable> tiles) {
        List<String> keys = new ArrayList<>();
        for (TiledTileable t : tiles) {
            for (ChunkNode c : t.chunks()) {
                keys.add(c.key());
            }
        }
        return keys;
    }

    public int sessionCount() {
        return actor.call(sessions::size).join();
    }

    @Override
    public void close() {
        actor.close();
    }
}
