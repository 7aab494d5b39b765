package io.mars.it.golden;

import static io.mars.tensor.Tensors.chunks;
import static io.mars.tensor.Tensors.shape;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.offset;

import io.mars.Session;
import io.mars.tensor.Tensors;
import io.mars.types.ChunkSpec;
import io.mars.types.DataType;
import io.mars.types.NDArray;
import java.util.Arrays;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@code Tensors.random(seed).rand(...)} is a pure function of the seed: the same bits whatever the chunking and
 * however many workers compute it. numpy cannot give golden values here (Mars's generator is its own), so the
 * specification is reproducibility plus the uniform distribution's range and mean.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class RandomReproducibilityTest {
    private static final long SEED = 42;
    private static final long N = 1000;

    @RegisterExtension
    static final SharedSession CLUSTER = SharedSession.local(2);

    private static Session session() {
        return CLUSTER.session();
    }

    static Stream<Arguments> chunkings() {
        return Stream.of(
                Arguments.of("chunks(1)", chunks(1)),
                Arguments.of("chunks(7)", chunks(7)),
                Arguments.of("chunks(1000)", chunks(N)),
                Arguments.of("auto", ChunkSpec.auto()),
                Arguments.of("nsplits [1, 996, 3]", ChunkSpec.explicit(new long[] {1, 996, 3})));
    }

    private static NDArray rand(Session s, ChunkSpec chunks) {
        return Tensors.random(SEED).rand(shape(N), chunks).execute(s);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("chunkings")
    void drawsTheSameBitsWhateverTheChunking(String name, ChunkSpec chunks) {
        NDArray reference = rand(session(), chunks(N));
        NDArray values = rand(session(), chunks);

        assertThat(values.dtype()).isEqualTo(DataType.FLOAT64);
        assertThat(values.shape()).containsExactly(N);
        assertThat(values.contentEquals(reference))
                .as("rand(%d) with %s equals rand(%d) with one chunk; first values %s vs %s", N, name, N, values, reference)
                .isTrue();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("chunkings")
    void drawsUniformValuesInTheUnitInterval(String name, ChunkSpec chunks) {
        double[] values = rand(session(), chunks).toDoubleArray();

        assertThat(Arrays.stream(values).min().orElseThrow()).as("smallest value").isGreaterThanOrEqualTo(0.0);
        assertThat(Arrays.stream(values).max().orElseThrow()).as("largest value").isLessThan(1.0);
        assertThat(Arrays.stream(values).average().orElseThrow()).as("mean").isCloseTo(0.5, offset(0.05));
        assertThat(Arrays.stream(values).distinct().count()).as("distinct values").isGreaterThan(N - 5);
    }

    @Test
    void drawsTheSameBitsOnOneWorkerAsOnTwo() {
        NDArray onTwo = rand(session(), chunks(7));
        NDArray onOne;
        try (Session single = Session.local(1)) {
            onOne = rand(single, chunks(7));
        }
        assertThat(onOne.contentEquals(onTwo)).as("local(1) %s vs local(2) %s", onOne, onTwo).isTrue();
    }

    @Test
    void drawsIndependentStreamsForSuccessiveTensorsOfOneGenerator() {
        var random = Tensors.random(SEED);
        NDArray first = random.rand(shape(N), chunks(7)).execute(session());
        NDArray second = random.rand(shape(N), chunks(7)).execute(session());

        assertThat(first.contentEquals(rand(session(), chunks(7)))).as("first tensor is the seed's stream 0").isTrue();
        assertThat(second.contentEquals(first)).as("second tensor differs from the first").isFalse();
    }

    @Test
    void drawsDifferentValuesForDifferentSeeds() {
        NDArray a = Tensors.random(SEED).rand(shape(N), chunks(7)).execute(session());
        NDArray b = Tensors.random(SEED + 1).rand(shape(N), chunks(7)).execute(session());

        assertThat(a.contentEquals(b)).isFalse();
    }

    @Test
    void aRechunkedCreationMadeAtTheNewChunkingHasTheSameValues() {
        // a re-chunking makes each new chunk of a created tensor directly (no assembly): same values either way
        io.mars.tensor.TensorRandom rng = Tensors.random(SEED);
        java.util.List<io.mars.tensor.Tensor> made = java.util.List.of(rng.rand(shape(50, 40), chunks(7)),
                Tensors.random(SEED).normal(2, 3, shape(50, 40), chunks(7)),
                Tensors.random(SEED).randint(-5, 5, new long[] {50, 40}, DataType.INT64, chunks(7)),
                Tensors.arange(3, 2003, 1, chunks(7)), Tensors.linspace(0, 1, 2000, true, chunks(7)),
                Tensors.eye(50, 40, 2, DataType.FLOAT64, chunks(7)), Tensors.full(shape(50, 40), 2.5, chunks(7)));
        for (io.mars.tensor.Tensor t : made) {
            // the re-chunked one first: once t is stored, a re-chunking reads the stored chunks instead
            NDArray rechunked = t.rechunk(chunks(t.ndim() == 1 ? 300 : 13)).execute(session());
            NDArray whole = t.execute(session());
            assertThat(rechunked.contentEquals(whole)).as("%s rechunked from 7 to 13: %s vs %s", t, rechunked, whole)
                    .isTrue();
        }
    }
}
