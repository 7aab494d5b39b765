<#--
  One element-wise loop class per compute type of the type table (DoubleLoops, LongLoops, BoolLoops). The loop
  skeletons are written once here; what a function computes is its pattern in ElementwiseOps.tdd.
-->
<#include "/@includes/LoopMacros.ftl">
<@pp.dropOutputFile />
<#-- one loop of a switch arm: out[io + i] (or a counter) gets the pattern with operands a and b -->
<#macro loop pattern a b prefix="out[io + i] = " suffix="" indent="">
${indent}                for (int i = 0; i < n; i++) {
${indent}                    ${prefix}${ab(pattern, a, b)}${suffix};
${indent}                }
</#macro>
<#-- a switch over fn with one loop per operation of ops that type t has -->
<#macro opSwitch ops what a b fastOnly=false scalar=false prefix="out[io + i] = " suffix="">
        switch (fn) {
<#list ops as op>
<#if patternFor(op, t) != "" && (!fastOnly || isFast(op, t))>
            case ${op.fn} -> {
<#if scalar && op.squareWhenTwo?? && op.squareWhenTwo == t.name>
                if (s == 2.0) {
<@loop "{a} * {a}", a, b, prefix, suffix, "    " />
                } else {
<@loop patternFor(op, t), a, b, prefix, suffix, "    " />
                }
<#else>
<@loop patternFor(op, t), a, b, prefix, suffix />
</#if>
            }
</#if>
</#list>
            default -> throw LoopDispatch.unsupported(fn, "${what}");
        }
</#macro>
<#list types.types as row>
<#assign t = row>
<#assign T = t.java>
<#assign domain = t.domain>
<@pp.changeOutputFile name="/io/mars/container/kernels/${t.name}Loops.java" />
// Generated from mars-container/src/main/codegen/templates/ElementwiseLoops.java; do not edit.
package io.mars.container.kernels;

import io.mars.common.operand.ElementwiseFn;
import java.util.Arrays;

/**
 * ${t.doc}
 * Each method picks one loop per function and per operand pattern before looping, so the loops themselves hold no
 * dispatch and can be vectorized. Operands are runs: {@code a[ia + i * sa]} with stride {@code sa} 1 (an array run)
 * or 0 (one broadcast value); results go to {@code out[io .. io + n)}. Callers may pass any sub-range of a chunk.
 */
final class ${t.name}Loops {
    private ${t.name}Loops() {
    }

