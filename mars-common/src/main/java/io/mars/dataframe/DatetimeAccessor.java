package io.mars.dataframe;

import io.mars.common.error.ErrorCode;
import io.mars.common.error.MarsException;
import io.mars.common.operand.dataframe.AccessorFn;
import io.mars.types.DType;

/**
 * pandas' {@code Series.dt}: calendar fields of datetime64[ns] values (UTC), int64, null for null (NaT); and, of
 * timedelta64[ns] values, pandas' TimedeltaProperties {@code days}, {@code seconds}, {@code microseconds},
 * {@code nanoseconds}, {@code totalSeconds}, {@code components}. A member of the other kind is UNSUPPORTED_DTYPE.
 */
public final class DatetimeAccessor {
    private final Series series;

    DatetimeAccessor(Series series) {
        if (!series.dtype().isTemporal()) {
            throw new MarsException(ErrorCode.UNSUPPORTED_DTYPE, ".dt needs a datetime64[ns] or timedelta64[ns] series,"
                    + " got series '" + series.name() + "' of " + series.dtype());
        }
        this.series = series;
    }

    /** The series, which a calendar member needs to be datetime64[ns]. */
    private Series ts() {
        return kind(DType.TIMESTAMP, "calendar fields");
    }

    private Series kind(DType want, String what) {
        if (series.dtype() != want) {
            throw new MarsException(ErrorCode.UNSUPPORTED_DTYPE, ".dt " + what + " need a " + want + " series, got"
                    + " series '" + series.name() + "' of " + series.dtype());
        }
        return series;
    }

    // ----- timedelta64[ns]: pandas' components, days first (floored: -1 days +23:00:00 has days -1) -----

    private Series component(io.mars.types.ValueFunction<java.time.Duration, Object> fn) {
        return kind(DType.TIMEDELTA, "days/seconds/microseconds/nanoseconds/totalSeconds").map(fn, DType.INT64);
    }

    private static long nanos(java.time.Duration d) {
        return io.mars.types.Timedeltas.nanos(d);
    }

    private static long dayPart(java.time.Duration d) {
        return Math.floorMod(nanos(d), io.mars.types.Timedeltas.DAY);
    }

    /** Whole days, floored (pandas' {@code dt.days}); int64, null at NaT (pandas: float64 with NaN when there is one). */
    public Series days() {
        return component(d -> d == null ? null : (Object) Math.floorDiv(nanos(d), io.mars.types.Timedeltas.DAY));
    }

    /** The seconds of the part after the days, 0-86399 (pandas' {@code dt.seconds}). */
    public Series seconds() {
        return component(d -> d == null ? null : (Object) (dayPart(d) / io.mars.types.Timedeltas.SECOND));
    }

    /** The microseconds after the seconds, 0-999999. */
    public Series microseconds() {
        return component(d -> d == null ? null : (Object) (dayPart(d) % io.mars.types.Timedeltas.SECOND / 1_000));
    }

    /** The nanoseconds after the microseconds, 0-999. */
    public Series nanoseconds() {
        return component(d -> d == null ? null : (Object) (dayPart(d) % 1_000));
    }

    private static final String[] COMPONENTS = {"hours", "minutes", "seconds", "milliseconds", "microseconds",
        "nanoseconds"};
    private static final long[] COMPONENT_UNITS = {3_600 * io.mars.types.Timedeltas.SECOND,
        60 * io.mars.types.Timedeltas.SECOND, io.mars.types.Timedeltas.SECOND, 1_000_000L, 1_000L, 1L};
    private static final long[] COMPONENT_RANGES = {24, 60, 60, 1_000, 1_000, 1_000};

    /**
     * pandas' {@code dt.components}: a frame of the parts of each value, int64 columns {@code days} (floored, as
     * {@link #days}), {@code hours} (0-23), {@code minutes}, {@code seconds} (0-59), {@code milliseconds},
     * {@code microseconds}, {@code nanoseconds} (0-999): {@code -1 days +23:59:59.999999999} is -1, 23, 59, 59,
     * 999, 999, 999. A NaT row is null in every column (pandas makes every column float64 with NaN when there is
     * one, int64 otherwise). The series' row labels are kept.
     */
    public DataFrame components() {
        kind(DType.TIMEDELTA, "components");
        DataFrame out = days().rename("days").toFrame();
        for (int i = 0; i < COMPONENTS.length; i++) {
            long unit = COMPONENT_UNITS[i];
            long range = COMPONENT_RANGES[i];
            out = out.assign(COMPONENTS[i], component(d -> d == null ? null : (Object) (dayPart(d) / unit % range))
                    .rename(COMPONENTS[i]));
        }
        return out;
    }

