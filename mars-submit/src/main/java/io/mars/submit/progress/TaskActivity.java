package io.mars.submit.progress;

import io.mars.common.rpc.TaskInfo;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.function.LongSupplier;
import java.util.function.Supplier;

/**
 * The tasks the client sessions of this JVM have submitted, which are running, how the last one ended, and the bytes
 * the embedded workers of this JVM spilled: what {@code mars-submit} shows while a job's main runs in its JVM (local
 * and client mode).
 *
 * <p>The one process-wide instance ({@link #jvm()}) is the exception to constructor injection: a job opens its
 * sessions through {@code Session.getOrCreate()}, whose providers {@link java.util.ServiceLoader} makes, so there is no
 * composition root that could hand the sessions a listener. Readers take an instance, so tests use their own. It holds
 * counters and the running tasks only (an ended task is forgotten but for the last one), under its own monitor.
 */
public final class TaskActivity {
    private static final TaskActivity JVM = new TaskActivity();

    private long started;
    /** Running tasks by id, in the order they started: their start number and how to ask for their info. */
    private final Map<String, Running> running = new LinkedHashMap<>();
    private TaskInfo lastEnded;
    private long lastEndedNumber;
    private final List<LongSupplier> spillCounters = new ArrayList<>();
    /** Bytes spilled by counters that were removed (workers that stopped). */
    private long retiredSpilled;
    private boolean spillCounted;
    private final List<Runnable> endListeners = new java.util.concurrent.CopyOnWriteArrayList<>();

    /** The instance the sessions of this JVM report to. */
    public static TaskActivity jvm() {
        return JVM;
    }

    /**
     * A task a supervisor accepted; {@code info} asks that supervisor for the task's current info (its subtasks done
     * so far), without blocking.
     */
    public synchronized void started(String taskId, Supplier<CompletableFuture<TaskInfo>> info) {
        Objects.requireNonNull(taskId, "taskId");
        Objects.requireNonNull(info, "info");
        started++;
        running.put(taskId, new Running(started, info));
    }

    /**
     * The task ended; {@code last} is its final info, or null when waiting for it failed. Tells the end listeners
     * before it returns, so before the session hands the job its result.
     */
    public void ended(String taskId, TaskInfo last) {
        synchronized (this) {
            Running r = running.remove(taskId);
            if (r == null) {
                return;
            }
            if (last != null && r.number() >= lastEndedNumber) {
                lastEnded = last;
                lastEndedNumber = r.number();
            }
        }
        for (Runnable listener : endListeners) {
            listener.run();
        }
    }

    /**
     * Runs {@code listener} on the session's thread each time a task ends, until the returned handle is closed; it
     * must be quick (a terminal's progress line erases itself there, before the job prints what the task computed).
     */
    public AutoCloseable onTaskEnded(Runnable listener) {
        Objects.requireNonNull(listener, "listener");
        endListeners.add(listener);
        return () -> endListeners.remove(listener);
    }

    /**
     * Counts the bytes {@code spilled} reports (cumulative, e.g. an embedded worker's) until the returned handle is
     * closed; what it counted by then stays counted.
     */
    public synchronized AutoCloseable countSpills(LongSupplier spilled) {
        Objects.requireNonNull(spilled, "spilled");
        spillCounters.add(spilled);
        spillCounted = true;
        return () -> retire(spilled);
    }

    private synchronized void retire(LongSupplier spilled) {
        if (spillCounters.remove(spilled)) {
            retiredSpilled += spilled.getAsLong();
        }
    }

    /** What has happened so far. */
    public synchronized Snapshot snapshot() {
        long spilled = retiredSpilled;
        for (LongSupplier s : spillCounters) {
            spilled += s.getAsLong();
        }
        return new Snapshot(started, List.copyOf(running.values()), lastEnded, lastEndedNumber,
                spillCounted ? spilled : -1);
    }

    /**
     * A task that has not ended.
     *
     * @param number its start number: the first task of the JVM is 1
     * @param info asks its supervisor for its current info
     */
    public record Running(long number, Supplier<CompletableFuture<TaskInfo>> info) {
    }

    /**
     * A reading of {@link TaskActivity}.
     *
     * @param started tasks started since the JVM began (the start number of the latest)
     * @param running the tasks that have not ended, oldest first
     * @param lastEnded the final info of the latest-started task that has ended, or null
     * @param lastEndedNumber that task's start number (1 for the first task of the JVM), 0 if none
     * @param spilledBytes bytes spilled by this JVM's embedded workers, or -1 when none ever ran here
     */
    public record Snapshot(long started, List<Running> running,
                           TaskInfo lastEnded, long lastEndedNumber, long spilledBytes) {
        public Snapshot {
            running = List.copyOf(running);
        }
    }
}
