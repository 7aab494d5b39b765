package io.mars.common.wire;

import io.mars.common.operand.Operand;
import io.mars.common.operand.dataframe.ChunkTableRowPositions;
import io.mars.common.operand.dataframe.TableRequireRows;
import io.mars.common.operand.dataframe.TableRowPositions;
import java.util.List;

/** One instance of every row-label (df-index) operand, with values that differ from defaults. */
final class RowLabelOperandSamples {
    private RowLabelOperandSamples() {
    }

    static List<Operand> all() {
        return List.of(
                new TableRowPositions(),
                new ChunkTableRowPositions(1_234_567_890_123L),
                new TableRequireRows("loc: label 'x' is not in the index"));
    }
}
