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

    /**
     * The standard normal quantile of p in (0, 1): Wichura's algorithm AS 241 (PPND16), accurate to about 1e-16
     * relative. The central 85% of p costs one rational function, no logarithm.
     */
    static double normalQuantile(double p) {
        double q = p - 0.5;
        if (Math.abs(q) <= 0.425) {
            double r = 0.180625 - q * q;
            return q * (((((((2509.0809287301226727 * r + 33430.575583588128105) * r + 67265.770927008700853) * r
                    + 45921.953931549871457) * r + 13731.693765509461125) * r + 1971.5909503065514427) * r
                    + 133.14166789178437745) * r + 3.387132872796366608)
                    / (((((((5226.495278852854561 * r + 28729.085735721942674) * r + 39307.89580009271061) * r
                    + 21213.794301586595867) * r + 5394.1960214247511077) * r + 687.1870074920579083) * r
                    + 42.313330701600911252) * r + 1.0);
        }
        double r = Math.sqrt(-Math.log(q < 0 ? p : 1.0 - p));
        double x;
        if (r <= 5.0) {
            r -= 1.6;
            x = (((((((7.7454501427834140764e-4 * r + 0.0227238449892691845833) * r + 0.24178072517745061177) * r
                    + 1.27045825245236838258) * r + 3.64784832476320460504) * r + 5.7694972214606914055) * r
                    + 4.6303378461565452959) * r + 1.42343711074968357734)
                    / (((((((1.05075007164441684324e-9 * r + 5.475938084995344946e-4) * r + 0.0151986665636164571966) * r
                    + 0.14810397642748007459) * r + 0.68976733498510000455) * r + 1.6763848301838038494) * r
                    + 2.05319162663775882187) * r + 1.0);
        } else {
            r -= 5.0;
            x = (((((((2.01033439929228813265e-7 * r + 2.71155556874348757815e-5) * r + 0.0012426609473880784386) * r
                    + 0.026532189526576123093) * r + 0.29656057182850489123) * r + 1.7848265399172913358) * r
                    + 5.4637849111641143699) * r + 6.6579046435011037772)
                    / (((((((2.04426310338993978564e-15 * r + 1.4215117583164458887e-7) * r + 1.8463183175100546818e-5) * r
                    + 7.868691311456132591e-4) * r + 0.0148753612908506148525) * r + 0.13692988092273580531) * r
                    + 0.59983220655588793769) * r + 1.0);
        }
        return q < 0 ? -x : x;
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
