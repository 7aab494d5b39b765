package io.mars.container.kernels;

import static org.assertj.core.api.Assertions.assertThat;

import io.mars.common.graph.ChunkNode;
import io.mars.common.operand.chunk.ChunkLogisticTerms;
import io.mars.types.DataType;
import io.mars.types.NDArray;
import java.util.List;
import java.util.Random;
import org.assertj.core.data.Offset;
import org.junit.jupiter.api.Test;

/**
 * {@link LogisticTermsKernel} on blocks large enough for its native-BLAS path (the scores, the gradient and the Hessian
 * as matrix products over tiles of rows) and on small ones (its Java loops), against the loss, gradient and Hessian
 * summed row by row from their definitions.
 */
class LogisticTermsKernelTest {
    @Test
    void sumsTheBinaryTermsOfABlockOfManyTiles() {
        check(new Random(1), 1300, 40, 1, true);
        check(new Random(2), 1300, 40, 1, false);
    }

    @Test
    void sumsTheSoftmaxTermsOfABlockOfManyTiles() {
        check(new Random(3), 1100, 24, 3, true);
        check(new Random(4), 700, 24, 3, false);
    }

    @Test
    void sumsTheTermsOfASmallBlock() {
        check(new Random(5), 9, 3, 1, true);
        check(new Random(6), 9, 3, 2, false);
    }

    private static void check(Random random, int rows, int features, int outputs, boolean hessian) {
        double[] x = new double[rows * features];
        for (int i = 0; i < x.length; i++) {
            x[i] = random.nextGaussian();
        }
        double[] y = new double[rows * outputs];
        for (int r = 0; r < rows; r++) {
            if (outputs == 1) {
                y[r] = random.nextInt(2);
            } else {
                y[r * outputs + random.nextInt(outputs)] = 1.0;
            }
        }
        int width = features + 1;
        double[] theta = new double[outputs * width];
        for (int i = 0; i < theta.length; i++) {
            theta[i] = 0.3 * random.nextGaussian();
        }
        ChunkLogisticTerms op = new ChunkLogisticTerms(true, hessian, 1, 0);
        int n = outputs * width;
        long size = 1 + n + (hessian ? (long) n * n : 0);
        ChunkNode node = new ChunkNode("k", op, List.of(), DataType.FLOAT64, new long[] {size}, new int[1]);
        NDArray got = (NDArray) new LogisticTermsKernel().execute(node, op, List.of(NDArray.of(x, rows, features),
                NDArray.of(y, rows, outputs), NDArray.of(theta, outputs, width)));
        double[] expected = direct(x, y, theta, rows, features, outputs, hessian);
        double[] g = got.doubles();
        assertThat(g).hasSize(expected.length);
        for (int i = 0; i < expected.length; i++) {
            assertThat(g[i]).as("term %d of %d", i, expected.length)
                    .isCloseTo(expected[i], Offset.offset(1e-10 * Math.max(1.0, Math.abs(expected[i]))));
        }
    }

    /** [loss, gradient, Hessian] summed row by row: log(1 + e^z) - y z, or logsumexp(z) - y·z for several outputs. */
    private static double[] direct(double[] x, double[] y, double[] theta, int rows, int features, int outputs,
            boolean hessian) {
        int width = features + 1;
        int n = outputs * width;
        double[] out = new double[1 + n + (hessian ? n * n : 0)];
        double[] row = new double[width];
        double[] p = new double[outputs];
        for (int r = 0; r < rows; r++) {
            System.arraycopy(x, r * features, row, 0, features);
            row[features] = 1.0;
            double[] z = new double[outputs];
            for (int k = 0; k < outputs; k++) {
                for (int i = 0; i < width; i++) {
                    z[k] += row[i] * theta[k * width + i];
                }
                out[0] -= y[r * outputs + k] * z[k];
            }
            if (outputs == 1) {
                out[0] += Math.log1p(Math.exp(z[0]));
                p[0] = 1.0 / (1.0 + Math.exp(-z[0]));
            } else {
                double total = 0;
                for (int k = 0; k < outputs; k++) {
                    total += Math.exp(z[k]);
                }
                out[0] += Math.log(total);
                for (int k = 0; k < outputs; k++) {
                    p[k] = Math.exp(z[k]) / total;
                }
            }
            for (int k = 0; k < outputs; k++) {
                for (int i = 0; i < width; i++) {
                    out[1 + k * width + i] += (p[k] - y[r * outputs + k]) * row[i];
                }
            }
            if (!hessian) {
                continue;
            }
            for (int k = 0; k < outputs; k++) {
                for (int l = 0; l < outputs; l++) {
                    double d = k == l ? p[k] * (1 - p[k]) : -p[k] * p[l];
                    for (int i = 0; i < width; i++) {
                        for (int j = 0; j < width; j++) {
                            out[1 + n + (k * width + i) * n + l * width + j] += d * row[i] * row[j];
                        }
                    }
                }
            }
        }
        return out;
    }
}
