package io.mars.tensor;

import io.mars.common.error.ErrorCode;
import io.mars.common.error.MarsException;
import io.mars.common.operand.RandomDistribution;
import io.mars.common.operand.tensor.TensorChoice;
import io.mars.common.operand.tensor.TensorPermutation;
import io.mars.common.operand.tensor.TensorRand;
import io.mars.common.operand.tensor.TensorRandomSample;
import io.mars.types.ChunkSpec;
import io.mars.types.DataType;
import io.mars.types.Shapes;
import java.util.List;

/**
 * numpy.random-like generator. Each tensor it makes draws from its own stream (the n-th call gets stream n), and
 * each element is a pure function of (seed, stream, position), so the values never depend on chunks or workers.
 * The values are not numpy's (the generator is Mars's own counter-based one), only the distributions are.
 *
 * <p>{@link #permutation}, {@link #shuffle} and {@link #choice} without replacement order the whole population by a
 * random key per element in one chunk, so the population (or the permuted tensor) must fit in one chunk:
 * at most 2^31 - 9 elements.
 */
public final class TensorRandom {
    private static final double SUM_TOLERANCE = Math.sqrt(Math.ulp(1.0));

    private final long seed;
    private long nextStream;

    TensorRandom(long seed) {
        this.seed = seed;
    }

    public long seed() {
        return seed;
    }

    /** Uniform float64 values in [0, 1). */
    public Tensor rand(long... shape) {
        return rand(shape, ChunkSpec.auto());
    }

    public Tensor rand(long[] shape, ChunkSpec chunks) {
        checkShape(shape);
        chunks.resolve(shape, DataType.FLOAT64, Long.MAX_VALUE);
        return new Tensor(new TensorRand(seed, nextStream++, chunks), List.of(), DataType.FLOAT64, shape);
    }

    /** Standard normal float64 values (mean 0, standard deviation 1). */
    public Tensor randn(long... shape) {
        return randn(shape, ChunkSpec.auto());
    }

    public Tensor randn(long[] shape, ChunkSpec chunks) {
        return normal(0.0, 1.0, shape, chunks);
    }

    /** Uniform float64 values in [low, high). */
    public Tensor uniform(double low, double high, long... shape) {
        return uniform(low, high, shape, ChunkSpec.auto());
    }

    public Tensor uniform(double low, double high, long[] shape, ChunkSpec chunks) {
        if (!Double.isFinite(low) || !Double.isFinite(high) || !Double.isFinite(high - low)) {
            throw new MarsException(ErrorCode.INVALID_ARGUMENT, "uniform needs a finite range, got low=" + low
                    + ", high=" + high);
        }
        return sample(RandomDistribution.UNIFORM, low, high, 0, 0, shape, DataType.FLOAT64, chunks);
    }

    /** Normal float64 values of mean {@code loc} and standard deviation {@code scale}. */
    public Tensor normal(double loc, double scale, long... shape) {
        return normal(loc, scale, shape, ChunkSpec.auto());
    }

    public Tensor normal(double loc, double scale, long[] shape, ChunkSpec chunks) {
        if (!(scale >= 0)) {
            throw new MarsException(ErrorCode.INVALID_ARGUMENT, "scale < 0: normal needs a non-negative scale, got "
                    + scale);
        }
        if (!Double.isFinite(loc) || Double.isInfinite(scale)) {
            throw new MarsException(ErrorCode.INVALID_ARGUMENT, "normal needs a finite loc and scale, got loc=" + loc
                    + ", scale=" + scale);
        }
        return sample(RandomDistribution.NORMAL, loc, scale, 0, 0, shape, DataType.FLOAT64, chunks);
    }

    /** int64 values uniform in [low, high). */
    public Tensor randint(long low, long high, long[] shape) {
        return randint(low, high, shape, DataType.INT64, ChunkSpec.auto());
    }

    public Tensor randint(long low, long high, long[] shape, DataType dtype) {
        return randint(low, high, shape, dtype, ChunkSpec.auto());
    }

