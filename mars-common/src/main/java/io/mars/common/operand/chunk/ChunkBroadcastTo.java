package io.mars.common.operand.chunk;

import io.mars.common.operand.WireName;

/** Broadcasts one chunk to the node's shape (its length-1 and missing leading axes are repeated). */
@WireName("chunk.broadcast_to")
public record ChunkBroadcastTo() implements ChunkOperand {
}
