package io.mars.am.web;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * {@code api/workers/series}: the last {@code capacity} samples of each worker's memory, spills and process, taken at
 * the heartbeat interval, so the Workers view's charts show the time before the page was opened. A fixed-size ring
 * per worker, so an application running for days costs bounded memory. A worker that leaves keeps its samples, marked
 * lost with the reason. Called from the sampler and from request threads, hence synchronized.
 */
public final class WorkerSeries {
    private static final JsonNodeFactory JSON = JsonNodeFactory.instance;
    /** Ten minutes at the default heartbeat interval of 1 s. */
    public static final int DEFAULT_CAPACITY = 600;

    /**
     * One reading of a worker; {@code -1} where its report gave no figure.
     *
     * @param timeMs        when, in epoch ms
     * @param quotaBytes    the worker's memory quota for chunks
     * @param memoryBytes   chunk bytes in memory
     * @param spilledBytes  bytes of spill files (local disks and HDFS)
     * @param spills        chunks spilled so far (a rate is the difference of two samples)
     * @param readBacks     chunks read back so far
     * @param rssBytes      the process's resident memory
     * @param admittedBytes working-memory estimates of the subtasks running there, as the scheduler admitted them
     * @param busySlots     subtasks running there (of its slots)
     */
    public record Sample(long timeMs, long quotaBytes, long memoryBytes, long spilledBytes, long spills, long readBacks,
                         long rssBytes, long admittedBytes, long busySlots) {
    }

    private static final String[] FIELDS = {"timeMs", "quotaBytes", "memoryBytes", "spilledBytes", "spills",
        "readBacks", "rssBytes", "admittedBytes", "busySlots"};

    private final int capacity;
    private final long intervalMs;
    private final Map<String, Ring> workers = new LinkedHashMap<>();

    public WorkerSeries(int capacity, long intervalMs) {
        if (capacity <= 0) {
            throw new IllegalArgumentException("capacity " + capacity);
        }
        this.capacity = capacity;
        this.intervalMs = intervalMs;
    }

    /** Adds a sample of {@code workerId}, dropping its oldest when its ring is full. */
    public synchronized void record(String workerId, Sample sample) {
        Objects.requireNonNull(sample, "sample");
        workers.computeIfAbsent(workerId, id -> new Ring(capacity)).add(sample);
    }

    /** Marks {@code workerId} lost; its samples stay. Unknown ids are kept too, with no samples. */
    public synchronized void lost(String workerId, String reason) {
        workers.computeIfAbsent(workerId, id -> new Ring(capacity)).lostReason = reason;
    }

    /** The workers sampled so far, in the order they first appeared (lost ones included). */
    public synchronized java.util.Set<String> workerIds() {
        return java.util.Set.copyOf(workers.keySet());
    }

    /**
     * {@code {"capacity", "intervalMs", "workers": [{"id", "lost", "lostReason", "samples": {"timeMs": [...],
     * "memoryBytes": [...], ...}}]}}: each field a column, oldest first, as uPlot takes them.
     */
    public synchronized ObjectNode document() {
        ObjectNode out = JSON.objectNode();
        out.put("capacity", capacity);
        out.put("intervalMs", intervalMs);
        ArrayNode list = out.putArray("workers");
        workers.forEach((id, ring) -> {
            ObjectNode w = list.addObject();
            w.put("id", id);
            w.put("lost", ring.lostReason != null);
            w.put("lostReason", ring.lostReason);
            ObjectNode columns = w.putObject("samples");
            ArrayNode[] arrays = new ArrayNode[FIELDS.length];
            for (int f = 0; f < FIELDS.length; f++) {
                arrays[f] = columns.putArray(FIELDS[f]);
            }
            ring.forEach(s -> {
                long[] values = {s.timeMs(), s.quotaBytes(), s.memoryBytes(), s.spilledBytes(), s.spills(),
                    s.readBacks(), s.rssBytes(), s.admittedBytes(), s.busySlots()};
                for (int f = 0; f < FIELDS.length; f++) {
                    if (f > 0 && values[f] < 0) {
                        arrays[f].addNull();
                    } else {
                        arrays[f].add(values[f]);
                    }
                }
            });
        });
        return out;
    }

    /** The last {@code capacity} samples of one worker, in an array written round. */
    private static final class Ring {
        private final Sample[] samples;
        private int next;
        private int size;
        private String lostReason;

        Ring(int capacity) {
            samples = new Sample[capacity];
        }

        void add(Sample s) {
            samples[next] = s;
            next = (next + 1) % samples.length;
            size = Math.min(size + 1, samples.length);
        }

        void forEach(java.util.function.Consumer<Sample> action) {
            int first = (next - size + samples.length) % samples.length;
            for (int i = 0; i < size; i++) {
                action.accept(samples[(first + i) % samples.length]);
            }
        }
    }
}
