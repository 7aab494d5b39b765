package io.mars.container.services.subtask;

import io.mars.common.error.ErrorCode;
import io.mars.common.error.MarsException;
import io.mars.common.error.MissingChunkException;
import io.mars.common.graph.ChunkNode;
import io.mars.common.graph.MemoryEstimate;
import io.mars.common.graph.Subtask;
import io.mars.common.operand.dataframe.ChunkTablePartition;
import io.mars.common.rpc.ChunkMeta;
import io.mars.common.rpc.SubtaskResult;
import io.mars.common.rpc.WorkerGateway;
import io.mars.common.table.TableChunk;
import io.mars.common.table.TableParts;
import io.mars.container.kernels.FusedBlockEvaluator;
import io.mars.container.kernels.KernelRegistry;
import io.mars.container.services.storage.Pin;
import io.mars.container.services.storage.Reservation;
import io.mars.container.services.storage.StorageService;
import io.mars.types.ChunkData;
import io.mars.types.NDArray;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.function.Function;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs one subtask on the calling slot thread: pins its inputs in storage and reserves memory for what it computes,
 * reads its inputs (local storage first, reading spilled ones back, then the worker named in the input locations),
 * runs the fused chunk operands in order, dropping each intermediate after its last use, and stores the outputs.
 */
public final class SubtaskRunner {
    private static final Logger LOG = LoggerFactory.getLogger(SubtaskRunner.class);
    private final String workerId;
    private final StorageService storage;
    private final KernelRegistry kernels;
    private final Function<String, WorkerGateway> peers;

    public SubtaskRunner(String workerId, StorageService storage, KernelRegistry kernels,
                         Function<String, WorkerGateway> peers) {
        this.workerId = workerId;
        this.storage = storage;
        this.kernels = kernels;
        this.peers = peers;
    }

    public SubtaskResult run(String sessionId, Subtask subtask, Map<String, String> inputLocations) {
        long start = System.nanoTime();
        MemoryEstimate memory = subtask.memory();
        if (LOG.isDebugEnabled()) { // describe() builds strings: not for every subtask
            LOG.debug("subtask {} of session {} starts: {} ({} inputs, {})", subtask.id(), sessionId,
                    describe(subtask), subtask.inputs().size(), memory);
        }
        // room for everything the subtask will hold but its inputs already in memory here (pinned, so they stay)
        // and those a worker of this process holds (read in place, never copied): inputs read back or fetched, and
        // what it computes; read-backs and outputs move out of the reservation
        Map<String, Integer> parts = partInputs(subtask);
        try (Pin inputs = storage.pin(sessionId, subtask.inputs());
             Reservation working = storage.reserve(Math.max(0, memory.total() - inputs.residentBytes()
                     - sharedBytes(subtask, parts, inputLocations)))) {
            SubtaskResult result = run(sessionId, subtask, parts, inputLocations, start, working);
            if (LOG.isInfoEnabled()) {
                long bytes = 0;
                for (ChunkMeta m : result.outputs()) {
                    bytes += m.nbytes();
                }
                LOG.info("subtask {} of session {} ({}) finished in {} ms: {} outputs, {} bytes; {} inputs, {} fetched"
                        + " from other workers", subtask.id(), sessionId, describe(subtask),
                        String.format("%.1f", (System.nanoTime() - start) / 1e6), result.outputs().size(), bytes,
                        subtask.inputs().size(), result.copies().size());
            }
            return result;
        } catch (RuntimeException e) {
            LOG.warn("subtask {} of session {} ({}) failed after {} ms: {}", subtask.id(), sessionId, describe(subtask),
                    String.format("%.1f", (System.nanoTime() - start) / 1e6), e.toString());
            throw e;
        }
    }

