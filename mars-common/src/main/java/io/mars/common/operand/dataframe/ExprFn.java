package io.mars.common.operand.dataframe;

/**
 * Row-wise functions of a {@link ColumnExpr}, with pandas' semantics on nulls: arithmetic propagates them,
 * comparisons with a null are false (not-equal is true), logical operators read null as false.
 */
public enum ExprFn {
    /** The argument column itself (select, rename, assign). */
    COLUMN,
    ADD, SUBTRACT, MULTIPLY, DIVIDE, FLOOR_DIVIDE, MOD, POWER, NEGATE, ABS,
    /**
     * The remainder with the dividend's sign (C's and numpy's {@code fmod}): a timedelta modulo a number, which
     * pandas computes as {@code td - (td // n) * n} with numpy's truncating timedelta-by-number division.
     */
    FMOD,
    LESS, LESS_EQUAL, GREATER, GREATER_EQUAL, EQUAL, NOT_EQUAL,
    AND, OR, XOR, NOT,
    ISNA, NOTNA,
    /** True where none of the arguments is null (dropna's keep-mask). */
    ALL_NOTNA,
    /** True where at least one of the arguments is not null (dropna(how='all')'s keep-mask). */
    ANY_NOTNA,
    /** The argument with nulls replaced by the constant. */
    FILLNA,
    /** The argument converted to the expression's dtype. */
    ASTYPE,
    /** {@code where(cond, other)}: argument 1 where argument 0 is true, else argument 2 or the constant (null if none). */
    WHERE,
    /**
     * numpy's {@code round(x, decimals)} with the constant as decimals: halves to even on {@code x * 10^decimals}
     * (over {@code 10^-decimals} when negative), as pandas' {@code round}.
     */
    ROUND,
    /** The text (or the constant) on every row; the argument only gives the rows (melt's variable column). */
    CONSTANT;

    public boolean isComparison() {
        return switch (this) {
            case LESS, LESS_EQUAL, GREATER, GREATER_EQUAL, EQUAL, NOT_EQUAL -> true;
            default -> false;
        };
    }

    public boolean isArithmetic() {
        return switch (this) {
            case ADD, SUBTRACT, MULTIPLY, DIVIDE, FLOOR_DIVIDE, MOD, FMOD, POWER -> true;
            default -> false;
        };
    }

    public boolean isLogical() {
        return this == AND || this == OR || this == XOR;
    }
}
