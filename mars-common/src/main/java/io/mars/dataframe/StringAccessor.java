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

    // ----- issue 18, second round: more per-value members -----

    /** pandas' {@code center(width, fillchar)}: Python's {@code str.center}. */
    public Series center(int width, char fillchar) { return pad(width, "both", fillchar); }

    public Series center(int width) { return center(width, ' '); }

    /** pandas' {@code ljust(width, fillchar)}: the value on the left, padded on the right. */
    public Series ljust(int width, char fillchar) { return pad(width, "right", fillchar); }

    public Series ljust(int width) { return ljust(width, ' '); }

    /** pandas' {@code rjust(width, fillchar)}: the value on the right, padded on the left. */
    public Series rjust(int width, char fillchar) { return pad(width, "left", fillchar); }

    public Series rjust(int width) { return rjust(width, ' '); }

    /** pandas' {@code repeat(n)}: the value {@code n} times ({@code n <= 0}: the empty string); null for null. */
    public Series repeat(int n) {
        return each(v -> v == null ? null : v.repeat(Math.max(0, n)), DType.STRING);
    }

    /** pandas' {@code title()}: Python's {@code str.title}, a letter after a character without case upper case. */
    public Series title() {
        return each(v -> {
            if (v == null) {
                return null;
            }
            StringBuilder b = new StringBuilder(v.length());
            boolean prevCased = false;
            for (int i = 0; i < v.length(); i++) {
                char c = v.charAt(i);
                b.append(prevCased ? Character.toLowerCase(c) : Character.toTitleCase(c));
                prevCased = cased(c);
            }
            return b.toString();
        }, DType.STRING);
    }

    /** pandas' {@code swapcase()}: upper case to lower case and back. */
    public Series swapcase() {
        return each(v -> {
            if (v == null) {
                return null;
            }
            // whole-string case mappings per character, as Python's: ß swaps to SS
            StringBuilder b = new StringBuilder(v.length());
            for (int i = 0; i < v.length(); i++) {
                char c = v.charAt(i);
                String one = String.valueOf(c);
                b.append(Character.isUpperCase(c) ? one.toLowerCase(java.util.Locale.ROOT)
                        : Character.isLowerCase(c) ? one.toUpperCase(java.util.Locale.ROOT) : one);
            }
            return b.toString();
        }, DType.STRING);
    }

    private static boolean cased(char c) {
        return Character.isUpperCase(c) || Character.isLowerCase(c) || Character.isTitleCase(c);
    }

    /** A test of one value; serializable, as the function of {@link Series#map} that captures it must be. */
    private interface Test<V> extends java.util.function.Predicate<V>, java.io.Serializable {
    }

    private Series test(Test<String> p) {
        return each(v -> v == null ? null : (Object) p.test(v), DType.BOOL);
    }

    private static boolean every(String v, java.util.function.IntPredicate p) {
        return !v.isEmpty() && v.chars().allMatch(p);
    }

    /** pandas' {@code isalpha()}: every character a letter and at least one; null for null (pandas: NaN). */
    public Series isalpha() { return test(v -> every(v, Character::isLetter)); }

    /** pandas' {@code isalnum()}: every character a letter or a digit and at least one. */
    public Series isalnum() {
        return test(v -> every(v, c -> Character.isLetter(c) || Character.isDigit(c)
                || Character.getType(c) == Character.OTHER_NUMBER || Character.getType(c) == Character.LETTER_NUMBER));
    }

    /** pandas' {@code isnumeric()}: every character numeric (digits, fractions such as ½) and at least one. */
    public Series isnumeric() {
        return test(v -> every(v, c -> Character.isDigit(c) || Character.getType(c) == Character.OTHER_NUMBER
                || Character.getType(c) == Character.LETTER_NUMBER));
    }

    /** pandas' {@code isdecimal()}: every character a decimal digit and at least one. */
    public Series isdecimal() {
        return test(v -> every(v, c -> Character.getType(c) == Character.DECIMAL_DIGIT_NUMBER));
    }

    /** pandas' {@code isspace()}: every character whitespace and at least one. */
    public Series isspace() { return test(v -> every(v, Character::isWhitespace)); }

    /** pandas' {@code isupper()}: some character has case and every such one is upper case. */
    public Series isupper() {
        return test(v -> v.chars().anyMatch(c -> cased((char) c))
                && v.chars().noneMatch(c -> Character.isLowerCase(c) || Character.isTitleCase(c)));
    }

    /** pandas' {@code islower()}: some character has case and every such one is lower case. */
    public Series islower() {
        return test(v -> v.chars().anyMatch(c -> cased((char) c))
                && v.chars().noneMatch(c -> Character.isUpperCase(c) || Character.isTitleCase(c)));
    }

    /**
     * pandas' {@code match(pattern)}: whether the regular expression matches at the start of the value; null for
     * null (pandas: NaN, object).
     */
    public Series match(String pattern) {
        java.util.regex.Pattern p = compile("match", pattern);
        return each(v -> v == null ? null : (Object) p.matcher(v).lookingAt(), DType.BOOL);
    }

    /** pandas' {@code fullmatch(pattern)}: whether the regular expression matches the whole value; null for null. */
    public Series fullmatch(String pattern) {
        java.util.regex.Pattern p = compile("fullmatch", pattern);
        return each(v -> v == null ? null : (Object) p.matcher(v).matches(), DType.BOOL);
    }

    /** pandas' {@code removeprefix(prefix)}: the value without {@code prefix} when it starts with it. */
    public Series removeprefix(String prefix) {
        String p = Objects.requireNonNull(prefix, "prefix");
        return each(v -> v != null && v.startsWith(p) ? v.substring(p.length()) : v, DType.STRING);
    }

    /** pandas' {@code removesuffix(suffix)}: the value without {@code suffix} when it ends with it. */
    public Series removesuffix(String suffix) {
        String p = Objects.requireNonNull(suffix, "suffix");
        return each(v -> v != null && v.endsWith(p) ? v.substring(0, v.length() - p.length()) : v, DType.STRING);
    }

    /**
     * pandas' {@code split(pat, n=n, expand=True)} of a literal separator: a frame of columns "0" ... "n" (pandas
     * names them 0 ... n), part i of each value, null past the value's last part and for a null value. pandas
     * makes only as many columns as the longest split has parts; Mars always makes {@code n + 1}, since it cannot
     * know the longest before running (the difference is all-null columns on the right). {@code n >= 1}, as the
     * columns must be known.
     */
    public DataFrame split(String pat, int n) {
        return expanded("split", pat, n, false);
    }

    /**
     * pandas' {@code rsplit(pat, n=n, expand=True)}: as {@link #split(String, int)}, split at most {@code n} times
     * from the right (the first column holds what is left on the left).
     */
    public DataFrame rsplit(String pat, int n) {
        return expanded("rsplit", pat, n, true);
    }

    private DataFrame expanded(String what, String pat, int n, boolean fromRight) {
        if (Objects.requireNonNull(pat, "pat").isEmpty()) {
            throw new MarsException(ErrorCode.INVALID_ARGUMENT, "str." + what + ": the separator must not be empty");
        }
        if (n < 1) {
            throw new MarsException(ErrorCode.INVALID_ARGUMENT, "str." + what + "(expand=True): n must be at least 1"
                    + " so the columns are known, got " + n);
        }
        DataFrame out = null;
        for (int i = 0; i <= n; i++) {
            Series part = part(pat, n, i, fromRight).rename(String.valueOf(i));
            out = out == null ? part.toFrame() : out.assign(String.valueOf(i), part);
        }
        return out;
    }

    /**
     * pandas' {@code split(pat, n=n).str.get(i)}: part {@code i} (negative from the end) of the value split at most
     * {@code n} times at the literal {@code pat} ({@code n < 1}: at every one); null when there is no such part.
     */
    public Series splitGet(String pat, int n, int i) {
        if (Objects.requireNonNull(pat, "pat").isEmpty()) {
            throw new MarsException(ErrorCode.INVALID_ARGUMENT, "str.split: the separator must not be empty");
        }
        return part(pat, n, i, false);
    }

    private Series part(String sep, int n, int i, boolean fromRight) {
        return each(v -> {
            if (v == null) {
                return null;
            }
            java.util.LinkedList<String> parts = new java.util.LinkedList<>();
            if (fromRight) {
                int to = v.length();
                while (n < 1 || parts.size() < n) {
                    int at = v.lastIndexOf(sep, to - sep.length());
                    if (at < 0) {
                        break;
                    }
                    parts.addFirst(v.substring(at + sep.length(), to));
                    to = at;
                }
                parts.addFirst(v.substring(0, to));
            } else {
                int from = 0;
                while (n < 1 || parts.size() < n) {
                    int at = v.indexOf(sep, from);
                    if (at < 0) {
                        break;
                    }
                    parts.add(v.substring(from, at));
                    from = at + sep.length();
                }
                parts.add(v.substring(from));
            }
            int k = i < 0 ? parts.size() + i : i;
            return k < 0 || k >= parts.size() ? null : parts.get(k);
        }, DType.STRING);
    }

    /**
     * pandas' {@code slice_replace(start, stop, repl)}: Python's {@code value[:start] + repl + value[stop:]}, where
     * an empty {@code value[start:stop]} keeps everything from {@code start}.
     */
    public Series sliceReplace(int start, int stop, String repl) {
        String r = Objects.requireNonNull(repl, "repl");
        return each(v -> {
            if (v == null) {
                return null;
            }
            int a = clamp(start, v.length());
            int z = clamp(stop, v.length());
            int tail = z <= a ? a : z;
            return v.substring(0, a) + r + v.substring(tail);
        }, DType.STRING);
    }

    private static int clamp(int i, int length) {
        return i < 0 ? Math.max(0, length + i) : Math.min(i, length);
    }

    /** pandas' {@code normalize(form)}: the Unicode normal form NFC, NFKC, NFD or NFKD of each value. */
    public Series normalize(String form) {
        java.text.Normalizer.Form f;
        try {
            f = java.text.Normalizer.Form.valueOf(Objects.requireNonNull(form, "form"));
        } catch (IllegalArgumentException e) {
            throw new MarsException(ErrorCode.INVALID_ARGUMENT, "str.normalize: form must be NFC, NFKC, NFD or NFKD;"
                    + " got '" + form + "'");
        }
        return each(v -> v == null ? null : java.text.Normalizer.normalize(v, f), DType.STRING);
    }

    /**
     * pandas' {@code casefold()}: a caseless form for comparisons (upper case, then lower case, so that ß gives ss
     * as Python's full case folding does).
     */
    public Series casefold() {
        return each(v -> v == null ? null : v.toUpperCase(java.util.Locale.ROOT).toLowerCase(java.util.Locale.ROOT),
                DType.STRING);
    }

    /** pandas' {@code cat(others, sep)} element-wise: value, {@code sep}, other's value; null when either is null. */
    public Series cat(Series others, String sep) {
        if (others.dtype() != DType.STRING) {
            throw new MarsException(ErrorCode.UNSUPPORTED_DTYPE, "str.cat: others must be a string series, got '"
                    + others.name() + "' of " + others.dtype());
        }
        String s = Objects.requireNonNull(sep, "sep");
        DataFrame both = series.rename("a").toFrame().assign("b", others.rename("b"));
        return both.apply((io.mars.types.RowFunction<String>) r -> r.isNull("a") || r.isNull("b") ? null
                : r.getString("a") + s + r.getString("b"), DType.STRING).rename(series.name());
    }
}
