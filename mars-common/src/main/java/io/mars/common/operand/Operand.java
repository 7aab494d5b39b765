package io.mars.common.operand;

/**
 * An operation in a graph: a plain data record (its components are its parameters), annotated with a
 * {@link WireName}. Tileable operands are tiled by rules in {@code io.mars.common.tiling}; chunk operands are run by
 * kernels in the worker, both found through registries keyed by the operand's class. A built-in operand implements
 * the sealed interface of its package ({@code TensorOperand}, {@code ChunkOperand}, {@code TableOperand},
 * {@code TableChunkOperand}), whose permits list is how the wire registry finds it.
 */
public interface Operand {
    /** The operand's wire name. */
    default String wireName() {
        WireName w = getClass().getAnnotation(WireName.class);
        if (w == null) {
            throw new IllegalStateException(getClass().getName() + " has no @WireName");
        }
        return w.value();
    }
}
