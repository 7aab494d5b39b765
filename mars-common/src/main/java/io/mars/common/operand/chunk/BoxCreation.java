package io.mars.common.operand.chunk;

import io.mars.common.operand.Operand;

/**
 * A chunk that creates its values from its position alone (a fill, a range, random draws by position): the same
 * operand can make any box of the tensor, so a re-chunking makes each new chunk directly instead of assembling it
 * from the old ones.
 */
public sealed interface BoxCreation extends ChunkOperand
        permits ChunkArange, ChunkEye, ChunkFull, ChunkLinspace, ChunkRand, ChunkRandomSample {
    /** The operand that makes the box starting at {@code offset} (per axis) of the same tensor. */
    Operand at(long[] offset);
}
