package io.mars.benchmarks.sim;

import io.mars.am.services.cluster.ClusterService;
import io.mars.am.services.scheduling.internal.DepthFirstScheduler;
import io.mars.common.error.ErrorCode;
import io.mars.common.error.MarsException;
import io.mars.common.graph.Subtask;
import io.mars.common.rpc.ChunkMeta;
import io.mars.common.rpc.SubtaskResult;
import io.mars.common.rpc.WorkerGateway;
import io.mars.types.ChunkData;
import io.mars.types.DataType;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.PriorityQueue;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.function.IntPredicate;

/**
 * Simulated workers and a discrete-event driver in virtual time. The workers run no kernels: the scheduler's call to
 * run a subtask only records the attempt; the driver gives it a duration (its compute time from the job, plus its
 * remote input bytes at {@link #BYTES_PER_MILLI}) and completes attempts in virtual-time order, each batch of equal
 * end time only once the scheduler has handled the previous one, so every dispatch happens at the virtual time of
 * the answer that caused it. Some attempts fail with a transport error; workers can be lost.
 */
public final class SimulatedCluster {
    /** Remote read bandwidth of one slot: 100 MB/s. */
    static final long BYTES_PER_MILLI = 100_000;
    private final ClusterService cluster;
    private final SimulatedJob job;
    private final double failureRate;
    private final List<Worker> workers = new ArrayList<>();
    private final ConcurrentLinkedQueue<Attempt> started = new ConcurrentLinkedQueue<>();
    private final PriorityQueue<Attempt> events = new PriorityQueue<>((a, b) -> a.end != b.end
            ? Long.compare(a.end, b.end) : Long.compare(a.seq, b.seq));
    private final int[] attempts;
    /** The worker that stored each subtask's outputs last (-1: none yet). */
    final int[] storedOn;
    private long now;
    private long seq;
    long localBytes;
    long inputBytes;
    long failuresInjected;

    /** One attempt of a subtask on a worker. */
    private static final class Attempt {
        final Worker worker;
        final Subtask subtask;
        final Map<String, String> locations;
        final CompletableFuture<SubtaskResult> result = new CompletableFuture<>();
        long start;
        long end;
        long seq;
        MarsException failure;

        Attempt(Worker worker, Subtask subtask, Map<String, String> locations) {
            this.worker = worker;
            this.subtask = subtask;
            this.locations = locations;
        }
    }

    public SimulatedCluster(ClusterService cluster, SimulatedJob job, int workerCount, int slots, double failureRate) {
        this.cluster = cluster;
        this.job = job;
        this.failureRate = failureRate;
        this.attempts = new int[job.size()];
        this.storedOn = new int[job.size()];
        java.util.Arrays.fill(storedOn, -1);
        for (int i = 0; i < workerCount; i++) {
            workers.add(new Worker(this, i, String.format("w%04d", i), slots));
        }
    }

    public void start() {
        workers.forEach(cluster::addWorker);
    }

    public long now() {
        return now;
    }

    boolean isLost(int worker) {
        return workers.get(worker).lost;
    }

    /**
     * Runs the driver until {@code done} completes: completes attempts in virtual-time order, waiting for the
     * scheduler after each batch. {@code atBatch} runs after each batch with the number of subtask answers so far
     * (to lose workers at some point); it returns true when it changed the cluster.
     */
    public void drive(DepthFirstScheduler scheduler, CompletableFuture<Void> done, IntPredicate atBatch) {
        int answers = 0;
        long idleSince = 0;
        while (!done.isDone()) {
            takeStarted();
            if (events.isEmpty()) {
                // waiting on something asynchronous (a probe, a deletion); give it real time
                if (idleSince == 0) {
                    idleSince = System.nanoTime();
                } else if (System.nanoTime() - idleSince > 60_000_000_000L) {
                    throw new IllegalStateException("the simulation stalled at virtual time " + now + " ms");
                }
                scheduler.drained().join();
                Thread.onSpinWait();
                continue;
            }
            idleSince = 0;
            now = events.peek().end;
            while (!events.isEmpty() && events.peek().end == now) {
                Attempt a = events.poll();
                if (!a.worker.lost) {
                    complete(a);
                    answers++;
                }
            }
            atBatch.test(answers);
            scheduler.drained().join();
        }
    }

