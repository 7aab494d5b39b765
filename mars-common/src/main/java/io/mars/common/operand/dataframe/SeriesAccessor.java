package io.mars.common.operand.dataframe;

import io.mars.common.operand.WireName;

/**
 * {@code fn} of every value of a series (its one column), chunk by chunk. {@code pattern} is the literal text of
 * contains, startswith and replace (null otherwise), {@code replacement} replace's new text.
 */
@WireName("df.accessor")
public record SeriesAccessor(AccessorFn fn, String pattern, String replacement) implements TableOperand {
}
