package io.mars.examples;

import static io.mars.tensor.Tensors.chunks;
import static io.mars.tensor.Tensors.shape;

import io.mars.Session;
import io.mars.tensor.Tensor;
import io.mars.tensor.Tensors;

/**
 * {@code inner(ones((n, n)), ones((n, n))).sum()}, the example on Mars's front page: a tiled matrix product followed
 * by a tree reduction. Every element of the product is n, so the answer is n^3.
 *
 * <p>Usage: {@code InnerSum [n] [chunk] [runs]}: with runs &gt; 1 the job runs again in the same session (the first
 * run is "cold", the JIT still compiling; the later ones "warm").
 */
public final class InnerSum {
    public static final long DEFAULT_N = 2000;
    public static final long DEFAULT_CHUNK = 200;

    private InnerSum() {
    }

    public static void main(String[] args) {
        long n = JobArgs.positive(args, 0, "n", DEFAULT_N);
        long chunk = JobArgs.positive(args, 1, "chunk", DEFAULT_CHUNK);
        long runs = JobArgs.positive(args, 2, "runs", 1L);
        try (Session session = Session.getOrCreate()) {
            for (long r = 0; r < runs; r++) {
                System.out.println(run(session, n, chunk).line());
            }
        }
    }

    public static JobResult run(Session session, long n, long chunk) {
        long start = System.nanoTime();
        Tensor a = Tensors.ones(shape(n, n), chunks(chunk));
        Tensor total = Tensors.inner(a, a).sum();
        double value = session.execute(total).getDouble();
        session.release(total);
        return new JobResult("InnerSum", Long.toString(Math.round(value)), "n=" + n,
                System.nanoTime() - start);
    }
}
