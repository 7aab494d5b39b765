package io.mars.am.history;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.mars.am.services.cluster.ClusterListener;
import io.mars.am.services.task.TaskEvents;
import io.mars.am.services.task.TaskStatus;
import io.mars.am.web.StatusReport;
import io.mars.am.web.TimelineEvents;
import io.mars.common.concurrent.DaemonThreads;
import io.mars.common.error.ErrorCode;
import io.mars.common.error.MarsException;
import io.mars.common.rpc.WorkerGateway;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * An application's event log: one JSON object per line, appended as the application runs, in
 * {@code <dir>/<application id>.jsonl.inprogress}, renamed to {@code <application id>.jsonl} when it ends. The
 * history server ({@link HistoryServer}) serves the same documents as the live web UI from it.
 *
 * <p>Lines ({@code type}): {@code app-start} (id, name, master, user, start time, the {@code mars.*} settings),
 * {@code worker-joined}, {@code worker-lost}, {@code subtask} (a run: task, stage, subtask, worker, start and end in
 * epoch ms, outcome), {@code task} (a task's final {@code api/tasks/<id>} document), {@code app-end} (status,
 * diagnostics, end time, the final {@code api/cluster} document). Writes go through one thread of its own, flushed
 * (hflush) at least every second, so a running application's log can be read. A failure to write is logged once and
 * ends the log; it never fails the application.
 */
