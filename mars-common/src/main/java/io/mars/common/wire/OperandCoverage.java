package io.mars.common.wire;

import io.mars.common.operand.Operand;
import io.mars.common.operand.WireName;
import io.mars.common.operand.chunk.ChunkFetch;
import io.mars.common.optimize.pruning.PruningRules;
import io.mars.common.tiling.TilerRegistry;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;

/**
 * What each registered operand still lacks: a wire name (every operand), a tiler (tileable operands), a column-pruning
 * rule (table operands, whose inputs may be tables) and a kernel (chunk operands but {@code chunk.fetch}, whose data
 * are read from storage). Tests assert the lists are empty, so a new operand cannot ship half-registered. Kernels
 * live in the worker, so their check takes the worker's lookup.
 */
public final class OperandCoverage {
    private OperandCoverage() {
    }

    /** One line per missing wire name, tiler or pruning rule, naming the operand class. */
    public static List<String> gaps(TilerRegistry tilers, PruningRules rules) {
        List<String> out = new ArrayList<>();
        for (Class<? extends Operand> c : OperandRegistry.operands()) {
            if (c.getAnnotation(WireName.class) == null) {
                out.add(c.getName() + " has no @WireName");
            }
        }
        for (Class<? extends Operand> c : OperandRegistry.tileableOperands()) {
            if (!tilers.supports(c)) {
                out.add(describe(c) + " has no tiler in TilerRegistry");
            }
        }
        for (Class<? extends Operand> c : OperandRegistry.tableOperands()) {
            if (!rules.has(c)) {
                out.add(describe(c) + " has no column-pruning rule in PruningRules (NeedsAllColumns if it prunes nothing)");
            }
        }
        return out;
    }

    /** One line per chunk operand, but {@code chunk.fetch}, for which {@code hasKernel} is false. */
    public static List<String> missingKernels(Predicate<Class<? extends Operand>> hasKernel) {
        List<String> out = new ArrayList<>();
        for (Class<? extends Operand> c : OperandRegistry.chunkOperands()) {
            if (c != ChunkFetch.class && !hasKernel.test(c)) {
                out.add(describe(c) + " has no kernel in KernelRegistry");
            }
        }
        return out;
    }

    private static String describe(Class<? extends Operand> c) {
        WireName w = c.getAnnotation(WireName.class);
        return c.getSimpleName() + (w == null ? "" : " (" + w.value() + ")");
    }
}
