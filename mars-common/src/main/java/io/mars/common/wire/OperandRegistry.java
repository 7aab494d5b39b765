package io.mars.common.wire;

import io.mars.common.error.ErrorCode;
import io.mars.common.error.MarsException;
import io.mars.common.operand.Operand;
import io.mars.common.operand.WireName;
import io.mars.common.operand.chunk.ChunkOperand;
import io.mars.common.operand.dataframe.TableChunkOperand;
import io.mars.common.operand.dataframe.TableOperand;
import io.mars.common.operand.tensor.TensorOperand;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Every operand record that can cross the wire, by its {@link WireName}. The records are read from the permits lists
 * of the operand packages' sealed interfaces ({@link TensorOperand}, {@link TableOperand} for tileables,
 * {@link ChunkOperand}, {@link TableChunkOperand} for chunks), so a new operand is registered by declaring which one
 * it implements; the compiler rejects a record that implements one without being listed in its permits.
 */
public final class OperandRegistry {
    private static final List<Class<? extends Operand>> TILEABLES = records(TensorOperand.class, TableOperand.class);
    private static final List<Class<? extends Operand>> CHUNKS = records(ChunkOperand.class, TableChunkOperand.class);
    private static final List<Class<? extends Operand>> OPERANDS = concat(TILEABLES, CHUNKS);

    private static final Map<String, Class<? extends Operand>> BY_WIRE_NAME = index(OPERANDS);

    private OperandRegistry() {
    }

    /** All registered operand classes: the tileable operands, then the chunk operands. */
    public static List<Class<? extends Operand>> operands() {
        return OPERANDS;
    }

    /** The operands of tileable graphs (tensors and dataframes), which need a tiler. */
    public static List<Class<? extends Operand>> tileableOperands() {
        return TILEABLES;
    }

    /** The tileable operands of dataframes and series: the ones whose inputs may be tables. */
    public static List<Class<? extends Operand>> tableOperands() {
        return records(TableOperand.class);
    }

    /** The operands of chunk graphs, which need a kernel (but {@code chunk.fetch}, read from storage). */
    public static List<Class<? extends Operand>> chunkOperands() {
        return CHUNKS;
    }

    public static Optional<Class<? extends Operand>> find(String wireName) {
        return Optional.ofNullable(BY_WIRE_NAME.get(wireName));
    }

    /** The class registered under {@code wireName}; SERIALIZATION_FAILED naming the wire name when there is none. */
    public static Class<? extends Operand> classOf(String wireName) {
        Class<? extends Operand> c = BY_WIRE_NAME.get(wireName);
        if (c == null) {
            throw new MarsException(ErrorCode.SERIALIZATION_FAILED, "unknown operand wire name '" + wireName
                    + "': no operand record is registered under it in " + OperandRegistry.class.getSimpleName());
        }
        return c;
    }

    /** Whether {@code type} is the class registered under its own wire name. */
    public static boolean isRegistered(Class<?> type) {
        WireName w = type.getAnnotation(WireName.class);
        return w != null && BY_WIRE_NAME.get(w.value()) == type;
    }

    /** The records permitted by the sealed {@code roots}, through sealed sub-interfaces, in permits order. */
    @SafeVarargs
    private static List<Class<? extends Operand>> records(Class<? extends Operand>... roots) {
        List<Class<? extends Operand>> out = new ArrayList<>();
        for (Class<? extends Operand> root : roots) {
            collect(root, out);
        }
        return List.copyOf(out);
    }

    @SuppressWarnings("unchecked")
    private static void collect(Class<?> type, List<Class<? extends Operand>> out) {
        if (type.isRecord()) {
            out.add((Class<? extends Operand>) type);
            return;
        }
        if (!type.isSealed()) {
            throw new IllegalStateException(type.getName() + " must be a record or a sealed interface of records");
        }
        for (Class<?> sub : type.getPermittedSubclasses()) {
            collect(sub, out);
        }
    }

    private static List<Class<? extends Operand>> concat(List<Class<? extends Operand>> a,
                                                         List<Class<? extends Operand>> b) {
        List<Class<? extends Operand>> out = new ArrayList<>(a);
        out.addAll(b);
        return List.copyOf(out);
    }

    private static Map<String, Class<? extends Operand>> index(List<Class<? extends Operand>> operands) {
        Map<String, Class<? extends Operand>> out = new LinkedHashMap<>();
        for (Class<? extends Operand> c : operands) {
            WireName w = c.getAnnotation(WireName.class);
            if (w == null || !c.isRecord()) {
                throw new IllegalStateException(c.getName() + " must be a record annotated with @WireName");
            }
            Class<? extends Operand> previous = out.put(w.value(), c);
            if (previous != null) {
                throw new IllegalStateException("wire name '" + w.value() + "' is used by both "
                        + previous.getName() + " and " + c.getName());
            }
        }
        return Map.copyOf(out);
    }
}
