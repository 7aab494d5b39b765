package io.mars.it.golden;

import static org.assertj.core.api.Assertions.assertThat;

import io.mars.Session;
import io.mars.common.tiling.TilingConfig;
import io.mars.tensor.Fft;
import io.mars.tensor.Tensor;
import io.mars.tensor.Tensors;
import io.mars.types.ChunkSpec;
import io.mars.types.NDArray;
import io.mars.types.Npy;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The FFT operand's tiling when a transform's chunks must be cut small (mars.tensor.chunk-store-limit of 4 KiB, 256
 * complex128 values a chunk): the four-step column and row passes, each a transpose-like change of cuts made through
 * pieces, and the 2-d passes, against numpy's results of golden_fft.py (the cases of FftGoldenTest).
 */
@Timeout(value = 600, unit = TimeUnit.SECONDS)
class FftSmallChunksTest {
    private static final Path DIR = Path.of("src/test/resources/golden/fft");
    private static final Map<String, Function<Tensor, Tensor>> EXPRESSIONS = Map.of(
            "fft_c8192", x -> Fft.fourStep(x, 64, false, null),
            "ifft_c8192_ortho", x -> Fft.fourStep(x, 128, true, "ortho"),
            "fft2", Fft::fft2,
            "ifft2", Fft::ifft2,
            "fftn_3d", Fft::fftn,
            "fft_axis0", x -> Fft.fft(x, null, 0, null));

    private static Session session;

    @BeforeAll
    static void start() {
        session = Session.create("local[2]", Map.of(TilingConfig.CHUNK_STORE_LIMIT, "4096"));
    }

    @AfterAll
    static void stop() {
        if (session != null) {
            session.close();
        }
    }

    @ParameterizedTest(name = "{0} from chunks of {2}")
    @CsvSource({
        "fft_c8192, c8192, 1000", "fft_c8192, c8192, 8192",
        "ifft_c8192_ortho, c8192, 700", "ifft_c8192_ortho, c8192, 8192",
        "fft2, c2, 3", "ifft2, c2, 4", "fftn_3d, c3, 2", "fft_axis0, c2, 4"})
    void agreesWithNumpy(String name, String input, long chunk) {
        Tensor x = Tensors.array(Npy.read(DIR.resolve("inputs").resolve(input + ".npy")), ChunkSpec.of(chunk));
        NDArray expected = Npy.read(DIR.resolve("expected").resolve(name + ".npy"));
        NDArray actual = EXPRESSIONS.get(name).apply(x).execute(session);
        assertThat(actual.size()).as(name + " size").isEqualTo(expected.size());
        FftGoldenTest.assertClose(name, expected, actual);
    }

    /**
     * A pass whose result is only cut into pieces hands its array to the slot thread's next transform; a transform
     * that is kept (persisted, so stored) must never be among them: its values stay as they were while later
     * transforms (the four-step's passes, power-of-two lines) run on the same threads.
     */
    @Test
    void aKeptTransformKeepsItsValuesWhileLaterTransformsReuseTheirPassesArrays() {
        Tensor line = Tensors.array(Npy.read(DIR.resolve("inputs").resolve("c8192.npy")), ChunkSpec.of(8192));
        // 128 x 64 in blocks of 16 rows, transformed down the columns: each chunk's transform is stored as it is
        Tensor kept = Fft.fft(line.reshape(128, 64).rechunk(ChunkSpec.of(16, 64)), null, 0, null);
        session.persist(kept);
        NDArray before = kept.execute(session);
        NDArray expected = Npy.read(DIR.resolve("expected").resolve("fft_c8192.npy"));
        for (int i = 0; i < 3; i++) {
            Tensor x = Tensors.array(Npy.read(DIR.resolve("inputs").resolve("c8192.npy")), ChunkSpec.of(1000));
            FftGoldenTest.assertClose("fft_c8192 after a kept transform", expected,
                    Fft.fourStep(x, 64, false, null).execute(session));
        }
        NDArray after = kept.execute(session);
        assertThat(java.util.Arrays.equals((double[]) after.data(), (double[]) before.data()))
                .as("the kept transform's values are as they were").isTrue();
        session.release(kept);
    }
}
