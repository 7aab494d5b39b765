package io.mars.common.operand.dataframe;

import io.mars.common.error.ErrorCode;
import io.mars.common.error.MarsException;

/** pandas' {@code merge(how=...)}: which rows without a partner on the other side are kept. */
public enum MergeHow {
    INNER("inner"), LEFT("left"), RIGHT("right"), OUTER("outer");

    private final String pandasName;

    MergeHow(String pandasName) {
        this.pandasName = pandasName;
    }

    public String pandasName() {
        return pandasName;
    }

    /** Whether left rows without a match are kept (their right columns null). */
    public boolean keepsLeft() {
        return this == LEFT || this == OUTER;
    }

    /** Whether right rows without a match are kept (their left columns null). */
    public boolean keepsRight() {
        return this == RIGHT || this == OUTER;
    }

    public static MergeHow fromName(String name) {
        for (MergeHow h : values()) {
            if (h.pandasName.equals(name)) {
                return h;
            }
        }
        throw new MarsException(ErrorCode.INVALID_MERGE, "merge(how='" + name + "') is not valid; use one of inner,"
                + " left, right, outer");
    }
}