    /** Values of an integer (or bool) dtype uniform in [low, high), without modulo bias. */
    public Tensor randint(long low, long high, long[] shape, DataType dtype, ChunkSpec chunks) {
        if (dtype.isFloat()) {
            throw new MarsException(ErrorCode.UNSUPPORTED_DTYPE, "Unsupported dtype " + dtype + " for randint; use an"
                    + " integer dtype or bool");
        }
        if (low >= high) {
            throw new MarsException(ErrorCode.INVALID_ARGUMENT, "low >= high: randint needs low < high, got low=" + low
                    + ", high=" + high);
        }
        long min = dtype.isBool() ? 0 : -(1L << (dtype.itemSize() * 8 - 1));
        long max = dtype.isBool() ? 1 : dtype == DataType.INT64 ? Long.MAX_VALUE : (1L << (dtype.itemSize() * 8 - 1)) - 1;
        if (low < min) {
            throw new MarsException(ErrorCode.INVALID_ARGUMENT, "low is out of bounds for " + dtype + ": low=" + low
                    + " < " + min);
        }
        if (high - 1 > max) {
            throw new MarsException(ErrorCode.INVALID_ARGUMENT, "high is out of bounds for " + dtype + ": high=" + high
                    + " > " + max + " + 1");
        }
        return sample(RandomDistribution.INTEGERS, 0, 0, low, high, shape, dtype, chunks);
    }

    private Tensor sample(RandomDistribution dist, double loc, double scale, long low, long high, long[] shape,
            DataType dtype, ChunkSpec chunks) {
        checkShape(shape);
        chunks.resolve(shape, dtype, Long.MAX_VALUE);
        return new Tensor(new TensorRandomSample(seed, nextStream++, dist, loc, scale, low, high, chunks), List.of(),
                dtype, shape);
    }

    /** The integers 0..n-1 in random order. */
    public Tensor permutation(long n) {
        return permutation(n, ChunkSpec.auto());
    }

    public Tensor permutation(long n, ChunkSpec chunks) {
        if (n < 0) {
            throw new MarsException(ErrorCode.INVALID_ARGUMENT, "permutation needs n >= 0, got n=" + n);
        }
        checkFitsOneChunk(n, "permutation(" + n + ")");
        long[] shape = {n};
        chunks.resolve(shape, DataType.INT64, Long.MAX_VALUE);
        return new Tensor(new TensorPermutation(seed, nextStream++, n, chunks), List.of(), DataType.INT64, shape);
    }

    /** A copy of {@code a} with its rows (axis 0) in random order, cut as {@code a}. */
    public Tensor permutation(Tensor a) {
        if (a.ndim() == 0) {
            throw new MarsException(ErrorCode.INVALID_ARGUMENT, "x must be an integer or at least 1-dimensional; got"
                    + " a 0-d tensor");
        }
        checkFitsOneChunk(a.size(), "permutation of a tensor of shape " + Shapes.toString(a.shape()));
        long n = a.shape()[0];
        return new Tensor(new TensorPermutation(seed, nextStream++, n, ChunkSpec.auto()), List.of(a), a.dtype(),
                a.shape());
    }

    /**
     * numpy.random.shuffle, which works in place; Java tensors are immutable, so this returns the shuffled copy
     * (rows in random order, as {@link #permutation(Tensor)}).
     */
    public Tensor shuffle(Tensor a) {
        return permutation(a);
    }

    /** {@code size} integers drawn uniformly from 0..n-1 with replacement. */
    public Tensor choice(long n, long size) {
        return choice(n, new long[] {size}, true, null, ChunkSpec.auto());
    }

    public Tensor choice(long n, long[] size, boolean replace) {
        return choice(n, size, replace, null, ChunkSpec.auto());
    }

    public Tensor choice(long n, long[] size, boolean replace, double[] p) {
        return choice(n, size, replace, p, ChunkSpec.auto());
    }

    /**
     * numpy.random.choice(n, size, replace, p): integers from 0..n-1, each with probability {@code p[i]} (uniform
     * when {@code p} is null). Without replacement the values are distinct, in the order they were drawn.
     */
    public Tensor choice(long n, long[] size, boolean replace, double[] p, ChunkSpec chunks) {
        return choice(n, null, size, replace, p, chunks);
    }

    public Tensor choice(Tensor a, long size) {
        return choice(a, new long[] {size}, true, null, ChunkSpec.auto());
    }

    public Tensor choice(Tensor a, long[] size, boolean replace) {
        return choice(a, size, replace, null, ChunkSpec.auto());
    }

