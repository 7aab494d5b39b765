package io.mars.am.web;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.mars.am.Supervisor;
import io.mars.am.services.meta.MetaService;
import io.mars.am.services.scheduling.WorkerLoad;
import io.mars.am.services.session.SessionService.SessionSnapshot;
import io.mars.am.services.task.SubtaskCounts;
import io.mars.am.services.task.TaskGraph;
import io.mars.am.services.task.TaskStatus;
import io.mars.common.error.ErrorCode;
import io.mars.common.error.MarsException;
import io.mars.common.rpc.TaskInfo;
import io.mars.common.rpc.WorkerGateway;
import io.mars.common.rpc.WorkerReport;
import io.mars.common.rpc.flight.HeartbeatConfig;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Supplier;

/**
 * The JSON documents of the REST API, read from the supervisors' services at each call (their read-only snapshot
 * methods, answered on each service's own thread). The status page renders the same documents.
 *
 * <p>A worker's figures its report cannot give (it does not answer in time, or gives none) are {@code null}.
 */
public final class StatusReport implements StatusSource {
    /** How long a request waits for a service's answer before the API answers 503. */
    static final long TIMEOUT_SECONDS = 10;
    private static final JsonNodeFactory JSON = JsonNodeFactory.instance;

    private final Supplier<List<Supervisor>> supervisors;

    private final Optional<TimelineRecorder> timeline;
    private final Optional<ObjectNode> config;
    private final Optional<WorkerSeries> series;
    private final Optional<Duration> sampleEvery;
    private final Optional<LogLinks> logs;

    public StatusReport(Supplier<List<Supervisor>> supervisors) {
        this(supervisors, Optional.empty());
    }

    /** A report that also serves {@code api/timeline} from {@code timeline}, when given. */
    public StatusReport(Supplier<List<Supervisor>> supervisors, Optional<TimelineRecorder> timeline) {
        this(supervisors, timeline, Optional.empty());
    }

    /** As above, serving {@code api/config} from {@code settings} (the process's configuration) when given. */
    public StatusReport(Supplier<List<Supervisor>> supervisors, Optional<TimelineRecorder> timeline,
                        Optional<Map<String, String>> settings) {
        this(supervisors, timeline, settings, Optional.empty());
    }

    /** As above, linking each worker's and the AM's log pages ({@code logs}, on YARN) in {@code api/cluster}. */
    public StatusReport(Supplier<List<Supervisor>> supervisors, Optional<TimelineRecorder> timeline,
                        Optional<Map<String, String>> settings, Optional<LogLinks> logs) {
        this.supervisors = supervisors;
        this.logs = logs;
        this.timeline = timeline;
        this.config = settings.map(ConfigReport::document);
        this.sampleEvery = settings.map(c -> HeartbeatConfig.from(c).interval());
        this.series = sampleEvery.map(every -> new WorkerSeries(WorkerSeries.DEFAULT_CAPACITY, every.toMillis()));
    }

    @Override
    public Optional<ObjectNode> workerSeries() {
        return series.map(WorkerSeries::document);
    }

    @Override
    public Optional<Duration> sampleInterval() {
        return sampleEvery;
    }

    /**
     * Asks every worker for its report and the scheduler for its load, and records what arrives as one sample each
     * (a worker that does not answer gets none); marks the workers the cluster lost, with their reasons.
     */
    @Override
    public void sampleWorkers() {
        if (series.isEmpty()) {
            return;
        }
        WorkerSeries into = series.get();
        long now = System.currentTimeMillis();
        for (Supervisor s : supervisors.get()) {
            CompletableFuture<Map<String, WorkerLoad>> loads = s.scheduling().workerLoads()
                    .thenApply(l -> {
                        Map<String, WorkerLoad> byId = new HashMap<>();
                        l.forEach(w -> byId.put(w.workerId(), w));
                        return byId;
                    })
                    .exceptionally(e -> Map.of());
            for (WorkerGateway w : s.cluster().workers()) {
                report(w).thenCombine(loads, (r, l) -> {
                    WorkerLoad load = l.get(w.workerId());
                    return new WorkerSeries.Sample(now, w.memoryBytes(), r.memoryBytes(),
                            r.diskBytes() + r.hdfsBytes(), r.spills(), r.readBacks(), r.rssBytes(),
                            load == null ? -1 : load.admittedBytes(), load == null ? -1 : load.running());
                }).thenAccept(sample -> into.record(w.workerId(), sample));
            }
            for (String lost : s.cluster().lostWorkers()) {
                int colon = lost.indexOf(": ");
                into.lost(colon < 0 ? lost : lost.substring(0, colon), colon < 0 ? "" : lost.substring(colon + 2));
            }
        }
    }

