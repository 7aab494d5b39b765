package io.mars.benchmarks;

import static io.mars.tensor.Tensors.shape;

import io.mars.Session;
import io.mars.examples.JobArgs;
import io.mars.examples.JobResult;
import io.mars.tensor.Fft;
import io.mars.tensor.Tensor;
import io.mars.tensor.Tensors;
import java.util.Arrays;
import java.util.Locale;

/**
 * FFT workloads for {@code benchmarks/run-benchmarks.sh}, each printing one {@link JobResult} line with
 * {@code abs(result).sum()} (random inputs differ from numpy's, so results agree statistically):
 * <ul>
 *   <li>{@code fft n}: the 1-d fft of n complex values (random real and imaginary parts), default chunks;</li>
 *   <li>{@code fft2 n}: the 2-d fft of a random real n x n matrix, default chunks;</li>
 *   <li>{@code check DIR}: both transforms of inputs numpy wrote, written back for numpy to compare (see
 *   {@link #check}).</li>
 * </ul>
 */
public final class FftBenchmark {
    private FftBenchmark() {
    }

    public static void main(String[] args) {
        if (args.length == 0) {
            throw new IllegalArgumentException("usage: FftBenchmark fft|fft2 SIZE");
        }
        String[] rest = Arrays.copyOfRange(args, 1, args.length);
        try (Session session = Session.getOrCreate()) {
            // -Dreps=N: the workload N times in one JVM, each its own line (the later ones with the JIT warm)
            for (int rep = Integer.getInteger("reps", 1); rep > 0; rep--) {
                JobResult r = switch (args[0]) {
                    case "fft" -> fft(session, JobArgs.positive(rest, 0, "n", 1L << 24));
                    case "fft2" -> fft2(session, JobArgs.positive(rest, 0, "n", 4096));
                    case "check" -> check(session, rest);
                    default -> throw new IllegalArgumentException("unknown workload " + args[0]
                            + "; fft, fft2 or check");
                };
                System.out.println(r.line());
            }
        }
    }

    static JobResult fft(Session session, long n) {
        long start = System.nanoTime();
        Tensor x = Tensors.complex(Tensors.random(41).rand(n), Tensors.random(42).rand(n));
        Tensor s = Fft.fft(x).abs().sum();
        double v = session.execute(s).getDouble();
        session.release(s);
        return new JobResult("FFT", String.format(Locale.ROOT, "%.6e", v), "n=" + n, System.nanoTime() - start);
    }

    /**
     * {@code check DIR}: the transforms of {@code DIR/fft_in.npy} (1-d) and {@code DIR/fft2_in.npy} (2-d), as the two
     * workloads make them at their sizes (default chunks), written to {@code fft_out.npy} and {@code fft2_out.npy} for
     * {@code benchmarks/python/fft_check.py} to compare with numpy's.
     */
    static JobResult check(Session session, String[] rest) {
        if (rest.length != 1) {
            throw new IllegalArgumentException("usage: FftBenchmark check DIR (with fft_in.npy and fft2_in.npy)");
        }
        java.nio.file.Path dir = java.nio.file.Path.of(rest[0]);
        long start = System.nanoTime();
        Tensor x = Tensors.fromNpy(dir.resolve("fft_in.npy").toString());
        Tensors.toNpy(Fft.fft(x), dir.resolve("fft_out.npy").toString(), session);
        Tensor a = Tensors.fromNpy(dir.resolve("fft2_in.npy").toString());
        Tensors.toNpy(Fft.fft2(a), dir.resolve("fft2_out.npy").toString(), session);
        return new JobResult("FFTCHECK", "written", "n=" + x.shape()[0] + ", " + a.shape()[0] + "x" + a.shape()[1],
                System.nanoTime() - start);
    }

    static JobResult fft2(Session session, long n) {
        long start = System.nanoTime();
        Tensor s = Fft.fft2(Tensors.random(43).rand(shape(n, n))).abs().sum();
        double v = session.execute(s).getDouble();
        session.release(s);
        return new JobResult("FFT2", String.format(Locale.ROOT, "%.6e", v), "n=" + n + "x" + n,
                System.nanoTime() - start);
    }
}
