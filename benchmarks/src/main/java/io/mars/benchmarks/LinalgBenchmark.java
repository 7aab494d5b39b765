package io.mars.benchmarks;

import static io.mars.tensor.Tensors.chunks;
import static io.mars.tensor.Tensors.shape;

import io.mars.Session;
import io.mars.examples.JobArgs;
import io.mars.examples.JobResult;
import io.mars.tensor.Linalg;
import io.mars.tensor.Tensor;
import io.mars.tensor.Tensors;
import java.util.Arrays;
import java.util.Locale;

/**
 * Linear-algebra workloads for {@code benchmarks/run-benchmarks.sh}, each printing one {@link JobResult} line:
 * <ul>
 *   <li>{@code matmul n chunk}: {@code (a @ b).sum()} of two random n x n matrices in chunks of chunk x chunk
 *       ({@code auto}: sized by Mars, as {@code rand(n, n)} is);</li>
 *   <li>{@code qr m n rowChunk}: Q and R of a random m x n matrix; prints {@code (Q*Q).sum() + (R*R).sum()}, which
 *       is n + |A|_F^2 whatever the sign convention;</li>
 *   <li>{@code svd m n rowChunk}: U, S, Vh; prints {@code (U*U).sum() + S.sum() + (Vh*Vh).sum()} = 2n + sum(S).</li>
 * </ul>
 * Random values differ from numpy's, so results agree statistically (to a few digits), not exactly.
 */
public final class LinalgBenchmark {
    private LinalgBenchmark() {
    }

    public static void main(String[] args) {
        if (args.length == 0) {
            throw new IllegalArgumentException("usage: LinalgBenchmark matmul|qr|svd SIZES...");
        }
        String[] rest = Arrays.copyOfRange(args, 1, args.length);
        try (Session session = Session.getOrCreate()) {
            JobResult r = switch (args[0]) {
                case "matmul" -> matmul(session, JobArgs.positive(rest, 0, "n", 4000),
                        rest.length > 1 && rest[1].equals("auto") ? 0 : JobArgs.positive(rest, 1, "chunk", 1000));
                case "qr" -> qr(session, JobArgs.positive(rest, 0, "m", 2_000_000), JobArgs.positive(rest, 1, "n", 32),
                        JobArgs.positive(rest, 2, "rowChunk", 250_000));
                case "svd" -> svd(session, JobArgs.positive(rest, 0, "m", 2_000_000),
                        JobArgs.positive(rest, 1, "n", 32), JobArgs.positive(rest, 2, "rowChunk", 250_000));
                default -> throw new IllegalArgumentException("unknown workload " + args[0] + "; matmul, qr or svd");
            };
            System.out.println(r.line());
        }
    }

    static JobResult matmul(Session session, long n, long chunk) {
        long start = System.nanoTime();
        // chunk 0: sized by Mars (mars.tensor.chunk-store-limit and the workers' memory), as rand(n, n) is
        Tensor a = chunk == 0 ? Tensors.random(21).rand(n, n) : Tensors.random(21).rand(shape(n, n), chunks(chunk));
        Tensor b = chunk == 0 ? Tensors.random(22).rand(n, n) : Tensors.random(22).rand(shape(n, n), chunks(chunk));
        Tensor s = a.dot(b).sum();
        double v = session.execute(s).getDouble();
        session.release(s);
        return new JobResult("Matmul", String.format(Locale.ROOT, "%.6e", v), "n=" + n, System.nanoTime() - start);
    }

    static JobResult qr(Session session, long m, long n, long rowChunk) {
        long start = System.nanoTime();
        Tensor a = Tensors.random(31).rand(shape(m, n), chunks(rowChunk, n));
        Linalg.QrResult qr = Linalg.qr(a);
        Tensor s = qr.q().multiply(qr.q()).sum().add(qr.r().multiply(qr.r()).sum());
        double v = session.execute(s).getDouble();
        session.release(s);
        return new JobResult("QR", String.format(Locale.ROOT, "%.6e", v), "m=" + m + ", n=" + n,
                System.nanoTime() - start);
    }

    static JobResult svd(Session session, long m, long n, long rowChunk) {
        long start = System.nanoTime();
        Tensor a = Tensors.random(32).rand(shape(m, n), chunks(rowChunk, n));
        Linalg.SvdResult svd = Linalg.svd(a);
        Tensor s = svd.u().multiply(svd.u()).sum().add(svd.s().sum()).add(svd.vh().multiply(svd.vh()).sum());
        double v = session.execute(s).getDouble();
        session.release(s);
        return new JobResult("SVD", String.format(Locale.ROOT, "%.6e", v), "m=" + m + ", n=" + n,
                System.nanoTime() - start);
    }
}
