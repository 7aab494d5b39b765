package io.mars.container.kernels;

import static io.mars.container.kernels.KernelTesting.evalArray;
import static io.mars.container.kernels.KernelTesting.node;
import static io.mars.container.kernels.KernelTesting.shape;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import io.mars.common.error.MarsException;
import io.mars.common.graph.ChunkNode;
import io.mars.common.operand.chunk.ChunkAssemble;
import io.mars.common.operand.chunk.ChunkRand;
import io.mars.types.DataType;
import io.mars.types.NDArray;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class RandKernelTest {
    private static final long SEED = 20240229L;

    private static NDArray chunk(long seed, long stream, long[] full, long[] offset, long[] shape) {
        return evalArray(node(new ChunkRand(seed, stream, full, offset), DataType.FLOAT64, shape));
    }

    /** The tensor of shape {@code full} computed as a grid of chunks of at most {@code tile}, assembled in one chunk. */
    private static NDArray tiled(long stream, long[] full, long[] tile) {
        List<ChunkNode> chunks = new ArrayList<>();
        List<ChunkAssemble.Piece> pieces = new ArrayList<>();
        for (long r = 0; r < full[0]; r += tile[0]) {
            for (long c = 0; c < full[1]; c += tile[1]) {
                long[] extent = {Math.min(tile[0], full[0] - r), Math.min(tile[1], full[1] - c)};
                long[] offset = {r, c};
                pieces.add(new ChunkAssemble.Piece(chunks.size(), new long[2], offset, extent));
                chunks.add(node(new ChunkRand(SEED, stream, full, offset), DataType.FLOAT64, extent));
            }
        }
        return evalArray(node(new ChunkAssemble(pieces), DataType.FLOAT64, full, chunks.toArray(new ChunkNode[0])));
    }

    /** The documented formula, written out independently of the kernel. */
    private static double expected(long seed, long stream, long position) {
        long key = mix(seed + mix(stream + 0x632BE59BD9B4E019L));
        return (mix(key + (position + 1) * 0x9E3779B97F4A7C15L) >>> 11) * 0x1.0p-53;
    }

    private static long mix(long z) {
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }

    @Test
    void valuesDoNotDependOnChunking() {
        long[] full = shape(7, 13);

        NDArray whole = chunk(SEED, 3, full, new long[2], full);
        NDArray tiles = tiled(3, full, shape(3, 5));
        NDArray singles = tiled(3, full, shape(1, 1));

        assertThat(tiles.toDoubleArray()).containsExactly(whole.toDoubleArray());
        assertThat(singles.toDoubleArray()).containsExactly(whole.toDoubleArray());
        assertThat(whole.toDoubleArray()).doesNotHaveDuplicates();
    }

    @Test
    void eachValueIsTheDocumentedFunctionOfSeedStreamAndPosition() {
        long[] full = shape(4, 6, 5);

        NDArray part = chunk(SEED, 9, full, new long[] {1, 2, 0}, shape(2, 3, 5));
        NDArray rows = chunk(SEED, 9, full, new long[] {2, 0, 0}, shape(2, 6, 5));

        for (int i = 0; i < 2; i++) {
            for (int j = 0; j < 3; j++) {
                for (int k = 0; k < 5; k++) {
                    long position = ((1 + i) * 6 + (2 + j)) * 5 + k;
                    assertThat(part.getDouble(i, j, k)).isEqualTo(expected(SEED, 9, position));
                }
            }
        }
        for (int p = 0; p < 60; p++) {
            assertThat(rows.getDouble(p)).isEqualTo(expected(SEED, 9, 60 + p));
        }
    }

    @Test
    void zeroDimensionalTensorHoldsPositionZero() {
        NDArray scalar = chunk(SEED, 0, shape(), shape(), shape());

        assertThat(scalar.getDouble()).isEqualTo(expected(SEED, 0, 0));
    }

    @Test
    void streamsAndSeedsGiveDifferentValues() {
        long[] full = shape(100);

        NDArray a = chunk(SEED, 0, full, new long[1], full);
        NDArray b = chunk(SEED, 1, full, new long[1], full);
        NDArray c = chunk(SEED + 1, 0, full, new long[1], full);

        assertThat(a.toDoubleArray()).isNotEqualTo(b.toDoubleArray());
        assertThat(a.toDoubleArray()).isNotEqualTo(c.toDoubleArray());
    }

    @Test
    void valuesAreUniformOnTheUnitInterval() {
        int n = 1_000_000;
        long[] full = shape(n);

        double[] v = chunk(SEED, 5, full, new long[1], full).toDoubleArray();

        double sum = 0;
        double min = 1;
        double max = 0;
        int[] deciles = new int[10];
        for (double x : v) {
            sum += x;
            min = Math.min(min, x);
            max = Math.max(max, x);
            deciles[(int) (x * 10)]++;
        }
        assertThat(min).isGreaterThanOrEqualTo(0.0);
        assertThat(max).isLessThan(1.0);
        assertThat(sum / n).isCloseTo(0.5, within(0.002));
        for (int d : deciles) {
            assertThat(d).isCloseTo(n / 10, within(1500));
        }
    }

    @Test
    void rejectsAChunkOutsideTheTensor() {
        assertThatThrownBy(() -> chunk(SEED, 0, shape(4, 4), new long[] {3, 0}, shape(2, 4)))
                .isInstanceOf(MarsException.class).hasMessageContaining("(4, 4)");
    }
}
