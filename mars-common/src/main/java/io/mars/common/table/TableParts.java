package io.mars.common.table;

import io.mars.common.operand.dataframe.ChunkTablePartition;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.IntVector;

/**
 * The parts of a shuffle map's output ({@link ChunkTablePartition}): its rows are grouped by part, and its last
 * column, {@link ChunkTablePartition#PART_COLUMN}, names each row's part in ascending order. A reducer reads its own
 * part of every map output: cut from the stored batch, read from the part's segment of a spill file, or sent alone
 * over the network, and given to its kernel as a {@link #piece} without the part column.
 */
public final class TableParts {
    private TableParts() {
    }

    /** Whether {@code t} is a shuffle map's output: its last column is the int32 part column. */
    public static boolean isPartitioned(TableChunk t) {
        List<FieldVector> vs = t.root().getFieldVectors();
        return !vs.isEmpty() && vs.get(vs.size() - 1) instanceof IntVector
                && ChunkTablePartition.PART_COLUMN.equals(vs.get(vs.size() - 1).getName());
    }

    /** The part column of a partitioned chunk. */
    private static IntVector parts(TableChunk t) {
        List<FieldVector> vs = t.root().getFieldVectors();
        return (IntVector) vs.get(vs.size() - 1);
    }

    /** The first row of {@code t} whose part is at least {@code part} (the row count when none is). */
    public static int start(TableChunk t, int part) {
        IntVector v = parts(t);
        int lo = 0;
        int hi = t.rowCount();
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (v.get(mid) < part) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return lo;
    }

    /** The part of row {@code row} of a partitioned chunk (a partition writes no nulls). */
    public static int partOf(TableChunk t, int row) {
        return parts(t).get(row);
    }

    /**
     * Rows {@code [from, from + length)} of {@code t}, every column kept, as a new chunk sharing its buffers (no
     * copy of values), accounted to the allocator of those buffers; the caller owns it, and {@code t} stays its
     * owner's.
     */
    public static TableChunk rows(TableChunk t, int from, int length) {
        return slice(t, from, length, t.root().getFieldVectors().size());
    }

    /** The rows of part {@code part} of a partitioned chunk, part column kept; see {@link #rows}. */
    public static TableChunk part(TableChunk t, int part) {
        int lo = start(t, part);
        return slice(t, lo, start(t, part + 1) - lo, t.root().getFieldVectors().size());
    }

    /**
     * The rows of part {@code part} of a partitioned chunk without the part column, as a reduce reads them; see
     * {@link #rows}.
     */
    public static TableChunk piece(TableChunk t, int part) {
        int lo = start(t, part);
        return slice(t, lo, start(t, part + 1) - lo, t.root().getFieldVectors().size() - 1);
    }

    /** Rows {@code [from, from + length)} of the first {@code columns} columns, sharing {@code t}'s buffers. */
    private static TableChunk slice(TableChunk t, int from, int length, int columns) {
        List<FieldVector> vs = t.root().getFieldVectors();
        BufferAllocator allocator = vs.get(0).getAllocator();
        return new TableChunk(ArrowTables.batch(length, columns,
                c -> ArrowTables.share(vs.get(c), vs.get(c).getName(), from, length, allocator)));
    }
}
