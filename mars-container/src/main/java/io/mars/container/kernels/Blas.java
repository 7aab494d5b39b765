package io.mars.container.kernels;

import dev.ludovic.netlib.blas.BLAS;
import io.mars.common.error.MarsException;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The BLAS that large float products use: netlib's native binding ({@code JNIBLAS}) over the library
 * {@value BlasChoice#KEY} chooses ({@link BlasLibrary}): by default the system's {@code libblas.so.3} when one loads,
 * else the OpenBLAS shipped in the {@code org.bytedeco:openblas} jar; with neither, {@link MatMul}'s own Java loops.
 * netlib's pure-Java fallbacks are not used: they are no faster than {@link MatMul} here.
 *
 * <p>Threading: OpenBLAS reads {@code OPENBLAS_NUM_THREADS} (or {@code OMP_NUM_THREADS}) once, when the library is
 * loaded, and netlib exposes no {@code openblas_set_num_threads}; a JVM cannot change its own environment. So the
 * process that starts a worker must set {@code OPENBLAS_NUM_THREADS=1} (one BLAS thread per slot; nested threading
 * measured 6-25% slower); unset, OpenBLAS starts one thread per core in every slot. The bundled build reads it as the
 * system one does. Both facts are logged once.
 */
final class Blas {
    private static final Logger LOG = LoggerFactory.getLogger(Blas.class);
    /** Below this many multiply-adds the JNI call and copies cost more than the Java loops. */
    static final long MIN_NATIVE_WORK = 32L * 32 * 32;
    private static final BlasLibrary.Outcome OUTCOME = load();
    private static final BLAS NATIVE = OUTCOME.loaded().map(BlasLibrary.Loaded::blas).orElse(null);

    private Blas() {
    }

    private static BlasLibrary.Outcome load() {
        BlasChoice choice;
        try {
            choice = BlasChoice.parse(System.getProperty(BlasChoice.KEY));
        } catch (MarsException e) {
            // mars-submit refuses such a value before anything runs; a -D typo elsewhere must not break every product
            return new BlasLibrary.Outcome(Optional.empty(), e.getMessage());
        }
        return BlasLibrary.load(choice);
    }

    /** Logs, once per process at WARN level so it stands out, which implementation float products use. */
    static void logImplementation() {
        Holder.LOGGED.hashCode();
    }

    /** Whether the native BLAS is active. */
    static boolean isNative() {
        return NATIVE != null;
    }

    /** A one-line description of the active implementation, e.g. for logs and benchmark reports. */
    static String describe() {
        String threads = System.getenv("OPENBLAS_NUM_THREADS");
        String core = System.getenv("OPENBLAS_CORETYPE");
        if (NATIVE != null) {
            return "native BLAS " + NATIVE.getClass().getName() + " over " + OUTCOME.loaded().get().library()
                    + ", OPENBLAS_NUM_THREADS="
                    + (threads == null ? "unset (one BLAS thread per core in every slot)" : threads)
                    + ", OPENBLAS_CORETYPE=" + (core == null ? "unset (OpenBLAS's choice)" : core);
        }
        return "pure-Java MatMul (no native BLAS: " + OUTCOME.reason() + "; ~20x slower matrix products)";
    }

    /**
     * Row-major {@code C(m,n) = op(A) * op(B)} where op(A) is (m,k) and op(B) is (k,n). {@code transA} means
     * {@code a} holds the (k,m) matrix row-major; {@code transB} that {@code b} holds the (n,k) matrix.
     */
    static double[] dgemm(double[] a, boolean transA, double[] b, boolean transB, int m, int k, int n) {
        double[] c = new double[m * n];
        dgemm(a, transA, b, transB, m, k, n, 0.0, c);
        return c;
    }

    /**
     * Row-major {@code C = op(A) * op(B) + beta * C} into {@code c} (m x n), with the operands as in
     * {@link #dgemm(double[], boolean, double[], boolean, int, int, int)}: a product summed over several blocks of the
     * contracted axis accumulates in one array instead of one array per block and a sum after.
     */
    static void dgemm(double[] a, boolean transA, double[] b, boolean transB, int m, int k, int n, double beta,
            double[] c) {
        if (m == 0 || n == 0 || k == 0) {
            if (beta == 0.0) {
                java.util.Arrays.fill(c, 0, m * n, 0.0);
            }
            return;
        }
        // Column-major view of row-major C is C^T (n x m) = op(B)^T * op(A)^T.
        int ldb = transB ? k : n;
        int lda = transA ? m : k;
        NATIVE.dgemm(transB ? "T" : "N", transA ? "T" : "N", n, m, k, 1.0, b, Math.max(1, ldb), a, Math.max(1, lda),
                beta, c, Math.max(1, n));
    }

    /**
     * The lower triangle (diagonal included) of row-major {@code C(n,n) = op(A) * op(A)^T + beta * C}, where op(A)
     * is (n,k): {@code a} holds it row-major, or its transpose (k,n) when {@code transA}. Half the multiply-adds of
     * the same product through dgemm; {@link #mirrorLower} fills the upper triangle once the sum is complete.
     */
    static void dsyrk(double[] a, boolean transA, int n, int k, double beta, double[] c) {
        if (n == 0 || k == 0) {
            if (beta == 0.0) {
                java.util.Arrays.fill(c, 0, n * n, 0.0);
            }
            return;
        }
        // Row-major lower = column-major upper. Column-major, a is op(A)^T (k x n) or, when transA, op(A) (n x k).
        NATIVE.dsyrk("U", transA ? "N" : "T", n, k, 1.0, a, Math.max(1, transA ? n : k), beta, c, Math.max(1, n));
    }

    /** Copies the lower triangle of the row-major n x n matrix {@code c} onto its upper triangle, in cache tiles. */
    static void mirrorLower(double[] c, int n) {
        final int tile = 64;
        for (int i0 = 0; i0 < n; i0 += tile) {
            int i1 = Math.min(n, i0 + tile);
            for (int j0 = i0; j0 < n; j0 += tile) {
                int j1 = Math.min(n, j0 + tile);
                for (int i = i0; i < i1; i++) {
                    int row = i * n;
                    for (int j = Math.max(j0, i + 1); j < j1; j++) {
                        c[row + j] = c[j * n + i];
                    }
                }
            }
        }
    }

    /**
     * Row-major {@code C(m,n) = A(m,k) * B(k,n)} on parts of arrays: A from {@code aOff}, B from {@code bOff}, C written
     * from {@code cOff}; for products into (or out of) a larger buffer without copying the block out first.
     */
    static void dgemm(double[] a, int aOff, double[] b, int bOff, int m, int k, int n, double[] c, int cOff) {
        if (m == 0 || n == 0) {
            return;
        }
        if (k == 0) {
            java.util.Arrays.fill(c, cOff, cOff + m * n, 0.0);
            return;
        }
        NATIVE.dgemm("N", "N", n, m, k, 1.0, b, bOff, Math.max(1, n), a, aOff, Math.max(1, k), 0.0, c, cOff,
                Math.max(1, n));
    }

    /**
     * Row-major {@code C(m,n) += Aᵀ B} where {@code a} holds A (k x m) and {@code b} holds B (k x n), both from 0: with
     * a one-hot A, the sums of B's rows by group.
     */
    static void dgemmTransAAdd(double[] a, double[] b, int m, int k, int n, double[] c) {
        dgemmTransAAdd(a, b, 0, m, k, n, c);
    }

    /** As {@link #dgemmTransAAdd(double[], double[], int, int, int, double[])}, B from {@code bOff} in {@code b}. */
    static void dgemmTransAAdd(double[] a, double[] b, int bOff, int m, int k, int n, double[] c) {
        if (m == 0 || n == 0 || k == 0) {
            return;
        }
        NATIVE.dgemm("N", "T", n, m, k, 1.0, b, bOff, Math.max(1, n), a, 0, Math.max(1, m), 1.0, c, 0,
                Math.max(1, n));
    }

    /**
     * Row-major {@code y = op(A) x + beta y}, A (m x n) in {@code a} from 0: {@code trans} takes Aᵀ (then x has m
     * entries and y n), else A (x has n, y m). A matrix times one vector: dgemm with one column is several times
     * slower than dgemv in OpenBLAS.
     */
    static void dgemv(double[] a, boolean trans, int m, int n, double[] x, double beta, double[] y) {
        if (m == 0 || n == 0) {
            return;
        }
        // column-major, the row-major A is Aᵀ (n x m, leading dimension n)
        NATIVE.dgemv(trans ? "N" : "T", n, m, 1.0, a, Math.max(1, n), x, 1, beta, y, 1);
    }

    /** {@code sum x[ox + i] * y[oy + i]} for i below n. */
    static double ddot(int n, double[] x, int ox, double[] y, int oy) {
        return NATIVE.ddot(n, x, ox, 1, y, oy, 1);
    }

    /**
     * Applies the Householder reflector {@code I - scale v v^T} to the column-major block of {@code rows x cols} at
     * {@code offset} of {@code a} (leading dimension {@code lda}): {@code w = A^T v} (dgemv) then
     * {@code A -= scale v w^T} (dger); {@code v} starts at {@code ov}, {@code work} holds at least {@code cols}.
     */
    static void reflect(double[] a, int offset, int lda, int rows, int cols, double[] v, int ov, double scale,
            double[] work) {
        NATIVE.dgemv("T", rows, cols, 1.0, a, offset, lda, v, ov, 1, 0.0, work, 0, 1);
        NATIVE.dger(rows, cols, -scale, v, ov, 1, work, 0, 1, a, offset, lda);
    }

    private static final class Holder {
        static final Object LOGGED = log();

        private static Object log() {
            String line = "MATRIX PRODUCTS USE: " + describe();
            if (NATIVE == null) {
                LOG.warn("*** {} ***", line);
            } else if (System.getenv("OPENBLAS_NUM_THREADS") == null) {
                LOG.warn("*** {}; set OPENBLAS_NUM_THREADS=1 in the worker's environment for one BLAS thread per "
                        + "slot ***", line);
            } else {
                LOG.info("*** {} ***", line);
            }
            return Boolean.TRUE;
        }
    }
}
