package io.mars.am.web;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Optional;

/**
 * The JSON documents the web UI and its REST API serve: a running application's, read from its services
 * ({@link StatusReport}), or an ended one's, read from its event log (the history server).
 */
public interface StatusSource {
    /** {@code api/cluster}: workers, their storage and memory, lost workers. */
    ObjectNode cluster();

    /** {@code api/sessions}: open sessions and their tasks. */
    ObjectNode sessions();

    /** {@code api/tasks}: every task, oldest first. */
    ObjectNode tasks();

    /** {@code api/tasks/<id>}, or empty for an unknown id. */
    Optional<ObjectNode> task(String taskId);

    /** {@code api/timeline}: every subtask run with its worker and times, when this source keeps them. */
    default Optional<ObjectNode> timeline() {
        return Optional.empty();
    }

    /** {@code api/tasks/<id>/graph}: one node per tileable with its subtasks by state, or empty for an unknown id. */
    default Optional<ObjectNode> taskGraph(String taskId) {
        return Optional.empty();
    }

    /** {@code api/workers/series}: each worker's recent samples ({@link WorkerSeries}), when this source keeps them. */
    default Optional<ObjectNode> workerSeries() {
        return Optional.empty();
    }

    /**
     * How often the web server should call {@link #sampleWorkers()} (the workers' heartbeat interval), or empty when
     * this source samples nothing (the history server: an ended application's workers are gone).
     */
    default Optional<java.time.Duration> sampleInterval() {
        return Optional.empty();
    }

    /** Takes one sample of every worker; must not block (the answers arrive later, on the workers' RPC threads). */
    default void sampleWorkers() {
    }

    /**
     * {@code api/tasks/<id>/subtasks}: a page of the subtasks of one tileable ({@link SubtaskPage}), from the timeline,
     * or empty when this source keeps none.
     */
    default Optional<ObjectNode> subtasks(String taskId, String tileable, int offset, int limit) {
        return timeline().map(t -> {
            java.util.List<com.fasterxml.jackson.databind.JsonNode> runs = new java.util.ArrayList<>();
            t.path("subtasks").forEach(runs::add);
            return SubtaskPage.of(runs, taskId, tileable, offset, limit);
        });
    }

    /** {@code api/config}: the effective {@code mars.*} settings and the JVM's arguments, when this source knows them. */
    default Optional<ObjectNode> config() {
        return Optional.empty();
    }
}
