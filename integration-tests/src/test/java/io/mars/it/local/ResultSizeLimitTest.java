package io.mars.it.local;

import static io.mars.tensor.Tensors.chunks;
import static io.mars.tensor.Tensors.shape;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.mars.common.error.ErrorCode;
import io.mars.common.error.MarsException;
import io.mars.dataframe.DataFrame;
import io.mars.dataframe.DataFrames;
import io.mars.submit.client.ClientConfig;
import io.mars.submit.client.ClientSession;
import io.mars.submit.local.LocalCluster;
import io.mars.tensor.Tensor;
import io.mars.tensor.Tensors;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A result larger than the client may hold ({@value ClientConfig#MAX_RESULT_BYTES}) fails with RESULT_TOO_LARGE: before
 * anything runs when its size is known from its shape, before the fetch when it is known only once computed; the
 * session stays usable either way.
 */
class ResultSizeLimitTest {
    private static final Map<String, String> CONF = Map.of(ClientConfig.MAX_RESULT_BYTES, "1000000");

    @Test
    void aTensorLargerThanTheLimitFailsBeforeAnythingRuns() {
        try (LocalCluster cluster = new LocalCluster(2, CONF);
             ClientSession session = ClientSession.open(cluster.supervisor(), CONF, null)) {
            Tensor big = Tensors.ones(shape(1000, 1000), chunks(250)); // 8,000,000 bytes

            assertThatThrownBy(() -> session.execute(big)).isInstanceOf(MarsException.class)
                    .satisfies(e -> assertThat(((MarsException) e).code()).isEqualTo(ErrorCode.RESULT_TOO_LARGE))
                    .hasMessageContaining("the result of shape (1000, 1000) (float64) holds 8000000 bytes")
                    .hasMessageContaining(ClientConfig.MAX_RESULT_BYTES + " = 1000000 bytes")
                    .hasMessageContaining("nothing ran").hasMessageContaining("toNpy");
            assertThat(cluster.supervisor().tasks().statuses().join()).as("no task submitted").isEmpty();

            // ones(10^12): 8 TB fails the same way, before anything spills
            assertThatThrownBy(() -> session.execute(Tensors.ones(shape(1_000_000_000_000L), chunks(1L << 27))))
                    .satisfies(e -> assertThat(((MarsException) e).code()).isEqualTo(ErrorCode.RESULT_TOO_LARGE));
            // the session still works, and a reduction of the large tensor is small
            assertThat(session.execute(big.sum()).getDouble()).isEqualTo(1_000_000.0);
        }
    }

    @Test
    void aResultKnownOnlyOnceComputedFailsBeforeTheFetchAndStaysStored() {
        try (LocalCluster cluster = new LocalCluster(2, CONF);
             ClientSession session = ClientSession.open(cluster.supervisor(), CONF, null)) {
            Tensor x = Tensors.arange(300_000, chunks(50_000));
            Tensor kept = x.get(x.gt(-1.0)); // a boolean mask: length unknown until computed, 2,400,000 bytes

            assertThatThrownBy(() -> session.execute(kept)).isInstanceOf(MarsException.class)
                    .satisfies(e -> assertThat(((MarsException) e).code()).isEqualTo(ErrorCode.RESULT_TOO_LARGE))
                    .hasMessageContaining("holds 2400000 bytes")
                    .hasMessageContaining("stays stored on the workers");
            assertThat(session.execute(kept.sum()).getDouble()).isEqualTo(299_999.0 * 300_000 / 2);

            DataFrame frame = DataFrames.fromTensor(Tensors.ones(shape(200_000, 2), chunks(50_000, 2)), "a", "b");
            assertThatThrownBy(() -> session.executeTables(frame))
                    .satisfies(e -> assertThat(((MarsException) e).code()).isEqualTo(ErrorCode.RESULT_TOO_LARGE));
        }
    }
}