    /** pandas' {@code dt.total_seconds()}: nanoseconds / 1e9, float64, NaN at NaT. */
    public Series totalSeconds() {
        return kind(DType.TIMEDELTA, "totalSeconds").divide(java.time.Duration.ofSeconds(1));
    }

    public Series year() { return StringAccessor.apply(ts(), AccessorFn.DT_YEAR, null, null); }

    public Series month() { return StringAccessor.apply(ts(), AccessorFn.DT_MONTH, null, null); }

    public Series day() { return StringAccessor.apply(ts(), AccessorFn.DT_DAY, null, null); }

    /** Monday = 0 ... Sunday = 6, as pandas. */
    public Series dayofweek() { return StringAccessor.apply(ts(), AccessorFn.DT_DAYOFWEEK, null, null); }

    // ----- issue 18: members computed per value by a function of mars-common (the workers always have its classes) -----

    private static final long SECOND = 1_000_000_000L;

    private Series field(io.mars.types.ValueFunction<java.time.Instant, Object> fn) {
        return ts().map(fn, DType.INT64);
    }

    private static java.time.ZonedDateTime utc(java.time.Instant t) {
        return t.atZone(java.time.ZoneOffset.UTC);
    }

    /** The hour 0-23 (UTC); int64, null for NaT (pandas gives float64 with NaN when a value is NaT). */
    public Series hour() { return field(t -> t == null ? null : (Object) (long) utc(t).getHour()); }
    public Series minute() { return field(t -> t == null ? null : (Object) (long) utc(t).getMinute()); }
    public Series second() { return field(t -> t == null ? null : (Object) (long) utc(t).getSecond()); }
    /** 1-4. */
    public Series quarter() { return field(t -> t == null ? null : (Object) (long) ((utc(t).getMonthValue() + 2) / 3)); }
    /** 1-366. */
    public Series dayofyear() { return field(t -> t == null ? null : (Object) (long) utc(t).getDayOfYear()); }

    /** The ISO-8601 week of the year, 1-53 (pandas' {@code weekofyear}, {@code isocalendar().week}). */
    public Series weekofyear() {
        return field(t -> t == null ? null
                : (Object) (long) utc(t).get(java.time.temporal.IsoFields.WEEK_OF_WEEK_BASED_YEAR));
    }

    /**
     * pandas' {@code strftime(format)} with Python's directives %Y %y %m %d %H %M %S %f %j %b %B %a %A %p %I and %%;
     * another directive is INVALID_ARGUMENT. Null for NaT.
     */
    public Series strftime(String format) {
        Timestamps.checkStrftime(java.util.Objects.requireNonNull(format, "format"));
        return ts().map((io.mars.types.ValueFunction<java.time.Instant, Object>) t -> t == null ? null
                : Timestamps.strftime(utc(t), format), DType.STRING);
    }

    /** pandas' {@code floor(freq)}: down to a multiple of {@code freq} ("D", "H", "min"/"T", "S", "ms", "us"). */
    public Series floor(String freq) { return rounded(freq, java.math.RoundingMode.FLOOR); }
    public Series ceil(String freq) { return rounded(freq, java.math.RoundingMode.CEILING); }
    /** pandas' {@code round(freq)}: to the nearest multiple, halves to even (as pandas). */
    public Series round(String freq) { return rounded(freq, java.math.RoundingMode.HALF_EVEN); }

    private Series rounded(String freq, java.math.RoundingMode mode) {
        long unit = unitNanos(freq);
        return ts().map((io.mars.types.ValueFunction<java.time.Instant, Object>) t -> {
            if (t == null) {
                return null;
            }
            long nanos = Math.addExact(Math.multiplyExact(t.getEpochSecond(), SECOND), t.getNano());
            long q = java.math.BigDecimal.valueOf(nanos).divide(java.math.BigDecimal.valueOf(unit), 0, mode)
                    .longValueExact();
            long r = q * unit;
            return java.time.Instant.ofEpochSecond(Math.floorDiv(r, SECOND), Math.floorMod(r, SECOND));
        }, DType.TIMESTAMP);
    }

