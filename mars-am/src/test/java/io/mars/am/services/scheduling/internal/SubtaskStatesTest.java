package io.mars.am.services.scheduling.internal;

import static io.mars.am.services.scheduling.internal.SubtaskEvent.ABANDON;
import static io.mars.am.services.scheduling.internal.SubtaskEvent.DELETIONS_DONE;
import static io.mars.am.services.scheduling.internal.SubtaskEvent.DISPATCH;
import static io.mars.am.services.scheduling.internal.SubtaskEvent.FAIL;
import static io.mars.am.services.scheduling.internal.SubtaskEvent.HOLD;
import static io.mars.am.services.scheduling.internal.SubtaskEvent.READY;
import static io.mars.am.services.scheduling.internal.SubtaskEvent.RETRY;
import static io.mars.am.services.scheduling.internal.SubtaskEvent.REVERT;
import static io.mars.am.services.scheduling.internal.SubtaskEvent.SUCCEED;
import static io.mars.am.services.scheduling.internal.SubtaskEvent.UNREADY;
import static io.mars.am.services.scheduling.internal.SubtaskState.DONE;
import static io.mars.am.services.scheduling.internal.SubtaskState.QUEUED;
import static io.mars.am.services.scheduling.internal.SubtaskState.RUNNING;
import static io.mars.am.services.scheduling.internal.SubtaskState.WAITING;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.mars.common.concurrent.Actor;
import io.mars.common.error.ErrorCode;
import io.mars.common.error.MarsException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletionException;
import java.util.function.Supplier;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** The subtask lifecycle's transition table: one test per legal transition, and every other event refused. */
class SubtaskStatesTest {
    private final Actor actor = new Actor("test-scheduling");

    @AfterEach
    void stop() {
        actor.close();
    }

    private <T> T onActor(Supplier<T> body) {
        try {
            return actor.call(body).join();
        } catch (CompletionException e) {
            throw (RuntimeException) e.getCause();
        }
    }

    /** One subtask brought to {@code state} through legal events. */
    private SubtaskStates in(SubtaskState state) {
        SubtaskStates states = new SubtaskStates("t", 1, new Confinement(actor));
        List<SubtaskEvent> path = switch (state) {
            case WAITING -> List.of();
            case QUEUED -> List.of(READY);
            case RUNNING -> List.of(READY, DISPATCH);
            case DONE -> List.of(READY, DISPATCH, SUCCEED);
        };
        onActor(() -> {
            path.forEach(e -> states.fire(0, e));
            return null;
        });
        return states;
    }

    /** Fires {@code event} from {@code from}; checks the state reached and whether the generation moved on. */
    private void assertTransition(SubtaskState from, SubtaskEvent event, SubtaskState to, boolean newGeneration) {
        SubtaskStates states = in(from);
        int before = states.generation(0);
        int after = onActor(() -> states.fire(0, event));
        assertThat(states.state(0)).isEqualTo(to);
        assertThat(after).isEqualTo(states.generation(0)).isEqualTo(newGeneration ? before + 1 : before);
    }

    @Test
    void aSubtaskWhosePredecessorsAreDoneJoinsAQueue() {
        assertTransition(WAITING, READY, QUEUED, true);
    }

    @Test
    void aReadySubtaskWhoseOutputsAreStillBeingDeletedIsHeld() {
        assertTransition(WAITING, HOLD, QUEUED, true);
    }

    @Test
    void aHeldSubtaskJoinsAQueueOnceTheDeletionsAreDone() {
        assertTransition(QUEUED, DELETIONS_DONE, QUEUED, true);
    }

    @Test
    void aQueuedSubtaskIsDispatched() {
        assertTransition(QUEUED, DISPATCH, RUNNING, false);
    }

    @Test
    void aQueuedSubtaskWhoseInputWasLostWaitsAgain() {
        assertTransition(QUEUED, UNREADY, WAITING, true);
    }

    @Test
    void aRunningSubtaskSucceeds() {
        assertTransition(RUNNING, SUCCEED, DONE, false);
    }

    @Test
    void aRunningSubtaskThatFailedRetryablyWaitsToRunAgain() {
        assertTransition(RUNNING, RETRY, WAITING, true);
    }

    @Test
    void aRunningSubtaskThatFailedForGoodWaits() {
        assertTransition(RUNNING, FAIL, WAITING, true);
    }

    @Test
    void aSubtaskRunningOnALostWorkerIsAbandoned() {
        assertTransition(RUNNING, ABANDON, WAITING, true);
    }

    @Test
    void aDoneSubtaskWhoseOutputsWereLostIsReverted() {
        assertTransition(DONE, REVERT, WAITING, true);
    }

    @Test
    void theTableHoldsExactlyTheTransitionsTestedHere() {
        assertThat(SubtaskStates.TABLE.transitions()).hasSize(10);
    }

    static Stream<Arguments> illegal() {
        List<Arguments> out = new ArrayList<>();
        for (SubtaskState s : SubtaskState.values()) {
            for (SubtaskEvent e : SubtaskEvent.values()) {
                if (SubtaskStates.TABLE.next(s, e) == null) {
                    out.add(Arguments.of(s, e));
                }
            }
        }
        return out.stream();
    }

    @ParameterizedTest
    @MethodSource("illegal")
    void anIllegalEventIsRefusedWithAnInternalErrorAndLeavesTheStateAsItWas(SubtaskState from, SubtaskEvent event) {
        SubtaskStates states = in(from);
        int generation = states.generation(0);
        assertThatThrownBy(() -> onActor(() -> states.fire(0, event)))
                .isInstanceOfSatisfying(MarsException.class, e -> {
                    assertThat(e.code()).isEqualTo(ErrorCode.ILLEGAL_STATE_TRANSITION);
                    assertThat(e.kind()).isEqualTo(io.mars.common.error.ErrorKind.INTERNAL);
                })
                .hasMessageContaining(event.name()).hasMessageContaining(from.name());
        assertThat(states.state(0)).isEqualTo(from);
        assertThat(states.generation(0)).isEqualTo(generation);
    }

    @Test
    void firingOffTheActorThreadIsRefused() {
        SubtaskStates states = in(WAITING);
        assertThatThrownBy(() -> states.fire(0, READY)).isInstanceOfSatisfying(MarsException.class,
                e -> assertThat(e.code()).isEqualTo(ErrorCode.INTERNAL_ERROR)).hasMessageContaining("test-scheduling");
        assertThat(states.state(0)).isEqualTo(WAITING);
    }
}
