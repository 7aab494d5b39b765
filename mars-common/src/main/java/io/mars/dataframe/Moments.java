package io.mars.dataframe;

import io.mars.common.error.ErrorCode;
import io.mars.common.error.MarsException;
import io.mars.types.DType;

/**
 * Statistics of series built from the existing reductions and row-wise operations (issue 18's everyday members):
 * each result is a one-row series computed from sums of powers, so no new kernel or operand is needed. The sums are
 * taken around zero, not around the mean as pandas does, which costs a little precision on values far from zero.
 */
final class Moments {
    /** pandas' zero-out of round-off in the central moments of skew and kurt. */
    private static final double ROUND_OFF = 1e-14;

    private Moments() {
    }

    private static Series numeric(Series s, String what) {
        return numeric(s, what, ErrorCode.NON_NUMERIC_AGGREGATION);
    }

    private static Series numeric(Series s, String what, ErrorCode code) {
        if (!s.dtype().isNumeric()) {
            throw new MarsException(code, "cannot compute " + what + " of series '"
                    + s.name() + "' of dtype " + s.dtype() + "; " + what + " needs a numeric (bool, int or float)"
                    + " column");
        }
        return s.dtype() == DType.FLOAT64 ? s : s.astype(DType.FLOAT64);
    }

    static Series filled(Series a, Series b, double v) {
        numeric(a, "an arithmetic with fillValue", ErrorCode.UNSUPPORTED_DTYPE);
        numeric(b, "an arithmetic with fillValue", ErrorCode.UNSUPPORTED_DTYPE);
        return a.where(a.notna().or(b.isna()), v);
    }

    static Series filledOther(Series a, Series b, double v) {
        return b.where(b.notna().or(a.isna()), v);
    }

    static Series sem(Series s, int ddof) {
        Series x = numeric(s, "sem");
        return x.std(ddof).divide(x.count().astype(DType.FLOAT64).power(0.5)).rename(s.name());
    }

    private static Series sumOfPower(Series x, int p) {
        Series xp = x;
        for (int i = 1; i < p; i++) {
            xp = xp.multiply(x);
        }
        return xp.sum();
    }

    private static Series zeroRoundOff(Series m) {
        return m.where(m.abs().ge(ROUND_OFF), 0.0);
    }

    static Series skew(Series s) {
        Series x = numeric(s, "skew");
        Series n = x.count().astype(DType.FLOAT64);
        Series s1 = x.sum();
        Series s2 = sumOfPower(x, 2);
        Series s3 = sumOfPower(x, 3);
        Series mu = s1.divide(n);
        Series m2 = zeroRoundOff(s2.subtract(s1.multiply(mu)));
        Series m3 = zeroRoundOff(s3.subtract(mu.multiply(s2).multiply(3.0)).add(n.multiply(mu.power(3.0)).multiply(2.0)));
        Series factor = n.multiply(n.subtract(1.0).power(0.5)).divide(n.subtract(2.0));
        Series out = factor.multiply(m3.divide(m2.power(1.5))).where(m2.ne(0.0), 0.0);
        return out.where(n.ge(3.0)).rename(s.name());
    }

    static Series kurt(Series s) {
        Series x = numeric(s, "kurt");
        Series n = x.count().astype(DType.FLOAT64);
        Series s1 = x.sum();
        Series s2 = sumOfPower(x, 2);
        Series s3 = sumOfPower(x, 3);
        Series s4 = sumOfPower(x, 4);
        Series mu = s1.divide(n);
        Series m2 = zeroRoundOff(s2.subtract(s1.multiply(mu)));
        Series m4 = zeroRoundOff(s4.subtract(mu.multiply(s3).multiply(4.0)).add(mu.power(2.0).multiply(s2).multiply(6.0))
                .subtract(n.multiply(mu.power(4.0)).multiply(3.0)));
        Series n1 = n.subtract(1.0);
        Series n2 = n.subtract(2.0);
        Series n3 = n.subtract(3.0);
        Series adj = n1.power(2.0).multiply(3.0).divide(n2.multiply(n3));
        Series numerator = n.multiply(n.add(1.0)).multiply(n1).multiply(m4);
        Series denominator = n2.multiply(n3).multiply(m2.power(2.0));
        Series out = numerator.divide(denominator).subtract(adj).where(denominator.ne(0.0), 0.0);
        return out.where(n.ge(4.0)).rename(s.name());
    }

    static Series cov(Series a, Series b, int ddof) {
        Series x = numeric(a, "cov");
        Series y = numeric(b, "cov");
        Series.checkAligned(x, y);
        Series px = x.where(y.notna());
        Series py = y.where(x.notna());
        Series n = px.count().astype(DType.FLOAT64);
        Series cross = px.multiply(py).sum().subtract(px.sum().multiply(py.sum()).divide(n));
        return cross.divide(n.subtract((double) ddof)).where(n.gt((double) ddof)).rename(a.name());
    }

    static Series corr(Series a, Series b) {
        Series x = numeric(a, "corr");
        Series y = numeric(b, "corr");
        Series.checkAligned(x, y);
        Series px = x.where(y.notna());
        Series py = y.where(x.notna());
        Series c = cov(px, py, 1);
        return c.divide(px.var().multiply(py.var()).power(0.5)).rename(a.name());
    }

    static Series dot(Series a, Series b) {
        numeric(a, "dot", ErrorCode.UNSUPPORTED_DTYPE);
        numeric(b, "dot", ErrorCode.UNSUPPORTED_DTYPE);
        Series p = a.multiply(b);
        Series sum = p.sum();
        if (!p.dtype().isFloat()) {
            return sum.rename(a.name());
        }
        // pandas' dot is numpy's: a NaN anywhere makes the result NaN
        return sum.where(p.isna().astype(DType.INT64).sum().eq(0.0)).rename(a.name());
    }

    private static Series truth(Series s, String what) {
        if (s.dtype() == DType.BOOL) {
            return s.and(s.notna());
        }
        if (!s.dtype().isNumeric()) {
            throw new MarsException(ErrorCode.UNSUPPORTED_DTYPE, "cannot compute " + what + " of series '" + s.name()
                    + "' of dtype " + s.dtype() + "; " + what + " needs a bool or numeric column");
        }
        return s.ne(0.0).and(s.notna());
    }

    static Series any(Series s) {
        return truth(s, "any").astype(DType.INT64).sum().gt(0.0).rename(s.name());
    }

    static Series all(Series s) {
        Series falseValue = truth(s, "all").not().and(s.notna());
        return falseValue.astype(DType.INT64).sum().eq(0.0).rename(s.name());
    }

    static Series combineFirst(Series a, Series b) {
        numeric(a, "combineFirst", ErrorCode.UNSUPPORTED_DTYPE);
        numeric(b, "combineFirst", ErrorCode.UNSUPPORTED_DTYPE);
        Series.checkAligned(a, b);
        return a.fillna(0.0).add(b.where(a.isna(), 0.0)).rename(a.name());
    }
}
