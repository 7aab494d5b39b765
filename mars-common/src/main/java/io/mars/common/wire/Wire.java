package io.mars.common.wire;

import io.mars.common.error.ErrorCode;
import io.mars.common.error.MarsException;
import io.mars.types.DataType;
import java.util.ArrayList;
import java.util.List;

/** Conversions between Java arrays and the boxed lists Avro's generated records hold. */
final class Wire {
    private Wire() {
    }

    static List<Long> longList(long[] a) {
        if (a == null) {
            return null;
        }
        List<Long> out = new ArrayList<>(a.length);
        for (long v : a) {
            out.add(v);
        }
        return out;
    }

    static long[] longArray(List<Long> l) {
        if (l == null) {
            return null;
        }
        long[] out = new long[l.size()];
        for (int i = 0; i < out.length; i++) {
            out[i] = l.get(i);
        }
        return out;
    }

    static List<Integer> intList(int[] a) {
        if (a == null) {
            return null;
        }
        List<Integer> out = new ArrayList<>(a.length);
        for (int v : a) {
            out.add(v);
        }
        return out;
    }

    static int[] intArray(List<Integer> l) {
        if (l == null) {
            return null;
        }
        int[] out = new int[l.size()];
        for (int i = 0; i < out.length; i++) {
            out[i] = l.get(i);
        }
        return out;
    }

    static List<Double> doubleList(double[] a) {
        List<Double> out = new ArrayList<>(a.length);
        for (double v : a) {
            out.add(v);
        }
        return out;
    }

    static double[] doubleArray(List<Double> l) {
        double[] out = new double[l.size()];
        for (int i = 0; i < out.length; i++) {
            out[i] = l.get(i);
        }
        return out;
    }

    /** What a node of a table (dataframe, series) has in place of a dtype: its columns' types live in its data. */
    static final String TABLE = "table";

    /** The wire name of a node's dtype: its numpy name, or {@value #TABLE} for a table node (null dtype). */
    static String dtypeName(DataType dtype) {
        return dtype == null ? TABLE : dtype.numpyName();
    }

    /**
     * The dtype of a numpy name read from the wire, null for {@value #TABLE}; {@code what} names the record for the
     * error.
     */
    static DataType dtype(String numpyName, String what) {
        if (TABLE.equals(numpyName)) {
            return null;
        }
        try {
            return DataType.fromNumpyName(numpyName);
        } catch (MarsException e) {
            throw new MarsException(ErrorCode.SERIALIZATION_FAILED, what + " has the unknown dtype '" + numpyName + "'", e);
        }
    }
}
