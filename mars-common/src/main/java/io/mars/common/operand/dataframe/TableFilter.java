package io.mars.common.operand.dataframe;

import io.mars.common.operand.WireName;

/** The rows of input 0 where the bool series input 1 is true (null counts as false); lengths known only once run. */
@WireName("df.filter")
public record TableFilter() implements TableOperand {
}
