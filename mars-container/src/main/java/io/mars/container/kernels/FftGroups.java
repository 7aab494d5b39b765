package io.mars.container.kernels;

import io.mars.common.operand.chunk.ChunkAssemble;
import io.mars.types.DataType;
import io.mars.types.NDArray;
import io.mars.types.Shapes;
import java.util.List;

/**
 * The power-of-two path of {@link FftLines#transform}: lines are transformed a group at a time, side by side in one
 * scratch block of {@code len} rows by {@code width} lines, so that every butterfly runs over a contiguous row of the
 * group with one twiddle, and the gather (in bit-reversed row order), the transform and the scatter (with the scale,
 * the four-step twiddle or the transposition) each touch the chunk once. The block stays in the L2 cache, where a
 * line-at-a-time transform reads strided lines element by element and looks a twiddle up per butterfly.
 */
final class FftGroups {
    /**
     * Complex elements of one scratch block for contiguous lines: 512 KB of doubles in re and im together. Real lines,
     * transformed two to a column, take groups twice as wide, so that the block they are transformed in is of this
     * size too (a packed block of 4 columns for lines of 4096 ran 8% slower than one of 8). Strided lines (columns)
     * take groups twice as wide again, a 1 MB block: each row of the chunk is then read and written in runs of 16
     * values instead of 8, a page touched half as often, which outweighs the butterflies' sweeps leaving the L2
     * cache (columns of a 4096 x 256 chunk, warm: 16.2-17.6 ms in groups of 8, 13.0-14.2 in 16, 14-23 in 32). Columns
     * read from pieces keep the 512 KB block: a piece row gives a group only its few values whatever the width, so
     * the wider block's sweeps out of the cache are not paid back (a 4096 x 256 chunk from 16 pieces, twiddled: 22.8-24.1
     * ms in groups of 8, 25.0-27.4 in 16).
     */
    private static final int BLOCK = 1 << 15;

    private FftGroups() {
    }

    /** Whether lines of {@code len} take this path: powers of two short enough that a group of 4 fits the block. */
    static boolean handles(int len) {
        return len >= 2 && Integer.bitCount(len) == 1 && len <= BLOCK / 4;
    }

    /** As {@link FftLines#transform}, for a length that {@link #handles}. */
    static NDArray transform(NDArray chunk, int axis, boolean inverse, double scale, long twiddleLength,
            long[] offset, boolean transposed) {
        long[] shape = chunk.shapeView();
        return transform(shape, new Lines(chunk, (int) shape[axis], inverse), axis, inverse, scale, twiddleLength,
                offset, transposed);
    }

    /**
     * As {@link #transform(NDArray, int, boolean, double, long, long[], boolean)} on the 2-d complex128 chunk of
     * {@code shape} that {@code pieces} tile (each piece's {@code input} indexes {@code arrays}), read from the pieces
     * where they lie: the chunk is never assembled.
     */
    static NDArray transformPieces(long[] shape, List<NDArray> arrays, List<ChunkAssemble.Piece> pieces, int axis,
            boolean inverse, double scale, long twiddleLength, long[] offset, boolean transposed) {
        return transform(shape, new Pieces(shape, arrays, pieces, axis, inverse), axis, inverse, scale,
                twiddleLength, offset, transposed);
    }

    /** Whether {@link #transformPieces} takes these pieces of a chunk of {@code shape}: 2-d, all complex128. */
    static boolean takesPieces(long[] shape, List<NDArray> arrays) {
        if (shape.length != 2) {
            return false;
        }
        for (NDArray a : arrays) {
            if (a.dtype() != DataType.COMPLEX128 || a.shapeView().length != 2) {
                return false;
            }
        }
        return true;
    }

