package io.mars.common.wire;

import static org.assertj.core.api.Assertions.assertThat;

import io.mars.common.operand.dataframe.TableMerge;
import io.mars.common.operand.tensor.TensorSlice;
import io.mars.common.optimize.pruning.PruningRules;
import io.mars.common.tiling.TilerRegistry;
import org.junit.jupiter.api.Test;

/** The mars-common half of operand completeness; the kernels' half is KernelCoverageTest in mars-container. */
class OperandCoverageTest {
    @Test
    void everyOperandHasAWireNameEveryTileableATilerAndEveryTableOperandAPruningRule() {
        assertThat(OperandCoverage.gaps(TilerRegistry.standard(), PruningRules.standard())).isEmpty();
    }

    @Test
    void namesATileableOperandWhoseTilerIsMissing() {
        TilerRegistry withoutSlice = TilerRegistry.standard().without(TensorSlice.class);

        assertThat(OperandCoverage.gaps(withoutSlice, PruningRules.standard()))
                .containsExactly("TensorSlice (tensor.slice) has no tiler in TilerRegistry");
    }

    @Test
    void namesATableOperandWhosePruningRuleIsMissing() {
        PruningRules withoutMerge = PruningRules.standard().without(TableMerge.class);

        assertThat(OperandCoverage.gaps(TilerRegistry.standard(), withoutMerge))
                .singleElement().asString()
                .startsWith("TableMerge (df.merge) has no column-pruning rule");
    }

    @Test
    void tileableAndChunkOperandsSplitTheRegistry() {
        assertThat(OperandRegistry.tileableOperands()).containsAll(OperandRegistry.tableOperands())
                .doesNotContainAnyElementsOf(OperandRegistry.chunkOperands());
        assertThat(OperandRegistry.tileableOperands().size() + OperandRegistry.chunkOperands().size())
                .isEqualTo(OperandRegistry.operands().size());
    }
}
