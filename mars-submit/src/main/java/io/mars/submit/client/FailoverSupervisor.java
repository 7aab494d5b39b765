package io.mars.submit.client;

import io.mars.common.concurrent.DaemonThreads;
import io.mars.common.concurrent.Pools;
import io.mars.common.error.ErrorCode;
import io.mars.common.error.MarsException;
import io.mars.common.rpc.ResultLayout;
import io.mars.common.rpc.SupervisorGateway;
import io.mars.common.rpc.TaskInfo;
import io.mars.common.rpc.WorkerGateway;
import io.mars.common.rpc.flight.RemoteSupervisorGateway;
import io.mars.common.rpc.flight.RpcSecret;
import java.io.PrintStream;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import org.apache.arrow.memory.BufferAllocator;

/**
 * A client-mode application's supervisor, followed across AM attempts: when a call fails because the AM stopped
 * answering, it asks YARN where the application's current attempt serves and, once a new attempt does, goes on there
 * (the new attempt recovered the sessions and reattached the workers). A task whose wait was cut by the failover is
 * submitted again, the same graph with the same keys, so the new attempt reads what the workers still hold instead of
 * computing it; the caller keeps the task id it got first. Calls are retried only after the attempt changed: a failure
 * of a supervisor that still answers is the caller's.
 */
final class FailoverSupervisor implements SupervisorGateway, AutoCloseable {
    /** Where the application's supervisor serves now. */
    interface Locator {
        /**
         * The current attempt's RPC address, or empty while no attempt serves (a new one is starting); a
         * {@link MarsException} when the application has ended.
         */
        Optional<Location> locate();
    }

    /** A supervisor's RPC address and the AM attempt serving there. */
    record Location(String host, int port, String attempt) {
    }

    private record Connection(RemoteSupervisorGateway gateway, Location at) {
    }

    /** A task as its caller knows it (the id of its first run), with what it takes to run it again. */
    private static final class Submitted {
        final String sessionId;
        final byte[] graph;
        volatile String runId;

        Submitted(String sessionId, byte[] graph, String runId) {
            this.sessionId = sessionId;
            this.graph = graph;
            this.runId = runId;
        }
    }

    private final Locator locator;
    private final RpcSecret secret;
    private final BufferAllocator allocator;
    private final Duration wait;
    private final PrintStream err;
    private final ExecutorService reconnects =
            Executors.newSingleThreadExecutor(DaemonThreads.named("mars-client-failover"));
    private final Map<String, Submitted> tasks = new ConcurrentHashMap<>();
    private volatile Connection current;

    FailoverSupervisor(Locator locator, Location first, RpcSecret secret, BufferAllocator allocator, Duration wait,
                       PrintStream err) {
        this.locator = locator;
        this.secret = secret;
        this.allocator = allocator;
        this.wait = wait;
        this.err = err;
        this.current = new Connection(new RemoteSupervisorGateway(first.host(), first.port(), secret, allocator), first);
    }

    /** Where the supervisor serves now. */
    Location location() {
        return current.at();
    }

    private static boolean unanswered(Throwable e) {
        Throwable t = e;
        while ((t instanceof CompletionException || t instanceof ExecutionException) && t.getCause() != null) {
            t = t.getCause();
        }
        return t instanceof MarsException m && m.code() == ErrorCode.RPC_FAILED;
    }

    /** {@code op} on the current supervisor; once more on a new attempt's when the AM was replaced meanwhile. */
    private <T> CompletableFuture<T> call(Function<RemoteSupervisorGateway, CompletableFuture<T>> op) {
        Connection used = current;
        return op.apply(used.gateway()).handle((value, e) -> {
            if (e == null) {
                return CompletableFuture.completedFuture(value);
            }
            if (!unanswered(e)) {
                return CompletableFuture.<T>failedFuture(e);
            }
            return reconnect(used).thenCompose(now -> now == used ? CompletableFuture.<T>failedFuture(e)
                    : op.apply(now.gateway()));
        }).thenCompose(Function.identity());
    }

