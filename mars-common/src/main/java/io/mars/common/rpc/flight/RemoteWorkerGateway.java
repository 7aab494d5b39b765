package io.mars.common.rpc.flight;

import io.mars.common.graph.Subtask;
import io.mars.common.rpc.SubtaskResult;
import io.mars.common.rpc.WorkerGateway;
import io.mars.common.rpc.flight.RpcMessages.ChunkTicket;
import io.mars.common.rpc.flight.RpcMessages.DeleteChunks;
import io.mars.common.rpc.flight.RpcMessages.Empty;
import io.mars.common.rpc.flight.RpcMessages.LongValue;
import io.mars.common.rpc.flight.RpcMessages.RunSubtask;
import io.mars.common.rpc.flight.RpcMessages.WorkerAddress;
import io.mars.common.wire.GraphCodec;
import io.mars.common.wire.MessageCodec;
import io.mars.types.ChunkData;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import org.apache.arrow.memory.BufferAllocator;

/** A worker in another process, reached over its RPC endpoint. Owns its client connection. */
public final class RemoteWorkerGateway implements WorkerGateway, AutoCloseable {
    private final WorkerAddress address;
    private final RpcClient client;
    private final BufferAllocator allocator;

    /** {@code allocator} holds the table chunks fetched from this worker (each closed by whoever fetched it). */
    public RemoteWorkerGateway(WorkerAddress address, RpcSecret secret, BufferAllocator allocator) {
        this.address = address;
        this.allocator = allocator;
        this.client = new RpcClient(address.workerId(), address.host(), address.port(), secret, allocator);
    }

    public WorkerAddress address() {
        return address;
    }

    @Override
    public String workerId() {
        return address.workerId();
    }

    @Override
    public int slots() {
        return address.slots();
    }

    @Override
    public CompletableFuture<SubtaskResult> runSubtask(String sessionId, Subtask subtask,
                                                       Map<String, String> inputLocations) {
        byte[] req = MessageCodec.encode(new RunSubtask(sessionId, GraphCodec.encode(subtask), inputLocations));
        return client.call(RpcMessages.RUN_SUBTASK, req).thenApply(WorkerRpc::decodeResult);
    }

    @Override
    public CompletableFuture<ChunkData> fetchChunk(String sessionId, String chunkKey) {
        return client.fetch(MessageCodec.encode(new ChunkTicket(sessionId, chunkKey)))
                .thenApply(bytes -> GraphCodec.decodeChunkData(bytes, allocator));
    }

    @Override
    public CompletableFuture<ChunkData> fetchChunkPart(String sessionId, String chunkKey, int part) {
        return client.fetch(MessageCodec.encode(new ChunkTicket(sessionId, chunkKey, part)))
                .thenApply(bytes -> GraphCodec.decodeChunkData(bytes, allocator));
    }

    @Override
    public boolean fetchGivesCopies() {
        return true;
    }

    @Override
    public CompletableFuture<Long> deleteChunks(String sessionId, List<String> chunkKeys) {
        return client.call(RpcMessages.DELETE_CHUNKS, MessageCodec.encode(new DeleteChunks(sessionId, chunkKeys)))
                .thenApply(r -> MessageCodec.decode(r, LongValue.class).value());
    }

    @Override
    public long memoryBytes() {
        return address.memoryBytes() > 0 ? address.memoryBytes() : Long.MAX_VALUE;
    }

    @Override
    public CompletableFuture<io.mars.common.rpc.WorkerReport> report() {
        return client.call(RpcMessages.WORKER_REPORT, MessageCodec.encode(new Empty()))
                .thenApply(r -> MessageCodec.decode(r, io.mars.common.rpc.WorkerReport.class));
    }

    @Override
    public CompletableFuture<Long> storedBytes() {
        return client.call(RpcMessages.STORED_BYTES, MessageCodec.encode(new Empty()))
                .thenApply(r -> MessageCodec.decode(r, LongValue.class).value());
    }

    @Override
    public void close() {
        client.close();
    }

    @Override
    public String toString() {
        return "RemoteWorker[" + address.workerId() + "@" + address.host() + ":" + address.port() + "]";
    }
}