    /**
     * The bytes of the subtask's whole-chunk inputs located on another worker of this process: reading one shares
     * the stored array or buffers (that worker reads a spilled one back into its own quota), so it needs no room
     * here. Inputs of unknown size count nothing; shuffle parts are cut into new buffers, so they are not counted.
     */
    private long sharedBytes(Subtask subtask, Map<String, Integer> parts, Map<String, String> inputLocations) {
        Map<String, ChunkNode> nodes = null; // only for a subtask that has such an input
        long shared = 0;
        for (String key : subtask.inputs()) {
            String location = inputLocations.get(key);
            if (location == null || location.equals(workerId) || parts.containsKey(key)
                    || !peers.apply(location).sharesProcess()) {
                continue;
            }
            nodes = nodes == null ? inputNodes(subtask) : nodes;
            ChunkNode node = nodes.get(key);
            shared += node == null ? 0 : Math.max(0, MemoryEstimate.bytes(node));
        }
        return shared;
    }

    /** The nodes of a subtask's inputs (the inputs of its chunks) by key. */
    private static Map<String, ChunkNode> inputNodes(Subtask subtask) {
        Map<String, ChunkNode> nodes = new HashMap<>();
        for (ChunkNode c : subtask.chunks()) {
            for (ChunkNode in : c.inputs()) {
                nodes.put(in.key(), in);
            }
        }
        return nodes;
    }

    /** The subtask's last operand and its output chunk, enough to find it in the AM's task view. */
    private static String describe(Subtask subtask) {
        ChunkNode last = subtask.chunks().get(subtask.chunks().size() - 1);
        return last.op().wireName() + " -> " + last.key() + (subtask.chunks().size() > 1
                ? " (" + subtask.chunks().size() + " fused)" : "");
    }

    private SubtaskResult run(String sessionId, Subtask subtask, Map<String, Integer> parts,
                              Map<String, String> inputLocations, long start, Reservation working) {
        Map<String, ChunkData> values = new HashMap<>();
        // copies of inputs fetched from other workers, owned by this run: kept in storage when it succeeds (as more
        // locations of those chunks), closed when it fails
        Map<String, ChunkData> fetchedCopies = new LinkedHashMap<>();
        // parts of shuffle map outputs read for this run (shares, segments read back, parts fetched): closed at its end
        List<ChunkData> partReads = new ArrayList<>();
        try {
            // read-backs of spilled inputs run on the storage's threads, all at once
            Map<String, CompletableFuture<Optional<ChunkData>>> local = new HashMap<>();
            for (String key : subtask.inputs()) {
                Integer part = parts.get(key);
                local.put(key, part == null ? storage.getAsync(sessionId, key, working)
                        : storage.getPartAsync(sessionId, key, part, working));
            }
            // every missing input is reported at once, so that one rerun recomputes them all
            List<MissingChunkException> missing = new ArrayList<>();
            for (String key : subtask.inputs()) {
                try {
                    values.put(key, readInput(sessionId, key, parts.get(key), inputLocations.get(key), local.get(key),
                            fetchedCopies, partReads));
                } catch (MissingChunkException e) {
                    missing.add(e);
                }
            }
            if (!missing.isEmpty()) {
                throw MissingChunkException.combine(missing);
            }
            SubtaskResult computed = compute(sessionId, subtask, values, start, working);
            List<ChunkMeta> copies = keepCopies(sessionId, subtask, fetchedCopies, working);
            return new SubtaskResult(computed.subtaskId(), computed.workerId(), computed.outputs(),
                    computed.startNanos(), computed.endNanos(), copies);
        } finally {
            for (ChunkData d : fetchedCopies.values()) {
                d.close();
            }
            for (ChunkData d : partReads) {
                d.close();
            }
        }
    }

