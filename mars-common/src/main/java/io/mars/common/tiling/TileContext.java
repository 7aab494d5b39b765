package io.mars.common.tiling;

import io.mars.common.graph.ChunkNode;
import io.mars.common.graph.ChunkPositions;
import io.mars.common.graph.MemoryEstimate;
import io.mars.common.graph.TiledTileable;
import io.mars.common.model.Keys;
import io.mars.common.model.NSplits;
import io.mars.common.operand.Operand;
import io.mars.common.operand.chunk.BoxCreation;
import io.mars.common.operand.chunk.ChunkAssemble;
import io.mars.types.DataType;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/**
 * State of one tiling run: the settings tilers read, and every chunk node created so far in creation order (which is
 * a topological order, since a node is made after its inputs).
 */
public final class TileContext {
    private final TilingConfig config;
    private final List<ChunkNode> created = new ArrayList<>();
    private final ChunkInterner interner = new ChunkInterner();
    /** The chunks made here (by serial) that a chunk made later reads; those recorded from elsewhere, apart. */
    private final java.util.BitSet read = new java.util.BitSet();
    private ChunkPositions readExisting;
    // --- wide ---
    private final Map<String, TiledTileable> stitched = new java.util.HashMap<>();

    private final long memoryBudget;
    /** Upper bounds of the row counts of tiled tables whose exact counts are unknown (a filter's: its input's). */
    private final Map<TiledTileable, Long> rowBounds = new java.util.IdentityHashMap<>();

    public TileContext(TilingConfig config) {
        this(config, Long.MAX_VALUE);
    }

    /** A run whose subtasks must each fit {@code memoryBudget} bytes (the smallest worker's; MAX_VALUE: unknown). */
    public TileContext(TilingConfig config, long memoryBudget) {
        this.config = config;
        this.memoryBudget = memoryBudget;
    }

    public TilingConfig config() {
        return config;
    }

    /** Records that {@code t} has at most {@code rows} rows (kept only when its exact count is unknown). */
    public void boundRows(TiledTileable t, long rows) {
        if (!t.isKnown() && rows < Long.MAX_VALUE) {
            rowBounds.merge(t, rows, Math::min);
        }
    }

    /**
     * The rows of table {@code t}: its count when known, else an upper bound when one was recorded, else
     * {@code Long.MAX_VALUE}.
     */
    public long rowsAtMost(TiledTileable t) {
        if (t.isKnown()) {
            return io.mars.common.model.NSplits.shape(t.nsplits())[0];
        }
        return rowBounds.getOrDefault(t, Long.MAX_VALUE);
    }

    /**
     * The most bytes one subtask may hold at once (inputs and what it computes): the smallest worker's memory budget,
     * or {@code Long.MAX_VALUE} when unknown. Tilers whose intermediates grow with their fan-in (products, trees) cut
     * their work so that each piece fits.
     */
    public long memoryBudget() {
        return memoryBudget;
    }

    /**
     * How many partial results of {@code partBytes} each one node of a tree merges ({@code mars.task.combine-size},
     * fewer when that many and the node's {@code outBytes} output would not fit the budget; at least 2).
     */
    public int fanIn(long partBytes, long outBytes) {
        return fitting(config.combineSize(), 2, partBytes, outBytes, memoryBudget);
    }

    /**
     * The most inputs (at most {@code most}, at least {@code least}) of {@code inputBytes} each that fit {@code budget}
     * with an output of {@code outBytes}. When even {@code least} do not fit, {@code least}: the task is then refused
     * before it runs, naming the chunk (the supervisor checks every subtask's memory).
     */
    static int fitting(int most, int least, long inputBytes, long outBytes, long budget) {
        if (budget == Long.MAX_VALUE || inputBytes <= 0) {
            return most;
        }
        long room = budget - outBytes;
        long n = room <= 0 ? 0 : room / inputBytes;
        return (int) Math.max(least, Math.min(most, n));
    }

    /** Bytes of a block of {@code shape} of {@code dtype} (saturating); {@code Long.MAX_VALUE} when a length is unknown. */
    static long blockBytes(long[] shape, DataType dtype) {
        long b = MemoryEstimate.bytes(shape, dtype);
        return b < 0 ? Long.MAX_VALUE : b;
    }

    /** A chunk's working set may hold this many chunks at once (a product: two input blocks and its output, with room). */
    static final int CHUNKS_PER_BUDGET = 8;

