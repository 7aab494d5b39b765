package io.mars.common.operand;

/**
 * The element-wise distributions a random tensor can draw from. Every value is a pure function of
 * {@code (seed, stream, position)}, so a tensor never depends on its chunking or on the workers computing it.
 */
public enum RandomDistribution {
    /** {@code low + (high - low) * u} with u uniform in [0, 1) (numpy {@code uniform}). */
    UNIFORM,
    /** {@code loc + scale * z} with z standard normal (numpy {@code normal}, {@code randn}). */
    NORMAL,
    /** Integers uniform in [low, high) without bias (numpy {@code randint}). */
    INTEGERS
}