    @Override
    public Optional<ObjectNode> config() {
        return config.map(ObjectNode::deepCopy);
    }

    @Override
    public Optional<ObjectNode> subtasks(String taskId, String tileable, int offset, int limit) {
        return timeline.map(t -> t.subtasks(taskId, tileable, offset, limit));
    }

    @Override
    public Optional<ObjectNode> timeline() {
        return timeline.map(TimelineRecorder::document);
    }

    /**
     * {@code /api/cluster}: the workers, their slots, what they store and have spilled, their process memory, what
     * the scheduler admitted to them, and the workers lost so far.
     */
    @Override
    public ObjectNode cluster() {
        List<WorkerGateway> workers = new ArrayList<>();
        Map<String, WorkerLoad> loads = new HashMap<>();
        ArrayNode lost = JSON.arrayNode();
        List<Supervisor> running = supervisors.get();
        for (Supervisor s : running) {
            workers.addAll(s.cluster().workers());
            s.cluster().lostWorkers().forEach(lost::add);
            answerOrEmpty(s.scheduling().workerLoads()).ifPresent(l -> l.forEach(w -> loads.put(w.workerId(), w)));
        }
        List<CompletableFuture<Long>> stored = workers.stream().map(WorkerGateway::storedBytes).toList();
        List<CompletableFuture<WorkerReport>> reports = workers.stream().map(StatusReport::report).toList();
        ArrayNode list = JSON.arrayNode();
        long slots = 0;
        long bytes = 0;
        for (int i = 0; i < workers.size(); i++) {
            WorkerGateway w = workers.get(i);
            Optional<Long> b = answerOrEmpty(stored.get(i));
            Optional<WorkerReport> r = answerOrEmpty(reports.get(i));
            ObjectNode node = list.addObject();
            node.put("id", w.workerId());
            node.put("slots", w.slots());
            node.set("storedBytes", b.<JsonNode>map(JSON::numberNode).orElse(JSON.nullNode()));
            ObjectNode storage = node.putObject("storage");
            storage.set("memoryBytes", r.map(WorkerReport::memoryBytes).or(() -> b)
                    .<JsonNode>map(JSON::numberNode).orElse(JSON.nullNode()));
            storage.set("reservedBytes", number(r.map(WorkerReport::reservedBytes)));
            storage.set("diskBytes", number(r.map(WorkerReport::diskBytes)));
            storage.set("hdfsBytes", number(r.map(WorkerReport::hdfsBytes)));
            storage.set("spilledChunks", number(r.map(WorkerReport::spills)));
            storage.set("readBacks", number(r.map(WorkerReport::readBacks)));
            storage.set("spillBytesPerSecond", r.<JsonNode>map(x -> JSON.numberNode(Math.round(x.spillBytesPerSecond())))
                    .orElse(JSON.nullNode()));
            storage.set("readBackBytesPerSecond", r.<JsonNode>map(x -> JSON.numberNode(
                    Math.round(x.readBackBytesPerSecond()))).orElse(JSON.nullNode()));
            ObjectNode process = node.putObject("process");
            process.set("rssBytes", number(r.map(WorkerReport::rssBytes).filter(v -> v >= 0)));
            process.set("peakRssBytes", number(r.map(WorkerReport::peakRssBytes).filter(v -> v >= 0)));
            process.set("metaspacePeakBytes", number(r.map(WorkerReport::metaspacePeakBytes)));
            process.set("directBytes", number(r.map(WorkerReport::directBytes)));
            WorkerLoad load = loads.get(w.workerId());
            if (load == null) {
                node.putNull("admission");
            } else {
                ObjectNode admission = node.putObject("admission");
                admission.set("budgetBytes", load.budgetBytes() == Long.MAX_VALUE ? JSON.nullNode()
                        : JSON.numberNode(load.budgetBytes()));
                admission.put("admittedBytes", load.admittedBytes());
                admission.put("peakAdmittedBytes", load.peakAdmittedBytes());
                admission.put("peakRunning", load.peakRunning());
                admission.put("oversizedRuns", load.oversizedRuns());
                admission.put("running", load.running());
            }
            slots += w.slots();
            bytes += b.orElse(0L);
        }
        ObjectNode out = JSON.objectNode();
        out.put("supervisors", running.size());
        out.put("workerCount", workers.size());
        out.put("slots", slots);
        out.put("storedBytes", bytes);
        out.set("workers", list);
        out.set("lostWorkers", lost);
        logs.ifPresent(l -> {
            ObjectNode links = out.putObject("logs");
            links.set("am", l.am().<JsonNode>map(JSON::textNode).orElse(JSON.nullNode()));
            ObjectNode byWorker = links.putObject("workers");
            new java.util.TreeMap<>(l.workers()).forEach(byWorker::put);
        });
        // whether api/workers/series answers here (the recorded cluster of an ended application says false)
        out.put("workerSeries", series.isPresent());
        return out;
    }

