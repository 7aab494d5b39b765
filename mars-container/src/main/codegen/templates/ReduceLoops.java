<#--
  The reduction map loops (ReduceLoops): per compute type of the type table with "reduce", plus the float-only
  NaN-aware ones, written once.
-->
<#include "/@includes/LoopMacros.ftl">
<@pp.changeOutputFile name="/io/mars/container/kernels/ReduceLoops.java" />
<#assign reducible = types.types?filter(t -> t.reduce)>
<#-- a run folds into one slot (step 0, the last axis is reduced) or combines element-wise into a run of the state -->
<#-- two loops, not one with a test per run: the fold's loop then holds nothing but the call to the run's sum -->
<#macro foldOrCombine fold>
        int len = layout.runLength();
        int runs = layout.runCount();
        Layout.Odometer it = layout.odometer();
        if (layout.lastStride(1) == 0) {
            for (int r = 0; r < runs; r++, it.next()) {
                int i0 = it.offset(0);
                int o0 = it.offset(1);
                ${fold}
            }
        } else if (layout.ndim() == 2 && layout.stride(0, 0) == len && layout.stride(1, 0) == 0
                && layout.lastStride(0) == 1 && layout.lastStride(1) == 1) {
            // a C-order matrix's rows combined into one row (axis 0 reduced), in the same order: no odometer step per
            // run of a few values (a column sum of 16 columns about twice as fast)
            int o0 = 0;
            for (int r = 0, i0 = 0; r < runs; r++, i0 += len) {
                for (int j = 0; j < len; j++) {
<#nested>
                }
            }
        } else {
            for (int r = 0; r < runs; r++, it.next()) {
                int i0 = it.offset(0);
                int o0 = it.offset(1);
                for (int j = 0; j < len; j++) {
<#nested>
                }
            }
        }
</#macro>
// Generated from mars-container/src/main/codegen/templates/ReduceLoops.java; do not edit.
package io.mars.container.kernels;

import java.util.Arrays;

/**
 * The inner loops of the reduction map step over a coalesced {@link Layout} whose operand 0 is the (contiguous)
 * input and operand 1 the state, with stride 0 on reduced axes. When the last axis is reduced a run folds into one
 * state slot; otherwise it is combined element-wise into a run of the state. Sums use several accumulators so that
 * they are not bound by the latency of one chain of additions.
 */
final class ReduceLoops {
    private ReduceLoops() {
    }
<#list reducible as t>
<#assign T = t.java>

    /** The sum<#if t.java == "boolean">: the number of true values</#if>. */
    static ${t.acc}[] sum(Layout layout, ${T}[] in, int outSize) {
        ${t.acc}[] out = new ${t.acc}[outSize];
<@foldOrCombine "out[o0] += ${t.runName}(in, i0, len);">
                    out[o0 + j] += ${t.term?replace("{x}", "in[i0 + j]")};
</@foldOrCombine>
        return out;
    }

    /** Minimum ({@code max} false) or maximum<#if t.float>; NaN wins as in numpy</#if>. */
    static ${T}[] extreme(Layout layout, ${T}[] in, int outSize, boolean max) {
        ${T}[] out = new ${T}[outSize];
        Arrays.fill(out, max ? ${t.lowest} : ${t.highest});
<@runs>
            if (step == 0) {
                out[o0] = max ? ${xy(t.maxOf, "out[o0]", "maxRun(in, i0, len)")} : ${xy(t.minOf, "out[o0]", "minRun(in, i0, len)")};
            } else if (max) {
                for (int j = 0; j < len; j++) {
                    out[o0 + j] = ${xy(t.maxOf, "out[o0 + j]", "in[i0 + j]")};
                }
            } else {
                for (int j = 0; j < len; j++) {
                    out[o0 + j] = ${xy(t.minOf, "out[o0 + j]", "in[i0 + j]")};
                }
            }
</@runs>
        return out;
    }
<#if t.prod>

    /** Product<#if t.float>; with {@code skipNaN} NaN counts as 1 (nanprod)<#else>, wrapping around as numpy</#if>. */
    static ${T}[] prod(Layout layout, ${T}[] in, int outSize<#if t.float>, boolean skipNaN</#if>) {
        ${T}[] out = new ${T}[outSize];
        Arrays.fill(out, ${t.one});
<@runs>
<#if t.float>
            if (skipNaN) {
                for (int j = 0; j < len; j++) {
                    double x = in[i0 + j];
                    if (x == x) {
                        out[o0 + j * step] *= x;
                    }
                }
                continue;
            }
</#if>
            for (int j = 0; j < len; j++) {
                out[o0 + j * step] *= in[i0 + j];
            }
</@runs>
        return out;
    }
</#if>

<@unrolledRun t.runName, T, t.acc, t.lanes, t.laneType, t.laneCast, t.term />

<#list ["min", "max"] as which>
    private static ${T} ${which}Run(${T}[] a, int from, int n) {
        ${T} m = ${(which == "max")?then(t.lowest, t.highest)};
        for (int i = from, end = from + n; i < end; i++) {
            m = ${xy((which == "max")?then(t.maxOf, t.minOf), "m", "a[i]")};
        }
        return m;
    }
<#sep>

</#list>
</#list>

    // ----- float only: NaN handling and the second moment -----

    /** Sum of squared deviations from the per-slot {@code mean}. */
    static double[] squaredDeviations(Layout layout, double[] in, double[] mean) {
        double[] out = new double[mean.length];
<@foldOrCombine "out[o0] += squaredDeviationRun(in, i0, len, mean[o0]);">
                    double d = in[i0 + j] - mean[o0 + j];
                    out[o0 + j] += d * d;
</@foldOrCombine>
        return out;
    }

<@unrolledRun "squaredDeviationRun", "double", "double", 4, "double", "", "({x} - mean) * ({x} - mean)", ", double mean", "private " />

    /** The number of non-NaN values. */
    static long[] countNotNaN(Layout layout, double[] in, int outSize) {
        long[] out = new long[outSize];
<@runs>
            for (int j = 0; j < len; j++) {
                double x = in[i0 + j];
                out[o0 + j * step] += x == x ? 1 : 0;
            }
</@runs>
        return out;
    }

    /** A copy of {@code in} with NaN replaced by 0, so the fast sums skip them. */
    static double[] nanToZero(double[] in) {
        double[] out = new double[in.length];
        for (int i = 0; i < in.length; i++) {
            double x = in[i];
            out[i] = x == x ? x : 0.0;
        }
        return out;
    }

    /** Sum of squared deviations from the per-slot {@code mean}, skipping NaN values. */
    static double[] squaredDeviationsSkipNaN(Layout layout, double[] in, double[] mean) {
        double[] out = new double[mean.length];
<@runs>
            for (int j = 0; j < len; j++) {
                double x = in[i0 + j];
                if (x == x) {
                    int o = o0 + j * step;
                    double d = x - mean[o];
                    out[o] += d * d;
                }
            }
</@runs>
        return out;
    }

    /** nanmin ({@code max} false) or nanmax: NaN values are skipped; a slot with none but NaN stays NaN. */
    static double[] nanExtreme(Layout layout, double[] in, int outSize, boolean max) {
        double[] out = new double[outSize];
        Arrays.fill(out, Double.NaN);
<@runs>
            for (int j = 0; j < len; j++) {
                double x = in[i0 + j];
                int o = o0 + j * step;
                double cur = out[o];
                if (cur != cur || (max ? x > cur : x < cur)) {
                    // x NaN with cur NaN keeps NaN; x NaN with cur a number fails the comparison
                    out[o] = x == x ? x : cur;
                }
            }
</@runs>
        return out;
    }
}
