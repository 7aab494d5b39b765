package io.mars.container.kernels;

/**
 * The counter-based generator behind every random kernel: the bits of element p of stream s under seed are
 * {@code mix64(subKey + (p + 1) * GAMMA)}, with {@code key = mix64(seed + mix64(s + STREAM_SALT))} as for
 * {@code rand} and a sub-key per use ({@link #subKey}) so that, say, randn and randint of one stream are
 * independent. mix64 is the SplitMix64 finalizer, so a run of consecutive positions is a SplitMix64 sequence.
 */
final class CounterRandom {
    static final long GAMMA = 0x9E3779B97F4A7C15L;
    static final double UNIT = 0x1.0p-53;
    /** Sub-streams: one per kind of use of a stream's key. */
    static final long NORMAL = 1;
    static final long INTEGERS = 2;
    static final long PERMUTATION = 3;
    static final long WEIGHTED = 4;
    private static final long SUB_SALT = 0xD1B54A32D192ED03L;

    private CounterRandom() {
    }

    /** The key of (seed, stream): the one {@code rand} uses directly. */
    static long key(long seed, long stream) {
        return RandKernel.key(seed, stream);
    }

    static long subKey(long key, long sub) {
        return RandKernel.mix64(key + RandKernel.mix64(sub * SUB_SALT));
    }

    /** The counter of position p: consecutive positions differ by {@link #GAMMA}. */
    static long counter(long key, long position) {
        return key + (position + 1) * GAMMA;
    }

    static long bits(long counter) {
        return RandKernel.mix64(counter);
    }

    /** Uniform in [0, 1) on the 2^-53 grid, as rand. */
    static double uniform(long bits) {
        return (bits >>> 11) * UNIT;
    }

    /** Uniform in (0, 1): the midpoints of the 2^-53 grid, never 0 or 1. */
    static double openUniform(long bits) {
        return ((bits >>> 11) + 0.5) * UNIT;
    }

    // Ziggurat of 256 layers for the standard normal (Marsaglia and Tsang, 2000): layer i is a rectangle of width
    // X[i] between heights F[i] = f(X[i]) and F[i + 1] (f(x) = exp(-x^2 / 2)), all of area V; layer 0 is the base
    // strip with the tail beyond R. Tables are computed with StrictMath so every JVM gets the same bits.
    private static final double R = 3.6541528853610088;
    private static final double V = 4.92867323399e-3;
    private static final double[] X = new double[257];
    private static final double[] F = new double[257];

    static {
        double fr = StrictMath.exp(-0.5 * R * R);
        X[0] = V / fr;
        X[1] = R;
        for (int i = 1; i < 255; i++) {
            X[i + 1] = StrictMath.sqrt(-2 * StrictMath.log(V / X[i] + StrictMath.exp(-0.5 * X[i] * X[i])));
        }
        X[256] = 0;
        for (int i = 0; i < 257; i++) {
            F[i] = StrictMath.exp(-0.5 * X[i] * X[i]);
        }
    }

    /**
     * A standard normal value from 64 random bits: bits 0-7 pick the layer, bit 8 the sign, the top 53 the point in
     * the layer. About 99% of the values are accepted here at the cost of one multiply; the rest (wedges and the
     * tail) continue in {@link #normalSlow} with further bits from a sequence keyed by the same bits.
     */
    static double standardNormal(long bits) {
        int i = (int) bits & 0xFF;
        double z = (bits >>> 11) * UNIT * X[i];
        if (z < X[i + 1]) {
            // bit 8 moved to the sign bit: no unpredictable branch on the sign
            return Double.longBitsToDouble(Double.doubleToRawLongBits(z) ^ ((bits & 0x100) << 55));
        }
        return normalSlow(bits);
    }

    private static double normalSlow(long bits) {
        long x = bits;
        while (true) {
            int i = (int) x & 0xFF;
            boolean negative = (x & 0x100) != 0;
            double z = (x >>> 11) * UNIT * X[i];
            if (z < X[i + 1]) {
                return negative ? -z : z;
            }
            x = RandKernel.mix64(x + GAMMA);
            if (i == 0) {
                // the tail beyond R (Marsaglia 1964): R + a with a ~ Exp(R), accepted with probability exp(-a^2 / 2)
                double a;
                double b;
                do {
                    a = -StrictMath.log(openUniform(x)) / R;
                    x = RandKernel.mix64(x + GAMMA);
                    b = -StrictMath.log(openUniform(x));
                    x = RandKernel.mix64(x + GAMMA);
                } while (b + b < a * a);
                return negative ? -(R + a) : R + a;
            }
            if (F[i] + uniform(x) * (F[i + 1] - F[i]) < StrictMath.exp(-0.5 * z * z)) {
                return negative ? -z : z;
            }
            x = RandKernel.mix64(x + GAMMA);
        }
    }

    /** The consistency of the tables: the top layer must reach f(0) = 1 (tested). */
    static double topLayerHeight() {
        return V / X[255] + F[255];
    }

    /** Upper 64 bits of the unsigned 128-bit product (Java 17 has only the signed one). */
    static long unsignedMultiplyHigh(long x, long y) {
        return Math.multiplyHigh(x, y) + ((x >> 63) & y) + ((y >> 63) & x);
    }

    /**
     * An unbiased value in [0, range) (range taken as unsigned, at least 1) by Lemire's multiply-and-reject; a
     * rejected draw is redrawn from a sequence keyed by the same position, so the value stays a function of it.
     */
    static long bounded(long bits, long range) {
        long x = bits;
        long low = x * range;
        if (Long.compareUnsigned(low, range) < 0) {
            long threshold = Long.remainderUnsigned(-range, range);
            while (Long.compareUnsigned(low, threshold) < 0) {
                x = RandKernel.mix64(x + GAMMA);
                low = x * range;
            }
        }
        return unsignedMultiplyHigh(x, range);
    }
}
