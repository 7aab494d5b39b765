package io.mars.common.tiling;

import static io.mars.common.tiling.DataFrameTilers.chunkIndex;
import static io.mars.common.tiling.DataFrameTilers.chunkShape;
import static io.mars.common.tiling.DataFrameTilers.nsplits;

import io.mars.common.graph.ChunkNode;
import io.mars.common.graph.TileableNode;
import io.mars.common.graph.TiledTileable;
import io.mars.common.model.NSplits;
import io.mars.common.operand.Operand;
import io.mars.common.operand.dataframe.ChunkTableAssemble;
import io.mars.common.operand.dataframe.ChunkTableEwm;
import io.mars.common.operand.dataframe.ChunkTableEwmCarry;
import io.mars.common.operand.dataframe.ChunkTableGroupScan;
import io.mars.common.operand.dataframe.ChunkTableGroupScanTotal;
import io.mars.common.operand.dataframe.ChunkTableScan;
import io.mars.common.operand.dataframe.ChunkTableScanTotal;
import io.mars.common.operand.dataframe.ChunkTableWindow;
import io.mars.common.operand.dataframe.TableEwm;
import io.mars.common.operand.dataframe.TableGroupScan;
import io.mars.common.operand.dataframe.TableScan;
import io.mars.common.operand.dataframe.TableWindow;
import java.util.ArrayList;
import java.util.List;

/**
 * The tiling rules of running and window functions of rows. A running function (cumsum ...) is a prefix scan: each
 * chunk's total is folded in parallel, a chain of one-row folds carries the totals of the earlier chunks, and each
 * chunk scans its rows from its carry. A window function (shift, diff, rolling ...) gives each chunk the rows of its
 * neighbours within the window's reach, however many chunks that spans. Chunk lengths are known here (tiling is
 * staged in front of an input of unknown lengths).
 */
final class WindowTilers {
    private WindowTilers() {
    }

    static void registerAll(TilerRegistry r) {
        r.register(TableScan.class, WindowTilers::scan);
        r.register(TableWindow.class, WindowTilers::window);
        r.register(TableEwm.class, WindowTilers::ewm);
        r.register(TableGroupScan.class, WindowTilers::groupScan);
    }

    /**
     * Chunk {@code i} computes its rows from the recurrences' state after chunk {@code i - 1}; that state is a chain
     * of small chunks, each folding one data chunk's rows into the state before it. The chain reads every data chunk
     * once more (the weights of an exponential window decay with the row count, so a chunk's state depends on
     * every earlier row), and the output chunks run in parallel once their state is known.
     */
    static TiledTileable ewm(TileableNode node, TableEwm op, List<TiledTileable> in, TileContext ctx) {
        TiledTileable src = in.get(0);
        long[] rows = src.nsplits()[0];
        int n = rows.length;
        ChunkTableEwmCarry carryOp = new ChunkTableEwmCarry(op.alpha(), op.adjust(), op.ignoreNa(), op.columns(),
                op.reset());
        long[] carryShape = {ChunkTableEwmCarry.STATE_ROWS, op.columns().size()};
        List<ChunkNode> chunks = new ArrayList<>(n);
        ChunkNode carry = null;
        for (int i = 0; i < n; i++) {
            ChunkNode data = src.chunks().get(i);
            chunks.add(ctx.chunk(node.key() + "." + i, new ChunkTableEwm(op.fn(), op.alpha(), op.adjust(),
                    op.ignoreNa(), op.minPeriods(), op.bias(), op.columns(), op.reset()),
                    carry == null ? List.of(data) : List.of(data, carry), null, chunkShape(node, rows[i]),
                    chunkIndex(node, i)));
            if (i + 1 < n) {
                carry = ctx.chunk(node.key() + ".c" + (i + 1), carryOp,
                        carry == null ? List.of(data) : List.of(data, carry), null, carryShape, new int[] {i + 1, 0});
            }
        }
        return new TiledTileable(nsplits(node, rows.clone()), chunks);
    }

    /**
     * Chunk {@code i} scans from the carry {@code c(i)}: {@code c(1)} is chunk 0's total, {@code c(i)} folds
     * {@code c(i-1)} with chunk {@code i-1}'s total. The chain moves one row per step, so its length costs little
     * next to the per-chunk work, which runs in parallel.
     */
    static TiledTileable scan(TileableNode node, TableScan op, List<TiledTileable> in, TileContext ctx) {
        return scan(node, in.get(0), new ChunkTableScan(op.fn(), op.columns()),
                new ChunkTableScanTotal(op.fn(), op.columns()), op.columns().size(), ctx);
    }

