package io.mars.tensor;

import io.mars.common.error.ErrorCode;
import io.mars.common.error.MarsException;
import io.mars.common.operand.tensor.TensorFft;
import io.mars.types.ChunkSpec;
import io.mars.types.DataType;
import io.mars.types.NDArray;
import io.mars.types.Shapes;
import java.util.ArrayList;
import java.util.List;

/**
 * numpy.fft: discrete Fourier transforms along axes, with numpy's {@code n}/{@code s}, {@code axis}/{@code axes},
 * {@code norm} ("backward", "ortho", "forward") and result dtypes (float32 and complex64 give complex64, float64
 * irfft of them; everything else complex128 / float64). Each 1-d transform is one FFT operand ({@link TensorFft}):
 * its tiling makes the axis whole in every chunk (rechunking only where the chunks do not hold it whole), and each
 * chunk's lines are transformed where they lie, in double, by the worker's FFT kernel; multi-axis transforms are one
 * such pass per axis.
 */
public final class Fft {
    /** 1-d transforms longer than this use the four-step decomposition, so that several workers share them. */
    private static final long FOUR_STEP_FROM = 1L << 21;

    private Fft() {
    }

    // ----- complex transforms -----

    public static Tensor fft(Tensor a) { return fft(a, null, -1, null); }

    /** numpy.fft.fft(a, n, axis, norm); a null {@code n} is the axis' length, a null {@code norm} "backward". */
    public static Tensor fft(Tensor a, Long n, int axis, String norm) {
        return transform1d(a, n, axis, norm, false);
    }

    public static Tensor ifft(Tensor a) { return ifft(a, null, -1, null); }

    public static Tensor ifft(Tensor a, Long n, int axis, String norm) {
        return transform1d(a, n, axis, norm, true);
    }

    public static Tensor fft2(Tensor a) { return fftn(a, null, new int[] {-2, -1}, null); }

    public static Tensor fft2(Tensor a, long[] s, int[] axes, String norm) {
        return fftn(a, s, axes == null ? new int[] {-2, -1} : axes, norm);
    }

    public static Tensor ifft2(Tensor a) { return ifftn(a, null, new int[] {-2, -1}, null); }

    public static Tensor ifft2(Tensor a, long[] s, int[] axes, String norm) {
        return ifftn(a, s, axes == null ? new int[] {-2, -1} : axes, norm);
    }

    public static Tensor fftn(Tensor a) { return fftn(a, null, null, null); }

    /** numpy.fft.fftn: null {@code axes} are the last {@code s.length} axes, or all axes when {@code s} is null too. */
    public static Tensor fftn(Tensor a, long[] s, int[] axes, String norm) {
        return transformN(a, s, axes, norm, false);
    }

    public static Tensor ifftn(Tensor a) { return ifftn(a, null, null, null); }

    public static Tensor ifftn(Tensor a, long[] s, int[] axes, String norm) {
        return transformN(a, s, axes, norm, true);
    }

    // ----- real transforms -----

    public static Tensor rfft(Tensor a) { return rfft(a, null, -1, null); }

    /** numpy.fft.rfft: the n/2 + 1 non-negative frequency terms of a real input's transform. */
    public static Tensor rfft(Tensor a, Long n, int axis, String norm) {
        if (a.dtype().isComplex()) {
            throw new MarsException(ErrorCode.UNSUPPORTED_DTYPE, "rfft takes real input, got dtype " + a.dtype()
                    + "; use fft for complex input");
        }
        int ax = Shapes.normalizeAxis(axis, a.ndim());
        long len = n == null ? a.shape()[ax] : checkN(n);
        Tensor full = transform1d(a, len, ax, norm, false);
        return slice(full, ax, 0, len / 2 + 1);
    }

    public static Tensor irfft(Tensor a) { return irfft(a, null, -1, null); }

    /**
     * numpy.fft.irfft: the real inverse of {@link #rfft}, of length {@code n} (default 2 (m - 1)); the input is the
     * Hermitian half, cropped or zero-padded to n/2 + 1 terms (the imaginary parts of the zero and Nyquist terms do
     * not contribute, as in numpy).
     */
    public static Tensor irfft(Tensor a, Long n, int axis, String norm) {
        int ax = Shapes.normalizeAxis(axis, a.ndim());
        long m = a.shape()[ax];
        long len = n == null ? 2 * (m - 1) : checkN(n);
        if (len <= 0) {
            throw new MarsException(ErrorCode.INVALID_ARGUMENT, "Invalid number of FFT data points (" + len
                    + ") specified: irfft of an axis of length " + m + " needs n");
        }
        Tensor half = resize(a.astype(complexType(a.dtype())), ax, len / 2 + 1);
        Tensor full = half;
        long mirrored = (len + 1) / 2 - 1;
        if (mirrored > 0) {
            Tensor tail = Tensors.conj(slice(half, ax, 1, (len + 1) / 2).flip(ax));
            full = Tensors.concatenate(List.of(half, tail), ax);
        }
        return Tensors.real(transform1d(full, len, ax, norm, true));
    }

