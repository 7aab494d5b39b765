<#--
  The sorting loops (SortLoops) for each key type of the type table ("sortKey"); a key type's "less" pattern is
  its order (for doubles numpy's: NaN after everything else, all NaNs equal).
-->
<#include "/@includes/LoopMacros.ftl">
<@pp.changeOutputFile name="/io/mars/container/kernels/SortLoops.java" />
<#assign keyTypes = types.types?filter(t -> t.sortKey)>
// Generated from mars-container/src/main/codegen/templates/SortLoops.java; do not edit.
package io.mars.container.kernels;

import io.mars.types.DataType;
import io.mars.types.NDArray;
import java.util.Arrays;

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

    /** Sorts each line of {@code v}, seen as {@code (outer, n, inner)}, along n in place (NaN last). */
    static void sortLines(${T}[] v, int outer, int n, int inner) {
        ${T}[] line = inner == 1 ? null : new ${T}[n];
        for (int o = 0; o < outer; o++) {
            int base = o * n * inner;
            if (inner == 1) {
                Arrays.sort(v, base, base + n);
                continue;
            }
            for (int i = 0; i < inner; i++) {
                for (int k = 0; k < n; k++) {
                    line[k] = v[base + k * inner + i];
                }
                Arrays.sort(line);
                for (int k = 0; k < n; k++) {
                    v[base + k * inner + i] = line[k];
                }
            }
        }
    }

    /** The stable argsort of each line of {@code keys}, seen as {@code (outer, n, inner)}, into {@code out}. */
    static void argsortLines(${T}[] keys, long[] out, int outer, int n, int inner) {
        ${T}[] line = inner > 1 ? new ${T}[n] : null;
        for (int o = 0; o < outer; o++) {
            int base = o * n * inner;
            for (int i = 0; i < inner; i++) {
                int[] order;
                if (inner == 1) {
                    order = argsort(keys, base, n);
                } else {
                    for (int k = 0; k < n; k++) {
                        line[k] = keys[base + k * inner + i];
                    }
                    order = argsort(line, 0, n);
                }
                for (int k = 0; k < n; k++) {
                    out[base + k * inner + i] = order[k];
                }
            }
        }
    }

    /**
     * numpy.searchsorted of each {@code x} in {@code sorted}: the first position whose element is greater than it
     * ({@code right}) or not less than it; with {@code fromEnd} the position counted from the end (for bins that
     * were reversed).
     */
    static void searchSorted(${T}[] sorted, ${T}[] x, boolean right, boolean fromEnd, long[] out) {
        int n = sorted.length;
        for (int i = 0; i < out.length; i++) {
            int p = search(sorted, x[i], right);
            out[i] = fromEnd ? n - p : p;
        }
    }

    private static int search(${T}[] s, ${T} x, boolean right) {
        int lo = 0;
        int hi = s.length;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            boolean goRight = right ? !(${xy(t.numpyLess, "x", "s[mid]")}) : ${xy(t.numpyLess, "s[mid]", "x")};
            if (goRight) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return lo;
    }

    /** {@code a} reversed in place. */
    static ${T}[] reversed(${T}[] a) {
        for (int i = 0, j = a.length - 1; i < j; i++, j--) {
            ${T} t = a[i];
            a[i] = a[j];
            a[j] = t;
        }
        return a;
    }

    /**
     * Merges two sorted runs of distinct keys with their counts (a unique state), adding the counts of keys in
     * both; returns {@code {keys, counts}} trimmed to the distinct keys.
     */
    static Object[] mergeCounted(${T}[] ka, long[] ca, ${T}[] kb, long[] cb) {
        int na = ka.length;
        int nb = kb.length;
        ${T}[] keys = new ${T}[na + nb];
        long[] counts = new long[na + nb];
        int i = 0;
        int j = 0;
        int o = 0;
        while (i < na || j < nb) {
            if (j == nb || i < na && ${xy(t.numpyLess, "ka[i]", "kb[j]")}) {
                keys[o] = ka[i];
                counts[o++] = ca[i++];
            } else if (i == na || ${xy(t.numpyLess, "kb[j]", "ka[i]")}) {
                keys[o] = kb[j];
                counts[o++] = cb[j++];
            } else {
                keys[o] = ka[i];
                counts[o++] = ca[i++] + cb[j++];
            }
        }
        return new Object[] {Arrays.copyOf(keys, o), Arrays.copyOf(counts, o)};
    }

    /** Sorts {@code keys} in place and counts runs of equal keys; returns {@code {distinct keys, counts}}. */
    static Object[] countDistinct(${T}[] keys) {
        Arrays.sort(keys);
        int n = keys.length;
        long[] counts = new long[n];
        int distinct = 0;
        for (int i = 0; i < n; i++) {
            if (distinct > 0 && (${xy(t.same, "keys[distinct - 1]", "keys[i]")})) {
                counts[distinct - 1]++;
            } else {
                keys[distinct] = keys[i];
                counts[distinct++] = 1;
            }
        }
        return new Object[] {Arrays.copyOf(keys, distinct), Arrays.copyOf(counts, distinct)};
    }
</#list>
}
