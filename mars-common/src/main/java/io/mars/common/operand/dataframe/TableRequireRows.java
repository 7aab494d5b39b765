package io.mars.common.operand.dataframe;

import io.mars.common.operand.WireName;
import java.util.Objects;

/**
 * The input as it is, once its length is known, or LABEL_NOT_FOUND with {@code message} when it has no row (pandas'
 * KeyError of {@code loc} for a missing label). Checked when tiled, so no chunk operand is needed.
 */
@WireName("df.require_rows")
public record TableRequireRows(String message) implements TableOperand {
    public TableRequireRows {
        Objects.requireNonNull(message, "message");
    }
}
