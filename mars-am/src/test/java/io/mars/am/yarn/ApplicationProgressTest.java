package io.mars.am.yarn;

import static org.assertj.core.api.Assertions.assertThat;

import io.mars.am.services.task.SubtaskCounts;
import io.mars.am.services.task.TaskStatus;
import io.mars.common.rpc.TaskInfo;
import io.mars.common.rpc.TaskState;
import java.util.List;
import org.junit.jupiter.api.Test;

class ApplicationProgressTest {
    @Test
    void isTheShareOfFinishedSubtasksOverEveryTask() {
        TaskStatus done = status("t1", TaskState.SUCCEEDED, new SubtaskCounts(0, 0, 4, 0, 0));
        TaskStatus running = status("t2", TaskState.RUNNING, new SubtaskCounts(3, 2, 1, 0, 1));

        assertThat(ApplicationProgress.of(List.of(done, running))).isEqualTo(0.5f);
        assertThat(ApplicationProgress.of(List.of(done))).isEqualTo(1f);
    }

    @Test
    void isZeroBeforeAnyTask() {
        assertThat(ApplicationProgress.of(List.of())).isZero();
        assertThat(ApplicationProgress.of(List.of(status("t1", TaskState.RUNNING, new SubtaskCounts(0, 0, 0, 0, 0)))))
                .isZero();
    }

    private static TaskStatus status(String id, TaskState state, SubtaskCounts counts) {
        return new TaskStatus(new TaskInfo(id, "s1", state, counts.total(), counts.total(), counts.succeeded(),
                1, 2, 3, 0, null, null), counts, 1);
    }
}