    private static NDArray transform(long[] shape, Source lines, int axis, boolean inverse, double scale,
            long twiddleLength, long[] offset, boolean transposed) {
        int len = (int) shape[axis];
        int inner = 1;
        for (int d = axis + 1; d < shape.length; d++) {
            inner *= (int) shape[d];
        }
        int size = Shapes.chunkSize(shape);
        int outer = inner == 0 ? 0 : size / (len * inner);
        // every element is written below; the array may be one whose previous result was only cut into pieces
        double[] out = Recycled.doubles(2 * size);
        Tables tables = new Tables(len);
        FftTwiddle twiddle = twiddleLength > 0 ? new FftTwiddle(twiddleLength, inverse) : null;
        double sign = inverse ? -1.0 : 1.0;
        if (inner > 1) {
            // strided lines: a group is neighbouring columns of one outer block, read and written in runs
            int width = Math.min(inner, (lines instanceof Pieces ? BLOCK : 2 * BLOCK) / len);
            Group group = new Group(lines, tables, width);
            for (int o = 0; o < outer; o++) {
                for (int i0 = 0; i0 < inner; i0 += width) {
                    int g = Math.min(width, inner - i0);
                    int base = o * len * inner + i0;
                    Block block = group.transform(base, inner, 1, g);
                    if (twiddle == null) {
                        block.scatterColumns(out, base, inner, g, scale, sign);
                    } else {
                        block.scatterTwiddled(out, base, inner, g, scale, sign, twiddle, offset[0], offset[1] + i0);
                    }
                }
            }
        } else {
            // contiguous lines: a group is neighbouring lines
            int width = Math.min(Math.max(1, outer), (lines.real() ? 2 * BLOCK : BLOCK) / len);
            Group group = new Group(lines, tables, width);
            for (int o0 = 0; o0 < outer; o0 += width) {
                int g = Math.min(width, outer - o0);
                Block block = group.transform(o0 * len, 1, len, g);
                if (transposed) {
                    block.scatterTransposed(out, o0, outer, g, scale, sign);
                } else {
                    block.scatterRows(out, o0 * len, g, scale, sign);
                }
            }
        }
        long[] outShape = transposed ? new long[] {shape[1], shape[0]} : shape;
        return new NDArray(DataType.COMPLEX128, outShape, out);
    }

    /**
     * Where a group's lines come from: element (k, t) of a group (the k-th of line t) is element
     * {@code base + k * stride + t * lineStride} of the chunk, in its flat row-major order.
     */
    private interface Source {
        /** Whether the lines are real (then {@link #gatherPairs} is used, else {@link #gather}). */
        boolean real();

        /** The g lines into block columns 0..g-1, element k into row reversed[k], conjugated for an inverse. */
        void gather(Block b, int base, int stride, int lineStride, int g, int[] reversed);

        /** Real lines two to a block column (see {@link Lines#gatherPairs}). */
        void gatherPairs(Block b, int base, int stride, int lineStride, int g, int[] reversed);
    }

    /** The input, read as complex values (conjugated for an inverse transform) in whichever dtype it has. */
    private static final class Lines implements Source {
        private final NDArray chunk;
        private final int len;
        private final double sign;
        private final double[] pairs;
        private final double[] reals;

        Lines(NDArray chunk, int len, boolean inverse) {
            this.chunk = chunk;
            this.len = len;
            sign = inverse ? -1.0 : 1.0;
            pairs = chunk.dtype() == DataType.COMPLEX128 ? (double[]) chunk.data() : null;
            reals = pairs == null && !chunk.dtype().isComplex() ? chunk.doubles() : null;
        }

        @Override
        public boolean real() {
            return reals != null;
        }

        /**
         * Lines base + t * lineStride, t < g, element k at k * stride from there, into block column t, row
         * reversed[k]: each block row is written whole while the g lines are read side by side.
         */
        @Override
        public void gather(Block b, int base, int stride, int lineStride, int g, int[] reversed) {
            int w = b.width;
            for (int k = 0; k < len; k++) {
                int row = reversed[k] * w;
                int at = base + k * stride;
                if (pairs != null) {
                    for (int t = 0, p = 2 * at; t < g; t++, p += 2 * lineStride) {
                        b.re[row + t] = pairs[p];
                        b.im[row + t] = sign * pairs[p + 1];
                    }
                } else {
                    for (int t = 0, p = at; t < g; t++, p += lineStride) {
                        b.re[row + t] = chunk.getReal(p);
                        b.im[row + t] = sign * chunk.getImag(p);
                    }
                }
            }
        }

        /**
         * Real lines as in {@link #gather}, two to a block column: line 2c as the real part and line 2c + 1 as the
         * imaginary part of column c (zero for a last line without a partner). The conjugation of an inverse
         * transform leaves real input as it is.
         */
        @Override
        public void gatherPairs(Block b, int base, int stride, int lineStride, int g, int[] reversed) {
            int w = b.width;
            int half = g / 2;
            for (int k = 0; k < len; k++) {
                int row = reversed[k] * w;
                int at = base + k * stride;
                for (int c = 0, p = at; c < half; c++, p += 2 * lineStride) {
                    b.re[row + c] = reals[p];
                    b.im[row + c] = reals[p + lineStride];
                }
                if (half * 2 < g) {
                    b.re[row + half] = reals[at + (g - 1) * lineStride];
                    b.im[row + half] = 0.0;
                }
            }
        }
    }

