package io.mars.common.operand.chunk;

import io.mars.common.operand.WireName;
import java.util.List;

/** Builds a chunk (in the node's shape) from runs of C-order elements copied out of input chunks (reshape). */
@WireName("chunk.assemble.flat")
public record ChunkFlatAssemble(List<Run> runs) implements ChunkOperand {
    public ChunkFlatAssemble {
        runs = List.copyOf(runs);
    }

    /** Copy {@code length} elements from flat position {@code srcStart} of input {@code input} to {@code dstStart}. */
    public record Run(int input, long srcStart, long dstStart, long length) {
    }
}