    /** A segmented scan: as {@link #scan}, its totals carrying whether a segment started in them. */
    static TiledTileable groupScan(TileableNode node, TableGroupScan op, List<TiledTileable> in, TileContext ctx) {
        return scan(node, in.get(0), new ChunkTableGroupScan(op.fn(), op.columns(), op.reset()),
                new ChunkTableGroupScanTotal(op.fn(), op.columns(), op.reset()), op.columns().size() + 1, ctx);
    }

    private static TiledTileable scan(TileableNode node, TiledTileable src, Operand scanOp, Operand totalOp,
                                      int totalColumns, TileContext ctx) {
        long[] rows = src.nsplits()[0];
        int n = rows.length;
        long[] totalShape = {1, totalColumns};
        List<ChunkNode> chunks = new ArrayList<>(n);
        ChunkNode carry = null;
        for (int i = 0; i < n; i++) {
            ChunkNode data = src.chunks().get(i);
            chunks.add(ctx.chunk(node.key() + "." + i, scanOp,
                    carry == null ? List.of(data) : List.of(data, carry), null, chunkShape(node, rows[i]),
                    chunkIndex(node, i)));
            if (i + 1 < n) {
                ChunkNode total = ctx.chunk(node.key() + ".t" + i, totalOp, List.of(data), null, totalShape,
                        new int[] {i, 0});
                carry = carry == null ? total : ctx.chunk(node.key() + ".c" + (i + 1), totalOp, List.of(carry, total),
                        null, totalShape, new int[] {i + 1, 0});
            }
        }
        return new TiledTileable(nsplits(node, rows.clone()), chunks);
    }

    /** Chunk {@code i} reads the rows within the window's reach before and after it, from as many chunks as hold them. */
    static TiledTileable window(TileableNode node, TableWindow op, List<TiledTileable> in, TileContext ctx) {
        TiledTileable src = in.get(0);
        long[] rows = src.nsplits()[0];
        long[] offsets = NSplits.offsets(rows);
        long total = offsets[rows.length - 1] + rows[rows.length - 1];
        long before = op.fn().before(op.periods());
        long after = op.fn().after(op.periods());
        List<ChunkNode> chunks = new ArrayList<>(rows.length);
        for (int i = 0; i < rows.length; i++) {
            List<ChunkNode> inputs = new ArrayList<>();
            List<ChunkTableAssemble.Piece> pieces = new ArrayList<>();
            long start = offsets[i];
            long from = Math.max(0, start - before);
            addPieces(src, rows, offsets, from, start, inputs, pieces);
            pieces.add(new ChunkTableAssemble.Piece(inputs.size(), 0, rows[i]));
            inputs.add(src.chunks().get(i));
            long end = start + rows[i];
            addPieces(src, rows, offsets, end, Math.min(total, end + after), inputs, pieces);
            chunks.add(ctx.chunk(node.key() + "." + i, new ChunkTableWindow(op.fn(), op.periods(), op.minPeriods(),
                    op.columns(), pieces, start - from, rows[i]), inputs, null, chunkShape(node, rows[i]),
                    chunkIndex(node, i)));
        }
        return new TiledTileable(nsplits(node, rows.clone()), chunks);
    }

    /** Pieces of the rows {@code [from, to)} of the whole table, one per chunk holding some of them. */
    private static void addPieces(TiledTileable src, long[] rows, long[] offsets, long from, long to,
                                  List<ChunkNode> inputs, List<ChunkTableAssemble.Piece> pieces) {
        for (int j = firstEndingAfter(offsets, rows, from); j < rows.length && from < to; j++) {
            long lo = Math.max(from, offsets[j]);
            long hi = Math.min(to, offsets[j] + rows[j]);
            if (lo < hi) {
                pieces.add(new ChunkTableAssemble.Piece(inputs.size(), lo - offsets[j], hi - lo));
                inputs.add(src.chunks().get(j));
            } else if (offsets[j] >= to) {
                return;
            }
        }
    }

    /** The first chunk whose rows end after row {@code row} (ends never decrease; found by bisection). */
    private static int firstEndingAfter(long[] offsets, long[] rows, long row) {
        int lo = 0;
        int hi = rows.length;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (offsets[mid] + rows[mid] > row) {
                hi = mid;
            } else {
                lo = mid + 1;
            }
        }
        return lo;
    }
}
