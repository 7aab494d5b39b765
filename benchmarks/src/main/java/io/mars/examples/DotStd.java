package io.mars.examples;

import static io.mars.tensor.Tensors.chunks;
import static io.mars.tensor.Tensors.shape;

import io.mars.Session;
import io.mars.tensor.Tensor;
import io.mars.tensor.Tensors;
import java.util.Locale;

/**
 * {@code (a.dot(a.T) - a).std()} on a random n x n matrix: a matrix product whose operands share one input, a
 * transpose, broadcasting-free subtraction and a two-pass statistic. The value depends on the random numbers, so it
 * matches numpy's only statistically (to about three digits for n = 2000).
 *
 * <p>Usage: {@code DotStd [n] [chunk]}.
 */
public final class DotStd {
    public static final long DEFAULT_N = 2000;
    public static final long DEFAULT_CHUNK = 500;
    private static final long SEED = 11;

    private DotStd() {
    }

    public static void main(String[] args) {
        long n = JobArgs.positive(args, 0, "n", DEFAULT_N);
        long chunk = JobArgs.positive(args, 1, "chunk", DEFAULT_CHUNK);
        try (Session session = Session.getOrCreate()) {
            System.out.println(run(session, n, chunk).line());
        }
    }

    public static JobResult run(Session session, long n, long chunk) {
        long start = System.nanoTime();
        Tensor a = Tensors.random(SEED).rand(shape(n, n), chunks(chunk));
        Tensor std = a.dot(a.T()).subtract(a).std();
        double value = session.execute(std).getDouble();
        session.release(std);
        return new JobResult("DotStd", String.format(Locale.ROOT, "%.6f", value), "n=" + n,
                System.nanoTime() - start);
    }
}
