package io.mars.common.operand.dataframe;

import io.mars.common.operand.WireName;

/** The first {@code n} rows. */
@WireName("df.head")
public record TableHead(long n) implements TableOperand {
}