    /**
     * The most bytes an automatically sized chunk holds: {@code mars.tensor.chunk-store-limit}, or an eighth of the
     * smallest worker's budget when that is less, so that a subtask over a few such chunks always fits (as Dask derives
     * {@code chunks="auto"} from its {@code array.chunk-size}).
     */
    public long autoChunkBytes() {
        return Math.max(1, Math.min(config.chunkStoreLimit(), memoryBudget / CHUNKS_PER_BUDGET));
    }

    public List<ChunkNode> created() {
        return created;
    }

    /**
     * Makes and records a chunk node; {@code key} must be unique within the task. The node may get an equal array of
     * an input or of another chunk instead of the {@code shape} or {@code index} given (so no array passed here or
     * read from a chunk may be changed afterwards, which {@link ChunkNode} forbids anyway), and keeps a key ending in
     * a number as a shared prefix and that number.
     */
    public ChunkNode chunk(String key, Operand op, List<ChunkNode> inputs, DataType dtype, long[] shape, int[] index) {
        int split = Keys.numberStart(key);
        return split < 0 ? record(key, -1, op, inputs, dtype, shape, index)
                : record(interner.prefix(key, split), Integer.parseInt(key, split, key.length(), 10), op, inputs, dtype,
                        shape, index);
    }

    /**
     * {@link #chunk(String, Operand, List, DataType, long[], int[])} of the key {@code keyPrefix + keyNumber}, without
     * making that string: for tilers making many chunks of one prefix.
     */
    public ChunkNode chunk(String keyPrefix, int keyNumber, Operand op, List<ChunkNode> inputs, DataType dtype,
                           long[] shape, int[] index) {
        char last = keyPrefix.isEmpty() ? '0' : keyPrefix.charAt(keyPrefix.length() - 1);
        if (keyNumber < 0 || keyNumber > 999_999_999 || last >= '0' && last <= '9') {
            return chunk(keyPrefix + keyNumber, op, inputs, dtype, shape, index); // split as Keys.numberStart does
        }
        return record(keyPrefix, keyNumber, op, inputs, dtype, shape, index);
    }

    private ChunkNode record(String keyPrefix, int keyNumber, Operand op, List<ChunkNode> inputs, DataType dtype,
                             long[] shape, int[] index) {
        ChunkNode n = new ChunkNode(keyPrefix, keyNumber, op, inputs, dtype, interner.shape(shape, inputs),
                interner.index(index, inputs), created.size());
        for (int i = 0, count = n.inputCount(); i < count; i++) {
            read(n.input(i));
        }
        created.add(n);
        return n;
    }

    /** Notes that a chunk made since reads {@code in}. */
    private void read(ChunkNode in) {
        int s = in.serial();
        if (s >= 0 && s < created.size() && created.get(s) == in) {
            read.set(s);
        } else {
            if (readExisting == null) {
                readExisting = new ChunkPositions(16);
            }
            readExisting.add(in);
        }
    }

    /**
     * Whether everything recorded is needed to compute {@code outputs}: when every recorded chunk but those is read by
     * another, each leads to one of them, and tiling need not look for chunks nothing reads. (Tilers may make such
     * chunks: the column groups of a frame a select leaves unread, say.)
     */
    boolean allNeededFor(List<ChunkNode> outputs) {
        java.util.BitSet wanted = new java.util.BitSet();
        ChunkPositions wantedExisting = null;
        for (ChunkNode o : outputs) {
            int s = o.serial();
            if (s >= 0 && s < created.size() && created.get(s) == o) {
                wanted.set(s);
            } else {
                if (wantedExisting == null) {
                    wantedExisting = new ChunkPositions(16);
                }
                wantedExisting.add(o);
            }
        }
        for (int i = 0; i < created.size(); i++) {
            ChunkNode c = created.get(i);
            boolean own = c.serial() == i;
            boolean isRead = own ? read.get(i) : readExisting != null && readExisting.contains(c);
            boolean isWanted = own ? wanted.get(i) : wantedExisting != null && wantedExisting.contains(c);
            if (!isRead && !isWanted) {
                return false;
            }
        }
        return true;
    }