    /**
     * The inputs of this subtask that are shuffle map outputs, with the part its reduce reads of them (the reduce's
     * chunk index): they are read by part, not whole.
     */
    static Map<String, Integer> partInputs(Subtask subtask) {
        Map<String, Integer> parts = new HashMap<>();
        for (ChunkNode c : subtask.chunks()) {
            for (ChunkNode in : c.inputs()) {
                if (in.op() instanceof ChunkTablePartition) {
                    parts.merge(in.key(), c.index()[0], (a, b) -> a.equals(b) ? a : -1);
                }
            }
        }
        Set<String> inputs = Set.copyOf(subtask.inputs());
        parts.entrySet().removeIf(e -> e.getValue() < 0 || !inputs.contains(e.getKey()));
        return parts;
    }

    /**
     * Stores the fetched copies (unpinned, so they spill like any chunk) and returns their meta with this worker as
     * location; a copy this worker holds already (another subtask kept it first) is left to be closed. Takes what it
     * stores out of {@code fetched}.
     */
    private List<ChunkMeta> keepCopies(String sessionId, Subtask subtask, Map<String, ChunkData> fetched,
                                       Reservation working) {
        if (fetched.isEmpty()) {
            return List.of();
        }
        Map<String, ChunkNode> nodes = inputNodes(subtask);
        List<ChunkMeta> kept = new ArrayList<>(fetched.size());
        for (var it = fetched.entrySet().iterator(); it.hasNext(); ) {
            Map.Entry<String, ChunkData> e = it.next();
            ChunkNode node = nodes.get(e.getKey());
            if (node == null) {
                continue;
            }
            ChunkData data = e.getValue();
            // meta is taken before the put: once stored, the chunk may be spilled (and a table closed) at any time
            ChunkMeta meta = new ChunkMeta(e.getKey(), node.dtype(), shapeOf(node, data), data.nbytes(),
                    Set.of(workerId));
            if (storage.putIfAbsent(sessionId, e.getKey(), data, working)) {
                it.remove();
                kept.add(meta);
            }
        }
        return kept;
    }

    private SubtaskResult compute(String sessionId, Subtask subtask, Map<String, ChunkData> values, long start,
                                  Reservation working) {
        List<ChunkNode> chunks = subtask.chunks();
        ChunkData fused = FusedBlockEvaluator.tryEvaluate(chunks, values, subtask.outputs(), kernels);
        if (fused != null) {
            ChunkNode out = chunks.get(chunks.size() - 1);
            storage.put(sessionId, out.key(), fused, working);
            ChunkMeta meta = new ChunkMeta(out.key(), out.dtype(), shapeOf(out, fused), fused.nbytes(), Set.of(workerId));
            return new SubtaskResult(subtask.id(), workerId, List.of(meta), start, System.nanoTime());
        }
        Map<ChunkNode, Integer> remainingUses = new IdentityHashMap<>();
        // intermediates read here only by kernels that copy out of them: their storage may be reused once dropped
        Map<ChunkNode, Boolean> onlyCopied = new IdentityHashMap<>();
        for (ChunkNode c : chunks) {
            for (ChunkNode in : distinct(c.inputs())) {
                remainingUses.merge(in, 1, Integer::sum);
                onlyCopied.merge(in, KernelRegistry.onlyCopies(c), Boolean::logicalAnd);
            }
        }
        Set<String> outputs = Set.copyOf(subtask.outputs());
        List<ChunkMeta> metas = new ArrayList<>(outputs.size());
        // data computed here and not (yet) handed to storage: this runner closes it (Arrow buffers)
        Map<String, ChunkData> owned = new HashMap<>();
        try {
            for (ChunkNode c : chunks) {
                List<ChunkData> ins = new ArrayList<>(c.inputs().size());
                // a reduce reads its part of each shuffle map output, cut out (sharing buffers) for its kernel
                List<ChunkData> pieces = new ArrayList<>(0);
                ChunkData out;
                try {
                    for (ChunkNode in : c.inputs()) {
                        ChunkData d = values.get(in.key());
                        if (d == null) {
                            throw new MarsException(ErrorCode.INTERNAL_ERROR, "subtask " + subtask.id() + ": input "
                                    + in.key() + " of " + c + " is not available");
                        }
                        if (in.op() instanceof ChunkTablePartition && d instanceof TableChunk t) {
                            d = TableParts.piece(t, c.index()[0]);
                            pieces.add(d);
                        }
                        ins.add(d);
                    }
                    out = kernels.execute(c, ins);
                } finally {
                    for (ChunkData p : pieces) {
                        p.close();
                    }
                }
                values.put(c.key(), out);
                owned.put(c.key(), out);
                for (ChunkNode in : distinct(c.inputs())) {
                    if (remainingUses.merge(in, -1, Integer::sum) == 0 && !outputs.contains(in.key())) {
                        values.remove(in.key());
                        ChunkData dropped = owned.remove(in.key());
                        if (dropped != null) {
                            dropped.close();
                            if (onlyCopied.get(in)) {
                                kernels.recycle(in, dropped);
                            }
                        }
                    }
                }
                if (outputs.contains(c.key())) {
                    storage.put(sessionId, c.key(), out, working);
                    owned.remove(c.key());
                    metas.add(new ChunkMeta(c.key(), c.dtype(), shapeOf(c, out), out.nbytes(), Set.of(workerId)));
                }
            }
        } finally {
            for (ChunkData d : owned.values()) {
                d.close();
            }
        }
        return new SubtaskResult(subtask.id(), workerId, metas, start, System.nanoTime());
    }

