package io.mars.benchmarks.sim;

import io.mars.am.services.cluster.ClusterListener;
import io.mars.am.services.cluster.internal.StaticCluster;
import io.mars.am.services.lifecycle.internal.RefCountLifecycle;
import io.mars.am.services.meta.internal.MemoryMetaService;
import io.mars.am.services.scheduling.SchedulingListener;
import io.mars.am.services.scheduling.internal.DepthFirstScheduler;
import io.mars.am.state.internal.MemoryOnlyStateStore;
import io.mars.common.graph.Subtask;
import io.mars.common.graph.SubtaskGraph;
import io.mars.common.rpc.SubtaskResult;
import io.mars.examples.JobArgs;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * The scheduler at cluster scale without a cluster: the real supervisor services the scheduler works with (the
 * scheduler, meta, lifecycle and cluster service, wired as the {@code Supervisor} wires them) against
 * {@link SimulatedCluster simulated workers} in virtual time, running one {@link SimulatedJob}. Reports the dispatch
 * rate per second of the scheduler thread's CPU time, the supervisor heap per subtask, input locality, the makespan
 * against a lower bound, and what losing a share of the workers mid-job costs.
 *
 * <p>Usage: {@code SchedulerSimulation [workers=1000] [slots=8] [subtasks=1e6] [lostFraction=0.1] [seed=42]}.
 */
public final class SchedulerSimulation {
    static final double DISPATCH_TARGET = 50_000;
    static final double HEAP_TARGET_BYTES = 1024;

    /** What to simulate. {@code lostFraction} of the workers are lost once half of the subtasks have answered. */
    public record Config(int workers, int slots, long subtasks, double lostFraction, double failureRate, long seed) {
    }

    /**
     * What one run measured. Virtual times in ms; {@code dispatchedPerCpuSecond} is over the scheduler thread's CPU
     * time from submission to the end; heap figures are GC'd heap growth over the state before submission.
     */
    public record Result(int subtasks, long dispatched, double schedulerCpuSeconds, double otherCpuSeconds,
                         double wallSeconds, long heapPerSubtaskAtSubmit, long heapPerSubtaskMidRun,
                         double locality, long makespan, long bound, long retried, long reverted, long failures,
                         int lostWorkers, boolean completedExactlyOnce, boolean rerunsJustified) {
        double dispatchedPerCpuSecond() {
            return dispatched / schedulerCpuSeconds;
        }
    }

    private SchedulerSimulation() {
    }

    public static void main(String[] args) {
        Config config = new Config((int) JobArgs.positive(args, 0, "workers", 1000),
                (int) JobArgs.positive(args, 1, "slots", 8), JobArgs.positive(args, 2, "subtasks", 1_000_000),
                args.length > 3 ? Double.parseDouble(args[3]) : 0.1, 0.0005,
                JobArgs.positive(args, 4, "seed", 42));
        SimulatedJob job = SimulatedJob.generate(SimulatedJob.blocksFor(config.subtasks()), config.seed());
        System.out.printf(Locale.ROOT, "Scheduler simulation: %d workers x %d slots, %d subtasks (%d blocks of %d),"
                        + " seed %d, %.2f%% of attempts fail in transport%n", config.workers(), config.slots(),
                job.size(), job.size() / SimulatedJob.PER_BLOCK, SimulatedJob.PER_BLOCK, config.seed(),
                config.failureRate() * 100);
        Result clean = run(config, job, false);
        print("no loss", clean);
        Result lossy = run(config, job, true);
        print(String.format(Locale.ROOT, "%.0f%% lost", config.lostFraction() * 100), lossy);
        System.out.printf(Locale.ROOT, "recovery: %d workers lost mid-job; %d reruns (%d retried, %d reverted);"
                        + " extra makespan %.1f s (%.1f%%)%n", lossy.lostWorkers(), lossy.retried() + lossy.reverted(),
                lossy.retried(), lossy.reverted(), (lossy.makespan() - clean.makespan()) / 1e3,
                100.0 * (lossy.makespan() - clean.makespan()) / clean.makespan());
        boolean rate = Math.min(clean.dispatchedPerCpuSecond(), lossy.dispatchedPerCpuSecond()) >= DISPATCH_TARGET;
        boolean heap = Math.max(clean.heapPerSubtaskAtSubmit(), lossy.heapPerSubtaskAtSubmit()) <= HEAP_TARGET_BYTES;
        System.out.printf(Locale.ROOT, "targets: dispatch >= %.0f/s of scheduler CPU: %s; heap <= %.0f B/subtask: %s%n",
                DISPATCH_TARGET, rate ? "PASS" : "FAIL", HEAP_TARGET_BYTES, heap ? "PASS" : "FAIL");
    }

