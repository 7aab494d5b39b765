package io.mars.common.tiling;

import static io.mars.common.tiling.DataFrameTilers.chunkIndex;
import static io.mars.common.tiling.DataFrameTilers.chunkShape;
import static io.mars.common.tiling.DataFrameTilers.nsplits;

import io.mars.common.error.ErrorCode;
import io.mars.common.error.MarsException;
import io.mars.common.graph.ChunkNode;
import io.mars.common.graph.TileableNode;
import io.mars.common.graph.TiledTileable;
import io.mars.common.model.NSplits;
import io.mars.common.operand.dataframe.ChunkTableAssemble;
import io.mars.common.operand.dataframe.ChunkTableRowPositions;
import io.mars.common.operand.dataframe.TableRequireRows;
import io.mars.common.operand.dataframe.TableRowPositions;
import java.util.ArrayList;
import java.util.List;

/**
 * The tiling rules of row labels (pandas' index): positions are computed per chunk from the chunk's row offset,
 * which is known here because a tiler never sees an input of unknown lengths (tiling is staged in front of it).
 */
final class RowLabelTilers {
    private RowLabelTilers() {
    }

    static void registerAll(TilerRegistry r) {
        r.register(TableRowPositions.class, RowLabelTilers::positions);
        r.register(TableRequireRows.class, RowLabelTilers::requireRows);
    }

    static TiledTileable positions(TileableNode node, TableRowPositions op, List<TiledTileable> in, TileContext ctx) {
        TiledTileable src = in.get(0);
        long[] rows = src.nsplits()[0];
        long[] offsets = NSplits.offsets(rows);
        List<ChunkNode> chunks = new ArrayList<>(rows.length);
        for (int i = 0; i < rows.length; i++) {
            chunks.add(ctx.chunk(node.key() + "." + i, new ChunkTableRowPositions(offsets[i]),
                    List.of(src.chunks().get(i)), null, chunkShape(node, rows[i]), chunkIndex(node, i)));
        }
        return new TiledTileable(nsplits(node, rows.clone()), chunks);
    }

    static TiledTileable requireRows(TileableNode node, TableRequireRows op, List<TiledTileable> in, TileContext ctx) {
        TiledTileable src = in.get(0);
        long[] rows = src.nsplits()[0];
        if (NSplits.shape(new long[][] {rows})[0] == 0) {
            throw new MarsException(ErrorCode.LABEL_NOT_FOUND, op.message());
        }
        List<ChunkNode> chunks = new ArrayList<>(rows.length);
        for (int i = 0; i < rows.length; i++) {
            chunks.add(ctx.chunk(node.key() + "." + i, new ChunkTableAssemble(List.of(
                    new ChunkTableAssemble.Piece(0, 0, rows[i]))), List.of(src.chunks().get(i)), null,
                    chunkShape(node, rows[i]), chunkIndex(node, i)));
        }
        return new TiledTileable(nsplits(node, rows.clone()), chunks);
    }
}
