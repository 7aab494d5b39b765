package io.mars;

import io.mars.common.error.ErrorCode;
import io.mars.common.error.MarsException;
import io.mars.common.graph.Tileable;
import io.mars.common.operand.tensor.TensorSpawn;
import io.mars.tensor.Tensor;
import io.mars.types.ChunkSpec;
import io.mars.types.DataType;
import io.mars.types.NDArray;
import io.mars.types.RemoteFunction;
import io.mars.types.Shapes;
import io.mars.types.UserFunctions;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;

/**
 * The handle of a remote function call, {@link Session#spawn} (Mars's {@code mr.spawn}): lazy like a tensor; run it
 * with {@link #execute(Session)}, or pass it to another spawn, which then runs after it and gets its value. Its value
 * travels as the Java serialization of what the function returned, held by a one-chunk int8 tensor.
 *
 * @param <T> the type of the function's result
 */
public final class Remote<T> {
    private final Tensor bytes;

    private Remote(Tensor bytes) {
        this.bytes = bytes;
    }

    static <R> Remote<R> spawn(RemoteFunction<R> fn, Object... args) {
        byte[] function = UserFunctions.serialize(fn, "spawn");
        Object[] constants = new Object[args.length];
        int[] kinds = new int[args.length];
        List<Tileable> inputs = new ArrayList<>();
        for (int i = 0; i < args.length; i++) {
            Object a = args[i];
            if (a instanceof Remote<?> r) {
                kinds[i] = TensorSpawn.SPAWNED;
                inputs.add(r.bytes);
            } else if (a instanceof Tensor t) {
                if (t.size() < 0) {
                    throw new MarsException(ErrorCode.INVALID_ARGUMENT, "spawn: argument " + i + " is a tensor of"
                            + " shape " + Shapes.toString(t.shape()) + ", known only once computed; execute it first");
                }
                kinds[i] = TensorSpawn.TENSOR;
                // the whole tensor in one chunk, as the function gets it
                inputs.add(t.rechunk(ChunkSpec.of(wholeChunk(t.shape()))));
            } else if (a instanceof Tileable) {
                throw new MarsException(ErrorCode.INVALID_ARGUMENT, "spawn: argument " + i + " is a "
                        + a.getClass().getSimpleName() + "; a spawned call takes spawned results, tensors and"
                        + " serializable values (execute a frame first, or pass its tensor)");
            } else if (a == null || a instanceof Serializable) {
                kinds[i] = TensorSpawn.CONSTANT;
                constants[i] = a;
            } else {
                throw new MarsException(ErrorCode.USER_FUNCTION_NOT_SERIALIZABLE, "spawn: argument " + i + " ("
                        + a.getClass().getName() + ") is not serializable, so it cannot be sent to the workers");
            }
        }
        byte[] constantBytes = UserFunctions.serialize(constants, "spawn's arguments");
        return new Remote<>(Tensor.fromTileables(new TensorSpawn(function, constantBytes, kinds), inputs,
                DataType.INT8, new long[] {Shapes.UNKNOWN}));
    }

    private static long[] wholeChunk(long[] shape) {
        long[] chunk = new long[shape.length];
        for (int i = 0; i < shape.length; i++) {
            chunk[i] = Math.max(1, shape[i]);
        }
        return chunk;
    }

    /** Runs the call (and the calls and tensors it takes) and returns what the function returned. */
    @SuppressWarnings("unchecked")
    public T execute(Session session) {
        NDArray value = session.execute(bytes);
        ClassLoader loader = Thread.currentThread().getContextClassLoader();
        return (T) UserFunctions.deserialize((byte[]) value.data(), Object.class,
                loader != null ? loader : Remote.class.getClassLoader(), "spawn's result");
    }

    /** Drops the call's result from the workers (as {@link Session#release} drops a tensor's). */
    public void release(Session session) {
        session.release(bytes);
    }
}