    /**
     * A 2-d complex128 chunk tiled by pieces, each read where it lies: a group (neighbouring columns for the lines of
     * axis 0, neighbouring rows for those of axis 1) takes from every piece the part that falls in it.
     */
    private static final class Pieces implements Source {
        private final int columns;
        private final boolean down;
        private final List<NDArray> arrays;
        private final List<ChunkAssemble.Piece> pieces;
        private final double sign;

        Pieces(long[] shape, List<NDArray> arrays, List<ChunkAssemble.Piece> pieces, int axis, boolean inverse) {
            this.columns = (int) shape[1];
            // lines down the columns (axis 0: a group is neighbouring columns) or along the rows (neighbouring rows)
            this.down = axis == 0;
            this.arrays = arrays;
            this.pieces = pieces;
            sign = inverse ? -1.0 : 1.0;
        }

        @Override
        public boolean real() {
            return false;
        }

        @Override
        public void gather(Block b, int base, int stride, int lineStride, int g, int[] reversed) {
            int firstRow = base / columns;
            int firstColumn = base % columns;
            int w = b.width;
            for (ChunkAssemble.Piece piece : pieces) {
                int r0 = (int) piece.dstStart()[0];
                int c0 = (int) piece.dstStart()[1];
                int rows = (int) piece.extent()[0];
                int cols = (int) piece.extent()[1];
                // the piece's part in the group: all its rows and the group's columns, or the other way round
                int rLo = down ? r0 : Math.max(r0, firstRow);
                int rHi = down ? r0 + rows : Math.min(r0 + rows, firstRow + g);
                int cLo = down ? Math.max(c0, firstColumn) : c0;
                int cHi = down ? Math.min(c0 + cols, firstColumn + g) : c0 + cols;
                if (rLo >= rHi || cLo >= cHi) {
                    continue;
                }
                NDArray src = arrays.get(piece.input());
                double[] pairs = (double[]) src.data();
                int srcColumns = (int) src.shapeView()[1];
                int sr = (int) piece.srcStart()[0] - r0;
                int sc = (int) piece.srcStart()[1] - c0;
                if (down) {
                    // each piece row is a run of the group's columns: one block row, read and written in order
                    for (int r = rLo; r < rHi; r++) {
                        int p = 2 * ((r + sr) * srcColumns + cLo + sc);
                        int cell = reversed[r] * w + (cLo - firstColumn);
                        gatherRun(b.re, b.im, cell, pairs, p, cHi - cLo, sign);
                    }
                } else {
                    // the group's rows are the lines: column c of the piece, the g rows of the group down it, is
                    // block row reversed[c] whole, so each block row is written at once instead of one element of it
                    // per piece row
                    int rows0 = rHi - rLo;
                    int step = 2 * srcColumns;
                    for (int c = cLo; c < cHi; c++) {
                        int p = 2 * ((rLo + sr) * srcColumns + c + sc);
                        int cell = reversed[c] * w + (rLo - firstRow);
                        for (int t = 0; t < rows0; t++, p += step) {
                            b.re[cell + t] = pairs[p];
                            b.im[cell + t] = sign * pairs[p + 1];
                        }
                    }
                }
            }
        }

        @Override
        public void gatherPairs(Block b, int base, int stride, int lineStride, int g, int[] reversed) {
            throw new IllegalStateException("pieces are complex");
        }

        /** {@code count} interleaved complex values from {@code pairs[p]} on, into re and im from {@code cell} on. */
        private static void gatherRun(double[] re, double[] im, int cell, double[] pairs, int p, int count,
                double sign) {
            for (int t = 0; t < count; t++) {
                re[cell + t] = pairs[p + 2 * t];
                im[cell + t] = sign * pairs[p + 2 * t + 1];
            }
        }
    }

    /**
     * The scratch of one chunk's groups: a group of complex lines is gathered and transformed in one block; a group of
     * real lines is transformed two lines to a column in a block of half the width and then split into the two
     * lines' spectra, half the butterflies.
     */
    private static final class Group {
        private final Source lines;
        private final Tables tables;
        private final Block block;
        private final Block packed;

