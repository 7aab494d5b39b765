package io.mars.common.operand.dataframe;

import io.mars.common.operand.WireName;
import java.util.List;
import java.util.Objects;

/**
 * pandas' {@code merge(left, right, on, how, suffixes)} of input 0 (left) and input 1 (right) on the key columns
 * {@code on}, which both have; the columns are {@link MergePlan}'s. Rows come part by part (a part per chunk of the
 * larger side); the API sorts them by the keys when asked to ({@code sort=True}).
 */
@WireName("df.merge")
public record TableMerge(List<String> on, MergeHow how, String leftSuffix, String rightSuffix) implements TableOperand {
    public TableMerge {
        on = List.copyOf(on);
        Objects.requireNonNull(how, "how");
        Objects.requireNonNull(leftSuffix, "leftSuffix");
        Objects.requireNonNull(rightSuffix, "rightSuffix");
    }
}
