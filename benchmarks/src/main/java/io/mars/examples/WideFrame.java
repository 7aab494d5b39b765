package io.mars.examples;

import static io.mars.tensor.Tensors.shape;

import io.mars.Session;
import io.mars.common.error.ErrorCode;
import io.mars.common.error.MarsException;
import io.mars.dataframe.DataFrame;
import io.mars.dataframe.DataFrames;
import io.mars.tensor.Tensors;
import io.mars.types.LocalTable;

/**
 * Whole-frame reductions of a wide frame: {@code df.mean()} (or {@code sum}, {@code std}) of a frame of R rows and C
 * float64 columns drawn by {@code rand} in the same graph. With more than {@code mars.dataframe.column-chunk}
 * columns the frame is cut into column chunks and each group of columns is reduced by its own tree; with the column
 * chunk at least C (the layout before column chunks) every chunk holds all C columns.
 * {@code benchmarks/python/pandas_wide_baseline.py} runs the same in pandas;
 * {@code benchmarks/run-wide-benchmarks.sh} runs both and prints ratios.
 *
 * <p>Usage: {@code WideFrame mean|sum|std [rows] [columns] [runs]}.
 */
public final class WideFrame {
    private WideFrame() {
    }

    public static void main(String[] args) {
        if (args.length < 1) {
            throw new MarsException(ErrorCode.INVALID_ARGUMENT,
                    "usage: WideFrame mean|sum|std [rows] [columns] [runs]");
        }
        String workload = args[0];
        long rows = JobArgs.positive(args, 1, "rows", 200L);
        long columns = JobArgs.positive(args, 2, "columns", 100_000L);
        long runs = JobArgs.positive(args, 3, "runs", 1L);
        try (Session session = Session.getOrCreate()) {
            for (long r = 0; r < runs; r++) {
                System.out.println(run(session, workload, rows, columns).line());
            }
        }
    }

    static JobResult run(Session session, String workload, long rows, long columns) {
        long start = System.nanoTime();
        String[] names = new String[Math.toIntExact(columns)];
        for (int j = 0; j < names.length; j++) {
            names[j] = "c" + j;
        }
        DataFrame df = DataFrames.fromTensor(Tensors.random(42).rand(shape(rows, columns)), names);
        DataFrame reduced = switch (workload) {
            case "mean" -> df.mean();
            case "sum" -> df.sum();
            case "std" -> df.std();
            default -> throw new MarsException(ErrorCode.INVALID_ARGUMENT, "unknown workload '" + workload
                    + "'; use mean, sum or std");
        };
        LocalTable out = session.executeTables(reduced).get(0);
        long nanos = System.nanoTime() - start;
        return new JobResult("WideFrame " + workload, out.rowCount() + "x" + out.columnCount(),
                "rows=" + rows + " columns=" + columns, nanos);
    }
}
