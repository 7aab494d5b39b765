package io.mars.types;

import io.mars.common.error.ErrorCode;
import io.mars.common.error.MarsException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Objects;

/**
 * One column of a {@link LocalTable}, on the heap. Values live in one of three arrays by type: {@code longs} for
 * bool (0/1), int32, int64, timestamps (nanoseconds since the epoch) and timedeltas (nanoseconds), {@code doubles} for floats, {@code strings}
 * for text; the other two are null. {@code nulls[i] == 1} marks row {@code i} null ({@code nulls} is null when no
 * row is); a float NaN counts as null too.
 */
public record Column(String name, DType dtype, long[] longs, double[] doubles, List<String> strings, byte[] nulls) {
    public Column {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(dtype, "dtype");
        int n;
        switch (dtype) {
            case BOOL, INT32, INT64, TIMESTAMP, TIMEDELTA -> {
                require(longs != null && doubles == null && strings == null, name, dtype);
                n = longs.length;
            }
            case FLOAT32, FLOAT64 -> {
                require(doubles != null && longs == null && strings == null, name, dtype);
                n = doubles.length;
            }
            case STRING -> {
                require(strings != null && longs == null && doubles == null, name, dtype);
                strings = Collections.unmodifiableList(new ArrayList<>(strings));
                n = strings.size();
            }
            default -> throw new IllegalStateException();
        }
        if (nulls != null && nulls.length != n) {
            throw new IllegalArgumentException("column " + name + " has " + n + " values but " + nulls.length
                    + " null flags");
        }
    }

    private static void require(boolean ok, String name, DType dtype) {
        if (!ok) {
            throw new IllegalArgumentException("column " + name + " of " + dtype + " must hold its values in the "
                    + (dtype.isLongBacked() ? "longs" : dtype.isFloat() ? "doubles" : "strings") + " array only");
        }
    }

    public static Column ofLongs(String name, long... values) {
        return new Column(name, DType.INT64, values.clone(), null, null, null);
    }

    public static Column ofInts(String name, int... values) {
        return new Column(name, DType.INT32, Arrays.stream(values).asLongStream().toArray(), null, null, null);
    }

    public static Column ofDoubles(String name, double... values) {
        return new Column(name, DType.FLOAT64, null, values.clone(), null, null);
    }

    public static Column ofBooleans(String name, boolean... values) {
        long[] l = new long[values.length];
        for (int i = 0; i < l.length; i++) {
            l[i] = values[i] ? 1 : 0;
        }
        return new Column(name, DType.BOOL, l, null, null, null);
    }

    /** A string column; null elements are null rows. */
    public static Column ofStrings(String name, List<String> values) {
        byte[] nulls = null;
        for (int i = 0; i < values.size(); i++) {
            if (values.get(i) == null) {
                nulls = nulls == null ? new byte[values.size()] : nulls;
                nulls[i] = 1;
            }
        }
        return new Column(name, DType.STRING, null, null, values, nulls);
    }

    /**
     * A column of {@code dtype} from boxed values (Boolean, Number, String, Instant, Duration; a Long is nanoseconds
     * for timestamps and timedeltas); null elements are null rows.
     */
    public static Column of(String name, DType dtype, List<?> values) {
        int n = values.size();
        byte[] nulls = null;
        long[] longs = dtype.isLongBacked() ? new long[n] : null;
        double[] doubles = dtype.isFloat() ? new double[n] : null;
        List<String> strings = dtype == DType.STRING ? new ArrayList<>(n) : null;
        for (int i = 0; i < n; i++) {
            Object v = values.get(i);
            if (v == null) {
                nulls = nulls == null ? new byte[n] : nulls;
                nulls[i] = 1;
                if (doubles != null) {
                    doubles[i] = Double.NaN;
                }
                if (strings != null) {
                    strings.add(null);
                }
                continue;
            }
            switch (dtype) {
                case BOOL -> longs[i] = asBoolean(name, v) ? 1 : 0;
                case INT32, INT64 -> longs[i] = asNumber(name, dtype, v).longValue();
                case TIMESTAMP -> longs[i] = asNanos(name, v);
                case TIMEDELTA -> longs[i] = asDurationNanos(name, v);
                case FLOAT32, FLOAT64 -> doubles[i] = asNumber(name, dtype, v).doubleValue();
                case STRING -> strings.add(v.toString());
                default -> throw new IllegalStateException();
            }
        }
        return new Column(name, dtype, longs, doubles, strings, nulls);
    }

