package io.mars.examples;

import static io.mars.tensor.Tensors.chunks;
import static io.mars.tensor.Tensors.shape;

import io.mars.Session;
import io.mars.tensor.Tensor;
import io.mars.tensor.TensorRandom;
import io.mars.tensor.Tensors;
import java.util.Locale;

/**
 * Estimates pi from N random points in the unit square: {@code 4 * count(x*x + y*y < 1) / N}. Mars's classic first
 * demo; with the default 10^9 points and 2,000,000-element chunks (16 MB per float64 chunk) it runs in a 768 MB heap
 * because each chunk's points are drawn, tested and counted inside one subtask and never stored.
 *
 * <p>Usage: {@code MonteCarloPi [N] [chunk]}.
 */
public final class MonteCarloPi {
    public static final long DEFAULT_POINTS = 1_000_000_000L;
    public static final long DEFAULT_CHUNK = 2_000_000L;
    private static final long SEED = 42;

    private MonteCarloPi() {
    }

    public static void main(String[] args) {
        long n = JobArgs.positive(args, 0, "N", DEFAULT_POINTS);
        long chunk = JobArgs.positive(args, 1, "chunk", DEFAULT_CHUNK);
        try (Session session = Session.getOrCreate()) {
            System.out.println(run(session, n, chunk).line());
        }
    }

    public static JobResult run(Session session, long n, long chunk) {
        long start = System.nanoTime();
        TensorRandom rng = Tensors.random(SEED);
        Tensor x = rng.rand(shape(n), chunks(chunk));
        Tensor y = rng.rand(shape(n), chunks(chunk));
        Tensor inside = x.multiply(x).add(y.multiply(y)).lt(1).sum();
        long count = session.execute(inside).getLong();
        session.release(inside);
        double pi = 4.0 * count / n;
        return new JobResult("MonteCarloPi", String.format(Locale.ROOT, "%.6f", pi), "N=" + n,
                System.nanoTime() - start);
    }
}