    // ----- helpers -----

    /** numpy.fft.fftfreq(n, d): the sample frequencies [0, 1, ..., -(n/2), ..., -1] / (d n), float64. */
    public static Tensor fftfreq(long n, double d) {
        checkN(n);
        double val = 1.0 / (n * d);
        double[] out = new double[(int) n];
        long positive = (n - 1) / 2 + 1;
        for (int i = 0; i < n; i++) {
            out[i] = (i < positive ? i : i - n) * val;
        }
        return Tensors.array(NDArray.of(out), ChunkSpec.auto());
    }

    public static Tensor fftfreq(long n) { return fftfreq(n, 1.0); }

    /** numpy.fft.rfftfreq(n, d): [0, 1, ..., n/2] / (d n), float64. */
    public static Tensor rfftfreq(long n, double d) {
        checkN(n);
        double val = 1.0 / (n * d);
        double[] out = new double[(int) (n / 2 + 1)];
        for (int i = 0; i < out.length; i++) {
            out[i] = i * val;
        }
        return Tensors.array(NDArray.of(out), ChunkSpec.auto());
    }

    public static Tensor rfftfreq(long n) { return rfftfreq(n, 1.0); }

    /** numpy.fft.fftshift: the zero frequency moved to the middle of each axis (all axes when none are given). */
    public static Tensor fftshift(Tensor x, int... axes) {
        return shift(x, axes, false);
    }

    /** numpy.fft.ifftshift: the inverse of {@link #fftshift} (they differ for odd lengths). */
    public static Tensor ifftshift(Tensor x, int... axes) {
        return shift(x, axes, true);
    }

    private static Tensor shift(Tensor x, int[] axes, boolean inverse) {
        int[] ax = axes == null || axes.length == 0 ? allAxes(x.ndim()) : axes;
        Tensor out = x;
        for (int a : ax) {
            int d = Shapes.normalizeAxis(a, x.ndim());
            long half = x.shape()[d] / 2;
            out = out.roll(inverse ? -half : half, d);
        }
        return out;
    }

    private static Tensor transformN(Tensor a, long[] s, int[] axes, String norm, boolean inverse) {
        int[] ax;
        if (axes != null) {
            ax = axes;
        } else if (s != null) {
            ax = new int[s.length];
            for (int i = 0; i < s.length; i++) {
                ax[i] = a.ndim() - s.length + i;
            }
        } else {
            ax = allAxes(a.ndim());
        }
        if (s != null && s.length != ax.length) {
            throw new MarsException(ErrorCode.INVALID_ARGUMENT, "shape s of length " + s.length
                    + " and axes of length " + ax.length + " must be the same length");
        }
        Scale.of(norm, 1);
        Tensor out = a;
        // the last axis first, as numpy does (the result is the same up to rounding)
        for (int i = ax.length - 1; i >= 0; i--) {
            out = transform1d(out, s == null ? null : s[i], ax[i], norm, inverse);
        }
        return out;
    }

    private static Tensor transform1d(Tensor a, Long n, int axis, String norm, boolean inverse) {
        int ax = Shapes.normalizeAxis(axis, a.ndim());
        long len = n == null ? a.shape()[ax] : checkN(n);
        if (len <= 0) {
            throw new MarsException(ErrorCode.INVALID_ARGUMENT, "Invalid number of FFT data points (" + len
                    + ") specified along axis " + axis + " of shape " + Shapes.toString(a.shape()));
        }
        double scale = Scale.of(norm, len).factor(inverse);
        DataType target = complexType(a.dtype());
        Tensor x = resize(a, ax, len);
        if (x.ndim() == 1 && len > FOUR_STEP_FROM) {
            long n1 = balancedFactor(len);
            if (n1 > 1) {
                return fourStep(x, n1, inverse, scale, target);
            }
        }
        return lines(x, ax, inverse, scale, 0, target);
    }

    /**
     * Transforms every line along {@code axis} (the FFT operand: the axis made whole in each chunk, each chunk
     * transformed where it lies, the input read in its own dtype), with the four-step twiddle when
     * {@code twiddleLength} > 0.
     */
    private static Tensor lines(Tensor x, int axis, boolean inverse, double scale, long twiddleLength,
            DataType target) {
        return new Tensor(new TensorFft(axis, inverse, scale, twiddleLength, false), List.of(x), target, x.shape());
    }

