package io.mars.dataframe;

import io.mars.common.error.ErrorCode;
import io.mars.common.error.MarsException;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;

/** Date and date-time literals as datetime64[ns] values: nanoseconds since the epoch, UTC. */
final class Timestamps {
    private static final long NANOS_PER_SECOND = 1_000_000_000L;

    private Timestamps() {
    }

    static long nanos(LocalDate d) {
        return Math.multiplyExact(d.toEpochDay(), 86_400L * NANOS_PER_SECOND);
    }

    static long nanos(LocalDateTime t) {
        return Math.addExact(Math.multiplyExact(t.toEpochSecond(ZoneOffset.UTC), NANOS_PER_SECOND), t.getNano());
    }

    /** {@code 1998-09-02}, {@code 1998-09-02 10:30[:15[.5]]} or with a {@code T}, as pandas reads them. */
    static long parse(String text) {
        String t = text.trim();
        try {
            if (t.length() <= 10) {
                return nanos(LocalDate.parse(t));
            }
            return nanos(LocalDateTime.parse(t.replace(' ', 'T')));
        } catch (DateTimeParseException | ArithmeticException e) {
            throw new MarsException(ErrorCode.INVALID_ARGUMENT, "'" + text + "' is not a date or date-time; write it"
                    + " as 1998-09-02 or 1998-09-02 10:30:00");
        }
    }

    private static final String DIRECTIVES = "YymdHMSfjbBaApI%";

    /** Checks that {@code format} uses only the strftime directives Mars knows (see {@link #strftime}). */
    static void checkStrftime(String format) {
        for (int i = 0; i < format.length(); i++) {
            if (format.charAt(i) == '%') {
                if (i + 1 >= format.length() || DIRECTIVES.indexOf(format.charAt(i + 1)) < 0) {
                    String d = i + 1 < format.length() ? "%" + format.charAt(i + 1) : "%";
                    throw new io.mars.common.error.MarsException(io.mars.common.error.ErrorCode.INVALID_ARGUMENT,
                            "format '" + format + "': directive '" + d + "' is not supported; use %Y %y %m %d %H %M %S"
                                    + " %f %j %b %B %a %A %p %I or %%");
                }
                i++;
            }
        }
    }

