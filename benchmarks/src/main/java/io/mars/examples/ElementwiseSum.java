package io.mars.examples;

import static io.mars.tensor.Tensors.chunks;
import static io.mars.tensor.Tensors.shape;

import io.mars.Session;
import io.mars.common.error.ErrorCode;
import io.mars.common.error.MarsException;
import io.mars.tensor.Tensor;
import io.mars.tensor.Tensors;
import java.util.Locale;

/**
 * {@code ((a + 1) * 2).sum()} over N float64 elements: a memory-bound element-wise pass and a reduction. With
 * {@code a = ones} the answer is exactly 4N, so it can be checked against numpy digit for digit; {@code rand}
 * gives about 3N.
 *
 * <p>Usage: {@code ElementwiseSum [N] [chunk] [ones|rand]}.
 */
public final class ElementwiseSum {
    public static final long DEFAULT_N = 100_000_000L;
    public static final long DEFAULT_CHUNK = 2_000_000L;
    private static final long SEED = 7;

    private ElementwiseSum() {
    }

    public static void main(String[] args) {
        long n = JobArgs.positive(args, 0, "N", DEFAULT_N);
        long chunk = JobArgs.positive(args, 1, "chunk", DEFAULT_CHUNK);
        boolean random = random(args.length > 2 ? args[2] : "ones");
        try (Session session = Session.getOrCreate()) {
            System.out.println(run(session, n, chunk, random).line());
        }
    }

    private static boolean random(String input) {
        return switch (input) {
            case "ones" -> false;
            case "rand" -> true;
            default -> throw new MarsException(ErrorCode.INVALID_ARGUMENT,
                    "input must be 'ones' or 'rand', got '" + input + "'");
        };
    }

    public static JobResult run(Session session, long n, long chunk, boolean random) {
        long start = System.nanoTime();
        Tensor a = random ? Tensors.random(SEED).rand(shape(n), chunks(chunk)) : Tensors.ones(shape(n), chunks(chunk));
        Tensor total = a.add(1.0).multiply(2.0).sum();
        double value = session.execute(total).getDouble();
        session.release(total);
        String formatted = random ? String.format(Locale.ROOT, "%.1f", value) : Long.toString(Math.round(value));
        return new JobResult("ElementwiseSum", formatted, "N=" + n + (random ? ", rand" : ", ones"),
                System.nanoTime() - start);
    }
}