    private static void print(String label, Result r) {
        System.out.printf(Locale.ROOT, "%-8s dispatched %d in %.2f s of scheduler CPU: %.0f/s (lifecycle+meta CPU %.2f"
                        + " s, wall %.1f s); heap %d B/subtask at submit, %d B/subtask mid-run; locality %.1f%%;"
                        + " makespan %.1f s vs bound %.1f s (x%.3f); %d retried, %d reverted, %d injected failures;"
                        + " each finished once but reruns: %s, reruns justified: %s%n", label, r.dispatched(),
                r.schedulerCpuSeconds(), r.dispatchedPerCpuSecond(), r.otherCpuSeconds(), r.wallSeconds(),
                r.heapPerSubtaskAtSubmit(), r.heapPerSubtaskMidRun(), r.locality() * 100, r.makespan() / 1e3,
                r.bound() / 1e3, (double) r.makespan() / r.bound(), r.retried(), r.reverted(), r.failures(),
                r.completedExactlyOnce(), r.rerunsJustified());
    }

    /** Runs the job once on fresh services; {@code lose}: lose the configured share of workers half-way. */
    public static Result run(Config config, SimulatedJob job, boolean lose) {
        StaticCluster cluster = new StaticCluster();
        MemoryMetaService meta = new MemoryMetaService(new MemoryOnlyStateStore());
        RefCountLifecycle lifecycle = new RefCountLifecycle(meta, cluster);
        DepthFirstScheduler scheduler = new DepthFirstScheduler(cluster, meta, lifecycle);
        cluster.addListener(new ClusterListener() {
            @Override
            public void workerLost(String workerId, String reason) {
                meta.dropWorker(workerId); // as the Supervisor does
            }
        });
        try {
            return measure(config, job, lose, cluster, scheduler, lifecycle);
        } finally {
            scheduler.close();
            lifecycle.close();
            meta.close();
        }
    }

    private static Result measure(Config config, SimulatedJob job, boolean lose, StaticCluster cluster,
                                  DepthFirstScheduler scheduler, RefCountLifecycle lifecycle) {
        SimulatedCluster sim = new SimulatedCluster(cluster, job, config.workers(), config.slots(),
                config.failureRate());
        sim.start();
        Counting listener = new Counting(job.size(), sim);
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        long schedulerThread = scheduler.thread().join().getId();
        long before = settledHeap();
        long cpu0 = threads.getThreadCpuTime(schedulerThread);
        long others0 = otherActorsCpu(threads);
        long wall0 = System.nanoTime();
        lifecycle.incref("s", references(job)).join();
        CompletableFuture<Void> done = scheduler.submit("s", "t", job.graph(), Map.of(), Set.copyOf(job.results()),
                listener);
        scheduler.drained().join();
        long atSubmit = settledHeap() - before;
        long[] midRun = {-1};
        int[] lost = {0};
        sim.drive(scheduler, done, answers -> {
            if (midRun[0] < 0 && answers >= job.size() / 2) {
                scheduler.drained().join();
                midRun[0] = settledHeap() - before;
                if (lose) {
                    lost[0] = (int) Math.round(config.workers() * config.lostFraction());
                    listener.lost = sim.loseWorkers(lost[0], config.seed());
                }
                return true;
            }
            return false;
        });
        done.orTimeout(60, TimeUnit.SECONDS).join();
        double cpu = (threads.getThreadCpuTime(schedulerThread) - cpu0) / 1e9;
        double others = (otherActorsCpu(threads) - others0) / 1e9;
        double wall = (System.nanoTime() - wall0) / 1e9;
        return new Result(job.size(), listener.dispatched, cpu, others, wall, atSubmit / job.size(),
                midRun[0] / job.size(), (double) sim.localBytes / Math.max(1, sim.inputBytes), sim.now(),
                bound(job, config), listener.retried, listener.reverted, sim.failuresInjected, lost[0],
                listener.finishedOnceButReruns(), listener.rerunsJustified(job.graph()));
    }