    private void takeStarted() {
        Attempt a;
        while ((a = started.poll()) != null) {
            int id = a.subtask.id();
            int attempt = attempts[id]++;
            long remote = 0;
            for (String key : a.subtask.inputs()) {
                long bytes = job.outputBytes(SimulatedJob.producerOf(key));
                String holder = a.locations.get(key);
                inputBytes += bytes;
                if (a.worker.id.equals(holder)) {
                    localBytes += bytes;
                } else {
                    remote += bytes;
                }
                if (holder == null || !cluster.isMember(holder)) {
                    a.failure = new MarsException(ErrorCode.WORKER_LOST, "input " + key + " has no live holder");
                }
            }
            a.start = now;
            a.end = now + (a.failure != null ? 1 : job.computeMillis(id, attempt) + remote / BYTES_PER_MILLI);
            if (a.failure == null && failureRate > 0
                    && new SplittableRandom(id * 131L + attempt).nextDouble() < failureRate) {
                a.failure = new MarsException(ErrorCode.RPC_FAILED, "simulated transport failure");
                failuresInjected++;
            }
            a.seq = seq++;
            events.add(a);
        }
    }

    private void complete(Attempt a) {
        if (a.failure != null) {
            a.result.completeExceptionally(a.failure);
            return;
        }
        int id = a.subtask.id();
        long bytes = job.outputBytes(id);
        List<ChunkMeta> outputs = new ArrayList<>(a.subtask.outputs().size());
        for (String key : a.subtask.outputs()) {
            outputs.add(new ChunkMeta(key, DataType.FLOAT64, new long[] {bytes / 8}, bytes, Set.of(a.worker.id)));
        }
        storedOn[id] = a.worker.index;
        a.result.complete(new SubtaskResult(id, a.worker.id, outputs, a.start * 1_000_000, a.end * 1_000_000));
    }

    /**
     * Loses {@code count} workers chosen with the seed: they leave the cluster and never answer; attempts elsewhere
     * reading their chunks fail with WORKER_LOST, as a fetch from them would. Returns the lost worker indexes.
     */
    public List<Integer> loseWorkers(int count, long seed) {
        List<Integer> order = new ArrayList<>();
        for (int i = 0; i < workers.size(); i++) {
            order.add(i);
        }
        Collections.shuffle(order, new java.util.Random(seed));
        List<Integer> lost = List.copyOf(order.subList(0, count));
        for (int i : lost) {
            workers.get(i).lost = true;
        }
        for (int i : lost) {
            cluster.removeWorker(workers.get(i).id, "lost in the simulation");
        }
        List<Attempt> failing = new ArrayList<>();
        for (Attempt a : events) {
            if (!a.worker.lost && a.failure == null && readsFromLost(a)) {
                failing.add(a);
            }
        }
        for (Attempt a : failing) {
            events.remove(a);
            a.failure = new MarsException(ErrorCode.WORKER_LOST, "an input's holder was lost");
            a.end = now + 1;
            events.add(a);
        }
        return lost;
    }

    private boolean readsFromLost(Attempt a) {
        for (String holder : a.locations.values()) {
            if (!cluster.isMember(holder)) {
                return true;
            }
        }
        return false;
    }

    /** A simulated worker: records attempts for the driver; deletes and probes answer at once. */
    static final class Worker implements WorkerGateway {
        private final SimulatedCluster sim;
        final int index;
        final String id;
        private final int slots;
        volatile boolean lost;

        Worker(SimulatedCluster sim, int index, String id, int slots) {
            this.sim = sim;
            this.index = index;
            this.id = id;
            this.slots = slots;
        }

        @Override
        public String workerId() {
            return id;
        }

        @Override
        public int slots() {
            return slots;
        }

        @Override
        public CompletableFuture<SubtaskResult> runSubtask(String sessionId, Subtask subtask,
                                                           Map<String, String> inputLocations) {
            Attempt a = new Attempt(this, subtask, inputLocations);
            sim.started.add(a);
            return a.result;
        }

        @Override
        public CompletableFuture<ChunkData> fetchChunk(String sessionId, String chunkKey) {
            return CompletableFuture.failedFuture(new UnsupportedOperationException("simulated: no data"));
        }

        @Override
        public CompletableFuture<Long> deleteChunks(String sessionId, List<String> chunkKeys) {
            return CompletableFuture.completedFuture(0L);
        }

        @Override
        public CompletableFuture<Long> storedBytes() {
            return lost ? new CompletableFuture<>() : CompletableFuture.completedFuture(0L);
        }
    }
}
