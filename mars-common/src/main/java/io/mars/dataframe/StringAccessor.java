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

    // ----- issue 18: members computed per value by a function of mars-common (the workers always have its classes) -----

    private Series each(io.mars.types.ValueFunction<String, Object> fn, DType out) {
        return series.map(fn, out);
    }

    /** pandas' {@code strip()}: leading and trailing whitespace removed; null for null. */
    public Series strip() { return each(v -> v == null ? null : v.strip(), DType.STRING); }
    public Series lstrip() { return each(v -> v == null ? null : v.stripLeading(), DType.STRING); }
    public Series rstrip() { return each(v -> v == null ? null : v.stripTrailing(), DType.STRING); }

    /** pandas' {@code strip(chars)}: the characters of {@code chars} removed from both ends. */
    public Series strip(String chars) {
        String c = Objects.requireNonNull(chars, "chars");
        return each(v -> v == null ? null : trimEnd(trimStart(v, c), c), DType.STRING);
    }

    public Series lstrip(String chars) {
        String c = Objects.requireNonNull(chars, "chars");
        return each(v -> v == null ? null : trimStart(v, c), DType.STRING);
    }

    public Series rstrip(String chars) {
        String c = Objects.requireNonNull(chars, "chars");
        return each(v -> v == null ? null : trimEnd(v, c), DType.STRING);
    }

    private static String trimStart(String v, String chars) {
        int i = 0;
        while (i < v.length() && chars.indexOf(v.charAt(i)) >= 0) {
            i++;
        }
        return v.substring(i);
    }

    private static String trimEnd(String v, String chars) {
        int j = v.length();
        while (j > 0 && chars.indexOf(v.charAt(j - 1)) >= 0) {
            j--;
        }
        return v.substring(0, j);
    }

    /** pandas' {@code zfill(width)}: zeros on the left up to {@code width}, after a leading sign. */
    public Series zfill(int width) {
        requireWidth("zfill", width);
        return each(v -> {
            if (v == null || v.length() >= width) {
                return v;
            }
            boolean sign = !v.isEmpty() && (v.charAt(0) == '-' || v.charAt(0) == '+');
            String zeros = "0".repeat(width - v.length());
            return sign ? v.charAt(0) + zeros + v.substring(1) : zeros + v;
        }, DType.STRING);
    }

    /** pandas' {@code pad(width, side, fillchar)}: {@code side} is left, right or both (extra on the right). */
    public Series pad(int width, String side, char fillchar) {
        requireWidth("pad", width);
        if (!List.of("left", "right", "both").contains(side)) {
            throw new MarsException(ErrorCode.INVALID_ARGUMENT, "str.pad: side must be left, right or both; got '"
                    + side + "'");
        }
        String f = String.valueOf(fillchar);
        return each(v -> {
            if (v == null || v.length() >= width) {
                return v;
            }
            int total = width - v.length();
            return switch (side) {
                case "left" -> f.repeat(total) + v;
                case "right" -> v + f.repeat(total);
                default -> {
                    // pandas pads with Python's str.center, which puts the odd extra character on the left only
                    // when both the padding and the width are odd
                    int left = total / 2 + (total & width & 1);
                    yield f.repeat(left) + v + f.repeat(total - left);
                }
            };
        }, DType.STRING);
    }

    /** pandas' {@code pad(width)}: spaces on the left. */
    public Series pad(int width) {
        return pad(width, "left", ' ');
    }

    private static void requireWidth(String what, int width) {
        if (width < 0) {
            throw new MarsException(ErrorCode.INVALID_ARGUMENT, "str." + what + ": width must be >= 0, got " + width);
        }
    }

    /**
     * pandas' {@code count(pattern)}: the non-overlapping matches of the regular expression in each value; int64,
     * null for null (pandas gives float64 with NaN there).
     */
    public Series count(String pattern) {
        java.util.regex.Pattern p = compile("count", pattern);
        return each(v -> {
            if (v == null) {
                return null;
            }
            long n = 0;
            java.util.regex.Matcher m = p.matcher(v);
            while (m.find()) {
                n++;
            }
            return n;
        }, DType.INT64);
    }

    private static java.util.regex.Pattern compile(String what, String pattern) {
        try {
            return java.util.regex.Pattern.compile(Objects.requireNonNull(pattern, "pattern"));
        } catch (java.util.regex.PatternSyntaxException e) {
            throw new MarsException(ErrorCode.INVALID_ARGUMENT, "str." + what + ": '" + pattern + "' is not a valid"
                    + " regular expression: " + e.getDescription());
        }
    }

    /** pandas' {@code find(sub)}: the first index of {@code sub}, -1 when absent; int64, null for null. */
    public Series find(String sub) {
        String t = Objects.requireNonNull(sub, "sub");
        return each(v -> v == null ? null : (Object) (long) v.indexOf(t), DType.INT64);
    }

    /** pandas' {@code rfind(sub)}: the last index of {@code sub}, -1 when absent; int64, null for null. */
    public Series rfind(String sub) {
        String t = Objects.requireNonNull(sub, "sub");
        return each(v -> v == null ? null : (Object) (long) v.lastIndexOf(t), DType.INT64);
    }

    /** pandas' {@code get(i)}: the character at {@code i} (negative from the end); null when out of range. */
    public Series get(int i) {
        return each(v -> {
            if (v == null) {
                return null;
            }
            int at = i < 0 ? v.length() + i : i;
            return at < 0 || at >= v.length() ? null : String.valueOf(v.charAt(at));
        }, DType.STRING);
    }

    /**
     * pandas' {@code extract(pattern, expand=False)} with one group: the first group of the first match; null when
     * nothing matches. A pattern without exactly one group is INVALID_ARGUMENT.
     */
    public Series extract(String pattern) {
        java.util.regex.Pattern p = compile("extract", pattern);
        int groups = p.matcher("").groupCount();
        if (groups != 1) {
            throw new MarsException(ErrorCode.INVALID_ARGUMENT, "str.extract: pattern '" + pattern + "' has " + groups
                    + " groups; give exactly one capture group");
        }
        return each(v -> {
            if (v == null) {
                return null;
            }
            java.util.regex.Matcher m = p.matcher(v);
            return m.find() ? m.group(1) : null;
        }, DType.STRING);
    }

    /** pandas' {@code capitalize()}: the first character upper case, the rest lower case. */
    public Series capitalize() {
        return each(v -> v == null || v.isEmpty() ? v : v.substring(0, 1).toUpperCase(java.util.Locale.ROOT)
                + v.substring(1).toLowerCase(java.util.Locale.ROOT), DType.STRING);
    }

    /** pandas' {@code isdigit()}: every character a digit and at least one; null for null (pandas: NaN, object). */
    public Series isdigit() {
        return each(v -> v == null ? null : (Object) (!v.isEmpty() && v.chars().allMatch(Character::isDigit)),
                DType.BOOL);
    }
}
