<#--
  The sorting loops (SortLoops) for each key type of the type table ("sortKey"); a key type's "less" pattern is
  its order (for doubles numpy's: NaN after everything else, all NaNs equal).
-->
<#include "/@includes/LoopMacros.ftl">
<@pp.changeOutputFile name="/io/mars/container/kernels/SortLoops.java" />
<#assign keyTypes = types.types?filter(t -> t.sortKey)>
// Generated from mars-container/src/main/codegen/templates/SortLoops.java; do not edit.
package io.mars.container.kernels;

import io.mars.tensor.DataType;
import io.mars.tensor.NDArray;

/**
 * Sorting loops over the two key domains: float data is sorted as doubles, int and bool data as longs (both exact).
 * The order is numpy's: NaN after everything else, all NaNs equal. For a stable argsort the keys are made
 * canonical first ({@link #argsortKeys}), so that {@code -0.0} ties with {@code 0.0} as in numpy.
 */
final class SortLoops {
    /** Runs shorter than this are insertion-sorted before merging. */
    private static final int INSERTION_RUN = 32;

    private SortLoops() {
    }

    /** The dtype keys of {@code dtype} are held in: float64 for floats, int64 otherwise. */
    static DataType keyType(DataType dtype) {
        return dtype.isFloat() ? DataType.FLOAT64 : DataType.INT64;
    }

    /** A fresh copy of the data as keys (a double[] or long[]). */
    static Object keys(NDArray a) {
        return a.dtype().isFloat() ? a.toDoubleArray() : a.toLongArray();
    }

    /** Keys for a stable argsort: {@code -0.0} becomes {@code 0.0} (NaNs already compare equal). */
    static Object argsortKeys(NDArray a) {
        if (!a.dtype().isFloat()) {
            return a.toLongArray();
        }
        double[] k = a.toDoubleArray();
        for (int i = 0; i < k.length; i++) {
            k[i] += 0.0;
        }
        return k;
    }

    /** The keys back in {@code dtype}. */
    static NDArray fromKeys(Object keys, DataType dtype, long[] shape) {
        return keys instanceof double[] d ? Casts.fromDoubles(d, dtype, shape) : Casts.fromLongs((long[]) keys, dtype, shape);
    }

    static int length(Object keys) {
        return keys instanceof double[] d ? d.length : ((long[]) keys).length;
    }

    /** numpy's "less than": NaN is larger than any number; -0.0 equals 0.0. */
    static boolean less(double a, double b) {
        return a < b || (b != b && a == a);
    }

    private static int[] identity(int n) {
        int[] idx = new int[n];
        for (int i = 0; i < n; i++) {
            idx[i] = i;
        }
        return idx;
    }

    /**
     * Merges adjacent sorted runs of {@code keys} (run {@code r} is {@code [starts[r], starts[r+1])}) into one sorted
     * array, stably (an earlier run wins ties), carrying {@code values} along when it is not null. Returns
     * {@code {keys, values}} (new arrays, or the inputs for a single run).
     */
    static Object[] mergeRuns(Object keys, long[] values, int[] starts) {
        int runs = starts.length - 1;
        int n = starts[runs];
        Object k = keys;
        long[] v = values;
        int[] bounds = starts.clone();
        while (runs > 1) {
            Object kOut = keys instanceof double[] ? new double[n] : new long[n];
            long[] vOut = v == null ? null : new long[n];
            int nextRuns = (runs + 1) / 2;
            int[] nextBounds = new int[nextRuns + 1];
            for (int r = 0; r < runs; r += 2) {
                int lo = bounds[r];
                int mid = bounds[r + 1];
                int hi = r + 2 <= runs ? bounds[r + 2] : mid;
                if (k instanceof double[] d) {
                    merge(d, v, lo, mid, hi, (double[]) kOut, vOut);
                } else {
                    merge((long[]) k, v, lo, mid, hi, (long[]) kOut, vOut);
                }
                nextBounds[r / 2] = lo;
            }
            nextBounds[nextRuns] = n;
            k = kOut;
            v = vOut;
            bounds = nextBounds;
            runs = nextRuns;
        }
        return new Object[] {k, v};
    }

    private static void copyRest(Object k, long[] v, int from, int to, Object kOut, long[] vOut, int at) {
        System.arraycopy(k, from, kOut, at, to - from);
        if (v != null) {
            System.arraycopy(v, from, vOut, at, to - from);
        }
    }
<#list keyTypes as t>
<#assign T = t.java>

    // ----- ${T} keys -----

    /** The stable order of {@code keys[from .. from+n)} as offsets {@code 0 .. n-1}. */
    static int[] argsort(${T}[] keys, int from, int n) {
        int[] idx = identity(n);
        int[] tmp = new int[n];
        for (int lo = 0; lo < n; lo += INSERTION_RUN) {
            int hi = Math.min(n, lo + INSERTION_RUN);
            for (int i = lo + 1; i < hi; i++) {
                int cur = idx[i];
                ${T} k = keys[from + cur];
                int j = i - 1;
                while (j >= lo && ${xy(t.less, "k", "keys[from + idx[j]]")}) {
                    idx[j + 1] = idx[j];
                    j--;
                }
                idx[j + 1] = cur;
            }
        }
        for (int width = INSERTION_RUN; width < n; width *= 2) {
            for (int lo = 0; lo < n; lo += 2 * width) {
                int mid = Math.min(n, lo + width);
                int hi = Math.min(n, lo + 2 * width);
                int i = lo;
                int j = mid;
                int o = lo;
                while (i < mid && j < hi) {
                    tmp[o++] = ${xy(t.less, "keys[from + idx[j]]", "keys[from + idx[i]]")} ? idx[j++] : idx[i++];
                }
                while (i < mid) {
                    tmp[o++] = idx[i++];
                }
                while (j < hi) {
                    tmp[o++] = idx[j++];
                }
            }
            int[] swap = idx;
            idx = tmp;
            tmp = swap;
        }
        return idx;
    }

    /** The first position in sorted {@code keys[from .. to)} whose key is not less than {@code key}. */
    static int lowerBound(${T}[] keys, int from, int to, ${T} key) {
        int lo = from;
        int hi = to;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (${xy(t.less, "keys[mid]", "key")}) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return lo;
    }

    private static void merge(${T}[] k, long[] v, int lo, int mid, int hi, ${T}[] kOut, long[] vOut) {
        int i = lo;
        int j = mid;
        int o = lo;
        while (i < mid && j < hi) {
            int src = ${xy(t.less, "k[j]", "k[i]")} ? j++ : i++;
            kOut[o] = k[src];
            if (v != null) {
                vOut[o] = v[src];
            }
            o++;
        }
        copyRest(k, v, i, mid, kOut, vOut, o);
        copyRest(k, v, j, hi, kOut, vOut, o + (mid - i));
    }
</#list>
}
