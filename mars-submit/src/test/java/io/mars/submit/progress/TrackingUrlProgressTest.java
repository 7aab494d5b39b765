package io.mars.submit.progress;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class TrackingUrlProgressTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void theTasksDocumentGivesEndedTasksAndTheRunningTasksSubtasks() throws Exception {
        String document = """
                {"tasks": [
                  {"id": "t1", "state": "SUCCEEDED", "subtasks": {"total": 8, "succeeded": 8}},
                  {"id": "t2", "state": "RUNNING", "subtasks": {"total": 400, "succeeded": 120}},
                  {"id": "t3", "state": "TILING", "subtasks": {"total": 0, "succeeded": 0}}
                ]}""";

        assertThat(TrackingUrlProgress.of(JSON.readTree(document)))
                .contains(new JobProgress(1, 3, 120, 400, JobProgress.UNKNOWN));
    }

    @Test
    void whenNoTaskRunsTheLastTasksSubtasksAreShown() throws Exception {
        String document = """
                {"tasks": [
                  {"id": "t1", "state": "SUCCEEDED", "subtasks": {"total": 8, "succeeded": 8}},
                  {"id": "t2", "state": "FAILED", "subtasks": {"total": 40, "succeeded": 12}}
                ]}""";

        assertThat(TrackingUrlProgress.of(JSON.readTree(document)))
                .contains(new JobProgress(2, 2, 12, 40, JobProgress.UNKNOWN));
        assertThat(TrackingUrlProgress.of(JSON.readTree("{\"tasks\": []}"))).isEmpty();
        assertThat(TrackingUrlProgress.of(JSON.readTree("{\"html\": true}"))).isEmpty();
    }

    @Test
    void anUnreadableApiFallsBackToYarnsFigure() {
        TrackingUrlProgress progress = new TrackingUrlProgress();
        assertThat(progress.read()).isEmpty();

        // nothing listens on port 1 of the loopback address: the connection is refused at once
        progress.update(Optional.of("http://127.0.0.1:1/proxy/application_1_0001"), 0.25f);
        assertThat(progress.read()).contains(JobProgress.ofFraction(0.25f));

        progress.update(Optional.empty(), 0f);
        assertThat(progress.read()).isEmpty();
    }
}
