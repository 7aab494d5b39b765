package io.mars.common.io;

import io.mars.types.DType;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Set;

/**
 * CSV text to typed values and back, with pandas' rules: its default null strings, its true/false spellings, the
 * column type it infers from a sample, Python's float repr when writing.
 */
public final class CsvValues {
    /** pandas 1.5's default {@code na_values}. */
    public static final List<String> PANDAS_NULLS = List.of("", "#N/A", "#N/A N/A", "#NA", "-1.#IND", "-1.#QNAN",
            "-NaN", "-nan", "1.#IND", "1.#QNAN", "<NA>", "N/A", "NA", "NULL", "NaN", "n/a", "nan", "null");
    private static final long NANOS_PER_SECOND = 1_000_000_000L;

    private CsvValues() {
    }

    public static boolean isTrue(String s) {
        return s.equals("True") || s.equals("true") || s.equals("TRUE");
    }

    public static boolean isFalse(String s) {
        return s.equals("False") || s.equals("false") || s.equals("FALSE");
    }

    /** The long of an integer field, or null when it is not one. */
    public static Long parseLong(String s) {
        String t = s.strip();
        int n = t.length();
        if (n == 0 || n > 20) {
            return null;
        }
        int i = t.charAt(0) == '-' || t.charAt(0) == '+' ? 1 : 0;
        if (i == n) {
            return null;
        }
        for (int k = i; k < n; k++) {
            char c = t.charAt(k);
            if (c < '0' || c > '9') {
                return null;
            }
        }
        try {
            return Long.parseLong(t);
        } catch (NumberFormatException e) {
            return null;
        }
    }

    /** The double of a float field (decimal, exponent, inf, nan), or null when it is not one. */
    public static Double parseDouble(String s) {
        String t = s.strip();
        if (t.isEmpty()) {
            return null;
        }
        switch (t.toLowerCase()) {
            case "inf", "+inf", "infinity", "+infinity" -> {
                return Double.POSITIVE_INFINITY;
            }
            case "-inf", "-infinity" -> {
                return Double.NEGATIVE_INFINITY;
            }
            case "nan", "-nan", "+nan" -> {
                return Double.NaN;
            }
            default -> {
            }
        }
        for (int k = 0; k < t.length(); k++) {
            char c = t.charAt(k);
            boolean ok = c >= '0' && c <= '9' || c == '.' || c == '-' || c == '+' || c == 'e' || c == 'E';
            if (!ok) {
                return null; // Java also reads "1d", "0x1p3" and "Infinity": pandas does not
            }
        }
        try {
            return Double.parseDouble(t);
        } catch (NumberFormatException e) {
            return null;
        }
    }

    /**
     * Nanoseconds since the epoch (UTC) of {@code 2024-01-31}, {@code 2024-01-31 12:30[:45[.123456789]]} or the same
     * with {@code T}; null when the text is not one of these.
     */
    public static Long parseTimestamp(String s) {
        String t = s.strip();
        try {
            if (t.length() == 10) {
                return LocalDate.parse(t).toEpochDay() * 86_400L * NANOS_PER_SECOND;
            }
            if (t.length() > 10 && (t.charAt(10) == ' ' || t.charAt(10) == 'T')) {
                LocalDateTime dt = LocalDateTime.parse(t.substring(0, 10) + "T" + t.substring(11),
                        DateTimeFormatter.ISO_LOCAL_DATE_TIME);
                return Math.addExact(Math.multiplyExact(dt.toEpochSecond(ZoneOffset.UTC), NANOS_PER_SECOND),
                        dt.getNano());
            }
        } catch (RuntimeException e) {
            return null;
        }
        return null;
    }

    /**
     * The type pandas gives a column, folded one value at a time: int64 when every value is an integer (float64 if
     * there were also nulls, since pandas holds missing ints as NaN), bool for true/false only (object with nulls),
     * float64 for numbers and for a column of nulls only, object otherwise.
     */
    public static final class TypeGuess {
        private boolean ints = true;
        private boolean floats = true;
        private boolean bools = true;
        private boolean sawNull;
        private boolean sawValue;

        /** Adds a value read as null. */
        public void addNull() {
            sawNull = true;
        }

        /** Adds a non-null value. */
        public void add(String v) {
            sawValue = true;
            if (bools && !(isTrue(v) || isFalse(v))) {
                bools = false;
            }
            if (ints && parseLong(v) == null) {
                ints = false;
            }
            if (!ints && floats && parseDouble(v) == null) {
                floats = false;
            }
        }

        /** Whether no later value can change the answer (it is object already). */
        public boolean settled() {
            return !ints && !floats && !bools;
        }

        public DType dtype() {
            if (!sawValue) {
                return DType.FLOAT64;
            }
            if (bools) {
                return sawNull ? DType.STRING : DType.BOOL;
            }
            if (ints) {
                return sawNull ? DType.FLOAT64 : DType.INT64;
            }
            return floats ? DType.FLOAT64 : DType.STRING;
        }
    }

    public static boolean isNull(String s, Set<String> nulls) {
        return nulls.contains(s);
    }

    // ----- writing -----

    /** A double as Python's {@code repr} writes it (which pandas' {@code to_csv} uses): 1.0, 0.1, 1e-05, 1e+16. */
    public static String formatDouble(double d) {
        if (Double.isNaN(d)) {
            return "";
        }
        if (Double.isInfinite(d)) {
            return d > 0 ? "inf" : "-inf";
        }
        if (d == 0) {
            return 1 / d < 0 ? "-0.0" : "0.0";
        }
        double a = Math.abs(d);
        BigDecimal exact = new BigDecimal(Double.toString(d));
        if (a >= 1e-4 && a < 1e16) {
            String plain = exact.stripTrailingZeros().toPlainString();
            return plain.indexOf('.') < 0 ? plain + ".0" : plain;
        }
        BigDecimal unscaled = exact.stripTrailingZeros();
        String digits = unscaled.unscaledValue().abs().toString();
        int exp = digits.length() - 1 - unscaled.scale();
        String mantissa = digits.length() == 1 ? digits : digits.charAt(0) + "." + digits.substring(1);
        return (d < 0 ? "-" : "") + mantissa + "e" + (exp < 0 ? "-" : "+") + (Math.abs(exp) < 10 ? "0" : "")
                + Math.abs(exp);
    }

    /** A timestamp as pandas writes one: {@code 2024-01-31 12:30:45} with the fraction only when there is one. */
    public static String formatTimestamp(long nanos) {
        long secs = Math.floorDiv(nanos, NANOS_PER_SECOND);
        int frac = (int) Math.floorMod(nanos, NANOS_PER_SECOND);
        LocalDateTime dt = LocalDateTime.ofEpochSecond(secs, frac, ZoneOffset.UTC);
        String base = dt.toLocalDate() + " " + String.format("%02d:%02d:%02d", dt.getHour(), dt.getMinute(),
                dt.getSecond());
        if (frac == 0) {
            return base;
        }
        return frac % 1000 == 0 ? base + String.format(".%06d", frac / 1000) : base + String.format(".%09d", frac);
    }

    /** A field quoted when it holds the delimiter, a quote or a line break (Python's QUOTE_MINIMAL). */
    public static String quote(String s, char delimiter) {
        boolean needs = s.indexOf(delimiter) >= 0 || s.indexOf('"') >= 0 || s.indexOf('\n') >= 0
                || s.indexOf('\r') >= 0;
        return needs ? "\"" + s.replace("\"", "\"\"") + "\"" : s;
    }
}
