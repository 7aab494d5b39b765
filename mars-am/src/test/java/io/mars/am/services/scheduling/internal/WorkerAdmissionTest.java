package io.mars.am.services.scheduling.internal;

import static org.assertj.core.api.Assertions.assertThat;

import io.mars.am.services.scheduling.WorkerLoad;
import org.junit.jupiter.api.Test;

class WorkerAdmissionTest {
    @Test
    void admitsWhileTheEstimatesFitTheBudget() {
        WorkerAdmission a = new WorkerAdmission(4, 1000);
        assertThat(a.admits(400)).isTrue();
        a.started(400);
        assertThat(a.admits(600)).isTrue();
        a.started(600);
        assertThat(a.admits(1)).as("1001 bytes would exceed the budget").isFalse();
        assertThat(a.free()).isEqualTo(2);
        a.ended(600);
        assertThat(a.admits(600)).isTrue();
        assertThat(a.load("w")).isEqualTo(new WorkerLoad("w", 1000, 400, 1000, 2, 0, 1));
    }

    @Test
    void anIdleWorkerAdmitsASubtaskLargerThanItsBudgetAloneAndCountsIt() {
        WorkerAdmission a = new WorkerAdmission(4, 1000);
        assertThat(a.admits(5000)).isTrue();
        a.started(5000);
        assertThat(a.admits(1)).as("nothing beside the oversized one").isFalse();
        a.ended(5000);
        WorkerLoad l = a.load("w");
        assertThat(l.oversizedRuns()).isEqualTo(1);
        assertThat(l.peakAdmittedBytes()).as("the oversized run is not a peak within the budget").isZero();
        assertThat(l.peakRunning()).isEqualTo(1);
    }
}
