package io.mars.dataframe;

import io.mars.common.error.ErrorCode;
import io.mars.common.error.MarsException;
import io.mars.common.operand.dataframe.TableRequireRows;
import io.mars.types.DType;
import io.mars.types.Shapes;
import java.util.List;

/** Label lookups of a frame ({@code loc}): masks over its labels, and the check that a looked-up label exists. */
final class RowLookup {
    private RowLookup() {
    }

    private static Series labels(DataFrame df) {
        return df.index().toSeries();
    }

    static Series equal(DataFrame df, double label) {
        return numeric(df, label).eq(label);
    }

    static Series equal(DataFrame df, String label) {
        return text(df, label).eq(label);
    }

    static Series between(DataFrame df, double from, double to) {
        Series s = numeric(df, from);
        return s.ge(from).and(s.le(to));
    }

    static Series between(DataFrame df, String from, String to) {
        Series s = text(df, from);
        return s.notna().and(s.lt(from).not()).and(s.gt(to).not());
    }

    private static Series numeric(DataFrame df, Object label) {
        Series s = labels(df);
        if (!s.dtype().isNumeric()) {
            throw new MarsException(ErrorCode.UNSUPPORTED_DTYPE, "loc got the number " + label + " but the index holds "
                    + s.dtype() + " labels; look up a label of that type");
        }
        return s;
    }

    private static Series text(DataFrame df, String label) {
        Series s = labels(df);
        if (s.dtype() != DType.STRING) {
            throw new MarsException(ErrorCode.UNSUPPORTED_DTYPE, "loc got the string '" + label + "' but the index"
                    + " holds " + s.dtype() + " labels; look up a label of that type");
        }
        return s;
    }

    /** The rows where {@code mask} holds, LABEL_NOT_FOUND (when run) if there is none. */
    static DataFrame loc(DataFrame df, Series mask, String what) {
        DataFrame rows = df.filter(mask);
        String message = "loc: " + what + " is not in the index (pandas raises KeyError); df.index() shows the labels";
        return new DataFrame(new TableRequireRows(message), List.of(rows), rows.columns(), rows.dtypes(),
                Shapes.UNKNOWN, rows.labels());
    }
}
