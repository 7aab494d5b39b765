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

    /** The plan of a merge on key columns both sides have. */
    public static MergePlan of(List<String> leftNames, List<DType> leftTypes, List<String> rightNames,
                               List<DType> rightTypes, List<String> on, MergeHow how, String leftSuffix,
                               String rightSuffix) {
        return of(leftNames, leftTypes, rightNames, rightTypes, on, on, how, leftSuffix, rightSuffix);
    }

    /**
     * The plan of a merge matching left columns {@code leftOn} with right columns {@code rightOn}: a pair of one name
     * is one output column (a key); a pair of two names keeps both columns, as pandas does.
     */
    public static MergePlan of(List<String> leftNames, List<DType> leftTypes, List<String> rightNames,
                               List<DType> rightTypes, List<String> leftOn, List<String> rightOn, MergeHow how,
                               String leftSuffix, String rightSuffix) {
        checkKeys(leftNames, leftTypes, rightNames, rightTypes, leftOn, rightOn, how);
        Set<String> keys = new HashSet<>();
        for (int i = 0; i < leftOn.size(); i++) {
            if (leftOn.get(i).equals(rightOn.get(i))) {
                keys.add(leftOn.get(i));
            }
        }
        List<String> names = new ArrayList<>();
        List<DType> dtypes = new ArrayList<>();
        List<Integer> sources = new ArrayList<>();
        List<String> columns = new ArrayList<>();
        if (how.leftOnly()) {
            for (int i = 0; i < leftNames.size(); i++) {
                names.add(leftNames.get(i));
                dtypes.add(leftTypes.get(i));
                sources.add(LEFT);
                columns.add(leftNames.get(i));
            }
            return new MergePlan(List.copyOf(names), List.copyOf(dtypes), List.copyOf(sources), List.copyOf(columns));
        }
        Set<String> clash = new HashSet<>();
        for (String n : leftNames) {
            if (!keys.contains(n) && rightNames.contains(n)) {
                clash.add(n);
            }
        }
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

    private static void checkKeys(List<String> leftNames, List<DType> leftTypes, List<String> rightNames,
                                  List<DType> rightTypes, List<String> leftOn, List<String> rightOn, MergeHow how) {
        if (how == MergeHow.CROSS) {
            if (!leftOn.isEmpty() || !rightOn.isEmpty()) {
                throw new MarsException(ErrorCode.INVALID_MERGE, "a cross merge pairs every row with every row; it"
                        + " takes no key columns, got " + leftOn + " and " + rightOn);
            }
            return;
        }
        if (leftOn.isEmpty()) {
            throw new MarsException(ErrorCode.INVALID_MERGE, "merge needs at least one key column in 'on' (or"
                    + " left_on and right_on); use how='cross' to pair every row with every row");
        }
        if (leftOn.size() != rightOn.size()) {
            throw new MarsException(ErrorCode.INVALID_MERGE, "left_on " + leftOn + " and right_on " + rightOn
                    + " must name as many columns");
        }
        if (new HashSet<>(leftOn).size() != leftOn.size() || new HashSet<>(rightOn).size() != rightOn.size()) {
            throw new MarsException(ErrorCode.INVALID_MERGE, "merge keys " + leftOn + (leftOn.equals(rightOn) ? ""
                    : " and " + rightOn) + " name a column twice");
        }
        for (int i = 0; i < leftOn.size(); i++) {
            String lk = leftOn.get(i);
            String rk = rightOn.get(i);
            int l = leftNames.indexOf(lk);
            int r = rightNames.indexOf(rk);
            if (l < 0 || r < 0) {
                throw new MarsException(ErrorCode.MERGE_KEY_NOT_FOUND, "merge key '" + (l < 0 ? lk : rk) + "' is not"
                        + " a column of the " + (l < 0 ? "left" : "right") + " frame, whose columns are "
                        + (l < 0 ? leftNames : rightNames) + "; merge on columns the frames have (rename one side"
                        + " first, or give left_on and right_on)");
            }
            DType a = leftTypes.get(l);
            DType b = rightTypes.get(r);
            if (a != b && !(a.isNumeric() && b.isNumeric())) {
                throw new MarsException(ErrorCode.INVALID_MERGE, "merge key '" + lk + "' is " + a + " on the left and"
                        + " '" + rk + "' is " + b + " on the right; convert one side with astype so both are numbers,"
                        + " strings or dates");
            }
        }
    }

    /** The type of a column that may receive nulls for missing rows: ints become float64, as in pandas. */
    private static DType nullable(DType t) {
        return t == DType.INT32 || t == DType.INT64 ? DType.FLOAT64 : t;
    }
}