    /** What the task manager takes before submitting: one reference per input occurrence and one per result. */
    private static List<String> references(SimulatedJob job) {
        List<String> refs = new ArrayList<>();
        for (Subtask st : job.graph().subtasks()) {
            refs.addAll(st.inputs());
        }
        refs.addAll(job.results());
        return refs;
    }

    /** A lower bound of the makespan: the longest compute path, or all compute spread evenly over every slot. */
    static long bound(SimulatedJob job, Config config) {
        SubtaskGraph g = job.graph();
        long[] finish = new long[g.size()];
        long path = 0;
        long total = 0;
        for (int i = 0; i < g.size(); i++) { // ids are a topological order
            long start = 0;
            for (int p : g.predecessors()[i]) {
                start = Math.max(start, finish[p]);
            }
            long d = job.computeMillis(i, 0);
            finish[i] = start + d;
            path = Math.max(path, finish[i]);
            total += d;
        }
        return Math.max(path, total / ((long) config.workers() * config.slots()));
    }

    private static long settledHeap() {
        Runtime rt = Runtime.getRuntime();
        long used = Long.MAX_VALUE;
        for (int i = 0; i < 3; i++) {
            System.gc();
            used = Math.min(used, rt.totalMemory() - rt.freeMemory());
        }
        return used;
    }

    private static long otherActorsCpu(ThreadMXBean threads) {
        long total = 0;
        for (var info : threads.getThreadInfo(threads.getAllThreadIds())) {
            if (info != null && (info.getThreadName().equals("mars-lifecycle")
                    || info.getThreadName().equals("mars-meta"))) {
                total += Math.max(0, threads.getThreadCpuTime(info.getThreadId()));
            }
        }
        return total;
    }

    /** Counts what the scheduler reports, on its thread. */
    static final class Counting implements SchedulingListener {
        private final int[] finished;
        private final int[] reverts;
        private final boolean[] revertedFromLost;
        private final SimulatedCluster sim;
        volatile List<Integer> lost = List.of();
        long dispatched;
        long retried;
        long reverted;

        Counting(int size, SimulatedCluster sim) {
            this.finished = new int[size];
            this.reverts = new int[size];
            this.revertedFromLost = new boolean[size];
            this.sim = sim;
        }

        @Override
        public void subtaskDispatched(int subtaskId, String workerId, long nanos) {
            dispatched++;
        }

        @Override
        public void subtaskFinished(SubtaskResult result) {
            finished[result.subtaskId()]++;
        }

        @Override
        public void subtaskRetried(int subtaskId, String workerId, Throwable cause) {
            retried++;
        }

        @Override
        public void subtaskReverted(int subtaskId) {
            reverted++;
            reverts[subtaskId]++;
            int holder = sim.storedOn[subtaskId];
            revertedFromLost[subtaskId] |= holder >= 0 && sim.isLost(holder);
        }

        /** Every subtask finished once, plus once more per revert. */
        boolean finishedOnceButReruns() {
            for (int i = 0; i < finished.length; i++) {
                if (finished[i] != 1 + reverts[i]) {
                    return false;
                }
            }
            return true;
        }

        /**
         * Every reverted subtask had to run again: its outputs were on a lost worker, or a reverted reader needed an
         * output of it that had been deleted.
         */
        boolean rerunsJustified(SubtaskGraph graph) {
            for (int i = 0; i < reverts.length; i++) {
                if (reverts[i] == 0 || revertedFromLost[i]) {
                    continue;
                }
                boolean readerReverted = false;
                for (int s : graph.successors()[i]) {
                    readerReverted |= reverts[s] > 0;
                }
                if (!readerReverted) {
                    return false;
                }
            }
            return true;
        }
    }
}
