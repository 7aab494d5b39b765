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

    /**
     * toNpy of a tensor larger than the client may hold: on the embedded cluster every chunk writes its own bytes
     * into the file, so it succeeds and the file is what numpy.save writes; where the workers do not see the client's
     * files the client has to fetch it, which fails with RESULT_TOO_LARGE and leaves no file, whole or partial.
     */
    @Test
    void toNpyOfATensorLargerThanTheClientIsWrittenByTheWorkers(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir)
            throws Exception {
        Tensor big = Tensors.random(3).rand(shape(1000, 1000), chunks(300, 250)); // 8,000,000 bytes, uneven chunks
        java.nio.file.Path target = dir.resolve("big.npy");
        try (LocalCluster cluster = new LocalCluster(2, CONF);
             ClientSession session = ClientSession.open(cluster.supervisor(), CONF, null, true)) {
            Tensors.toNpy(big, target.toString(), session);
            byte[] header = io.mars.types.Npy.header(io.mars.types.DataType.FLOAT64, new long[] {1000, 1000});
            assertThat(java.nio.file.Files.size(target)).isEqualTo(header.length + 8_000_000L);
            // read back in other chunks and compared on the cluster: every element equal
            Tensor diff = Tensors.fromNpy(target.toString(), chunks(128, 1000)).subtract(big);
            assertThat(session.execute(diff.max()).getDouble()).isZero();
            assertThat(session.execute(diff.min()).getDouble()).isZero();
            assertThat(session.execute(Tensors.fromNpy(target.toString(), chunks(1000, 7)).get(
                    io.mars.tensor.Index.at(999), io.mars.tensor.Index.at(3))).getDouble())
                    .isEqualTo(session.execute(big.get(io.mars.tensor.Index.at(999), io.mars.tensor.Index.at(3)))
                            .getDouble());
        }
        try (java.util.stream.Stream<java.nio.file.Path> files = java.nio.file.Files.list(dir)) {
            assertThat(files.map(f -> f.getFileName().toString()).toList()).containsExactly("big.npy");
        }
        java.nio.file.Path other = dir.resolve("other.npy");
        try (LocalCluster cluster = new LocalCluster(2, CONF);
             ClientSession session = ClientSession.open(cluster.supervisor(), CONF, null, false)) {
            assertThatThrownBy(() -> Tensors.toNpy(big, other.toString(), session))
                    .satisfies(e -> assertThat(((MarsException) e).code()).isEqualTo(ErrorCode.RESULT_TOO_LARGE));
        }
        try (java.util.stream.Stream<java.nio.file.Path> files = java.nio.file.Files.list(dir)) {
            assertThat(files.map(f -> f.getFileName().toString()).toList()).as("nothing of other.npy is left")
                    .containsExactly("big.npy");
        }
    }
}
