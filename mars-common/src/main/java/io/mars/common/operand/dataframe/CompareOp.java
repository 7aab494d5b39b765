package io.mars.common.operand.dataframe;

import io.mars.common.error.ErrorCode;
import io.mars.common.error.MarsException;

/** The comparisons of a read filter ({@link RowPredicate}), with Python's symbols. */
public enum CompareOp {
    EQ("=="), NE("!="), LT("<"), LE("<="), GT(">"), GE(">=");

    private final String symbol;

    CompareOp(String symbol) {
        this.symbol = symbol;
    }

    public String symbol() {
        return symbol;
    }

    /** Whether {@code cmp}, the sign of {@code value.compareTo(literal)}, satisfies this comparison. */
    public boolean test(int cmp) {
        return switch (this) {
            case EQ -> cmp == 0;
            case NE -> cmp != 0;
            case LT -> cmp < 0;
            case LE -> cmp <= 0;
            case GT -> cmp > 0;
            case GE -> cmp >= 0;
        };
    }

    public static CompareOp fromSymbol(String s) {
        for (CompareOp op : values()) {
            if (op.symbol.equals(s)) {
                return op;
            }
        }
        throw new MarsException(ErrorCode.INVALID_FILTER, "filter comparison '" + s
                + "' is not supported; use one of ==, !=, <, <=, >, >=");
    }
}
