package io.mars.container.kernels;

import io.mars.common.error.ErrorCode;
import io.mars.common.error.MarsException;

/**
 * numpy's scalar integer functions that Java spells differently (shifts past the width, integer power). The
 * generated {@code LongLoops} call them per element, in long; the caller narrows to the dtype.
 */
final class IntegerMath {
    private IntegerMath() {
    }

    /** numpy's left shift: 0 when the count is negative or not below the width (done in long, then narrowed). */
    static long leftShift(long a, long b) {
        return b >= 0 && b < Long.SIZE ? a << b : 0;
    }

    /** numpy's arithmetic right shift: 0 or -1 (by sign) when the count is negative or not below the width. */
    static long rightShift(long a, long b) {
        return b >= 0 && b < Long.SIZE ? a >> b : a < 0 ? -1 : 0;
    }

    /** numpy.gcd: the greatest common divisor of |a| and |b|; gcd(0, 0) = 0. */
    static long gcd(long a, long b) {
        long x = Math.abs(a);
        long y = Math.abs(b);
        while (y != 0) {
            long t = x % y;
            x = y;
            y = t;
        }
        return x;
    }

    /** numpy.lcm: |a / gcd(a, b) * b|, 0 when either is 0 (wrapping on overflow, as numpy's int64). */
    static long lcm(long a, long b) {
        if (a == 0 || b == 0) {
            return 0;
        }
        return Math.abs(a / gcd(a, b) * b);
    }

    /** base ** exp by repeated squaring, wrapping around like numpy; a negative exponent is rejected as numpy does. */
    static long pow(long base, long exp) {
        if (exp < 0) {
            throw new MarsException(ErrorCode.INVALID_ARGUMENT,
                    "Integers to negative integer powers are not allowed: " + base + " ** " + exp);
        }
        long result = 1;
        long b = base;
        long e = exp;
        while (e != 0) {
            if ((e & 1) != 0) {
                result *= b;
            }
            b *= b;
            e >>>= 1;
        }
        return result;
    }
}
