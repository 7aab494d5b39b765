package io.mars.benchmarks;

import static io.mars.tensor.Tensors.chunks;
import static io.mars.tensor.Tensors.shape;

import io.mars.Session;
import io.mars.common.error.ErrorCode;
import io.mars.common.error.MarsException;
import io.mars.common.rpc.TaskInfo;
import io.mars.common.rpc.TaskState;
import io.mars.examples.JobArgs;
import io.mars.submit.client.ClientSession;
import io.mars.tensor.Tensor;
import io.mars.tensor.Tensors;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.ToDoubleFunction;

/**
 * Measures the supervisor rather than the kernels, from the timestamps in {@link TaskInfo}:
 * <ol>
 *   <li>latency: how long a graph of about 10^5 chunks ({@code ones(100000, chunks=1).add(1).sum()}) takes from
 *       submission to its first running subtask (target under 2 s), and to the end of tiling;</li>
 *   <li>dispatch throughput: how many trivial independent subtasks ({@code ones(20000, chunks=1).add(1)}, one fused
 *       subtask per chunk) the supervisor starts and completes per second (target at least 10,000/s).</li>
 * </ol>
 * Each graph runs once to warm up, then {@code runs} times; the table shows every run and the median.
 *
 * <p>Usage: {@code SupervisorBenchmark [latencyChunks] [dispatchSubtasks] [runs]}; the master is {@code mars.master}
 * if set, else {@code local[2]}.
 */
public final class SupervisorBenchmark {
    static final long DEFAULT_LATENCY_CHUNKS = 100_000;
    static final long DEFAULT_DISPATCH_SUBTASKS = 20_000;
    static final int DEFAULT_RUNS = 3;
    static final double LATENCY_TARGET_SECONDS = 2.0;
    static final double THROUGHPUT_TARGET = 10_000;

    private SupervisorBenchmark() {
    }

    /** One measured task; nanosecond fields are spans, not timestamps. */
    record Sample(int chunkCount, int subtaskCount, long clientToSubmitted, long submittedToTiled,
                  long submittedToFirstRunning, long firstRunningToFinished, long submittedToFinished) {

        static Sample of(long clientStart, TaskInfo info) {
            return new Sample(info.chunkCount(), info.subtaskCount(), info.submittedNanos() - clientStart,
                    info.tiledNanos() - info.submittedNanos(), info.firstRunningNanos() - info.submittedNanos(),
                    info.finishedNanos() - info.firstRunningNanos(), info.finishedNanos() - info.submittedNanos());
        }

        /** Subtasks run per second between the first start and the end of the task. */
        double throughput() {
            return firstRunningToFinished <= 0 ? Double.NaN : subtaskCount * 1e9 / firstRunningToFinished;
        }
    }

    public static void main(String[] args) {
        long latencyChunks = JobArgs.positive(args, 0, "latencyChunks", DEFAULT_LATENCY_CHUNKS);
        long dispatchSubtasks = JobArgs.positive(args, 1, "dispatchSubtasks", DEFAULT_DISPATCH_SUBTASKS);
        int runs = (int) JobArgs.positive(args, 2, "runs", DEFAULT_RUNS);
        String master = System.getProperty(Session.MASTER_PROPERTY, "local[2]");
        List<Sample> latency = new ArrayList<>();
        List<Sample> dispatch = new ArrayList<>();
        try (Session session = Session.create(master, Map.of())) {
            ClientSession client = clientOf(session);
            for (int i = 0; i <= runs; i++) {
                Sample s = measure(client, Tensors.ones(shape(latencyChunks), chunks(1)).add(1.0).sum());
                if (i > 0) {
                    latency.add(s);
                }
            }
            for (int i = 0; i <= runs; i++) {
                Sample s = measure(client, Tensors.ones(shape(dispatchSubtasks), chunks(1)).add(1.0));
                if (i > 0) {
                    dispatch.add(s);
                }
            }
        }
        // client-side spans compare two System.nanoTime() clocks, which is only meaningful in one JVM
        boolean sameClock = master.trim().startsWith("local");
        System.out.println(report(master, latencyChunks, dispatchSubtasks, latency, dispatch, sameClock));
    }

    private static ClientSession clientOf(Session session) {
        if (session instanceof ClientSession client) {
            return client;
        }
        throw new MarsException(ErrorCode.INVALID_CONFIG, "SupervisorBenchmark needs a ClientSession to read task "
                + "timings, got " + session.getClass().getName());
    }

