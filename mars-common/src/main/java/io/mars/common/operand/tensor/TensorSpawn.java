package io.mars.common.operand.tensor;

import io.mars.common.operand.WireName;

/**
 * A remote function call (Mars's {@code spawn}): one chunk holding the Java serialization of what the serialized
 * {@code io.mars.types.RemoteFunction} {@code function} returns for its arguments, as int8 values. Argument {@code i}
 * is {@code constants[i]} (a serialized {@code Object[]}) when {@code kinds[i]} is {@link #CONSTANT}, else the next
 * input chunk: a spawned result to deserialize ({@link #SPAWNED}) or a whole tensor ({@link #TENSOR}).
 */
@WireName("tensor.spawn")
public record TensorSpawn(byte[] function, byte[] constants, int[] kinds) implements TensorOperand {
    public static final int CONSTANT = 0;
    public static final int SPAWNED = 1;
    public static final int TENSOR = 2;
}
