package io.mars.examples;

import static io.mars.tensor.Tensors.chunks;
import static io.mars.tensor.Tensors.shape;

import io.mars.Session;
import io.mars.common.error.ErrorCode;
import io.mars.common.error.MarsException;
import io.mars.common.graph.Tileable;
import io.mars.dataframe.DataFrame;
import io.mars.dataframe.DataFrames;

import io.mars.tensor.TensorRandom;
import io.mars.tensor.Tensors;
import io.mars.types.DataType;
import io.mars.types.LocalTable;
import io.mars.types.WriteMode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The dataframe workloads of issue 6 on a random frame of N rows (int64 key {@code k} in [0, 1000), float64
 * {@code v} in [0, 1)), generated in the same graph: {@code groupby-sum}, {@code groupby-mean}, {@code filter-sum}
 * ({@code v > 0.5}), {@code merge} (N rows with keys in [0, N/10) inner-joined with N/10 rows of unique keys,
 * counted), {@code sort} (by {@code v}, first 5 rows: the engine keeps each chunk's first rows, no shuffle) and
 * {@code sort-write} (by {@code v}, every row written as Parquet into a fresh directory under {@code java.io.tmpdir},
 * deleted after the run: the whole sort, shuffle included). {@code benchmarks/python/pandas_ops_baseline.py} runs the
 * first five in pandas; {@code benchmarks/run-dataframe-benchmarks.sh} runs them and prints ratios.
 *
 * <p>Usage: {@code DataFrameOps workload [N] [chunk] [runs]}: with runs &gt; 1 the workload runs again in the same
 * session (the same random frame), each run printing its own line; the first pays the process's class loading and
 * JIT compilation, the later ones show the engine warm.
 */
public final class DataFrameOps {
    private DataFrameOps() {
    }

    public static void main(String[] args) {
        if (args.length < 1) {
            throw new MarsException(ErrorCode.INVALID_ARGUMENT, "usage: DataFrameOps groupby-sum|groupby-mean|"
                    + "filter-sum|merge|sort|sort-write [N] [chunk] [runs]");
        }
        String workload = args[0];
        long n = JobArgs.positive(args, 1, "N", 10_000_000L);
        long chunk = JobArgs.positive(args, 2, "chunk", 1_000_000L);
        long runs = JobArgs.positive(args, 3, "runs", 1L);
        try (Session session = Session.getOrCreate()) {
            for (long r = 0; r < runs; r++) {
                System.out.println(run(session, workload, n, chunk).line());
            }
        }
    }

    static JobResult run(Session session, String workload, long n, long chunk) {
        if (workload.equals("sort-write")) {
            return sortWrite(session, n, chunk);
        }
        long start = System.nanoTime();
        TensorRandom rng = Tensors.random(42);
        Tileable t = switch (workload) {
            case "groupby-sum" -> frame(rng, n, 1000, chunk).groupBy("k").sum();
            case "groupby-mean" -> frame(rng, n, 1000, chunk).groupBy("k").mean();
            case "filter-sum" -> {
                DataFrame df = frame(rng, n, 1000, chunk);
                yield df.filter(df.col("v").gt(0.5)).col("v").sum();
            }
            case "merge" -> {
                long m = Math.max(1, n / 10);
                DataFrame left = frame(rng, n, m, chunk);
                DataFrame right = DataFrames.fromTensor(Tensors.arange(0, m, 1, chunks(chunk)), "k")
                        .assign("w", DataFrames.fromTensor(rng.rand(shape(m), chunks(chunk)), "w").col("w"));
                yield left.merge(right, "k", "inner").col("w").count();
            }
            case "sort" -> frame(rng, n, 1000, chunk).sortValues("v").head(5);
            default -> throw new MarsException(ErrorCode.INVALID_ARGUMENT, "unknown workload '" + workload
                    + "'; use groupby-sum, groupby-mean, filter-sum, merge, sort or sort-write");
        };
        LocalTable out = session.executeTables(t).get(0);
        long nanos = System.nanoTime() - start;
        return new JobResult("DataFrameOps " + workload, out.rowCount() + "x" + out.columnCount(), "N=" + n, nanos);
    }

    /** Sorts the frame by {@code v} and writes every row as Parquet; the result counts the rows written. */
    private static JobResult sortWrite(Session session, long n, long chunk) {
        Path dir;
        try {
            dir = Files.createTempDirectory("mars-sort-write-");
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create an output directory under java.io.tmpdir", e);
        }
        try {
            long start = System.nanoTime();
            LocalTable files = session.executeTables(frame(Tensors.random(42), n, 1000, chunk).sortValues("v")
                    .toParquet(dir.toString(), WriteMode.OVERWRITE)).get(0);
            long nanos = System.nanoTime() - start;
            long written = 0;
            for (int r = 0; r < files.rowCount(); r++) {
                written += ((Number) files.column("rows").get(r)).longValue();
            }
            if (written != n) {
                throw new IllegalStateException("sort-write wrote " + written + " rows, expected " + n);
            }
            return new JobResult("DataFrameOps sort-write", files.rowCount() + " files, " + written + " rows",
                    "N=" + n, nanos);
        } finally {
            ScratchDirs.deleteTree(dir);
        }
    }

    private static DataFrame frame(TensorRandom rng, long n, long keys, long chunk) {
        DataFrame k = DataFrames.fromTensor(rng.randint(0, keys, new long[] {n}, DataType.INT64, chunks(chunk)), "k");
        return k.assign("v", DataFrames.fromTensor(rng.rand(shape(n), chunks(chunk)), "v").col("v"));
    }
}