        Group(Source lines, Tables tables, int width) {
            this.lines = lines;
            this.tables = tables;
            block = new Block(tables.reversed.length, width);
            packed = lines.real() ? new Block(tables.reversed.length, (width + 1) / 2) : null;
        }

        /** The transforms of lines base + t * lineStride, t < g, element k at k * stride, in natural row order. */
        Block transform(int base, int stride, int lineStride, int g) {
            if (packed == null) {
                lines.gather(block, base, stride, lineStride, g, tables.reversed);
                block.transform(g, tables);
                return block;
            }
            lines.gatherPairs(packed, base, stride, lineStride, g, tables.reversed);
            packed.transform((g + 1) / 2, tables);
            packed.unpackInto(block, g);
            return block;
        }
    }

    /** The twiddles and the bit-reversal permutation of one power-of-two length. */
    private static final class Tables {
        final double[] cos;
        final double[] sin;
        final int[] reversed;

        Tables(int n) {
            cos = new double[n / 2];
            sin = new double[n / 2];
            reversed = new int[n];
            FftLines.Radix2.fill(n, cos, sin, reversed);
        }
    }

    /** {@code len} rows of {@code width} complex values, split into re and im, row-major. */
    private static final class Block {
        final int len;
        final int width;
        final double[] re;
        final double[] im;

        Block(int len, int width) {
            this.len = len;
            this.width = width;
            re = new double[len * width];
            im = new double[len * width];
        }

        /**
         * The decimation-in-time butterflies of the first g columns, rows in bit-reversed order: two stages at a
         * time (radix 4) while at least two remain, so the block is swept half as often.
         */
        void transform(int g, Tables tables) {
            int n = len;
            int w = width;
            int size = 1;
            if (Integer.numberOfTrailingZeros(n) % 2 == 1) {
                // an odd number of stages: one radix-2 stage of twiddle-free pairs first
                for (int a = 0; a < n; a += 2) {
                    int ia = a * w;
                    int ib = ia + w;
                    for (int t = 0; t < g; t++) {
                        double br = re[ib + t];
                        double bi = im[ib + t];
                        double ar = re[ia + t];
                        double ai = im[ia + t];
                        re[ia + t] = ar + br;
                        im[ia + t] = ai + bi;
                        re[ib + t] = ar - br;
                        im[ib + t] = ai - bi;
                    }
                }
                size = 2;
            }
            double[] cos = tables.cos;
            double[] sin = tables.sin;
            while (size < n) {
                // from sub-transforms of length size to 4 size: rows start + k + q size, q = 0..3
                int quarter = size;
                int span = 4 * size;
                int step = n / span;
                for (int start = 0; start < n; start += span) {
                    for (int k = 0; k < quarter; k++) {
                        // w1 = exp(-2 pi i k / (4 size)) and w2 = w1^2, the twiddle of the first of the two stages
                        int e = k * step;
                        double w1r = cos[e];
                        double w1i = sin[e];
                        double w2r = cos[2 * e];
                        double w2i = sin[2 * e];
                        int i0 = (start + k) * w;
                        int i1 = i0 + quarter * w;
                        int i2 = i1 + quarter * w;
                        int i3 = i2 + quarter * w;
                        for (int t = 0; t < g; t++) {
                            // the radix-2 stage of length 2 size over (x0, x1) and (x2, x3), both with w2, then
                            // the one of length 4 size over (y0, y2) with w1 and (y1, y3) with w1 times -i
                            double x0r = re[i0 + t];
                            double x0i = im[i0 + t];
                            double x1r = re[i1 + t];
                            double x1i = im[i1 + t];
                            double x2r = re[i2 + t];
                            double x2i = im[i2 + t];
                            double x3r = re[i3 + t];
                            double x3i = im[i3 + t];
                            double t1r = x1r * w2r - x1i * w2i;
                            double t1i = x1r * w2i + x1i * w2r;
                            double t3r = x3r * w2r - x3i * w2i;
                            double t3i = x3r * w2i + x3i * w2r;
                            double y0r = x0r + t1r;
                            double y0i = x0i + t1i;
                            double y1r = x0r - t1r;
                            double y1i = x0i - t1i;
                            double y2r = x2r + t3r;
                            double y2i = x2i + t3i;
                            double y3r = x2r - t3r;
                            double y3i = x2i - t3i;
                            double u2r = y2r * w1r - y2i * w1i;
                            double u2i = y2r * w1i + y2i * w1r;
                            double v3r = y3r * w1i + y3i * w1r;
                            double v3i = y3i * w1i - y3r * w1r;
                            re[i0 + t] = y0r + u2r;
                            im[i0 + t] = y0i + u2i;
                            re[i2 + t] = y0r - u2r;
                            im[i2 + t] = y0i - u2i;
                            re[i1 + t] = y1r + v3r;
                            im[i1 + t] = y1i + v3i;
                            re[i3 + t] = y1r - v3r;
                            im[i3 + t] = y1i - v3i;
                        }
                    }
                }
                size = span;
            }
        }

