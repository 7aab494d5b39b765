package io.mars.common.operand.dataframe;

import io.mars.common.operand.WireName;

/** pandas' {@code concat([...])} of frames (or series) with the same columns: their rows one after the other. */
@WireName("df.concat")
public record TableConcat() implements TableOperand {
}
