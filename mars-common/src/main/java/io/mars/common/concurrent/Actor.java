package io.mars.common.concurrent;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executor;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

/**
 * The one thread that owns a service's state: every call runs on it, one at a time, in submission order, so the
 * service needs no locks. Callers get {@link CompletableFuture}s.
 */
public final class Actor implements Executor, AutoCloseable {
    private final String name;
    private final ExecutorService thread;

    public Actor(String name) {
        this.name = name;
        this.thread = new ThreadPoolExecutor(1, 1, 0, TimeUnit.SECONDS, new LinkedBlockingQueue<>(),
                DaemonThreads.named(name));
    }

    public String name() {
        return name;
    }

    /** Runs {@code body} on the actor's thread. */
    public <T> CompletableFuture<T> call(Supplier<T> body) {
        return CompletableFuture.supplyAsync(body, thread);
    }

    /** Runs {@code body}, which itself returns a future, on the actor's thread. */
    public <T> CompletableFuture<T> compose(Supplier<CompletableFuture<T>> body) {
        return CompletableFuture.supplyAsync(body, thread).thenCompose(f -> f);
    }

    public CompletableFuture<Void> run(Runnable body) {
        return CompletableFuture.runAsync(body, thread);
    }

    @Override
    public void execute(Runnable command) {
        thread.execute(command);
    }

    public boolean isOnActorThread() {
        return Thread.currentThread().getName().equals(name);
    }

    @Override
    public void close() {
        Pools.stop(thread, 10);
    }
}