    static long unitNanos(String freq) {
        return switch (java.util.Objects.requireNonNull(freq, "freq")) {
            case "D" -> 86_400 * SECOND;
            case "H", "h" -> 3_600 * SECOND;
            case "min", "T" -> 60 * SECOND;
            case "S", "s" -> SECOND;
            case "ms", "L" -> 1_000_000L;
            case "us", "U" -> 1_000L;
            default -> throw new MarsException(ErrorCode.INVALID_ARGUMENT, "dt.floor/ceil/round: freq '" + freq
                    + "' is not supported; use D, H, min, S, ms or us");
        };
    }

    // ----- issue 18, second round -----

    /** A test of one value; serializable, as the function of {@link Series#map} that captures it must be. */
    private interface Test<V> extends java.util.function.Predicate<V>, java.io.Serializable {
    }

    private Series flag(Test<java.time.ZonedDateTime> p) {
        return ts().map((io.mars.types.ValueFunction<java.time.Instant, Object>) t -> t != null && p.test(utc(t)),
                DType.BOOL);
    }

    /** The microseconds within the second, 0-999999; int64, null for NaT (pandas: float64 with NaN). */
    public Series microsecond() { return field(t -> t == null ? null : (Object) (long) (t.getNano() / 1000)); }

    /** The nanoseconds within the microsecond, 0-999. */
    public Series nanosecond() { return field(t -> t == null ? null : (Object) (long) (t.getNano() % 1000)); }

    /** pandas' {@code days_in_month}: 28-31. */
    public Series daysInMonth() {
        return field(t -> t == null ? null : (Object) (long) utc(t).toLocalDate().lengthOfMonth());
    }

    /** pandas' {@code is_month_start}: the first day of its month; false for NaT, as pandas. */
    public Series isMonthStart() { return flag(z -> z.getDayOfMonth() == 1); }

    /** pandas' {@code is_month_end}: the last day of its month; false for NaT. */
    public Series isMonthEnd() { return flag(z -> z.getDayOfMonth() == z.toLocalDate().lengthOfMonth()); }

    /** pandas' {@code is_quarter_start}: 1 January, April, July or October; false for NaT. */
    public Series isQuarterStart() { return flag(z -> z.getDayOfMonth() == 1 && (z.getMonthValue() - 1) % 3 == 0); }

    /** pandas' {@code is_quarter_end}: 31 March, 30 June, 30 September or 31 December; false for NaT. */
    public Series isQuarterEnd() {
        return flag(z -> z.getMonthValue() % 3 == 0 && z.getDayOfMonth() == z.toLocalDate().lengthOfMonth());
    }

    /** pandas' {@code is_year_start}: 1 January; false for NaT. */
    public Series isYearStart() { return flag(z -> z.getDayOfYear() == 1); }

    /** pandas' {@code is_year_end}: 31 December; false for NaT. */
    public Series isYearEnd() { return flag(z -> z.getMonthValue() == 12 && z.getDayOfMonth() == 31); }

    /** pandas' {@code is_leap_year}: the year has 29 February; false for NaT. */
    public Series isLeapYear() { return flag(z -> z.toLocalDate().isLeapYear()); }

    /**
     * pandas' {@code isocalendar()}: a frame of the ISO-8601 {@code year}, {@code week} and {@code day} (1 = Monday)
     * of each value; int64 with null at NaT (pandas: UInt32 with NA).
     */
    public DataFrame isocalendar() {
        Series year = field(t -> t == null ? null
                : (Object) (long) utc(t).get(java.time.temporal.IsoFields.WEEK_BASED_YEAR)).rename("year");
        Series day = field(t -> t == null ? null : (Object) (long) utc(t).getDayOfWeek().getValue()).rename("day");
        return year.toFrame().assign("week", weekofyear().rename("week")).assign("day", day);
    }

    /** pandas' {@code normalize()}: the time set to midnight (datetime64[ns]); NaT stays NaT. */
    public Series normalize() { return floor("D"); }

    /** pandas' {@code day_name()}: Monday ... Sunday (English); null for NaT (pandas: NaN). */
    public Series dayName() {
        return ts().map((io.mars.types.ValueFunction<java.time.Instant, Object>) t -> t == null ? null
                : utc(t).getDayOfWeek().getDisplayName(java.time.format.TextStyle.FULL, java.util.Locale.ENGLISH),
                DType.STRING);
    }

    /** pandas' {@code month_name()}: January ... December (English); null for NaT. */
    public Series monthName() {
        return ts().map((io.mars.types.ValueFunction<java.time.Instant, Object>) t -> t == null ? null
                : utc(t).getMonth().getDisplayName(java.time.format.TextStyle.FULL, java.util.Locale.ENGLISH),
                DType.STRING);
    }
}
