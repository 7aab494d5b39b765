package io.mars.it.golden;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.mars.Remote;
import io.mars.common.error.ErrorCode;
import io.mars.common.error.MarsException;
import io.mars.it.LocalClusterExtension;
import io.mars.tensor.Tensor;
import io.mars.tensor.Tensors;
import io.mars.types.ChunkSpec;
import io.mars.types.NDArray;
import java.util.List;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * {@code Session.spawn} (Mars's {@code mr.spawn}): remote calls scheduled like subtasks, composed with each other and
 * with tensors; a throwing call fails with its own message; no Arrow byte left allocated when the cluster stops.
 */
class SpawnTest {
    @RegisterExtension
    static final LocalClusterExtension CLUSTER = new LocalClusterExtension(2);

    @Test
    void aSpawnedCallRunsOnAWorkerAndItsResultFeedsTheNextCall() {
        Remote<Integer> answer = CLUSTER.session().spawn(args -> 40 + 2);
        Remote<String> text = CLUSTER.session().spawn(args -> args[1] + "=" + ((Integer) args[0] * 10), answer,
                "ten times");

        assertThat(text.execute(CLUSTER.session())).isEqualTo("ten times=420");
        assertThat(answer.execute(CLUSTER.session())).isEqualTo(42);
        List<Remote<?>> both = List.of(answer, text);
        both.forEach(r -> r.release(CLUSTER.session()));
    }

    @Test
    void aTensorArgumentArrivesWholeAndComputed() {
        Tensor t = Tensors.arange(10).rechunk(ChunkSpec.of(3)).multiply(2);
        Remote<Long> sum = CLUSTER.session().spawn(args -> LongStream.of(((NDArray) args[0]).toLongArray()).sum()
                + (Long) args[1], t, 1000L);
        Remote<List<Long>> shapes = CLUSTER.session().spawn(args -> List.of(((NDArray) args[0]).shape()[0],
                (Long) args[1]), t, sum);

        assertThat(shapes.execute(CLUSTER.session())).containsExactly(10L, 1090L);
    }

    @Test
    void aThrowingCallFailsWithItsMessageAndWhatCannotTravelIsRefused() {
        Remote<Object> boom = CLUSTER.session().spawn(args -> {
            throw new IllegalStateException("spawned call refused: " + args[0]);
        }, "input 7");
        assertThatThrownBy(() -> boom.execute(CLUSTER.session())).isInstanceOfSatisfying(MarsException.class,
                e -> assertThat(e.code()).isEqualTo(ErrorCode.USER_FUNCTION_FAILED))
                .hasMessageContaining("java.lang.IllegalStateException: spawned call refused: input 7")
                .hasMessageContaining("at io.mars.it.golden.SpawnTest.lambda$");

        Remote<Object> unserializable = CLUSTER.session().spawn(args -> new Object());
        assertThatThrownBy(() -> unserializable.execute(CLUSTER.session())).isInstanceOfSatisfying(
                MarsException.class, e -> assertThat(e.code()).isEqualTo(ErrorCode.USER_FUNCTION_FAILED))
                .hasMessageContaining("java.lang.Object, which is not serializable");
        assertThatThrownBy(() -> CLUSTER.session().spawn(args -> 1, new Object()))
                .isInstanceOfSatisfying(MarsException.class,
                        e -> assertThat(e.code()).isEqualTo(ErrorCode.USER_FUNCTION_NOT_SERIALIZABLE))
                .hasMessageContaining("argument 0 (java.lang.Object)");
    }
}
