package io.mars.container.kernels;

import io.mars.common.error.ErrorCode;
import io.mars.common.error.MarsException;
import io.mars.types.Column;
import io.mars.types.DType;
import java.util.ArrayList;
import java.util.List;

/** Conversions of heap columns between dataframe types, as pandas' {@code astype}. */
final class TableCasts {
    private TableCasts() {
    }

    static Column cast(Column a, DType to, String name) {
        int n = a.length();
        DType from = a.dtype();
        if (from == to) {
            return a.withName(name);
        }
        if (from.isTemporal() && to == DType.INT64 || from == DType.INT64 && to.isTemporal()) {
            // nanoseconds either way; NaT and a null int stay null
            return new Column(name, to, a.longs(), null, null, a.nulls());
        }
        if (from.isFloat() && to == DType.TIMEDELTA) {
            return timedeltas(a, name);
        }
        if (to == DType.STRING) {
            List<String> out = new ArrayList<>(n);
            for (int i = 0; i < n; i++) {
                out.add(a.isNull(i) ? null : text(a, i));
            }
            return new Column(name, to, null, null, out, a.nulls() == null ? nullsOf(a) : a.nulls());
        }
        if (to.isFloat()) {
            double[] out = new double[n];
            for (int i = 0; i < n; i++) {
                double v = a.isNull(i) ? Double.NaN : from == DType.STRING ? parse(a, i, name) : a.getDouble(i);
                out[i] = to == DType.FLOAT32 ? (float) v : v;
            }
            return new Column(name, to, null, out, null, null);
        }
        long[] out = new long[n];
        for (int i = 0; i < n; i++) {
            if (a.isNull(i)) {
                throw new MarsException(ErrorCode.INVALID_ARGUMENT, "cannot convert a null or NaN (row " + i
                        + " of column '" + name + "') to " + to + "; fill or drop nulls first");
            }
            long v;
            if (from == DType.STRING) {
                double d = parse(a, i, name);
                v = (long) d;
            } else if (from.isFloat()) {
                v = (long) a.doubles()[i];
            } else {
                v = a.longs()[i];
            }
            out[i] = switch (to) {
                case BOOL -> v != 0 || from.isFloat() && a.doubles()[i] != 0 ? 1 : 0;
                case INT32 -> (int) v;
                default -> v;
            };
        }
        return new Column(name, to, out, null, null, null);
    }

    /** Float nanoseconds as numpy casts them to timedelta64[ns]: truncated; NaN (and an infinity) is NaT. */
    private static Column timedeltas(Column a, String name) {
        int n = a.length();
        long[] out = new long[n];
        byte[] nulls = null;
        for (int i = 0; i < n; i++) {
            double v = a.getDouble(i);
            if (Double.isFinite(v)) {
                out[i] = (long) v;
            } else {
                nulls = nulls == null ? new byte[n] : nulls;
                nulls[i] = 1;
            }
        }
        return new Column(name, DType.TIMEDELTA, out, null, null, nulls);
    }

    private static byte[] nullsOf(Column a) {
        byte[] nulls = null;
        for (int i = 0; i < a.length(); i++) {
            if (a.isNull(i)) {
                nulls = nulls == null ? new byte[a.length()] : nulls;
                nulls[i] = 1;
            }
        }
        return nulls;
    }

    private static String text(Column a, int i) {
        return switch (a.dtype()) {
            case BOOL -> a.longs()[i] != 0 ? "True" : "False";
            case INT32, INT64 -> Long.toString(a.longs()[i]);
            case FLOAT32, FLOAT64 -> Double.toString(a.doubles()[i]);
            case STRING -> a.strings().get(i);
            case TIMESTAMP -> String.valueOf(a.get(i));
            case TIMEDELTA -> io.mars.types.Timedeltas.format(a.longs()[i]);
        };
    }

    private static double parse(Column a, int i, String name) {
        String s = a.strings().get(i).trim();
        try {
            return Double.parseDouble(s);
        } catch (NumberFormatException e) {
            throw new MarsException(ErrorCode.INVALID_ARGUMENT, "cannot convert '" + s + "' (row " + i + " of column '"
                    + name + "') to a number");
        }
    }
}
