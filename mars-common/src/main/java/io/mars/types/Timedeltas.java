package io.mars.types;

import io.mars.common.error.ErrorCode;
import io.mars.common.error.MarsException;
import java.math.BigDecimal;
import java.time.Duration;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * timedelta64[ns] values as pandas writes and reads them: its text ({@code str(pd.Timedelta)}, {@code "-1 days
 * +23:00:00"}), the strings {@code pd.to_timedelta} takes, and numbers in a unit.
 */
public final class Timedeltas {
    public static final long SECOND = 1_000_000_000L;
    public static final long DAY = 86_400 * SECOND;

    private static final Pattern DAYS_CLOCK = Pattern.compile(
            "([+-]?\\d+(?:\\.\\d*)?)\\s*days?(?:\\s*,?\\s*([+-])?\\s*(\\d+):(\\d{1,2}):(\\d{1,2})(?:\\.(\\d{1,9}))?)?");
    private static final Pattern CLOCK = Pattern.compile("([+-])?(\\d+):(\\d{1,2}):(\\d{1,2})(?:\\.(\\d{1,9}))?");
    private static final Pattern TERM = Pattern.compile("(\\d+(?:\\.\\d*)?|\\.\\d+)\\s*([a-zA-Z]+)");

    private Timedeltas() {
    }

    /** A duration's nanoseconds; INVALID_ARGUMENT when it does not fit in a long (about 292 years). */
    public static long nanos(Duration d) {
        try {
            return d.toNanos();
        } catch (ArithmeticException e) {
            throw new MarsException(ErrorCode.INVALID_ARGUMENT, "the duration " + d
                    + " does not fit in timedelta64[ns] (about ±292 years)");
        }
    }

    /** pandas' {@code str(Timedelta)}: {@code "1 days 02:00:00"}, {@code "-1 days +23:59:59.500000"}. */
    public static String format(long nanos) {
        return format(nanos, false);
    }

    /**
     * pandas' text of one value of a column: {@code evenDays} (every value of the column a whole number of days)
     * leaves out the clock, {@code "3 days"}, as pandas' repr and to_csv do.
     */
    public static String format(long nanos, boolean evenDays) {
        long days = Math.floorDiv(nanos, DAY);
        long rest = Math.floorMod(nanos, DAY);
        if (evenDays) {
            return days + " days";
        }
        long h = rest / (3_600 * SECOND);
        long m = rest / (60 * SECOND) % 60;
        long s = rest / SECOND % 60;
        long sub = rest % SECOND;
        StringBuilder out = new StringBuilder().append(days).append(" days").append(days < 0 ? " +" : " ");
        out.append(String.format(Locale.ROOT, "%02d:%02d:%02d", h, m, s));
        if (sub != 0) {
            // pandas shows microseconds, and nanoseconds only when there are some
            String nine = String.format(Locale.ROOT, "%09d", sub);
            out.append('.').append(sub % 1_000 == 0 ? nine.substring(0, 6) : nine);
        }
        return out.toString();
    }

    /** Whether every value not flagged null is a whole number of days (pandas then prints {@code "n days"}). */
    public static boolean evenDays(Column c) {
        for (int i = 0; i < c.length(); i++) {
            if (!c.isNull(i) && Math.floorMod(c.longs()[i], DAY) != 0) {
                return false;
            }
        }
        return true;
    }

    /** The nanoseconds of one {@code unit}, pandas' names: W, D/days, h, m/min, s, ms, us, ns (and their aliases). */
    public static long unitNanos(String unit) {
        return switch (unit.toLowerCase(Locale.ROOT)) {
            case "w", "week", "weeks" -> 7 * DAY;
            case "d", "day", "days" -> DAY;
            case "h", "hr", "hour", "hours" -> 3_600 * SECOND;
            case "m", "t", "min", "minute", "minutes" -> 60 * SECOND;
            case "s", "sec", "second", "seconds" -> SECOND;
            case "ms", "l", "milli", "millis", "millisecond", "milliseconds" -> 1_000_000L;
            case "us", "u", "micro", "micros", "microsecond", "microseconds" -> 1_000L;
            case "ns", "n", "nano", "nanos", "nanosecond", "nanoseconds" -> 1L;
            default -> throw new MarsException(ErrorCode.INVALID_ARGUMENT, "timedelta unit '" + unit
                    + "' is not supported; use W, D, h, m, s, ms, us or ns");
        };
    }

    /**
     * pandas' {@code to_timedelta(x, unit)} of a float: the whole part times the unit, plus the fraction rounded to
     * the unit's precision in nanoseconds and truncated, as pandas (1.5) casts a float array.
     */
    public static long fromNumber(double x, long unit) {
        long base = (long) x;
        double frac = x - base;
        // pandas' precision_from_unit: 9 digits for seconds and longer units, 6 for ms, 3 for us, 0 for ns
        int digits = isPowerOfTen(unit) ? Long.toString(unit).length() - 1 : 9;
        if (digits > 0) {
            double scale = Math.pow(10, digits);
            frac = Math.rint(frac * scale) / scale; // numpy's round, halves to even
        }
        return Math.addExact(Math.multiplyExact(base, unit), (long) (frac * unit));
    }

    private static boolean isPowerOfTen(long v) {
        while (v >= 10 && v % 10 == 0) {
            v /= 10;
        }
        return v == 1;
    }

    /**
     * pandas' {@code to_timedelta} of a string: {@code "1 days 02:00:00"}, {@code "-1 days +23:00:00"}, {@code "2
     * days"}, {@code "02:30:00.5"}, {@code "-00:00:01"}; terms of numbers and units, {@code "1d2h3m4s5ms6us7ns"},
     * {@code "1.5h"}, {@code "15 min"}, {@code "-3 hours"}; ISO 8601 {@code "P1DT2H3M4.5S"}; {@code "NaT"} and the
     * empty string give null. Anything else is INVALID_ARGUMENT naming the value.
     */
    public static Long parse(String text) {
        String s = text.strip();
        if (s.isEmpty() || s.equals("NaT") || s.equalsIgnoreCase("nan")) {
            return null;
        }
        try {
            Long v = parseOrNull(s);
            if (v != null) {
                return v;
            }
        } catch (ArithmeticException | NumberFormatException e) {
            throw new MarsException(ErrorCode.INVALID_ARGUMENT, "toTimedelta: '" + text
                    + "' does not fit in timedelta64[ns] (about ±292 years); give errors='coerce' to make such"
                    + " values NaT");
        }
        throw new MarsException(ErrorCode.INVALID_ARGUMENT, "toTimedelta: cannot read '" + text + "' as a timedelta;"
                + " give '1 days 02:00:00', '02:00:00', '1d2h30m', '1.5h' or ISO 'P1DT2H', or errors='coerce' to make"
                + " such values NaT");
    }

    /**
     * {@link #parse} with pandas' {@code errors='coerce'}: a value it cannot read, or that does not fit in
     * timedelta64[ns], is null (NaT) instead of an error.
     */
    public static Long parseOrNaT(String text) {
        String s = text.strip();
        if (s.isEmpty() || s.equals("NaT") || s.equalsIgnoreCase("nan")) {
            return null;
        }
        try {
            return parseOrNull(s);
        } catch (ArithmeticException | NumberFormatException e) {
            return null;
        }
    }

    private static Long parseOrNull(String s) {
        if (s.startsWith("P") || s.startsWith("-P")) {
            try {
                return Duration.parse(s).toNanos();
            } catch (java.time.format.DateTimeParseException e) {
                return null;
            }
        }
        Matcher m = DAYS_CLOCK.matcher(s);
        if (m.matches()) {
            long days = decimal(m.group(1), DAY);
            if (m.group(3) == null) {
                return days;
            }
            long clock = clock(m.group(3), m.group(4), m.group(5), m.group(6));
            boolean negative = "-".equals(m.group(2)) || m.group(2) == null && m.group(1).startsWith("-");
            return Math.addExact(days, negative ? -clock : clock);
        }
        m = CLOCK.matcher(s);
        if (m.matches()) {
            long clock = clock(m.group(2), m.group(3), m.group(4), m.group(5));
            return "-".equals(m.group(1)) ? -clock : clock;
        }
        boolean negative = s.startsWith("-");
        String rest = negative || s.startsWith("+") ? s.substring(1).strip() : s;
        m = TERM.matcher(rest);
        int at = 0;
        long total = 0;
        while (m.find() && m.start() == at) {
            long unit;
            try {
                unit = unitNanos(m.group(2));
            } catch (MarsException e) {
                return null;
            }
            total = Math.addExact(total, decimal(m.group(1), unit));
            at = m.end();
            while (at < rest.length() && Character.isWhitespace(rest.charAt(at))) {
                at++;
            }
        }
        if (at == 0 || at != rest.length()) {
            return null;
        }
        return negative ? -total : total;
    }

    /** A decimal number of units, exact in nanoseconds (rounded half-even past the ninth digit of a second). */
    private static long decimal(String number, long unit) {
        return new BigDecimal(number).multiply(BigDecimal.valueOf(unit))
                .setScale(0, java.math.RoundingMode.HALF_EVEN).longValueExact();
    }

    private static long clock(String h, String m, String s, String fraction) {
        long out = Math.addExact(Math.multiplyExact(Long.parseLong(h), 3_600 * SECOND),
                Long.parseLong(m) * 60 * SECOND + Long.parseLong(s) * SECOND);
        if (fraction != null) {
            out += Long.parseLong((fraction + "00000000").substring(0, 9));
        }
        return out;
    }
}
