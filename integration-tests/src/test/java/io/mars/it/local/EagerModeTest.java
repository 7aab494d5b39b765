package io.mars.it.local;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.mars.Eager;
import io.mars.Session;
import io.mars.common.error.ErrorCode;
import io.mars.common.error.MarsException;
import io.mars.dataframe.DataFrame;
import io.mars.dataframe.DataFrames;
import io.mars.tensor.Tensor;
import io.mars.tensor.Tensors;
import io.mars.types.ChunkSpec;
import io.mars.types.DataType;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Eager mode on the embedded cluster: operations run as they are created (a failing function fails at the line that
 * made it), values print as numpy and pandas print them, results are reused rather than recomputed, and the mode ends
 * with its session; lazy stays the default.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class EagerModeTest {
    /** How many times the counting function below ran, across the test's chunks. */
    static final AtomicInteger CALLS = new AtomicInteger();

    @Test
    void operationsRunAsTheyAreCreatedAndPrintTheirValues() {
        try (Session session = Session.local(2).eager()) {
            assertThat(Eager.session()).contains(session);
            Tensor a = Tensors.arange(6).rechunk(ChunkSpec.of(4)).reshape(2, 3);
            assertThat(a.multiply(2L).toString()).isEqualTo("array([[ 0,  2,  4],\n       [ 6,  8, 10]])");
            assertThat(a.toLazyString()).startsWith("Tensor(");

            // a function that fails does so where the expression is written, not at a later execute
            assertThatThrownBy(() -> a.mapChunk(c -> {
                throw new IllegalStateException("eager chunk refused");
            })).isInstanceOf(MarsException.class)
                    .satisfies(e -> assertThat(((MarsException) e).code()).isEqualTo(ErrorCode.USER_FUNCTION_FAILED))
                    .hasMessageContaining("eager chunk refused");

            Map<String, List<?>> columns = new LinkedHashMap<>();
            columns.put("k", List.of(1L, 2L, 3L));
            columns.put("x", List.of(0.5, 1.5, 2.5));
            DataFrame df = DataFrames.fromColumns(columns, 2);
            assertThat(df.toString()).isEqualTo(df.execute(session).toString()).contains("0.5").contains("k");
        }
        assertThat(Eager.session()).isEmpty();
    }

    @Test
    void aResultRunsOnceAndIsReadByWhatFollows() {
        CALLS.set(0);
        try (Session session = Session.create("local[2]", Map.of(Eager.PROPERTY, "true"))) {
            Tensor counted = Tensors.arange(8).rechunk(ChunkSpec.of(4)).mapChunk(c -> {
                CALLS.incrementAndGet();
                return c;
            }, DataType.INT64); // declared: no call on the client to infer it
            assertThat(CALLS.get()).as("the two chunks ran when the expression was built").isEqualTo(2);
            Tensor doubled = counted.multiply(2L);
            assertThat(doubled.execute(session).toString()).isEqualTo("array([ 0,  2,  4,  6,  8, 10, 12, 14])");
            assertThat(CALLS.get()).as("later operations read the stored result").isEqualTo(2);
        }
    }

    @Test
    void lazyIsTheDefaultAndABadSettingIsRefused() {
        CALLS.set(0);
        try (Session session = Session.local(1)) {
            assertThat(Eager.session()).isEmpty();
            Tensor lazy = Tensors.arange(4).mapChunk(c -> {
                CALLS.incrementAndGet();
                return c;
            }, DataType.INT64); // declared: no call on the client to infer it
            assertThat(CALLS.get()).as("nothing ran while building").isZero();
            assertThat(lazy.toString()).startsWith("Tensor(");
            assertThat(lazy.execute(session).toString()).isEqualTo("array([0, 1, 2, 3])");
        }
        assertThatThrownBy(() -> Session.create("local[1]", Map.of(Eager.PROPERTY, "yes")))
                .isInstanceOf(MarsException.class).hasMessageContaining("mars.eager must be true or false, got 'yes'");
    }
}
