package io.mars.common.rpc.flight;

import static io.mars.common.rpc.flight.RpcMessages.DELETE_CHUNKS;
import static io.mars.common.rpc.flight.RpcMessages.RUN_SUBTASK;
import static io.mars.common.rpc.flight.RpcMessages.STORED_BYTES;
import static io.mars.common.rpc.flight.RpcMessages.WORKER_REPORT;

import io.mars.common.rpc.SubtaskResult;
import io.mars.common.rpc.WorkerGateway;
import io.mars.common.rpc.flight.RpcMessages.ChunkTicket;
import io.mars.common.rpc.flight.RpcMessages.DeleteChunks;
import io.mars.common.rpc.flight.RpcMessages.LongValue;
import io.mars.common.rpc.flight.RpcMessages.RunSubtask;
import io.mars.common.wire.GraphCodec;
import io.mars.common.wire.MessageCodec;
import io.mars.types.ChunkData;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.function.Function;

/** Serves a {@link WorkerGateway} over an {@link RpcServer}: its calls and its chunks' data streams. */
public final class WorkerRpc {
    private WorkerRpc() {
    }

    public static Map<String, RpcHandler> handlers(WorkerGateway worker) {
        return Map.of(
                RUN_SUBTASK, req -> {
                    RunSubtask r = MessageCodec.decode(req, RunSubtask.class);
                    return worker.runSubtask(r.sessionId(), GraphCodec.decodeSubtask(r.subtask()), r.inputLocations())
                            .thenApply(MessageCodec::encode);
                },
                DELETE_CHUNKS, req -> {
                    DeleteChunks r = MessageCodec.decode(req, DeleteChunks.class);
                    return worker.deleteChunks(r.sessionId(), r.chunkKeys())
                            .thenApply(n -> MessageCodec.encode(new LongValue(n)));
                },
                STORED_BYTES, req -> worker.storedBytes().thenApply(n -> MessageCodec.encode(new LongValue(n))),
                WORKER_REPORT, req -> worker.report().thenApply(MessageCodec::encode));
    }

    /** Serves a chunk's data: the ticket names session and chunk, the stream carries the chunk's Avro encoding. */
    public static Function<byte[], CompletableFuture<byte[]>> chunkStreams(WorkerGateway worker) {
        return ticket -> {
            ChunkTicket t = MessageCodec.decode(ticket, ChunkTicket.class);
            CompletableFuture<ChunkData> fetched = t.part() < 0 ? worker.fetchChunk(t.sessionId(), t.chunkKey())
                    : worker.fetchChunkPart(t.sessionId(), t.chunkKey(), t.part());
            return fetched.thenApply(data -> {
                try {
                    return GraphCodec.encode(data);
                } finally {
                    if (worker.fetchGivesCopies()) {
                        data.close();
                    }
                }
            });
        };
    }

    static SubtaskResult decodeResult(byte[] reply) {
        return MessageCodec.decode(reply, SubtaskResult.class);
    }
}
