package io.mars.common.io;

import io.mars.types.Column;
import io.mars.types.DType;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/** Appends values of one dtype and builds a heap {@link Column}; grows by doubling. */
public final class ColumnBuilder {
    private final String name;
    private final DType dtype;
    private long[] longs;
    private double[] doubles;
    private List<String> strings;
    private byte[] nulls;
    private int size;

    public ColumnBuilder(String name, DType dtype, int capacity) {
        this.name = name;
        this.dtype = dtype;
        int c = Math.max(16, capacity);
        if (dtype.isLongBacked()) {
            longs = new long[c];
        } else if (dtype.isFloat()) {
            doubles = new double[c];
        } else {
            strings = new ArrayList<>(c);
        }
    }

    public DType dtype() {
        return dtype;
    }

    public String name() {
        return name;
    }

    public int size() {
        return size;
    }

    private void grow() {
        if (longs != null && size == longs.length) {
            longs = Arrays.copyOf(longs, size * 2);
        }
        if (doubles != null && size == doubles.length) {
            doubles = Arrays.copyOf(doubles, size * 2);
        }
        if (nulls != null && size == nulls.length) {
            nulls = Arrays.copyOf(nulls, Math.max(16, size * 2));
        }
    }

    public void addNull() {
        grow();
        if (nulls == null) {
            nulls = new byte[Math.max(16, longs != null ? longs.length : doubles != null ? doubles.length : size + 16)];
        }
        nulls[size] = 1;
        if (doubles != null) {
            doubles[size] = Double.NaN;
        } else if (strings != null) {
            strings.add(null);
        }
        size++;
    }

    public void addLong(long v) {
        grow();
        longs[size++] = v;
    }

    public void addDouble(double v) {
        grow();
        if (Double.isNaN(v)) {
            addNull();
            return;
        }
        doubles[size++] = v;
    }

    public void addString(String v) {
        grow();
        if (v == null) {
            addNull();
            return;
        }
        strings.add(v);
        size++;
    }

    public Column build() {
        byte[] n = nulls == null ? null : Arrays.copyOf(nulls, size);
        if (longs != null) {
            return new Column(name, dtype, Arrays.copyOf(longs, size), null, null, n);
        }
        if (doubles != null) {
            return new Column(name, dtype, null, Arrays.copyOf(doubles, size), null, n);
        }
        return new Column(name, dtype, null, null, strings, n);
    }
}