    /**
     * After {@code used} stopped answering: the connection to the application's current attempt. The same one when
     * its supervisor answers again (the failure was not the AM's end); a new one once YARN names a new attempt; a
     * failure when the application ended or no new attempt served within the wait.
     */
    private CompletableFuture<Connection> reconnect(Connection used) {
        return CompletableFuture.supplyAsync(() -> {
            if (current != used) {
                return current;
            }
            long deadline = System.nanoTime() + wait.toNanos();
            while (true) {
                Optional<Location> at = locator.locate();
                if (at.isPresent() && !at.get().attempt().equals(used.at().attempt())) {
                    Location l = at.get();
                    Connection next = new Connection(new RemoteSupervisorGateway(l.host(), l.port(), secret, allocator),
                            l);
                    current = next;
                    used.gateway().close();
                    err.println("mars: the application's AM was replaced (" + used.at().attempt() + " -> "
                            + l.attempt() + "); the session goes on with the supervisor at " + l.host() + ":"
                            + l.port());
                    return next;
                }
                if (at.isPresent() && answers(used)) {
                    return used;
                }
                if (System.nanoTime() > deadline) {
                    throw new MarsException(ErrorCode.RPC_FAILED, "the supervisor at " + used.at().host() + ":"
                            + used.at().port() + " has not answered for " + wait.toSeconds() + " s and YARN started no "
                            + "new AM attempt");
                }
                try {
                    Thread.sleep(500);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new MarsException(ErrorCode.RPC_FAILED, "interrupted while waiting for a new AM attempt", e);
                }
            }
        }, reconnects);
    }

    /** Whether the supervisor answers a call at all (an error it sends back is an answer). */
    private static boolean answers(Connection c) {
        try {
            c.gateway().keepAlive().get(5, TimeUnit.SECONDS);
            return true;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        } catch (ExecutionException e) {
            return !unanswered(e);
        } catch (Exception e) {
            return false;
        }
    }

    @Override
    public CompletableFuture<String> createSession(Map<String, String> conf) {
        return call(g -> g.createSession(conf));
    }

    @Override
    public CompletableFuture<Void> closeSession(String sessionId) {
        return call(g -> g.closeSession(sessionId));
    }

    @Override
    public CompletableFuture<String> submitTask(String sessionId, byte[] tileableGraph) {
        return call(g -> g.submitTask(sessionId, tileableGraph)).thenApply(id -> {
            tasks.put(id, new Submitted(sessionId, tileableGraph, id));
            return id;
        });
    }

    @Override
    public CompletableFuture<TaskInfo> waitTask(String sessionId, String taskId) {
        Submitted s = tasks.get(taskId);
        if (s == null) {
            return call(g -> g.waitTask(sessionId, taskId));
        }
        return waitRun(taskId, s).whenComplete((info, e) -> tasks.remove(taskId));
    }

    /** Waits for the task's current run; when the AM was replaced meanwhile, runs it again on the new attempt. */
    private CompletableFuture<TaskInfo> waitRun(String taskId, Submitted s) {
        Connection used = current;
        return used.gateway().waitTask(s.sessionId, s.runId).handle((info, e) -> {
            if (e == null) {
                return CompletableFuture.completedFuture(info);
            }
            if (!unanswered(e)) {
                return CompletableFuture.<TaskInfo>failedFuture(e);
            }
            return reconnect(used).thenCompose(now -> {
                if (now == used) {
                    return CompletableFuture.<TaskInfo>failedFuture(e);
                }
                return now.gateway().submitTask(s.sessionId, s.graph).thenCompose(runId -> {
                    err.println("mars: task " + taskId + " goes on as " + runId + " on the new AM attempt, from what "
                            + "the workers still hold");
                    s.runId = runId;
                    return waitRun(taskId, s);
                });
            });
        }).thenCompose(Function.identity());
    }

    private String run(String taskId) {
        Submitted s = tasks.get(taskId);
        return s == null ? taskId : s.runId;
    }

    @Override
    public CompletableFuture<TaskInfo> taskInfo(String sessionId, String taskId) {
        return call(g -> g.taskInfo(sessionId, run(taskId)));
    }

    @Override
    public CompletableFuture<Void> cancelTask(String sessionId, String taskId) {
        return call(g -> g.cancelTask(sessionId, run(taskId)));
    }

    @Override
    public CompletableFuture<ResultLayout> resultLayout(String sessionId, String tileableKey) {
        return call(g -> g.resultLayout(sessionId, tileableKey));
    }

    @Override
    public CompletableFuture<Void> releaseTileables(String sessionId, List<String> tileableKeys) {
        return call(g -> g.releaseTileables(sessionId, tileableKeys));
    }

    @Override
    public WorkerGateway worker(String workerId) {
        Connection used = current;
        try {
            return used.gateway().worker(workerId);
        } catch (RuntimeException e) {
            if (!unanswered(e)) {
                throw e;
            }
            Connection now = reconnect(used).join();
            if (now == used) {
                throw e;
            }
            return now.gateway().worker(workerId);
        }
    }

    /** The client-mode AM's keep-alive, to whichever attempt serves. */
    CompletableFuture<Void> keepAlive() {
        return call(RemoteSupervisorGateway::keepAlive);
    }

    /** Ends the application with this outcome (the current attempt unregisters). */
    CompletableFuture<Void> finishApplication(boolean succeeded, String diagnostics) {
        return call(g -> g.finishApplication(succeeded, diagnostics));
    }

    @Override
    public void close() {
        Pools.stopNow(reconnects, 5);
        current.gateway().close();
    }
}