    /** The type of a list of boxed values: the widest of its non-null elements' types (float64 if all are null). */
    public static DType infer(String name, List<?> values) {
        DType t = null;
        for (Object v : values) {
            if (v == null) {
                continue;
            }
            DType e;
            if (v instanceof Boolean) {
                e = DType.BOOL;
            } else if (v instanceof Integer || v instanceof Short || v instanceof Byte) {
                e = DType.INT32;
            } else if (v instanceof Long) {
                e = DType.INT64;
            } else if (v instanceof Float) {
                e = DType.FLOAT32;
            } else if (v instanceof Double) {
                e = DType.FLOAT64;
            } else if (v instanceof CharSequence) {
                e = DType.STRING;
            } else if (v instanceof Instant) {
                e = DType.TIMESTAMP;
            } else if (v instanceof Duration) {
                e = DType.TIMEDELTA;
            } else {
                throw new MarsException(ErrorCode.UNSUPPORTED_DTYPE, "column '" + name + "' holds a "
                        + v.getClass().getName() + " (" + v + "); use Boolean, Integer, Long, Float, Double, String,"
                        + " Instant or Duration");
            }
            t = t == null ? e : widen(name, t, e);
        }
        return t == null ? DType.FLOAT64 : t;
    }

    private static DType widen(String name, DType a, DType b) {
        if (a == b) {
            return a;
        }
        if (a.isNumeric() && b.isNumeric() && a != DType.BOOL && b != DType.BOOL) {
            return DType.promote(a, b);
        }
        throw new MarsException(ErrorCode.UNSUPPORTED_DTYPE, "column '" + name + "' mixes " + a + " and " + b
                + " values; give one type per column");
    }

    private static boolean asBoolean(String name, Object v) {
        if (v instanceof Boolean b) {
            return b;
        }
        throw new MarsException(ErrorCode.UNSUPPORTED_DTYPE, "column '" + name + "' of bool holds " + v);
    }

    private static Number asNumber(String name, DType dtype, Object v) {
        if (v instanceof Number n) {
            return n;
        }
        if (v instanceof Boolean b) {
            return b ? 1 : 0;
        }
        throw new MarsException(ErrorCode.UNSUPPORTED_DTYPE, "column '" + name + "' of " + dtype + " holds '" + v + "'");
    }

    private static long asNanos(String name, Object v) {
        if (v instanceof Instant t) {
            return Math.addExact(Math.multiplyExact(t.getEpochSecond(), 1_000_000_000L), t.getNano());
        }
        if (v instanceof Long l) {
            return l;
        }
        throw new MarsException(ErrorCode.UNSUPPORTED_DTYPE, "column '" + name + "' of datetime64[ns] holds '" + v
                + "'; give Instants or nanoseconds since the epoch");
    }

    private static long asDurationNanos(String name, Object v) {
        if (v instanceof Duration d) {
            return Timedeltas.nanos(d);
        }
        if (v instanceof Long l) {
            return l;
        }
        throw new MarsException(ErrorCode.UNSUPPORTED_DTYPE, "column '" + name + "' of timedelta64[ns] holds '" + v
                + "'; give Durations or nanoseconds");
    }

    public int length() {
        return longs != null ? longs.length : doubles != null ? doubles.length : strings.size();
    }

    /** Whether row {@code i} is null (NaN in a float column is null). */
    public boolean isNull(int i) {
        if (nulls != null && nulls[i] != 0) {
            return true;
        }
        return doubles != null && Double.isNaN(doubles[i]);
    }

    public long getLong(int i) {
        return longs != null ? longs[i] : (long) doubles[i];
    }

    public double getDouble(int i) {
        if (isNull(i)) {
            return Double.NaN;
        }
        return doubles != null ? doubles[i] : longs[i];
    }

    public String getString(int i) {
        if (strings != null) {
            return strings.get(i);
        }
        if (isNull(i)) {
            return null;
        }
        return dtype == DType.TIMEDELTA ? Timedeltas.format(longs[i]) : String.valueOf(get(i));
    }

    /** Row {@code i} boxed: Boolean, Integer, Long, Float, Double, String, Instant or Duration; null for a null row. */
    public Object get(int i) {
        if (isNull(i)) {
            return null;
        }
        return switch (dtype) {
            case BOOL -> longs[i] != 0;
            case INT32 -> (int) longs[i];
            case INT64 -> longs[i];
            case FLOAT32 -> (float) doubles[i];
            case FLOAT64 -> doubles[i];
            case STRING -> strings.get(i);
            case TIMESTAMP -> Instant.ofEpochSecond(Math.floorDiv(longs[i], 1_000_000_000L),
                    Math.floorMod(longs[i], 1_000_000_000L));
            case TIMEDELTA -> Duration.ofNanos(longs[i]);
        };
    }

    /** This column under another name. */
    public Column withName(String newName) {
        return new Column(newName, dtype, longs, doubles, strings, nulls);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Column c && name.equals(c.name) && dtype == c.dtype && Arrays.equals(longs, c.longs)
                && Arrays.equals(doubles, c.doubles) && Objects.equals(strings, c.strings) && Arrays.equals(nulls, c.nulls);
    }

    @Override
    public int hashCode() {
        return Objects.hash(name, dtype, Arrays.hashCode(longs), Arrays.hashCode(doubles), strings, Arrays.hashCode(nulls));
    }

    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder(name).append(" (").append(dtype).append("): [");
        for (int i = 0; i < Math.min(length(), 10); i++) {
            sb.append(i > 0 ? ", " : "").append(get(i));
        }
        return sb.append(length() > 10 ? ", ...]" : "]").toString();
    }
}