public final class EventLogWriter implements TaskEvents, ClusterListener, AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(EventLogWriter.class);
    static final String SUFFIX = ".jsonl";
    static final String IN_PROGRESS = ".inprogress";
    private static final ObjectMapper MAPPER = new ObjectMapper();
    private static final JsonNodeFactory JSON = JsonNodeFactory.instance;

    private final FileSystem fs;
    private final Path inProgress;
    private final Path done;
    private final FSDataOutputStream out;
    private final ExecutorService writer;
    private final ScheduledExecutorService flusher;
    private final TimelineEvents timeline = new TimelineEvents();
    private volatile boolean failed;
    private boolean closed;

    private EventLogWriter(FileSystem fs, Path inProgress, Path done, FSDataOutputStream out) {
        this.fs = fs;
        this.inProgress = inProgress;
        this.done = done;
        this.out = out;
        this.writer = Executors.newSingleThreadExecutor(DaemonThreads.named("mars-eventlog"));
        this.flusher = Executors.newSingleThreadScheduledExecutor(DaemonThreads.named("mars-eventlog-flush"));
        flusher.scheduleWithFixedDelay(() -> writer.execute(this::flush), 1, 1, TimeUnit.SECONDS);
    }

    /**
     * Opens the event log of application {@code appId} when {@value EventLogConfig#DIR} is set in {@code conf} (empty
     * otherwise) and writes its first line. A directory that cannot be written is an INVALID_CONFIG error naming it.
     */
    public static Optional<EventLogWriter> open(Map<String, String> conf, String appId, String appName, String master,
                                                Configuration hadoop) {
        Optional<String> dir = EventLogConfig.from(conf).dir();
        if (dir.isEmpty()) {
            return Optional.empty();
        }
        Path directory = new Path(dir.get());
        FileSystem fs = null;
        try {
            fs = FileSystem.newInstance(directory.toUri(), hadoop); // its own: Hadoop's shutdown hook closes the cache
            fs.setWriteChecksum(false); // no .crc beside a local log
            fs.mkdirs(directory);
            Path inProgress = new Path(directory, appId + SUFFIX + IN_PROGRESS);
            FSDataOutputStream out = fs.create(inProgress, false);
            EventLogWriter log = new EventLogWriter(fs, fs.makeQualified(inProgress),
                    fs.makeQualified(new Path(directory, appId + SUFFIX)), out);
            ObjectNode start = log.event("app-start");
            start.put("id", appId);
            start.put("name", appName);
            start.put("master", master);
            start.put("user", System.getProperty("user.name"));
            start.put("timeMs", log.timeline.startMs());
            ObjectNode settings = start.putObject("conf");
            new TreeMap<>(conf).forEach((k, v) -> {
                if (k.startsWith("mars.")) {
                    settings.put(k, v);
                }
            });
            log.append(start);
            LOG.info("event log of {} at {}", appId, log.inProgress);
            return Optional.of(log);
        } catch (IOException e) {
            if (fs != null) {
                try {
                    fs.close();
                } catch (IOException suppressed) {
                    e.addSuppressed(suppressed);
                }
            }
            throw new MarsException(ErrorCode.INVALID_CONFIG, EventLogConfig.DIR + "=" + dir.get() + ": cannot write"
                    + " the event log there (" + e + "); give a directory this user can write, or unset it", e);
        }
    }

    /** Where the log is while the application runs. */
    public Path inProgressPath() {
        return inProgress;
    }

    /** Where the log is once the application ended. */
    public Path path() {
        return done;
    }

    @Override
    public void subtaskRan(String taskId, int stage, int subtaskId, String tileable, String workerId,
                           long startNanos, long endNanos, String outcome) {
        ObjectNode e = event("subtask");
        e.setAll(timeline.subtaskRun(taskId, stage, subtaskId, tileable, workerId, startNanos, endNanos, outcome));
        append(e);
    }

    @Override
    public void taskEnded(TaskStatus status) {
        ObjectNode e = event("task");
        e.set("task", StatusReport.taskJson(status));
        append(e);
    }

    /** After the {@code task} line, a {@code task-graph} line: the task's {@code api/tasks/<id>/graph} document. */
    @Override
    public void taskEnded(TaskStatus status, io.mars.am.services.task.TaskGraph graph) {
        taskEnded(status);
        ObjectNode e = event("task-graph");
        e.set("graph", StatusReport.graphJson(graph));
        append(e);
    }

    @Override
    public void workerAdded(WorkerGateway worker) {
        append(TimelineEvents.workerJoined(worker));
    }

    @Override
    public void workerLost(String workerId, String reason) {
        append(TimelineEvents.workerLost(workerId, reason));
    }

    /**
     * Writes the last line (the application's outcome and its final {@code api/cluster} document from
     * {@code cluster}, when it can be read), closes the file and renames it to its final name. Idempotent.
     */
    public synchronized void end(String status, String diagnostics, Supplier<ObjectNode> cluster) {
        if (closed) {
            return;
        }
        closed = true;
        ObjectNode e = event("app-end");
        e.put("status", status);
        e.put("diagnostics", diagnostics);
        e.put("timeMs", System.currentTimeMillis());
        try {
            e.set("cluster", cluster.get());
        } catch (RuntimeException unreadable) {
            e.putNull("cluster");
        }
        append(e);
        flusher.shutdownNow();
        writer.shutdown();
        try {
            if (!writer.awaitTermination(30, TimeUnit.SECONDS)) {
                LOG.warn("the event log's writer did not finish within 30 s; {} may miss its last lines", inProgress);
                writer.shutdownNow();
            }
        } catch (InterruptedException interrupted) {
            Thread.currentThread().interrupt();
            writer.shutdownNow();
        }
        try {
            out.close();
            if (!fs.rename(inProgress, done)) {
                LOG.warn("cannot rename the event log {} to {}", inProgress, done);
            }
        } catch (IOException io) {
            LOG.warn("cannot close the event log {}: {}", inProgress, io.toString());
        } finally {
            try {
                fs.close();
            } catch (IOException io) {
                LOG.warn("cannot close the event log's file system: {}", io.toString());
            }
        }
    }

    /** Ends the log with status {@code ENDED} when nobody ended it with an outcome. */
    @Override
    public void close() {
        end("ENDED", "", JSON::objectNode);
    }

    private ObjectNode event(String type) {
        ObjectNode e = JSON.objectNode();
        e.put("type", type);
        return e;
    }

    private void append(ObjectNode event) {
        byte[] line;
        try {
            line = (MAPPER.writeValueAsString(event) + "\n").getBytes(StandardCharsets.UTF_8);
        } catch (IOException e) {
            LOG.warn("cannot encode an event of {}: {}", inProgress, e.toString());
            return;
        }
        try {
            writer.execute(() -> write(line));
        } catch (java.util.concurrent.RejectedExecutionException ended) {
            // the log has ended: a late event (a worker lost while closing) is not recorded
        }
    }

    private void write(byte[] line) {
        if (failed) {
            return;
        }
        try {
            ((OutputStream) out).write(line);
        } catch (IOException e) {
            failed = true;
            LOG.warn("cannot write the event log {} ({}); the application goes on without it", inProgress,
                    e.toString());
        }
    }

    private void flush() {
        if (failed) {
            return;
        }
        try {
            out.hflush();
        } catch (IOException e) {
            failed = true;
            LOG.warn("cannot flush the event log {} ({}); the application goes on without it", inProgress,
                    e.toString());
        }
    }
}