    private static long[] shapeOf(ChunkNode c, ChunkData d) {
        if (d instanceof NDArray a) {
            return a.shapeView();
        }
        if (d instanceof TableChunk t && c.shape().length > 0) {
            long[] s = c.shape().clone(); // a table's row count may have been unknown until now
            s[0] = t.rowCount();
            return s;
        }
        return c.shape();
    }

    /**
     * An input's data: from this worker's storage, else fetched from {@code location}. With a {@code part}, only that
     * part of a shuffle map's output, owned by this run ({@code partReads}) and never kept as a copy of the chunk; from a
     * worker of this process ({@link WorkerGateway#sharesProcess()}), owned by this run too and not kept either.
     */
    private ChunkData readInput(String sessionId, String key, Integer part, String location,
                                CompletableFuture<Optional<ChunkData>> read, Map<String, ChunkData> fetchedCopies,
                                List<ChunkData> partReads) {
        Optional<ChunkData> local;
        try {
            local = read.join();
        } catch (CompletionException e) {
            throw MarsException.wrap(e.getCause());
        }
        if (local.isPresent()) {
            if (part != null) {
                partReads.add(local.get());
            }
            return local.get();
        }
        if (location == null || location.equals(workerId)) {
            throw new MissingChunkException(ErrorCode.CHUNK_NOT_FOUND, key, workerId, "chunk " + key + " of session "
                    + sessionId + " is not on worker " + workerId + " and no other location is known");
        }
        WorkerGateway peer = peers.apply(location);
        ChunkData d;
        try {
            d = part == null ? peer.fetchChunk(sessionId, key).join()
                    : peer.fetchChunkPart(sessionId, key, part).join();
        } catch (CompletionException e) {
            throw MarsException.wrap(e.getCause());
        }
        if (peer.fetchGivesCopies()) {
            // a chunk of a worker in this process is read, not kept: keeping it would count its bytes twice
            if (part == null && !peer.sharesProcess()) {
                fetchedCopies.put(key, d);
            } else {
                partReads.add(d);
            }
        }
        return d;
    }

    private static List<ChunkNode> distinct(List<ChunkNode> xs) {
        if (xs.size() <= 1) {
            return xs;
        }
        List<ChunkNode> out = new ArrayList<>(xs.size());
        for (ChunkNode x : xs) {
            boolean seen = false;
            for (ChunkNode y : out) {
                seen |= y == x;
            }
            if (!seen) {
                out.add(x);
            }
        }
        return out;
    }
}
