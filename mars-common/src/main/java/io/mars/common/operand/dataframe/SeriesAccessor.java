package io.mars.common.operand.dataframe;

import io.mars.common.operand.WireName;

/**
 * {@code fn} of every value of a series (its one column), chunk by chunk. {@code pattern} is the literal text of
 * contains, startswith, endswith and replace, or the regular expression of a regex contains (null otherwise);
 * {@code replacement} replace's new text; {@code start} and {@code stop} a slice's bounds (Python's, negative from
 * the end; {@link #OPEN} for none).
 */
@WireName("df.accessor")
public record SeriesAccessor(AccessorFn fn, String pattern, String replacement, int start, int stop)
        implements TableOperand {
    /** A slice bound left out ({@code s[2:]}). */
    public static final int OPEN = Integer.MIN_VALUE;

    public SeriesAccessor(AccessorFn fn, String pattern, String replacement) {
        this(fn, pattern, replacement, OPEN, OPEN);
    }
}
