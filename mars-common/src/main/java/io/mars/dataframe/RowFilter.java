package io.mars.dataframe;

import io.mars.common.error.ErrorCode;
import io.mars.common.error.MarsException;
import io.mars.common.operand.Scalar;
import io.mars.common.operand.dataframe.CompareOp;
import io.mars.common.operand.dataframe.RowPredicate;
import io.mars.types.DType;
import java.util.ArrayList;
import java.util.List;

/**
 * A filter applied while reading Parquet (pyarrow's {@code filters=[(col, op, value), ...]}): terms
 * {@code column op literal} joined by AND. Row groups whose statistics rule every row out are not read at all.
 * {@code RowFilter.where("x", ">", 1.5).and("s", "==", "a")}.
 */
public final class RowFilter {
    private final List<RowPredicate> terms;

    private RowFilter(List<RowPredicate> terms) {
        this.terms = List.copyOf(terms);
    }

    /** No filter: every row. */
    public static RowFilter none() {
        return new RowFilter(List.of());
    }

    /** {@code column op literal}; op one of ==, !=, <, <=, >, >=; literal a Number, Boolean, String or Instant. */
    public static RowFilter where(String column, String op, Object literal) {
        return none().and(column, op, literal);
    }

    public RowFilter and(String column, String op, Object literal) {
        List<RowPredicate> out = new ArrayList<>(terms);
        out.add(term(column, CompareOp.fromSymbol(op), literal));
        return new RowFilter(out);
    }

    public List<RowPredicate> terms() {
        return terms;
    }

    private static RowPredicate term(String column, CompareOp op, Object literal) {
        if (literal instanceof String s) {
            return new RowPredicate(column, op, null, s);
        }
        if (literal instanceof Double || literal instanceof Float) {
            return new RowPredicate(column, op, Scalar.of(((Number) literal).doubleValue()), null);
        }
        if (literal instanceof Long || literal instanceof Integer || literal instanceof Short
                || literal instanceof Byte) {
            return new RowPredicate(column, op, Scalar.of(((Number) literal).longValue()), null);
        }
        if (literal instanceof Boolean b) {
            return new RowPredicate(column, op, Scalar.of(b), null);
        }
        if (literal instanceof java.time.Instant t) {
            return new RowPredicate(column, op, Scalar.of(t.getEpochSecond() * 1_000_000_000L + t.getNano()), null);
        }
        throw new MarsException(ErrorCode.INVALID_FILTER, "the literal of filter term '" + column + " " + op.symbol()
                + " " + literal + "' is a " + (literal == null ? "null" : literal.getClass().getSimpleName())
                + "; use a number, a boolean, a string or an Instant");
    }

    /** INVALID_FILTER or COLUMN_NOT_FOUND unless every term names a column of {@code names} with a fitting literal. */
    void check(List<String> names, List<DType> types) {
        for (RowPredicate p : terms) {
            int i = names.indexOf(p.column());
            if (i < 0) {
                throw new MarsException(ErrorCode.COLUMN_NOT_FOUND, "filter column '" + p.column()
                        + "' not found; the file has " + names);
            }
            DType t = types.get(i);
            boolean ok = t == DType.STRING ? p.text() != null : p.number() != null;
            if (!ok) {
                throw new MarsException(ErrorCode.INVALID_FILTER, "filter term " + p + " compares column '"
                        + p.column() + "' of " + t + " with a " + (p.text() != null ? "string" : "number")
                        + "; use a " + (t == DType.STRING ? "string" : "number") + " literal");
            }
        }
    }

    @Override
    public String toString() {
        return terms.toString();
    }
}
