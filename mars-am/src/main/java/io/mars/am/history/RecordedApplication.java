package io.mars.am.history;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.mars.am.web.StatusSource;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * An application as its event log recorded it ({@link EventLogWriter}): the same documents the live web UI served,
 * for the history server. A log still being written gives what it holds so far (its last line may be cut: it is
 * skipped).
 *
 * @param id the application id
 * @param summary {@code api/applications}' entry: id, name, user, master, start and end time, status, whether it
 *                still runs
 */
public record RecordedApplication(String id, ObjectNode summary, ObjectNode clusterDocument, List<ObjectNode> taskDocuments,
                                  List<ObjectNode> subtaskRuns, List<ObjectNode> workerEvents,
                                  Map<String, ObjectNode> taskGraphs) implements StatusSource {
    private static final ObjectMapper MAPPER = new ObjectMapper();
    private static final JsonNodeFactory JSON = JsonNodeFactory.instance;

    /** Reads the log at {@code file}. */
    public static RecordedApplication read(FileSystem fs, Path file) throws IOException {
        String name = file.getName();
        boolean running = name.endsWith(EventLogWriter.IN_PROGRESS);
        String id = name.substring(0, name.length() - (running ? EventLogWriter.IN_PROGRESS.length() : 0)
                - EventLogWriter.SUFFIX.length());
        ObjectNode summary = JSON.objectNode();
        summary.put("id", id);
        summary.put("running", running);
        ObjectNode cluster = null;
        Map<String, ObjectNode> tasks = new LinkedHashMap<>();
        List<ObjectNode> runs = new ArrayList<>();
        List<ObjectNode> workers = new ArrayList<>();
        Map<String, ObjectNode> graphs = new LinkedHashMap<>();
        try (FSDataInputStream in = fs.open(file);
             BufferedReader lines = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
            for (String line = lines.readLine(); line != null; line = lines.readLine()) {
                JsonNode node;
                try {
                    node = MAPPER.readTree(line);
                } catch (IOException cut) {
                    continue; // the last line of a log being written
                }
                if (!(node instanceof ObjectNode e)) {
                    continue;
                }
                switch (e.path("type").asText()) {
                    case "app-start" -> {
                        summary.put("name", e.path("name").asText());
                        summary.put("user", e.path("user").asText());
                        summary.put("master", e.path("master").asText());
                        summary.put("startMs", e.path("timeMs").asLong());
                        summary.set("conf", e.path("conf"));
                    }
                    case "task" -> tasks.put(e.path("task").path("id").asText(), (ObjectNode) e.path("task"));
                    case "subtask" -> runs.add(e);
                    case "task-graph" -> graphs.put(e.path("graph").path("task").asText(), (ObjectNode) e.path("graph"));
                    case "worker-joined", "worker-lost" -> workers.add(e);
                    case "app-end" -> {
                        summary.put("status", e.path("status").asText());
                        summary.put("diagnostics", e.path("diagnostics").asText());
                        summary.put("endMs", e.path("timeMs").asLong());
                        if (e.path("cluster") instanceof ObjectNode c && c.size() > 0) {
                            cluster = c;
                        }
                    }
                    default -> {
                        // a line of a later version: skipped
                    }
                }
            }
        }
        summary.put("tasks", tasks.size());
        return new RecordedApplication(id, summary, cluster == null ? clusterFromEvents(workers) : cluster,
                List.copyOf(tasks.values()), List.copyOf(runs), List.copyOf(workers), Map.copyOf(graphs));
    }

    /** Without a final snapshot (the application still runs, or died): the workers as their events left them. */
    private static ObjectNode clusterFromEvents(List<ObjectNode> events) {
        Map<String, ObjectNode> live = new LinkedHashMap<>();
        ArrayNode lost = JSON.arrayNode();
        for (ObjectNode e : events) {
            String id = e.path("id").asText();
            if (e.path("type").asText().equals("worker-joined")) {
                ObjectNode w = JSON.objectNode();
                w.put("id", id);
                w.put("slots", e.path("slots").asInt());
                live.put(id, w);
            } else {
                live.remove(id);
                lost.add(id + ": " + e.path("reason").asText());
            }
        }
        ObjectNode out = JSON.objectNode();
        out.put("supervisors", 1);
        out.put("workerCount", live.size());
        out.put("slots", live.values().stream().mapToInt(w -> w.path("slots").asInt()).sum());
        ArrayNode list = out.putArray("workers");
        live.values().forEach(list::add);
        out.set("lostWorkers", lost);
        return out;
    }

    @Override
    public ObjectNode cluster() {
        return clusterDocument;
    }

    /** The sessions are gone with the application; their tasks are in {@code api/tasks}. */
    @Override
    public ObjectNode sessions() {
        ObjectNode out = JSON.objectNode();
        out.putArray("sessions");
        return out;
    }

    @Override
    public ObjectNode tasks() {
        ObjectNode out = JSON.objectNode();
        ArrayNode list = out.putArray("tasks");
        taskDocuments.forEach(list::add);
        return out;
    }

    @Override
    public Optional<ObjectNode> task(String taskId) {
        return taskDocuments.stream().filter(t -> t.path("id").asText().equals(taskId)).findFirst();
    }

    /** The graph of an ended task, from its {@code task-graph} line (logs of older versions have none). */
    @Override
    public Optional<ObjectNode> taskGraph(String taskId) {
        return Optional.ofNullable(taskGraphs.get(taskId)).map(ObjectNode::deepCopy);
    }

    @Override
    public Optional<ObjectNode> config() {
        Map<String, String> settings = new java.util.TreeMap<>();
        summary.path("conf").properties().forEach(e -> settings.put(e.getKey(), e.getValue().asText()));
        return Optional.of(io.mars.am.web.ConfigReport.recorded(settings));
    }

    @Override
    public Optional<ObjectNode> timeline() {
        ObjectNode out = JSON.objectNode();
        ArrayNode runs = out.putArray("subtasks");
        for (ObjectNode r : subtaskRuns) {
            ObjectNode copy = r.deepCopy();
            copy.remove("type");
            runs.add(copy);
        }
        ArrayNode workers = out.putArray("workerEvents");
        for (ObjectNode w : workerEvents) {
            workers.add(w.deepCopy());
        }
        out.put("dropped", 0);
        return Optional.of(out);
    }
}
