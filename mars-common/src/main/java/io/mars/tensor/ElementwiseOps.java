package io.mars.tensor;

import io.mars.common.error.ErrorCode;
import io.mars.common.error.MarsException;
import io.mars.common.operand.Arg;
import io.mars.common.operand.ElementwiseFn;
import io.mars.common.operand.Scalar;
import io.mars.common.operand.tensor.TensorElementwise;
import io.mars.types.DataType;
import io.mars.types.Shapes;
import java.util.ArrayList;
import java.util.List;

/**
 * Builds element-wise tensors with numpy's broadcasting and dtype rules (numpy 2, NEP 50 weak scalars). Operands
 * are tensors or Java scalars: a {@code double} is a weak float, a {@code long} or {@code int} a weak int, a
 * {@code boolean} a weak bool, exactly as Python's {@code 1.5}, {@code 1}, {@code True} are for numpy.
 */
final class ElementwiseOps {
    private ElementwiseOps() {
    }

    /** {@code fn} of the given data operands (tensors or scalars) and then its constant parameters. */
    static Tensor apply(ElementwiseFn fn, Object... operands) {
        List<Tensor> ins = new ArrayList<>();
        List<Arg> args = new ArrayList<>();
        List<DataType> inputDtypes = new ArrayList<>();
        long[] shape = null;
        for (int i = 0; i < operands.length; i++) {
            Object o = operands[i];
            if (o instanceof Tensor t) {
                if (i >= fn.operands()) {
                    throw new MarsException(ErrorCode.INVALID_ARGUMENT, fn.numpyName() + ": parameter "
                            + (i - fn.operands()) + " must be a scalar, got a tensor");
                }
                int idx = ins.indexOf(t);
                if (idx < 0) {
                    idx = ins.size();
                    ins.add(t);
                    inputDtypes.add(t.dtype());
                }
                args.add(Arg.input(idx));
                shape = shape == null ? t.shape() : Shapes.broadcast(shape, t.shape());
            } else {
                args.add(Arg.constant(scalar(fn, o)));
            }
        }
        if (shape == null) {
            throw new MarsException(ErrorCode.INVALID_ARGUMENT, fn.numpyName()
                    + " needs at least one tensor argument, got only scalars");
        }
        DataType common = fn.commonType(args, inputDtypes);
        DataType compute = fn.computeType(common);
        if (compute.isInteger() && fn.checksIntConstants()) {
            for (int i = 0; i < fn.operands(); i++) {
                Scalar c = args.get(i).constant();
                if (c != null && c.kind() == DataType.Kind.INT) {
                    compute.checkFits(c.intValue());
                }
            }
        }
        return new Tensor(new TensorElementwise(fn, args), ins, fn.resultType(common), shape);
    }

    /** A Java number or boolean (or a {@link Scalar}) as a weak scalar. */
    static Scalar scalar(ElementwiseFn fn, Object o) {
        if (o instanceof Scalar s) {
            return s;
        }
        if (o instanceof Double d) {
            return Scalar.of(d);
        }
        if (o instanceof Float f) {
            return Scalar.of(f.doubleValue());
        }
        if (o instanceof Long l) {
            return Scalar.of(l);
        }
        if (o instanceof Integer n) {
            return Scalar.of(n.longValue());
        }
        if (o instanceof Short n) {
            return Scalar.of(n.longValue());
        }
        if (o instanceof Byte n) {
            return Scalar.of(n.longValue());
        }
        if (o instanceof Boolean b) {
            return Scalar.of(b);
        }
        throw new MarsException(ErrorCode.INVALID_ARGUMENT, fn.numpyName() + ": an argument must be a tensor, a number "
                + "or a boolean, got " + (o == null ? "null" : o.getClass().getSimpleName() + " " + o));
    }

    static Tensor unary(ElementwiseFn fn, Tensor a) {
        return apply(fn, a);
    }

    static Tensor binary(ElementwiseFn fn, Object a, Object b) {
        return apply(fn, a, b);
    }

    /** numpy.where(cond, x, y): x where cond is true, else y; cond is read as bool (non-zero, NaN true). */
    static Tensor where(Object cond, Object x, Object y) {
        return apply(ElementwiseFn.WHERE, cond, x, y);
    }

    /**
     * numpy.clip: {@code min(max(a, lo), hi)}, NaN-propagating; either bound may be null (not both needed). Bounds
     * promote with {@code a} like any operand, but an int bound outside an integer dtype's range clamps, as in numpy.
     */
    static Tensor clip(Tensor a, Object lo, Object hi) {
        if (lo == null && hi == null) {
            return a;
        }
        // A missing bound becomes the weakest scalar that cannot bind: it changes neither the dtype nor a value.
        DataType t = a.dtype();
        for (Object bound : new Object[] {lo, hi}) {
            if (bound instanceof Tensor bt) {
                t = DataType.promote(t, bt.dtype());
            }
        }
        Object low = lo != null ? lo : t.isFloat() ? (Object) Double.NEGATIVE_INFINITY
                : t.isInteger() ? (Object) Long.MIN_VALUE : (Object) Boolean.FALSE;
        Object high = hi != null ? hi : t.isFloat() ? (Object) Double.POSITIVE_INFINITY
                : t.isInteger() ? (Object) Long.MAX_VALUE : (Object) Boolean.TRUE;
        return apply(ElementwiseFn.CLIP, a, low, high);
    }

    /**
     * numpy.around: round half to even at {@code decimals} places (negative: to tens, hundreds, ...), computed as
     * numpy does: multiply by 10^decimals, rint, divide. Integers are returned unchanged for decimals &gt;= 0.
     */
    static Tensor around(Tensor a, int decimals) {
        if (a.dtype().isInteger() && decimals >= 0) {
            return a;
        }
        if (a.dtype().isBool() && decimals != 0) {
            throw new MarsException(ErrorCode.UNSUPPORTED_DTYPE, "around with decimals=" + decimals
                    + " is not supported on dtype bool, as in numpy; use astype first");
        }
        return apply(ElementwiseFn.AROUND, a, Scalar.of((long) decimals));
    }

    /**
     * numpy.nan_to_num: NaN becomes {@code nan}, +inf {@code posinf} and -inf {@code neginf}; a null infinity
     * replacement means the dtype's largest (smallest) finite value. Integer and bool tensors are returned unchanged.
     */
    static Tensor nanToNum(Tensor a, double nan, Double posinf, Double neginf) {
        if (!a.dtype().isFloat()) {
            return a;
        }
        double max = a.dtype() == DataType.FLOAT32 ? Float.MAX_VALUE : Double.MAX_VALUE;
        return apply(ElementwiseFn.NAN_TO_NUM, a, Scalar.of(nan), Scalar.of(posinf == null ? max : posinf),
                Scalar.of(neginf == null ? -max : neginf));
    }

    /**
     * ndarray.astype with numpy's (unsafe) casting: integers wrap, floats truncate toward zero, anything non-zero is
     * true. A float that does not fit the integer type (NaN, inf, out of range) gives what numpy gives on x86-64:
     * the smallest int64 (or int32) value, and for int16/int8 the low bits of the smallest int32, i.e. 0.
     */
    static Tensor astype(Tensor a, DataType dtype) {
        if (dtype == a.dtype()) {
            return a;
        }
        return new Tensor(new TensorElementwise(ElementwiseFn.ASTYPE, List.of(Arg.input(0))), List.of(a), dtype,
                a.shape());
    }
}