    static void binary(ElementwiseFn fn, ${T}[] a, int ia, int sa, ${T}[] b, int ib, int sb,
            ${T}[] out, int io, int n) {
<#if t.comparisonsInBinary>
        if (fn.isComparison()) {
            compare(fn, a, ia, sa, b, ib, sb, out, io, n);
            return;
        }
</#if>
<#if t.symmetric>
        if (sa == 1 && sb == 1) {
<#else>
        if (!isFast(fn)) {
            strided(fn, a, ia, sa, b, ib, sb, out, io, n);
        } else if (sa == 1 && sb == 1) {
</#if>
            vv(fn, a, ia, b, ib, out, io, n);
        } else if (sa == 1) {
            vs(fn, a, ia, b[ib], out, io, n);
        } else if (sb == 1) {
<#if t.symmetric>
            vs(fn, b, ib, a[ia], out, io, n);
<#else>
            sv(fn, a[ia], b, ib, out, io, n);
</#if>
        } else {
            vs(fn, a, ia, b[ib], out, io, 1);
            Arrays.fill(out, io + 1, io + n, out[io]);
        }
    }

    static void compare(ElementwiseFn fn, ${T}[] a, int ia, int sa, ${T}[] b, int ib, int sb,
            boolean[] out, int io, int n) {
        if (sa == 1 && sb == 1) {
            compareVv(fn, a, ia, b, ib, out, io, n);
        } else if (sa == 1) {
            compareVs(fn, a, ia, b[ib], out, io, n);
        } else if (sb == 1) {
            compareVs(LoopDispatch.flip(fn), b, ib, a[ia], out, io, n);
        } else {
            compareVs(fn, a, ia, b[ib], out, io, 1);
            Arrays.fill(out, io + 1, io + n, out[io]);
        }
    }

    static void unary(ElementwiseFn fn, ${T}[] a, int ia, int sa, ${T}[] out, int io, int n) {
<#if t.identityUnary != "">
        switch (fn) {
            case ${t.identityUnary} -> {
                if (sa == 0) {
                    Arrays.fill(out, io, io + n, a[ia]);
                } else {
                    System.arraycopy(a, ia, out, io, n);
                }
                return;
            }
            default -> {
            }
        }
</#if>
        if (sa == 0) {
            unaryRun(fn, a, ia, out, io, 1);
            Arrays.fill(out, io + 1, io + n, out[io]);
        } else {
            unaryRun(fn, a, ia, out, io, n);
        }
    }

    /** numpy.where: {@code c ? x : y}. */
    static void where(boolean[] c, int ic, int sc, ${T}[] x, int ix, int sx, ${T}[] y, int iy, int sy,
            ${T}[] out, int io, int n) {
<#if t.float>
        if (sc == 1 && sx == 1 && sy == 1) {
            // a bit mask instead of a branch: conditions are often unpredictable (a random mask, a sign test)
            for (int i = 0; i < n; i++) {
                long m = -(long) (c[ic + i] ? 1 : 0);
                long bits = Double.doubleToRawLongBits(x[ix + i]) & m | Double.doubleToRawLongBits(y[iy + i]) & ~m;
                out[io + i] = Double.longBitsToDouble(bits);
            }
        } else if (sc == 1 && sx == 0 && sy == 0) {
            long bx = Double.doubleToRawLongBits(x[ix]);
            long by = Double.doubleToRawLongBits(y[iy]);
            for (int i = 0; i < n; i++) {
                long m = -(long) (c[ic + i] ? 1 : 0);
                out[io + i] = Double.longBitsToDouble(bx & m | by & ~m);
            }
        } else {
            for (int i = 0; i < n; i++) {
                long m = -(long) (c[ic + i * sc] ? 1 : 0);
                long bits = Double.doubleToRawLongBits(x[ix + i * sx]) & m
                        | Double.doubleToRawLongBits(y[iy + i * sy]) & ~m;
                out[io + i] = Double.longBitsToDouble(bits);
            }
        }
<#else>
        if (sc == 1 && sx == 1 && sy == 1) {
            for (int i = 0; i < n; i++) {
                out[io + i] = c[ic + i] ? x[ix + i] : y[iy + i];
            }
        } else {
            for (int i = 0; i < n; i++) {
                out[io + i] = c[ic + i * sc] ? x[ix + i * sx] : y[iy + i * sy];
            }
        }
</#if>
    }

    /** numpy.clip: {@code min(max(x, lo), hi)}. */
    static void clip(${T}[] a, int ia, int sa, ${T}[] lo, int il, int sl, ${T}[] hi, int ih, int sh,
            ${T}[] out, int io, int n) {
        if (sa == 1 && sl == 0 && sh == 0) {
            ${T} l = lo[il];
            ${T} h = hi[ih];
            for (int i = 0; i < n; i++) {
                out[io + i] = ${t.clip?replace("{x}", "a[ia + i]")?replace("{lo}", "l")?replace("{hi}", "h")};
            }
        } else {
            for (int i = 0; i < n; i++) {
                out[io + i] = ${t.clip?replace("{x}", "a[ia + i * sa]")?replace("{lo}", "lo[il + i * sl]")?replace("{hi}", "hi[ih + i * sh]")};
            }
        }
    }
<#if t.float>

    /** isnan, isinf, isfinite. */
    static void predicate(ElementwiseFn fn, double[] a, int ia, int sa, boolean[] out, int io, int n) {
        switch (fn) {
            case ISNAN -> {
                for (int i = 0; i < n; i++) {
                    double x = a[ia + i * sa];
                    out[io + i] = x != x;
                }
            }
            case ISINF -> {
                for (int i = 0; i < n; i++) {
                    out[io + i] = Double.isInfinite(a[ia + i * sa]);
                }
            }
            case ISFINITE -> {
                for (int i = 0; i < n; i++) {
                    out[io + i] = Double.isFinite(a[ia + i * sa]);
                }
            }
            default -> throw LoopDispatch.unsupported(fn, "predicate");
        }
    }

    /**
     * numpy.around at {@code decimals} places: scale by 10^|decimals|, rint, scale back. With {@code single} each
     * step rounds to float32, as numpy computes float32 arrays in float32.
     */
    static void around(double[] a, int ia, int sa, int decimals, boolean single, double[] out, int io, int n) {
        double f = FloatMath.powerOfTen(Math.abs(decimals));
        if (single) {
            f = (float) f;
        }
        if (decimals >= 0) {
            for (int i = 0; i < n; i++) {
                double y = a[ia + i * sa] * f;
                y = Math.rint(single ? (float) y : y);
                out[io + i] = y / f;
            }
        } else {
            for (int i = 0; i < n; i++) {
                double y = a[ia + i * sa] / f;
                y = Math.rint(single ? (float) y : y);
                out[io + i] = y * f;
            }
        }
    }

    /** numpy.nan_to_num with the replacement values already resolved. */
    static void nanToNum(double[] a, int ia, int sa, double nan, double posinf, double neginf,
            double[] out, int io, int n) {
        for (int i = 0; i < n; i++) {
            double x = a[ia + i * sa];
            out[io + i] = x != x ? nan : x == Double.POSITIVE_INFINITY ? posinf
                    : x == Double.NEGATIVE_INFINITY ? neginf : x;
        }
    }
</#if>

    /**
     * How many of {@code a[ia .. ia + n - 1]} compare true against {@code s}: a comparison and a count in one pass,
     * without the boolean block between them (for a fused chain that ends in {@code compare(...).sum()}). Same
     * semantics as {@link #compare}: NaN compares false, except with {@code NOT_EQUAL}. {@code n} fits an int.
     */
    static int countCompareVs(ElementwiseFn fn, ${T}[] a, int ia, ${T} s, int n) {
        int c = 0;
<@opSwitch ops.compare, "comparison", "a[ia + i]", "s", false, false, "c += ", " ? 1 : 0" />
        return c;
    }
<#if !t.symmetric>

    /** The functions with loops specialised per operand pattern; the rest use {@link #strided}. */
    private static boolean isFast(ElementwiseFn fn) {
        return switch (fn) {
<#assign fast = []>
<#list ops.binary as op><#if isFast(op, t)><#assign fast = fast + [op.fn]></#if></#list>
            case ${fast?join(", ")} -> true;
            default -> false;
        };
    }
</#if>

    private static void vv(ElementwiseFn fn, ${T}[] a, int ia, ${T}[] b, int ib, ${T}[] out, int io, int n) {
<@opSwitch ops.binary, "binary " + domain, "a[ia + i]", "b[ib + i]", true />
    }

    private static void vs(ElementwiseFn fn, ${T}[] a, int ia, ${T} s, ${T}[] out, int io, int n) {
<@opSwitch ops.binary, "binary " + domain, "a[ia + i]", "s", true, true />
    }
<#if !t.symmetric>

    private static void sv(ElementwiseFn fn, ${T} s, ${T}[] b, int ib, ${T}[] out, int io, int n) {
<@opSwitch ops.binary, "binary " + domain, "s", "b[ib + i]", true />
    }

    /** Every binary ${domain} function over runs of any stride. */
    private static void strided(ElementwiseFn fn, ${T}[] a, int ia, int sa, ${T}[] b, int ib, int sb,
            ${T}[] out, int io, int n) {
<@opSwitch ops.binary, "binary " + domain, "a[ia + i * sa]", "b[ib + i * sb]" />
    }
</#if>

    private static void unaryRun(ElementwiseFn fn, ${T}[] a, int ia, ${T}[] out, int io, int n) {
<@opSwitch ops.unary, "unary " + domain, "a[ia + i]", "" />
    }

    private static void compareVv(ElementwiseFn fn, ${T}[] a, int ia, ${T}[] b, int ib, boolean[] out, int io,
            int n) {
<@opSwitch ops.compare, "comparison", "a[ia + i]", "b[ib + i]" />
    }

    private static void compareVs(ElementwiseFn fn, ${T}[] a, int ia, ${T} s, boolean[] out, int io, int n) {
<@opSwitch ops.compare, "comparison", "a[ia + i]", "s" />
    }
}
</#list>
