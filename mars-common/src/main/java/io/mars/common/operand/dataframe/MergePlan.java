package io.mars.common.operand.dataframe;

import io.mars.common.error.ErrorCode;
import io.mars.common.error.MarsException;
import io.mars.types.DType;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The columns of a merge, worked out once from both sides' columns so that the API (when the expression is built)
 * and the join kernel agree: the left columns in order, then the right columns that are not keys; a name both sides
 * have (other than a key) gets the suffixes. A column of the side whose unmatched rows are filled with nulls turns
 * from int to float64, as pandas does when a row is missing.
 *
 * @param names   output column names
 * @param dtypes  output column types
 * @param sources per output column: {@code 0} left, {@code 1} right, {@code 2} a key (from whichever side has it)
 * @param columns per output column, the input column it comes from
 */
public record MergePlan(List<String> names, List<DType> dtypes, List<Integer> sources, List<String> columns) {
    public static final int LEFT = 0;
    public static final int RIGHT = 1;
    public static final int KEY = 2;

    public static MergePlan of(List<String> leftNames, List<DType> leftTypes, List<String> rightNames,
                               List<DType> rightTypes, List<String> on, MergeHow how, String leftSuffix,
                               String rightSuffix) {
        if (on.isEmpty()) {
            throw new MarsException(ErrorCode.INVALID_MERGE, "merge needs at least one key column in 'on'");
        }
        if (new HashSet<>(on).size() != on.size()) {
            throw new MarsException(ErrorCode.INVALID_MERGE, "merge keys " + on + " name a column twice");
        }
        for (String k : on) {
            int l = leftNames.indexOf(k);
            int r = rightNames.indexOf(k);
            if (l < 0 || r < 0) {
                throw new MarsException(ErrorCode.MERGE_KEY_NOT_FOUND, "merge key '" + k + "' is not a column of the "
                        + (l < 0 ? "left" : "right") + " frame, whose columns are " + (l < 0 ? leftNames : rightNames)
                        + "; merge on columns both frames have (rename one side first)");
            }
            DType a = leftTypes.get(l);
            DType b = rightTypes.get(r);
            if (a != b && !(a.isNumeric() && b.isNumeric())) {
                throw new MarsException(ErrorCode.INVALID_MERGE, "merge key '" + k + "' is " + a + " on the left and "
                        + b + " on the right; convert one side with astype so both are numbers, strings or dates");
            }
        }
        Set<String> keys = new HashSet<>(on);
        Set<String> clash = new HashSet<>();
        for (String n : leftNames) {
            if (!keys.contains(n) && rightNames.contains(n)) {
                clash.add(n);
            }
        }
        List<String> names = new ArrayList<>();
        List<DType> dtypes = new ArrayList<>();
        List<Integer> sources = new ArrayList<>();
        List<String> columns = new ArrayList<>();
        for (int i = 0; i < leftNames.size(); i++) {
            String n = leftNames.get(i);
            if (keys.contains(n)) {
                DType a = leftTypes.get(i);
                DType b = rightTypes.get(rightNames.indexOf(n));
                names.add(n);
                dtypes.add(a == b ? a : DType.promote(a, b));
                sources.add(KEY);
            } else {
                names.add(clash.contains(n) ? n + leftSuffix : n);
                dtypes.add(how.keepsRight() ? nullable(leftTypes.get(i)) : leftTypes.get(i));
                sources.add(LEFT);
            }
            columns.add(n);
        }
        for (int i = 0; i < rightNames.size(); i++) {
            String n = rightNames.get(i);
            if (keys.contains(n)) {
                continue;
            }
            names.add(clash.contains(n) ? n + rightSuffix : n);
            dtypes.add(how.keepsLeft() ? nullable(rightTypes.get(i)) : rightTypes.get(i));
            sources.add(RIGHT);
            columns.add(n);
        }
        if (new HashSet<>(names).size() != names.size()) {
            throw new MarsException(ErrorCode.INVALID_MERGE, "merge would give repeated column names " + names
                    + "; choose other suffixes than '" + leftSuffix + "' and '" + rightSuffix + "'");
        }
        return new MergePlan(List.copyOf(names), List.copyOf(dtypes), List.copyOf(sources), List.copyOf(columns));
    }

    /** The type of a column that may receive nulls for missing rows: ints become float64, as in pandas. */
    private static DType nullable(DType t) {
        return t == DType.INT32 || t == DType.INT64 ? DType.FLOAT64 : t;
    }
}
