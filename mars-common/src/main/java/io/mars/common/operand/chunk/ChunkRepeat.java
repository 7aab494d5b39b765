package io.mars.common.operand.chunk;

import io.mars.common.operand.Operand;
import io.mars.common.operand.WireName;

/** Repeats every element of one chunk along {@code axis} {@code repeats} times in a row. */
@WireName("chunk.repeat")
public record ChunkRepeat(int axis, long repeats) implements Operand {
}