    private static CompletableFuture<WorkerReport> report(WorkerGateway w) {
        try {
            return w.report();
        } catch (RuntimeException e) {
            return CompletableFuture.failedFuture(e);
        }
    }

    private static JsonNode number(Optional<Long> v) {
        return v.<JsonNode>map(JSON::numberNode).orElse(JSON.nullNode());
    }

    /** {@code /api/sessions}: open sessions, what they keep, and their tasks by state. */
    @Override
    public ObjectNode sessions() {
        ArrayNode list = JSON.arrayNode();
        for (Supervisor s : supervisors.get()) {
            List<SessionSnapshot> open = answer(s.sessions().snapshots());
            List<TaskStatus> tasks = answer(s.tasks().statuses());
            Map<String, CompletableFuture<MetaService.SessionChunks>> chunks = new HashMap<>();
            open.forEach(o -> chunks.put(o.id(), s.meta().summary(o.id())));
            open.stream().sorted(Comparator.comparing(SessionSnapshot::id)).forEach(o -> {
                MetaService.SessionChunks c = answer(chunks.get(o.id()));
                ObjectNode node = list.addObject();
                node.put("id", o.id());
                node.put("storedTileables", o.stored().size());
                node.put("chunks", c.chunks());
                node.put("chunkBytes", c.nbytes());
                List<TaskStatus> own = tasks.stream().filter(t -> t.info().sessionId().equals(o.id())).toList();
                node.put("tasks", own.size());
                node.put("activeTasks", own.stream().filter(t -> !t.info().state().isTerminal()).count());
            });
        }
        ObjectNode out = JSON.objectNode();
        out.set("sessions", list);
        return out;
    }

    /** {@code /api/tasks}: every task, oldest first, with progress and subtasks by state. */
    @Override
    public ObjectNode tasks() {
        ArrayNode list = JSON.arrayNode();
        Clock clock = Clock.now();
        for (TaskStatus t : allTasks()) {
            list.add(task(t, clock));
        }
        ObjectNode out = JSON.objectNode();
        out.set("tasks", list);
        return out;
    }

    /** {@code /api/tasks/{id}}, or empty for an unknown id. */
    @Override
    public Optional<ObjectNode> task(String taskId) {
        Clock clock = Clock.now();
        return allTasks().stream().filter(t -> t.info().taskId().equals(taskId)).findFirst().map(t -> task(t, clock));
    }

    @Override
    public Optional<ObjectNode> taskGraph(String taskId) {
        for (Supervisor s : supervisors.get()) {
            if (answer(s.tasks().statuses()).stream().anyMatch(t -> t.info().taskId().equals(taskId))) {
                return Optional.of(graphJson(answer(s.tasks().graph(taskId))));
            }
        }
        return Optional.empty();
    }

