package io.mars.common.operand.dataframe;

import io.mars.common.error.ErrorCode;
import io.mars.common.error.MarsException;
import java.util.List;

/**
 * pandas' {@code merge(how=...)}: which rows without a partner on the other side are kept; plus Spark's left semi
 * and left anti joins (the left rows with, or without, a match, once each, left columns only), which pandas users
 * write as {@code isin} and {@code ~isin}.
 */
public enum MergeHow {
    INNER("inner"), LEFT("left"), RIGHT("right"), OUTER("outer"), CROSS("cross"), SEMI("leftsemi"), ANTI("leftanti");

    private final String pandasName;

    MergeHow(String pandasName) {
        this.pandasName = pandasName;
    }

    public String pandasName() {
        return pandasName;
    }

    /** Whether left rows without a match are kept (their right columns null, or alone for an anti join). */
    public boolean keepsLeft() {
        return this == LEFT || this == OUTER || this == ANTI;
    }

    /** Whether right rows without a match are kept (their left columns null). */
    public boolean keepsRight() {
        return this == RIGHT || this == OUTER;
    }

    /** Whether the output has the left columns only, each left row at most once (semi and anti joins). */
    public boolean leftOnly() {
        return this == SEMI || this == ANTI;
    }

    public static MergeHow fromName(String name) {
        String n = name == null ? "" : name.toLowerCase(java.util.Locale.ROOT).replace("_", "");
        for (MergeHow h : values()) {
            if (h.pandasName.equals(n)) {
                return h;
            }
        }
        if (List.of("semi", "anti").contains(n)) {
            return n.equals("semi") ? SEMI : ANTI;
        }
        throw new MarsException(ErrorCode.INVALID_MERGE, "merge(how='" + name + "') is not valid; use one of inner,"
                + " left, right, outer, cross, leftsemi, leftanti");
    }
}