    /** Python's {@code strftime} of a UTC time, for the directives of {@link #checkStrftime} (English names). */
    static String strftime(java.time.ZonedDateTime t, String format) {
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < format.length(); i++) {
            char c = format.charAt(i);
            if (c != '%') {
                out.append(c);
                continue;
            }
            char d = format.charAt(++i);
            out.append(switch (d) {
                case 'Y' -> String.format("%04d", t.getYear());
                case 'y' -> String.format("%02d", Math.floorMod(t.getYear(), 100));
                case 'm' -> String.format("%02d", t.getMonthValue());
                case 'd' -> String.format("%02d", t.getDayOfMonth());
                case 'H' -> String.format("%02d", t.getHour());
                case 'I' -> String.format("%02d", t.getHour() % 12 == 0 ? 12 : t.getHour() % 12);
                case 'M' -> String.format("%02d", t.getMinute());
                case 'S' -> String.format("%02d", t.getSecond());
                case 'f' -> String.format("%06d", t.getNano() / 1000);
                case 'j' -> String.format("%03d", t.getDayOfYear());
                case 'p' -> t.getHour() < 12 ? "AM" : "PM";
                case 'b' -> t.getMonth().getDisplayName(java.time.format.TextStyle.SHORT, java.util.Locale.ENGLISH);
                case 'B' -> t.getMonth().getDisplayName(java.time.format.TextStyle.FULL, java.util.Locale.ENGLISH);
                case 'a' -> t.getDayOfWeek().getDisplayName(java.time.format.TextStyle.SHORT, java.util.Locale.ENGLISH);
                case 'A' -> t.getDayOfWeek().getDisplayName(java.time.format.TextStyle.FULL, java.util.Locale.ENGLISH);
                default -> "%";
            });
        }
        return out.toString();
    }

    /** pandas' strings for NaT, which {@code to_datetime} reads as NaT whatever the format. */
    private static final java.util.Set<String> NAT_STRINGS = java.util.Set.of("NaT", "nat", "NAT", "nan", "NaN", "NAN");

    /**
     * One value of pandas' {@code to_datetime(strings, format, errors)}: nanoseconds since the epoch (UTC), or null
     * for NaT (a NaT string; with {@code coerce}, a value that does not match or does not fit in datetime64[ns]).
     * Without {@code coerce} such a value is INVALID_ARGUMENT naming it and the format.
     */
    static Long strptime(String value, String format, boolean coerce) {
        if (NAT_STRINGS.contains(value)) {
            return null;
        }
        LocalDateTime t;
        try {
            t = LocalDateTime.parse(value, strptime(format));
        } catch (DateTimeParseException e) {
            if (coerce) {
                return null;
            }
            throw new MarsException(ErrorCode.INVALID_ARGUMENT, "toDatetime: '" + value + "' does not match format '"
                    + format + "' (" + e.getMessage().replace("Text '" + value + "' ", "") + "); give errors='coerce'"
                    + " to make such values NaT");
        }
        try {
            return nanos(t);
        } catch (ArithmeticException e) {
            if (coerce) {
                return null;
            }
            throw new MarsException(ErrorCode.INVALID_ARGUMENT, "toDatetime: '" + value + "' (" + t + ") lies outside"
                    + " datetime64[ns], 1677-09-21 to 2262-04-11; give errors='coerce' to make such values NaT");
        }
    }

    /**
     * A {@link java.time.format.DateTimeFormatter} reading what Python's {@code strptime(format)} reads, for the
     * directives of {@link #checkStrftime}; fields the format lacks default to the start of the day or year.
     */
    static java.time.format.DateTimeFormatter strptime(String format) {
        checkStrftime(format);
        var b = new java.time.format.DateTimeFormatterBuilder().parseCaseInsensitive();
        for (int i = 0; i < format.length(); i++) {
            char c = format.charAt(i);
            if (c != '%') {
                b.appendLiteral(c);
                continue;
            }
            char d = format.charAt(++i);
            switch (d) {
                case 'Y' -> b.appendValue(java.time.temporal.ChronoField.YEAR, 4);
                case 'y' -> b.appendValueReduced(java.time.temporal.ChronoField.YEAR, 2, 2, 2000);
                case 'm' -> b.appendValue(java.time.temporal.ChronoField.MONTH_OF_YEAR, 1, 2,
                        java.time.format.SignStyle.NOT_NEGATIVE);
                case 'd' -> b.appendValue(java.time.temporal.ChronoField.DAY_OF_MONTH, 1, 2,
                        java.time.format.SignStyle.NOT_NEGATIVE);
                case 'H' -> b.appendValue(java.time.temporal.ChronoField.HOUR_OF_DAY, 1, 2,
                        java.time.format.SignStyle.NOT_NEGATIVE);
                case 'I' -> b.appendValue(java.time.temporal.ChronoField.CLOCK_HOUR_OF_AMPM, 1, 2,
                        java.time.format.SignStyle.NOT_NEGATIVE);
                case 'M' -> b.appendValue(java.time.temporal.ChronoField.MINUTE_OF_HOUR, 1, 2,
                        java.time.format.SignStyle.NOT_NEGATIVE);
                case 'S' -> b.appendValue(java.time.temporal.ChronoField.SECOND_OF_MINUTE, 1, 2,
                        java.time.format.SignStyle.NOT_NEGATIVE);
                case 'f' -> b.appendFraction(java.time.temporal.ChronoField.NANO_OF_SECOND, 1, 6, false);
                case 'j' -> b.appendValue(java.time.temporal.ChronoField.DAY_OF_YEAR, 1, 3,
                        java.time.format.SignStyle.NOT_NEGATIVE);
                case 'p' -> b.appendText(java.time.temporal.ChronoField.AMPM_OF_DAY);
                case 'b' -> b.appendText(java.time.temporal.ChronoField.MONTH_OF_YEAR,
                        java.time.format.TextStyle.SHORT);
                case 'B' -> b.appendText(java.time.temporal.ChronoField.MONTH_OF_YEAR,
                        java.time.format.TextStyle.FULL);
                case 'a' -> b.appendText(java.time.temporal.ChronoField.DAY_OF_WEEK, java.time.format.TextStyle.SHORT);
                case 'A' -> b.appendText(java.time.temporal.ChronoField.DAY_OF_WEEK, java.time.format.TextStyle.FULL);
                default -> b.appendLiteral('%');
            }
        }
        boolean dayOfYear = format.contains("%j");
        if (!dayOfYear) {
            b.parseDefaulting(java.time.temporal.ChronoField.MONTH_OF_YEAR, 1)
                    .parseDefaulting(java.time.temporal.ChronoField.DAY_OF_MONTH, 1);
        }
        if (!format.contains("%I")) {
            b.parseDefaulting(java.time.temporal.ChronoField.HOUR_OF_DAY, 0);
        }
        b.parseDefaulting(java.time.temporal.ChronoField.MINUTE_OF_HOUR, 0)
                .parseDefaulting(java.time.temporal.ChronoField.SECOND_OF_MINUTE, 0);
        if (!format.contains("%Y") && !format.contains("%y")) {
            b.parseDefaulting(java.time.temporal.ChronoField.YEAR, 1900);
        }
        return b.toFormatter(java.util.Locale.ENGLISH).withResolverStyle(java.time.format.ResolverStyle.STRICT)
                .withChronology(java.time.chrono.IsoChronology.INSTANCE);
    }
}