    public Tensor choice(Tensor a, long[] size, boolean replace, double[] p) {
        return choice(a, size, replace, p, ChunkSpec.auto());
    }

    /** numpy.random.choice(a, size, replace, p) of the elements of a 1-d tensor {@code a}. */
    public Tensor choice(Tensor a, long[] size, boolean replace, double[] p, ChunkSpec chunks) {
        if (a.ndim() != 1) {
            throw new MarsException(ErrorCode.INVALID_ARGUMENT, "a must be 1-dimensional, got shape "
                    + Shapes.toString(a.shape()));
        }
        return choice(a.shape()[0], a, size, replace, p, chunks);
    }

    private Tensor choice(long n, Tensor a, long[] size, boolean replace, double[] p, ChunkSpec chunks) {
        checkShape(size);
        if (a != null && n == Shapes.UNKNOWN) {
            throw new MarsException(ErrorCode.NOT_SUPPORTED, "choice from a tensor of unknown length (shape "
                    + Shapes.toString(a.shape()) + ") is not supported yet; execute it first");
        }
        long k = Shapes.size(size);
        if (n < 0 || n == 0 && k > 0) {
            throw new MarsException(ErrorCode.INVALID_ARGUMENT, (a == null ? "a must be greater than 0" : "a cannot be"
                    + " empty") + " unless no samples are taken; got a population of " + n + " and size "
                    + Shapes.toString(size));
        }
        double[] probabilities = p == null ? new double[0] : checkProbabilities(p, n);
        if (!replace) {
            if (k > n) {
                throw new MarsException(ErrorCode.INVALID_ARGUMENT, "Cannot take a larger sample than population when"
                        + " replace is False: size " + Shapes.toString(size) + " (" + k + " values) from a population"
                        + " of " + n);
            }
            long nonZero = p == null ? n : java.util.Arrays.stream(probabilities).filter(x -> x > 0).count();
            if (nonZero < k) {
                throw new MarsException(ErrorCode.INVALID_ARGUMENT, "Fewer non-zero entries in p than size: " + nonZero
                        + " non-zero probabilities for " + k + " values drawn without replacement");
            }
            checkFitsOneChunk(n, "choice without replacement from a population of " + n);
        }
        if (a != null) {
            checkFitsOneChunk(n, "choice from a tensor of " + n + " elements");
        }
        DataType dtype = a == null ? DataType.INT64 : a.dtype();
        chunks.resolve(size, dtype, Long.MAX_VALUE);
        return new Tensor(new TensorChoice(seed, nextStream++, n, replace, probabilities, chunks),
                a == null ? List.of() : List.of(a), dtype, size);
    }

    private static double[] checkProbabilities(double[] p, long n) {
        if (p.length != n) {
            throw new MarsException(ErrorCode.SHAPE_MISMATCH, "a and p must have same size: a has " + n + " elements, p "
                    + p.length);
        }
        double sum = 0;
        for (int i = 0; i < p.length; i++) {
            if (!(p[i] >= 0) || Double.isInfinite(p[i])) {
                throw new MarsException(ErrorCode.INVALID_ARGUMENT, "probabilities are not non-negative: p[" + i + "]="
                        + p[i]);
            }
            sum += p[i];
        }
        if (Math.abs(sum - 1.0) > SUM_TOLERANCE) {
            throw new MarsException(ErrorCode.INVALID_ARGUMENT, "probabilities do not sum to 1: they sum to "
                    + String.format(java.util.Locale.ROOT, "%.12g", sum));
        }
        return p.clone();
    }

    /** A shape the caller asks for: unlike a computed one, no dimension may be unknown (-1). */
    static void checkShape(long[] shape) {
        for (long d : shape) {
            if (d < 0) {
                throw new MarsException(ErrorCode.INVALID_ARGUMENT, "negative dimensions are not allowed: shape "
                        + Shapes.toString(shape));
            }
        }
    }

    private static void checkFitsOneChunk(long n, String what) {
        if (n > Shapes.MAX_CHUNK_ELEMENTS) {
            throw new MarsException(ErrorCode.NOT_SUPPORTED, what + " orders all " + n + " elements in one chunk, which"
                    + " holds at most " + Shapes.MAX_CHUNK_ELEMENTS + "; a distributed sort is not available yet");
        }
    }
}
