package io.mars.common.tiling;

import io.mars.common.error.ErrorCode;
import io.mars.common.error.MarsException;
import io.mars.common.graph.ChunkNode;
import io.mars.common.graph.TileableNode;
import io.mars.common.graph.TiledTileable;
import io.mars.common.model.NSplits;
import io.mars.common.operand.dataframe.ChunkTableAssemble;
import io.mars.common.operand.dataframe.TableIloc;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The tiling rule of {@code iloc}: the positions, resolved against the now known length, become row ranges of the
 * input chunks, stacked by assembles into output chunks no longer than the input's longest chunk.
 */
final class IlocTilers {
    private IlocTilers() {
    }

    static void registerAll(TilerRegistry r) {
        r.register(TableIloc.class, IlocTilers::iloc);
    }

    /** A run of {@code count} positions from {@code first}, {@code step} apart. */
    private record Run(long first, long count, long step) {
    }

    static TiledTileable iloc(TileableNode node, TableIloc op, List<TiledTileable> in, TileContext ctx) {
        TiledTileable src = in.get(0);
        long[] rows = src.nsplits()[0];
        long[] offsets = NSplits.offsets(rows);
        long n = offsets[rows.length - 1] + rows[rows.length - 1];
        List<Run> runs = op.positions() != null ? positionRuns(op.positions(), n)
                : List.of(sliceRun(op.start(), op.stop(), op.step(), n));
        long cap = Math.max(1, Arrays.stream(rows).max().orElse(1));
        List<ChunkNode> chunks = new ArrayList<>();
        List<Long> sizes = new ArrayList<>();
        Builder b = new Builder();
        for (Run run : runs) {
            for (long k = 0; k < run.count(); ) {
                long pos = run.first() + k * run.step();
                int j = chunkOf(offsets, rows, pos);
                long len = 1;
                if (run.step() == 1) {
                    len = Math.min(run.count() - k, offsets[j] + rows[j] - pos);
                }
                len = Math.min(len, cap - b.size);
                b.add(src.chunks().get(j), pos - offsets[j], len);
                k += len;
                if (b.size == cap) {
                    b.flush(node, ctx, chunks, sizes);
                }
            }
        }
        if (b.size > 0 || chunks.isEmpty()) {
            if (b.pieces.isEmpty()) {
                b.add(src.chunks().get(0), 0, 0);
            }
            b.flush(node, ctx, chunks, sizes);
        }
        long[] out = sizes.stream().mapToLong(Long::longValue).toArray();
        return new TiledTileable(node.shape().length == 1 ? new long[][] {out} : new long[][] {out,
                {node.shape()[1]}}, chunks);
    }

    /** The pieces of one output chunk, each input chunk listed once. */
    private static final class Builder {
        final List<ChunkNode> inputs = new ArrayList<>();
        final Map<String, Integer> inputIndex = new HashMap<>();
        final List<ChunkTableAssemble.Piece> pieces = new ArrayList<>();
        long size;

        void add(ChunkNode chunk, long start, long length) {
            Integer i = inputIndex.get(chunk.key());
            if (i == null) {
                i = inputs.size();
                inputs.add(chunk);
                inputIndex.put(chunk.key(), i);
            }
            ChunkTableAssemble.Piece last = pieces.isEmpty() ? null : pieces.get(pieces.size() - 1);
            if (last != null && last.input() == i && last.start() + last.length() == start) {
                pieces.set(pieces.size() - 1, new ChunkTableAssemble.Piece(i, last.start(), last.length() + length));
            } else {
                pieces.add(new ChunkTableAssemble.Piece(i, start, length));
            }
            size += length;
        }

        void flush(TileableNode node, TileContext ctx, List<ChunkNode> chunks, List<Long> sizes) {
            int i = chunks.size();
            long[] shape = node.shape().length == 1 ? new long[] {size} : new long[] {size, node.shape()[1]};
            int[] index = node.shape().length == 1 ? new int[] {i} : new int[] {i, 0};
            chunks.add(ctx.chunk(node.key() + "." + i, new ChunkTableAssemble(pieces), inputs, null, shape, index));
            sizes.add(size);
            inputs.clear();
            inputIndex.clear();
            pieces.clear();
            size = 0;
        }
    }

    /** The chunk holding row {@code pos}: the first whose end is past it (an empty chunk never is). */
    private static int chunkOf(long[] offsets, long[] rows, long pos) {
        int lo = 0;
        int hi = rows.length - 1;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (offsets[mid] + rows[mid] > pos) {
                hi = mid;
            } else {
                lo = mid + 1;
            }
        }
        return lo;
    }

    /** Python's {@code slice(start, stop, step).indices(n)}, as a run. */
    static Run sliceRun(long start, long stop, long step, long n) {
        if (step == 0) {
            throw new MarsException(ErrorCode.INVALID_ARGUMENT, "iloc: slice step cannot be zero");
        }
        long lower = step > 0 ? 0 : -1;
        long upper = step > 0 ? n : n - 1;
        long a = clip(start < 0 ? start + n : start, lower, upper);
        long z = clip(stop < 0 ? stop + n : stop, lower, upper);
        long count = step > 0 ? (z > a ? (z - a - 1) / step + 1 : 0) : (a > z ? (a - z - 1) / -step + 1 : 0);
        return new Run(a, count, step);
    }

    private static long clip(long v, long lower, long upper) {
        return Math.max(lower, Math.min(upper, v));
    }

    /** The positions (negative from the end) as runs of consecutive rows; INDEX_OUT_OF_RANGE past either end. */
    private static List<Run> positionRuns(long[] positions, long n) {
        List<Run> runs = new ArrayList<>();
        long first = 0;
        long count = 0;
        for (long p : positions) {
            long q = p < 0 ? p + n : p;
            if (q < 0 || q >= n) {
                throw new MarsException(ErrorCode.INDEX_OUT_OF_RANGE, "iloc: position " + p + " is out of bounds for"
                        + " " + n + " rows");
            }
            if (count > 0 && q == first + count) {
                count++;
                continue;
            }
            if (count > 0) {
                runs.add(new Run(first, count, 1));
            }
            first = q;
            count = 1;
        }
        if (count > 0) {
            runs.add(new Run(first, count, 1));
        }
        return runs;
    }
}
