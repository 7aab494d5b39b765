package io.mars.am.services.scheduling.internal;

import static org.assertj.core.api.Assertions.assertThat;

import io.mars.am.services.scheduling.SchedulingConfig;
import io.mars.common.error.ErrorCode;
import io.mars.common.error.MarsException;
import io.mars.common.error.MissingChunkException;
import org.junit.jupiter.api.Test;

class RetryPolicyTest {
    private final RetryPolicy policy = new RetryPolicy(new SchedulingConfig(2));
    private final TaskRun run = TestGraphs.run(TestGraphs.chain(2), 0, null);

    @Test
    void aChunkMissingOnALiveWorkerIsRecomputed() {
        run.attempts[0] = 1;
        assertThat(policy.decide(run, 0, new MissingChunkException(ErrorCode.CHUNK_LOST, "k0", "w", "corrupt")))
                .isEqualTo(RetryPolicy.Decision.RECOVER_MISSING);
    }

    @Test
    void aLostWorkerOrATransportErrorIsRetriedAfterAProbe() {
        run.attempts[0] = 1;
        assertThat(policy.decide(run, 0, new MarsException(ErrorCode.WORKER_LOST, "gone")))
                .isEqualTo(RetryPolicy.Decision.PROBE_AND_RETRY);
        assertThat(policy.decide(run, 0, new MarsException(ErrorCode.RPC_FAILED, "reset")))
                .isEqualTo(RetryPolicy.Decision.PROBE_AND_RETRY);
    }

    @Test
    void otherErrorsAndExhaustedAttemptsFailTheTask() {
        run.attempts[0] = 1;
        assertThat(policy.decide(run, 0, new MarsException(ErrorCode.SHAPE_MISMATCH, "bad")))
                .isEqualTo(RetryPolicy.Decision.FAIL);
        run.attempts[0] = 2;
        assertThat(policy.decide(run, 0, new MarsException(ErrorCode.RPC_FAILED, "reset")))
                .isEqualTo(RetryPolicy.Decision.FAIL);
    }

    @Test
    void nothingIsRetriedOnceTheTaskFailed() {
        run.attempts[0] = 1;
        run.failure = new MarsException(ErrorCode.TASK_CANCELLED, "cancelled");
        assertThat(policy.decide(run, 0, new MarsException(ErrorCode.RPC_FAILED, "reset")))
                .isEqualTo(RetryPolicy.Decision.FAIL);
    }

    @Test
    void anInternalErrorOnAWorkerBecomesSubtaskFailedNamingTheSubtaskAndAttempts() {
        run.attempts[0] = 2;
        MarsException e = policy.failure(run, 0, "w1", new MarsException(ErrorCode.WORKER_LOST, "gone"));
        assertThat(e.code()).isEqualTo(ErrorCode.SUBTASK_FAILED);
        assertThat(e).hasMessageContaining("subtask 0 of task t").hasMessageContaining("(attempt 2 of 2)");
        MarsException user = new MarsException(ErrorCode.SHAPE_MISMATCH, "bad");
        assertThat(policy.failure(run, 0, "w1", user)).isSameAs(user);
        MarsException lost = policy.failure(run, 0, "w1",
                new MissingChunkException(ErrorCode.CHUNK_LOST, "k0", "w2", "corrupt"));
        assertThat(lost.code()).isEqualTo(ErrorCode.CHUNK_LOST);
        assertThat(lost).hasMessageContaining("could not read chunk k0 (missing on worker w2)");
    }
}