        /**
         * The spectra of the real lines packed two to a column (line 2c + i line 2c + 1, transformed) into columns 2c
         * and 2c + 1 of {@code to}: with Z the packed spectrum and Z* [k] = conj(Z[-k mod len]), the first line's is
         * (Z + Z*) / 2 and the second's (Z - Z*) / 2i.
         */
        void unpackInto(Block to, int g) {
            int tw = to.width;
            for (int k = 0; k < len; k++) {
                int row = k * width;
                int mirror = ((len - k) & (len - 1)) * width;
                int out = k * tw;
                for (int c = 0, t = 0; t < g; c++, t += 2) {
                    double zr = re[row + c];
                    double zi = im[row + c];
                    double mr = re[mirror + c];
                    double mi = im[mirror + c];
                    to.re[out + t] = 0.5 * (zr + mr);
                    to.im[out + t] = 0.5 * (zi - mi);
                    if (t + 1 < g) {
                        to.re[out + t + 1] = 0.5 * (zi + mi);
                        to.im[out + t + 1] = 0.5 * (mr - zr);
                    }
                }
            }
        }

        /** Row k back to rows base + k * stride, columns [base, base + g), scaled and conjugated back. */
        void scatterColumns(double[] out, int base, int stride, int g, double scale, double sign) {
            double scaleIm = sign * scale;
            for (int k = 0; k < len; k++) {
                int row = k * width;
                for (int t = 0, p = 2 * (base + k * stride); t < g; t++, p += 2) {
                    out[p] = re[row + t] * scale;
                    out[p + 1] = im[row + t] * scaleIm;
                }
            }
        }

        /**
         * As {@link #scatterColumns}, each element [k, t] also multiplied by the four-step twiddle
         * exp(-+2 pi i (row0 + k)(column0 + t) / n).
         */
        void scatterTwiddled(double[] out, int base, int stride, int g, double scale, double sign, FftTwiddle twiddle,
                long row0, long column0) {
            double scaleIm = sign * scale;
            long n = twiddle.length();
            for (int k = 0; k < len; k++) {
                int row = k * width;
                long r = row0 + k;
                long m = Math.floorMod(r * column0, n);
                long dm = Math.floorMod(r, n);
                for (int t = 0, p = 2 * (base + k * stride); t < g; t++, p += 2) {
                    double xr = re[row + t] * scale;
                    double xi = im[row + t] * scaleIm;
                    double wr = twiddle.re(m);
                    double wi = twiddle.im(m);
                    out[p] = xr * wr - xi * wi;
                    out[p + 1] = xr * wi + xi * wr;
                    m += dm;
                    if (m >= n) {
                        m -= n;
                    }
                }
            }
        }

        /** Column t back to the contiguous line base + t. */
        void scatterRows(double[] out, int base, int g, double scale, double sign) {
            double scaleIm = sign * scale;
            for (int t = 0; t < g; t++) {
                int p = 2 * (base + t * len);
                for (int k = 0, cell = t; k < len; k++, cell += width, p += 2) {
                    out[p] = re[cell] * scale;
                    out[p + 1] = im[cell] * scaleIm;
                }
            }
        }

        /** Lines o0 + t (rows of a 2-d chunk of {@code outer} rows) written as columns of the (len, outer) result. */
        void scatterTransposed(double[] out, int o0, int outer, int g, double scale, double sign) {
            double scaleIm = sign * scale;
            for (int k = 0; k < len; k++) {
                int row = k * width;
                for (int t = 0, p = 2 * (k * outer + o0); t < g; t++, p += 2) {
                    out[p] = re[row + t] * scale;
                    out[p + 1] = im[row + t] * scaleIm;
                }
            }
        }
    }
}