    private static Sample measure(ClientSession client, Tensor tensor) {
        long start = System.nanoTime();
        TaskInfo info = client.executeForInfo(tensor);
        if (info.state() != TaskState.SUCCEEDED) {
            throw new MarsException(ErrorCode.INTERNAL_ERROR, "benchmark task " + info.taskId() + " ended "
                    + info.state() + ": " + info.errorCode() + " " + info.errorMessage());
        }
        client.release(tensor);
        return Sample.of(start, info);
    }

    static String report(String master, long latencyChunks, long dispatchSubtasks, List<Sample> latency,
                         List<Sample> dispatch, boolean sameClock) {
        StringBuilder out = new StringBuilder();
        out.append(String.format(Locale.ROOT, "Supervisor benchmark on %s: warm-up 1, then %d runs; median shown%n",
                master, latency.size()));
        String header = String.format(Locale.ROOT, "%-46s", "metric");
        for (int i = 1; i <= latency.size(); i++) {
            header += String.format(Locale.ROOT, " %10s", "run " + i);
        }
        header += String.format(Locale.ROOT, " %10s  %-10s %s", "median", "target", "verdict");
        out.append(header).append(System.lineSeparator());
        out.append("-".repeat(header.length())).append(System.lineSeparator());

        out.append(String.format(Locale.ROOT, "(a) ones(%d, chunks=1).add(1).sum()%n", latencyChunks));
        row(out, "  chunks in tiled graph", latency, s -> s.chunkCount(), "%10.0f", null, true);
        row(out, "  subtasks after fusion", latency, s -> s.subtaskCount(), "%10.0f", null, true);
        if (sameClock) {
            row(out, "  execute() -> supervisor received (s)", latency, s -> s.clientToSubmitted() / 1e9, "%10.3f",
                    null, true);
        }
        row(out, "  received -> tiled (s)", latency, s -> s.submittedToTiled() / 1e9, "%10.3f", null, true);
        row(out, "  received -> first subtask running (s)", latency, s -> s.submittedToFirstRunning() / 1e9,
                "%10.3f", LATENCY_TARGET_SECONDS, true);
        if (sameClock) {
            row(out, "  execute() -> first subtask running (s)", latency,
                    s -> (s.clientToSubmitted() + s.submittedToFirstRunning()) / 1e9, "%10.3f", null, true);
        }
        row(out, "  received -> finished (s)", latency, s -> s.submittedToFinished() / 1e9, "%10.3f", null, true);

        out.append(String.format(Locale.ROOT, "(b) ones(%d, chunks=1).add(1), independent subtasks%n",
                dispatchSubtasks));
        row(out, "  subtasks after fusion", dispatch, s -> s.subtaskCount(), "%10.0f", null, true);
        row(out, "  received -> first subtask running (s)", dispatch, s -> s.submittedToFirstRunning() / 1e9,
                "%10.3f", null, true);
        row(out, "  first running -> finished (s)", dispatch, s -> s.firstRunningToFinished() / 1e9, "%10.3f",
                null, true);
        row(out, "  dispatch throughput (subtasks/s)", dispatch, Sample::throughput, "%10.0f", THROUGHPUT_TARGET,
                false);
        if (!dispatch.isEmpty() && dispatch.get(0).subtaskCount() < dispatchSubtasks) {
            out.append(String.format(Locale.ROOT, "note: fusion made %d subtasks, fewer than the %d chunks asked for%n",
                    dispatch.get(0).subtaskCount(), dispatchSubtasks));
        }
        return out.toString();
    }

    /** One table row: every run, the median and, when there is a target, whether the median meets it. */
    private static void row(StringBuilder out, String metric, List<Sample> samples, ToDoubleFunction<Sample> value,
                            String format, Double target, boolean targetIsUpperBound) {
        double[] values = samples.stream().mapToDouble(value).toArray();
        out.append(String.format(Locale.ROOT, "%-46s", metric));
        for (double v : values) {
            out.append(' ').append(String.format(Locale.ROOT, format, v));
        }
        double median = median(values);
        out.append(' ').append(String.format(Locale.ROOT, format, median));
        if (target != null) {
            boolean ok = targetIsUpperBound ? median < target : median >= target;
            String bound = (targetIsUpperBound ? "< " : ">= ") + String.format(Locale.ROOT, "%.0f", target);
            out.append(String.format(Locale.ROOT, "  %-10s %s", bound, ok ? "PASS" : "FAIL"));
        }
        out.append(System.lineSeparator());
    }

    static double median(double[] values) {
        if (values.length == 0) {
            return Double.NaN;
        }
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        int mid = sorted.length / 2;
        return sorted.length % 2 == 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
    }
}
