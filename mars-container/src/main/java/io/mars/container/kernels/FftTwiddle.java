package io.mars.container.kernels;

/**
 * exp(-+2 pi i m / n) for any 0 <= m < n from two tables of about sqrt(n) exact values each (m = hi B + lo with B a
 * power of two), one complex product per value instead of a cos and a sin, with an error of a few ulps.
 */
final class FftTwiddle {
    private final long length;
    private final int shift;
    private final long mask;
    private final double[] hiRe;
    private final double[] hiIm;
    private final double[] loRe;
    private final double[] loIm;

    FftTwiddle(long n, boolean inverse) {
        length = n;
        int bits = 64 - Long.numberOfLeadingZeros(Math.max(1, (long) Math.ceil(Math.sqrt((double) n)) - 1));
        shift = bits;
        mask = (1L << bits) - 1;
        int block = 1 << bits;
        int hiCount = (int) ((n + block - 1) >>> bits);
        double sign = inverse ? 2.0 : -2.0;
        hiRe = new double[hiCount];
        hiIm = new double[hiCount];
        for (int h = 0; h < hiCount; h++) {
            double angle = sign * Math.PI * ((double) ((long) h << bits) / n);
            hiRe[h] = Math.cos(angle);
            hiIm[h] = Math.sin(angle);
        }
        loRe = new double[block];
        loIm = new double[block];
        for (int l = 0; l < block; l++) {
            double angle = sign * Math.PI * ((double) l / n);
            loRe[l] = Math.cos(angle);
            loIm[l] = Math.sin(angle);
        }
    }

    /** n. */
    long length() {
        return length;
    }

    double re(long m) {
        int h = (int) (m >>> shift);
        int l = (int) (m & mask);
        return hiRe[h] * loRe[l] - hiIm[h] * loIm[l];
    }

    double im(long m) {
        int h = (int) (m >>> shift);
        int l = (int) (m & mask);
        return hiRe[h] * loIm[l] + hiIm[h] * loRe[l];
    }
}
