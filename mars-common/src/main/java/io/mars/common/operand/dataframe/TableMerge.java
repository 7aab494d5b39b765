package io.mars.common.operand.dataframe;

import io.mars.common.operand.WireName;
import java.util.List;
import java.util.Objects;

/**
 * pandas' {@code merge(left, right, left_on, right_on, how, suffixes)} of input 0 (left) and input 1 (right),
 * matching left key columns {@code leftOn} with right key columns {@code rightOn} pairwise (none for a cross join);
 * the columns are {@link MergePlan}'s. Rows come part by part (a part per chunk of the larger side); the API sorts
 * them by the keys when asked to ({@code sort=True}).
 */
@WireName("df.merge")
public record TableMerge(List<String> leftOn, List<String> rightOn, MergeHow how, String leftSuffix,
                         String rightSuffix) implements TableOperand {
    public TableMerge {
        leftOn = List.copyOf(leftOn);
        rightOn = List.copyOf(rightOn);
        Objects.requireNonNull(how, "how");
        Objects.requireNonNull(leftSuffix, "leftSuffix");
        Objects.requireNonNull(rightSuffix, "rightSuffix");
    }

    /** A merge on key columns both sides have ({@code on=}). */
    public TableMerge(List<String> on, MergeHow how, String leftSuffix, String rightSuffix) {
        this(on, on, how, leftSuffix, rightSuffix);
    }
}
