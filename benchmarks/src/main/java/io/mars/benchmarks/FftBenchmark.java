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
 *   <li>{@code fft2 n}: the 2-d fft of a random real n x n matrix, default chunks.</li>
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
                    default -> throw new IllegalArgumentException("unknown workload " + args[0] + "; fft or fft2");
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

    static JobResult fft2(Session session, long n) {
        long start = System.nanoTime();
        Tensor s = Fft.fft2(Tensors.random(43).rand(shape(n, n))).abs().sum();
        double v = session.execute(s).getDouble();
        session.release(s);
        return new JobResult("FFT2", String.format(Locale.ROOT, "%.6e", v), "n=" + n + "x" + n,
                System.nanoTime() - start);
    }
}