    /** {@code api/tasks/<id>/graph}: per tileable its key, operand, inputs and subtasks by state. */
    public static ObjectNode graphJson(TaskGraph graph) {
        ObjectNode out = JSON.objectNode();
        out.put("task", graph.taskId());
        ArrayNode nodes = out.putArray("nodes");
        for (TaskGraph.Node n : graph.nodes()) {
            ObjectNode node = nodes.addObject();
            node.put("key", n.key());
            node.put("operand", n.operand());
            ArrayNode inputs = node.putArray("inputs");
            n.inputs().forEach(inputs::add);
            counts(node.putObject("subtasks"), n.subtasks());
        }
        return out;
    }

    private static void counts(ObjectNode subtasks, SubtaskCounts counts) {
        subtasks.put("total", counts.total());
        subtasks.put("pending", counts.pending());
        subtasks.put("running", counts.running());
        subtasks.put("succeeded", counts.succeeded());
        subtasks.put("failed", counts.failed());
        subtasks.put("reruns", counts.reruns());
    }

    private List<TaskStatus> allTasks() {
        List<TaskStatus> all = new ArrayList<>();
        for (Supervisor s : supervisors.get()) {
            all.addAll(answer(s.tasks().statuses()));
        }
        all.sort(Comparator.comparingLong(t -> t.info().submittedNanos()));
        return all;
    }

    /** A task's document as {@code api/tasks/<id>} serves it now (for the event log, as the task ends). */
    public static ObjectNode taskJson(TaskStatus status) {
        return task(status, Clock.now());
    }

    private static ObjectNode task(TaskStatus status, Clock clock) {
        TaskInfo info = status.info();
        SubtaskCounts counts = status.subtasks();
        ObjectNode node = JSON.objectNode();
        node.put("id", info.taskId());
        node.put("sessionId", info.sessionId());
        node.put("state", info.state().name());
        node.put("progress", info.progress());
        node.put("chunks", info.chunkCount());
        node.put("stages", status.stages());
        counts(node.putObject("subtasks"), counts);
        node.put("submittedAt", clock.wallTime(info.submittedNanos()).toString());
        long end = info.finishedNanos() != 0 ? info.finishedNanos() : clock.nanos;
        node.put("elapsedMs", TimeUnit.NANOSECONDS.toMillis(end - info.submittedNanos()));
        if (info.tiledNanos() != 0) {
            node.put("tilingMs", TimeUnit.NANOSECONDS.toMillis(info.tiledNanos() - info.submittedNanos()));
        } else {
            node.putNull("tilingMs");
        }
        if (info.errorCode() != null) {
            ObjectNode error = node.putObject("error");
            error.put("code", info.errorCode());
            error.put("message", info.errorMessage());
        } else {
            node.putNull("error");
        }
        return node;
    }

    /** One reading of both clocks, to turn {@link System#nanoTime()} stamps into wall-clock times. */
    private record Clock(long nanos, long epochMillis) {
        static Clock now() {
            return new Clock(System.nanoTime(), System.currentTimeMillis());
        }

        Instant wallTime(long nanoStamp) {
            return Instant.ofEpochMilli(epochMillis - TimeUnit.NANOSECONDS.toMillis(nanos - nanoStamp));
        }
    }

    private static <T> T answer(CompletableFuture<T> future) {
        try {
            return future.get(TIMEOUT_SECONDS, TimeUnit.SECONDS);
        } catch (TimeoutException e) {
            throw new MarsException(ErrorCode.INTERNAL_ERROR, "a supervisor service did not answer within "
                    + TIMEOUT_SECONDS + " s; try again", e);
        } catch (ExecutionException e) {
            throw MarsException.wrap(e.getCause());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new MarsException(ErrorCode.INTERNAL_ERROR, "interrupted while reading the status", e);
        }
    }

    /** A worker that does not answer (lost, or busy past the timeout) shows no figure rather than failing the page. */
    private static <T> Optional<T> answerOrEmpty(CompletableFuture<T> future) {
        try {
            return Optional.of(answer(future));
        } catch (MarsException e) {
            return Optional.empty();
        }
    }
}