    /**
     * numpy.fft.fft (or ifft) of a 1-d tensor by the four-step decomposition with {@code n = n1 * n2}: the values as
     * an n1 x n2 matrix, n2 transforms of length n1 down its columns with the twiddle exp(-+2 pi i k1 j2 / n) in the
     * same pass, n1 transforms of length n2 along its rows written transposed, the result their reshape. Each pass
     * holds only one axis of the matrix whole in a chunk, so an axis longer than a chunk is transformed by several
     * workers. 1-d transforms
     * longer than 2^21 elements use it automatically with n1 the divisor of n nearest its square root.
     */
    public static Tensor fourStep(Tensor a, long n1, boolean inverse, String norm) {
        if (a.ndim() != 1) {
            throw new MarsException(ErrorCode.INVALID_ARGUMENT, "the four-step fft takes a 1-d tensor, got shape "
                    + Shapes.toString(a.shape()));
        }
        long len = a.shape()[0];
        if (n1 <= 0 || len % n1 != 0) {
            throw new MarsException(ErrorCode.INVALID_ARGUMENT, "n1 = " + n1 + " does not divide the length " + len);
        }
        DataType target = complexType(a.dtype());
        return fourStep(a, n1, inverse, Scale.of(norm, len).factor(inverse), target);
    }

    private static Tensor fourStep(Tensor x, long n1, boolean inverse, double scale, DataType target) {
        long len = x.shape()[0];
        long n2 = len / n1;
        // the column transforms and the twiddle in one pass, in complex128 whatever the result's dtype
        Tensor columns = lines(x.reshape(n1, n2), 0, inverse, 1.0, len, DataType.COMPLEX128);
        // the row transforms written transposed and cut into whole rows, so the 1-d result is a reshape of them
        Tensor rows = new Tensor(new TensorFft(1, inverse, scale, 0, true), List.of(columns), target,
                new long[] {n2, n1});
        return rows.reshape(len);
    }

    /** The divisor of n nearest its square root from below (1 for a prime). */
    private static long balancedFactor(long n) {
        for (long d = (long) Math.sqrt((double) n); d > 1; d--) {
            if (n % d == 0) {
                return d;
            }
        }
        return 1;
    }

    /** The complex dtype numpy.fft computes in: complex64 for float32 and complex64, complex128 otherwise. */
    private static DataType complexType(DataType t) {
        return t == DataType.FLOAT32 || t == DataType.COMPLEX64 ? DataType.COMPLEX64 : DataType.COMPLEX128;
    }

    /** {@code x} cropped or zero-padded at the end of {@code axis} to length {@code n}. */
    private static Tensor resize(Tensor x, int axis, long n) {
        long m = x.shape()[axis];
        if (n == m) {
            return x;
        }
        if (n < m) {
            return slice(x, axis, 0, n);
        }
        long[] padShape = x.shape();
        padShape[axis] = n - m;
        return Tensors.concatenate(List.of(x, Tensors.zeros(padShape, x.dtype(), ChunkSpec.auto())), axis);
    }

    private static Tensor slice(Tensor x, int axis, long start, long stop) {
        List<Index> index = new ArrayList<>();
        for (int d = 0; d < x.ndim(); d++) {
            index.add(d == axis ? Index.slice(start, stop) : Index.all());
        }
        return x.get(index.toArray(new Index[0]));
    }

    private static long checkN(long n) {
        if (n <= 0) {
            throw new MarsException(ErrorCode.INVALID_ARGUMENT, "Invalid number of FFT data points (" + n
                    + ") specified; n must be positive");
        }
        return n;
    }

    private static int[] allAxes(int ndim) {
        int[] ax = new int[ndim];
        for (int i = 0; i < ndim; i++) {
            ax[i] = i;
        }
        return ax;
    }

    /** numpy's norm modes: which direction is scaled by 1/n, or both by 1/sqrt(n). */
    private record Scale(String mode, long n) {
        static Scale of(String norm, long n) {
            String mode = norm == null ? "backward" : norm;
            if (!mode.equals("backward") && !mode.equals("ortho") && !mode.equals("forward")) {
                throw new MarsException(ErrorCode.INVALID_ARGUMENT, "Invalid norm value " + norm
                        + "; should be \"backward\", \"ortho\" or \"forward\".");
            }
            return new Scale(mode, n);
        }

        double factor(boolean inverse) {
            return switch (mode) {
                case "ortho" -> 1.0 / Math.sqrt(n);
                case "forward" -> inverse ? 1.0 : 1.0 / n;
                default -> inverse ? 1.0 / n : 1.0;
            };
        }
    }
}