    // --- wide ---
    /** Table {@code key} stitched to full width, made by {@code make} the first time it is asked for in this run. */
    TiledTileable stitched(String key, java.util.function.Supplier<TiledTileable> make) {
        TiledTileable t = stitched.get(key);
        if (t == null) {
            t = make.get();
            stitched.put(key, t);
        }
        return t;
    }

    /**
     * Combines {@code level} with {@code combineOp} by groups of {@code fanIn}, round after round, until one node is
     * left, and returns it ({@code level}'s only node when it has one). Nodes are keyed {@code keyPrefix + round + "_"
     * + i}, except the last one, keyed {@code rootKey} when that is not null.
     */
    public ChunkNode tree(List<ChunkNode> level, int fanIn, Operand combineOp, String keyPrefix, String rootKey,
                          DataType dtype, long[] shape, int[] index) {
        int round = 0;
        while (level.size() > 1) {
            List<ChunkNode> next = new ArrayList<>((level.size() + fanIn - 1) / fanIn);
            boolean last = level.size() <= fanIn;
            for (int i = 0; i < level.size(); i += fanIn) {
                List<ChunkNode> group = level.subList(i, Math.min(level.size(), i + fanIn));
                String key = last && rootKey != null ? rootKey : keyPrefix + round + "_" + i;
                next.add(group.size() == 1 ? group.get(0) : chunk(key, combineOp, group, dtype, shape, index));
            }
            level = next;
            round++;
        }
        return level.get(0);
    }

    /** Records a node that exists already (a stored chunk of an earlier task). */
    public void addExisting(ChunkNode n) {
        created.add(n);
    }

    /**
     * The tensor cut into {@code target} nsplits: chunks that already match are reused, others are assembled from
     * the overlapping boxes of the source chunks.
     */
    public TiledTileable rechunk(TiledTileable src, long[][] target, String keyBase) {
        if (Arrays.deepEquals(src.nsplits(), target)) {
            return src;
        }
        int ndim = target.length;
        long[][] srcOff = new long[ndim][];
        long[][] dstOff = new long[ndim][];
        for (int a = 0; a < ndim; a++) {
            srcOff[a] = NSplits.offsets(src.nsplits()[a]);
            dstOff[a] = NSplits.offsets(target[a]);
        }
        int[] grid = NSplits.gridShape(target);
        int count = NSplits.chunkCount(target);
        List<ChunkNode> out = new ArrayList<>(count);
        for (int flat = 0; flat < count; flat++) {
            int[] idx = NSplits.unflat(grid, flat);
            // per axis: the source chunk range overlapping [lo, hi)
            int[] first = new int[ndim];
            int[] last = new int[ndim];
            boolean aligned = true;
            for (int a = 0; a < ndim; a++) {
                long lo = dstOff[a][idx[a]];
                long hi = dstOff[a][idx[a] + 1];
                first[a] = findChunk(srcOff[a], lo);
                last[a] = hi == lo ? first[a] : findChunk(srcOff[a], hi - 1);
                aligned &= first[a] == last[a] && srcOff[a][first[a]] == lo && srcOff[a][first[a] + 1] == hi;
            }
            if (aligned) {
                out.add(src.chunk(first));
                continue;
            }
            Operand made = madeDirectly(src, first, last, dstOff, idx);
            if (made != null) {
                out.add(chunk(keyBase + ".rc" + flat, made, List.of(), src.chunks().get(0).dtype(),
                        NSplits.chunkShape(target, idx), idx));
                continue;
            }
            Map<ChunkNode, Integer> inputIndex = new IdentityHashMap<>();
            List<ChunkNode> inputs = new ArrayList<>();
            List<ChunkAssemble.Piece> pieces = new ArrayList<>();
            int[] span = new int[ndim];
            for (int a = 0; a < ndim; a++) {
                span[a] = last[a] - first[a] + 1;
            }
            for (BlockOverlap o : overlaps(srcOff, dstOff, idx, first, span)) {
                ChunkNode in = src.chunk(o.sourceIndex());
                Integer pos = inputIndex.get(in);
                if (pos == null) {
                    pos = inputs.size();
                    inputIndex.put(in, pos);
                    inputs.add(in);
                }
                pieces.add(new ChunkAssemble.Piece(pos, o.srcStart(), o.dstStart(), o.extent()));
            }
            DataType dtype = src.chunks().get(0).dtype();
            out.add(chunk(keyBase + ".rc" + flat, new ChunkAssemble(pieces), inputs, dtype,
                    NSplits.chunkShape(target, idx), idx));
        }
        return new TiledTileable(target, out);
    }

