package io.mars.benchmarks;

import static io.mars.tensor.Tensors.chunks;
import static io.mars.tensor.Tensors.shape;

import io.mars.Session;
import io.mars.examples.JobArgs;
import io.mars.examples.JobResult;
import io.mars.tensor.Tensor;
import io.mars.tensor.Tensors;
import java.util.Locale;

/**
 * Reductions along an axis that are not fused into an element-wise chain, so each chunk goes through the reduction
 * map kernel's loops: {@code a.std(0).sum() + a.max(1).sum()} over an R x C float64 matrix of ones, chunked by rows.
 * {@code std(0)} combines runs element-wise into the state (the reduced axis is not the last), {@code max(1)} folds
 * each row into one slot. The answer is exactly R, so a wrong loop shows.
 *
 * <p>Usage: {@code AxisReduceBenchmark [rows] [columns] [rowChunk]}.
 */
public final class AxisReduceBenchmark {
    private AxisReduceBenchmark() {
    }

    public static void main(String[] args) {
        long rows = JobArgs.positive(args, 0, "rows", 20_000);
        long columns = JobArgs.positive(args, 1, "columns", 18_000);
        long rowChunk = JobArgs.positive(args, 2, "rowChunk", 100);
        try (Session session = Session.getOrCreate()) {
            long start = System.nanoTime();
            Tensor a = Tensors.ones(shape(rows, columns), chunks(rowChunk, columns));
            Tensor std = a.std(0).sum();
            Tensor max = a.max(1).sum();
            double value = session.execute(std).getDouble() + session.execute(max).getDouble();
            session.release(std);
            session.release(max);
            System.out.println(new JobResult("AxisReduce", String.format(Locale.ROOT, "%.1f", value),
                    "R=" + rows + ", C=" + columns, System.nanoTime() - start).line());
        }
    }
}
