package io.mars.dataframe;

import io.mars.common.error.ErrorCode;
import io.mars.common.error.MarsException;
import io.mars.common.operand.dataframe.AccessorFn;
import io.mars.common.operand.dataframe.SeriesAccessor;
import io.mars.types.DType;
import java.util.List;
import java.util.Objects;

/** pandas' {@code Series.str}: element-wise string functions; patterns are literal text (pandas' regex=False). */
public final class StringAccessor {
    private final Series series;

    StringAccessor(Series series) {
        if (series.dtype() != DType.STRING) {
            throw new MarsException(ErrorCode.UNSUPPORTED_DTYPE, ".str needs a string (object) series, got series '"
                    + series.name() + "' of " + series.dtype() + "; convert it with astype(DType.STRING) first");
        }
        this.series = series;
    }

    static Series apply(Series s, AccessorFn fn, String pattern, String replacement) {
        return apply(s, new SeriesAccessor(fn, pattern, replacement));
    }

    private static Series apply(Series s, SeriesAccessor op) {
        return s.withLabelsOf(new Series(op, List.of(s), s.name(), op.fn().outputType(), s.length()));
    }

    /** Number of characters (UTF-16 code units beyond the BMP count twice); int64, null for null. */
    public Series len() { return apply(series, AccessorFn.STR_LEN, null, null); }

    public Series lower() { return apply(series, AccessorFn.STR_LOWER, null, null); }

    public Series upper() { return apply(series, AccessorFn.STR_UPPER, null, null); }

    /** Whether the value holds {@code text}; false for null (pandas' {@code contains(text, regex=False, na=False)}). */
    public Series contains(String text) {
        return apply(series, AccessorFn.STR_CONTAINS, Objects.requireNonNull(text, "text"), null);
    }

    /** Whether the value starts with {@code prefix}; false for null (pandas' {@code na=False}). */
    public Series startswith(String prefix) {
        return apply(series, AccessorFn.STR_STARTSWITH, Objects.requireNonNull(prefix, "prefix"), null);
    }

    /**
     * pandas' {@code contains(pattern, regex=regex)}: with {@code regex}, whether the regular expression matches
     * somewhere in the value (Java's syntax, which agrees with Python's for the usual patterns); false for null.
     */
    public Series contains(String pattern, boolean regex) {
        if (!regex) {
            return contains(pattern);
        }
        try {
            java.util.regex.Pattern.compile(Objects.requireNonNull(pattern, "pattern"));
        } catch (java.util.regex.PatternSyntaxException e) {
            throw new MarsException(ErrorCode.INVALID_ARGUMENT, "str.contains: '" + pattern + "' is not a valid"
                    + " regular expression: " + e.getDescription() + "; pass regex=false to match it literally");
        }
        return apply(series, AccessorFn.STR_CONTAINS_REGEX, pattern, null);
    }

    /** Whether the value ends with {@code suffix}; false for null (pandas' {@code na=False}). */
    public Series endswith(String suffix) {
        return apply(series, AccessorFn.STR_ENDSWITH, Objects.requireNonNull(suffix, "suffix"), null);
    }

    /** pandas' {@code str.slice(start, stop)}: Python's {@code value[start:stop]}; a negative bound counts from the end. */
    public Series slice(int start, int stop) {
        return apply(series, new SeriesAccessor(AccessorFn.STR_SLICE, null, null, start, stop));
    }

    /** pandas' {@code str.slice(start)}: from {@code start} to the end. */
    public Series slice(int start) {
        return apply(series, new SeriesAccessor(AccessorFn.STR_SLICE, null, null, start, SeriesAccessor.OPEN));
    }

    /** Every {@code text} replaced by {@code replacement} (pandas' {@code replace(text, repl, regex=False)}). */
    public Series replace(String text, String replacement) {
        if (Objects.requireNonNull(text, "text").isEmpty()) {
            throw new MarsException(ErrorCode.INVALID_ARGUMENT, "str.replace needs a non-empty text to replace");
        }
        return apply(series, AccessorFn.STR_REPLACE, text, Objects.requireNonNull(replacement, "replacement"));
    }
}
