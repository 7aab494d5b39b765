package io.mars.container.services.subtask;

import io.mars.common.error.ErrorCode;
import io.mars.common.error.MarsException;
import io.mars.common.graph.ChunkNode;
import io.mars.common.graph.Subtask;
import io.mars.common.model.ChunkData;
import io.mars.common.rpc.ChunkMeta;
import io.mars.common.rpc.SubtaskResult;
import io.mars.common.rpc.WorkerGateway;
import io.mars.common.table.TableChunk;
import io.mars.container.kernels.FusedBlockEvaluator;
import io.mars.container.kernels.KernelRegistry;
import io.mars.container.services.storage.Pin;
import io.mars.container.services.storage.Reservation;
import io.mars.container.services.storage.StorageService;
import io.mars.tensor.NDArray;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.function.Function;

/**
 * Runs one subtask on the calling slot thread: pins its inputs in storage and reserves memory for what it computes,
 * reads its inputs (local storage first, reading spilled ones back, then the worker named in the input locations),
 * runs the fused chunk operands in order, dropping each intermediate after its last use, and stores the outputs.
 */
public final class SubtaskRunner {
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
        try (Pin inputs = storage.pin(sessionId, subtask.inputs());
             Reservation working = storage.reserve(subtask.workingBytes())) {
            return run(sessionId, subtask, inputLocations, start);
        }
    }

    private SubtaskResult run(String sessionId, Subtask subtask, Map<String, String> inputLocations, long start) {
        Map<String, ChunkData> values = new HashMap<>();
        // copies of inputs fetched from other processes (table chunks over the network): this run owns and closes them
        List<ChunkData> fetchedCopies = new ArrayList<>();
        try {
            // read-backs of spilled inputs run on the storage's threads, all at once
            Map<String, CompletableFuture<Optional<ChunkData>>> local = new HashMap<>();
            for (String key : subtask.inputs()) {
                local.put(key, storage.getAsync(sessionId, key));
            }
            for (String key : subtask.inputs()) {
                values.put(key, readInput(sessionId, key, inputLocations.get(key), local.get(key), fetchedCopies));
            }
            return compute(sessionId, subtask, values, start);
        } finally {
            for (ChunkData d : fetchedCopies) {
                d.close();
            }
        }
    }

    private SubtaskResult compute(String sessionId, Subtask subtask, Map<String, ChunkData> values, long start) {
        List<ChunkNode> chunks = subtask.chunks();
        ChunkData fused = FusedBlockEvaluator.tryEvaluate(chunks, values, subtask.outputs(), kernels);
        if (fused != null) {
            ChunkNode out = chunks.get(chunks.size() - 1);
            storage.put(sessionId, out.key(), fused);
            ChunkMeta meta = new ChunkMeta(out.key(), out.dtype(), shapeOf(out, fused), fused.nbytes(), Set.of(workerId));
            return new SubtaskResult(subtask.id(), workerId, List.of(meta), start, System.nanoTime());
        }
        Map<ChunkNode, Integer> remainingUses = new IdentityHashMap<>();
        for (ChunkNode c : chunks) {
            for (ChunkNode in : distinct(c.inputs())) {
                remainingUses.merge(in, 1, Integer::sum);
            }
        }
        Set<String> outputs = Set.copyOf(subtask.outputs());
        List<ChunkMeta> metas = new ArrayList<>(outputs.size());
        // data computed here and not (yet) handed to storage: this runner closes it (Arrow buffers)
        Map<String, ChunkData> owned = new HashMap<>();
        try {
            for (ChunkNode c : chunks) {
                List<ChunkData> ins = new ArrayList<>(c.inputs().size());
                for (ChunkNode in : c.inputs()) {
                    ChunkData d = values.get(in.key());
                    if (d == null) {
                        throw new MarsException(ErrorCode.INTERNAL_ERROR, "subtask " + subtask.id() + ": input "
                                + in.key() + " of " + c + " is not available");
                    }
                    ins.add(d);
                }
                ChunkData out = kernels.execute(c, ins);
                values.put(c.key(), out);
                owned.put(c.key(), out);
                for (ChunkNode in : distinct(c.inputs())) {
                    if (remainingUses.merge(in, -1, Integer::sum) == 0 && !outputs.contains(in.key())) {
                        values.remove(in.key());
                        ChunkData dropped = owned.remove(in.key());
                        if (dropped != null) {
                            dropped.close();
                        }
                    }
                }
                if (outputs.contains(c.key())) {
                    storage.put(sessionId, c.key(), out);
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

    private ChunkData readInput(String sessionId, String key, String location,
                                CompletableFuture<Optional<ChunkData>> read, List<ChunkData> fetchedCopies) {
        Optional<ChunkData> local;
        try {
            local = read.join();
        } catch (CompletionException e) {
            throw MarsException.wrap(e.getCause());
        }
        if (local.isPresent()) {
            return local.get();
        }
        if (location == null || location.equals(workerId)) {
            throw new MarsException(ErrorCode.CHUNK_NOT_FOUND, "chunk " + key + " of session " + sessionId
                    + " is not on worker " + workerId + " and no other location is known");
        }
        WorkerGateway peer = peers.apply(location);
        ChunkData d = peer.fetchChunk(sessionId, key).join();
        if (peer.fetchGivesCopies()) {
            fetchedCopies.add(d);
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