    /**
     * Where a target chunk and one source chunk share a block: the source chunk's index, and the block's start in the
     * source, its start in the target and its extent, per axis.
     */
    record BlockOverlap(int[] sourceIndex, long[] srcStart, long[] dstStart, long[] extent) {
    }

    /**
     * The blocks target chunk {@code idx} (chunk offsets {@code dstOff} per axis) shares with the source chunks
     * {@code first[a]} to {@code first[a] + span[a] - 1} of each axis (offsets {@code srcOff}), in the flat order of
     * {@code span}: what a change of chunk boundaries copies from where to where.
     */
    static List<BlockOverlap> overlaps(long[][] srcOff, long[][] dstOff, int[] idx, int[] first, int[] span) {
        int ndim = idx.length;
        int count = 1;
        for (int n : span) {
            count *= n;
        }
        List<BlockOverlap> out = new ArrayList<>(count);
        for (int s = 0; s < count; s++) {
            int[] rel = NSplits.unflat(span, s);
            int[] sidx = new int[ndim];
            long[] srcStart = new long[ndim];
            long[] dstStart = new long[ndim];
            long[] extent = new long[ndim];
            for (int a = 0; a < ndim; a++) {
                sidx[a] = first[a] + rel[a];
                long lo = Math.max(dstOff[a][idx[a]], srcOff[a][sidx[a]]);
                long hi = Math.min(dstOff[a][idx[a] + 1], srcOff[a][sidx[a] + 1]);
                srcStart[a] = lo - srcOff[a][sidx[a]];
                dstStart[a] = lo - dstOff[a][idx[a]];
                extent[a] = Math.max(0, hi - lo);
            }
            out.add(new BlockOverlap(sidx, srcStart, dstStart, extent));
        }
        return out;
    }

    /**
     * The operand making target chunk {@code idx} by itself when every source chunk it overlaps ({@code first} to
     * {@code last} per axis) creates its values from their position alone ({@link BoxCreation}, all of one kind), so
     * the new chunk needs no inputs and the old ones nothing reads; else null.
     */
    private static Operand madeDirectly(TiledTileable src, int[] first, int[] last, long[][] dstOff, int[] idx) {
        int ndim = first.length;
        int[] span = new int[ndim];
        int spanCount = 1;
        for (int a = 0; a < ndim; a++) {
            span[a] = last[a] - first[a] + 1;
            spanCount *= span[a];
        }
        Operand kind = src.chunk(first).op();
        if (!(kind instanceof BoxCreation creation)) {
            return null;
        }
        for (int s = 0; s < spanCount; s++) {
            int[] rel = NSplits.unflat(span, s);
            int[] sidx = new int[ndim];
            for (int a = 0; a < ndim; a++) {
                sidx[a] = first[a] + rel[a];
            }
            if (src.chunk(sidx).op().getClass() != kind.getClass()) {
                return null;
            }
        }
        long[] offset = new long[ndim];
        for (int a = 0; a < ndim; a++) {
            offset[a] = dstOff[a][idx[a]];
        }
        return creation.at(offset);
    }

    /** The chunk whose [offset[i], offset[i+1]) range holds {@code pos}. */
    static int findChunk(long[] offsets, long pos) {
        int i = Arrays.binarySearch(offsets, pos);
        if (i >= 0) {
            // skip empty chunks starting at the same offset
            while (i + 1 < offsets.length - 1 && offsets[i + 1] == pos) {
                i++;
            }
            return Math.min(i, offsets.length - 2);
        }
        return -i - 2;
    }

    /** The common refinement of several nsplits of one axis: every boundary of any of them. */
    public static long[] refine(List<long[]> splits) {
        java.util.TreeSet<Long> bounds = new java.util.TreeSet<>();
        for (long[] s : splits) {
            long[] off = NSplits.offsets(s);
            for (long o : off) {
                bounds.add(o);
            }
        }
        long[] b = bounds.stream().mapToLong(Long::longValue).toArray();
        if (b.length == 1) {
            return new long[] {0};
        }
        long[] out = new long[b.length - 1];
        for (int i = 0; i < out.length; i++) {
            out[i] = b[i + 1] - b[i];
        }
        return out;
    }
}
