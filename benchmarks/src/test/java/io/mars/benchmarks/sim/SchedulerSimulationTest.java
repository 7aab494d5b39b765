package io.mars.benchmarks.sim;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The scheduler simulation at a small scale: the real supervisor services against simulated workers. */
class SchedulerSimulationTest {
    @Test
    void aJobCompletesAfterATenthOfTheWorkersIsLostRerunningOnlyWhatItMust() {
        SchedulerSimulation.Config config = new SchedulerSimulation.Config(50, 4, 20_000, 0.1, 0.0005, 7);
        SimulatedJob job = SimulatedJob.generate(SimulatedJob.blocksFor(config.subtasks()), config.seed());

        SchedulerSimulation.Result r = SchedulerSimulation.run(config, job, true);

        assertThat(r.subtasks()).isGreaterThanOrEqualTo(20_000);
        assertThat(r.lostWorkers()).isEqualTo(5);
        assertThat(r.completedExactlyOnce()).as("every subtask finished once, plus once per revert").isTrue();
        assertThat(r.reverted()).as("outputs on the lost workers were recomputed").isPositive();
        assertThat(r.rerunsJustified()).as("each reverted subtask had its output on a lost worker, or a reverted"
                + " reader needed its deleted output").isTrue();
        assertThat(r.dispatched()).isEqualTo(r.subtasks() + r.retried() + r.reverted());
        assertThat(r.makespan()).isGreaterThanOrEqualTo(r.bound());
    }
}
