package io.mars.common.operand;

import io.mars.common.error.ErrorCode;
import io.mars.common.error.MarsException;
import io.mars.tensor.DataType;

/** Element-wise functions with numpy's names, arity and result dtypes. */
public enum ElementwiseFn {
    ADD("add", 2), SUBTRACT("subtract", 2), MULTIPLY("multiply", 2), DIVIDE("divide", 2), POWER("power", 2),
    NEGATIVE("negative", 1), ABS("abs", 1), SQRT("sqrt", 1), EXP("exp", 1), LOG("log", 1),
    LESS("less", 2), LESS_EQUAL("less_equal", 2), GREATER("greater", 2), GREATER_EQUAL("greater_equal", 2),
    EQUAL("equal", 2), NOT_EQUAL("not_equal", 2);

    private final String numpyName;
    private final int arity;

    ElementwiseFn(String numpyName, int arity) {
        this.numpyName = numpyName;
        this.arity = arity;
    }

    public String numpyName() {
        return numpyName;
    }

    public int arity() {
        return arity;
    }

    public boolean isComparison() {
        return switch (this) {
            case LESS, LESS_EQUAL, GREATER, GREATER_EQUAL, EQUAL, NOT_EQUAL -> true;
            default -> false;
        };
    }

    /**
     * The dtype the inputs are converted to before computing: numpy's promotion of the array dtypes, then of the
     * weak scalars.
     */
    public static DataType commonType(DataType[] arrays, DataType.Kind[] scalars) {
        DataType t = null;
        for (DataType d : arrays) {
            t = t == null ? d : DataType.promote(t, d);
        }
        if (t == null) {
            throw new MarsException(ErrorCode.INVALID_ARGUMENT,
                    "an element-wise function needs at least one tensor argument, got only scalars");
        }
        for (DataType.Kind k : scalars) {
            t = DataType.promoteWithScalar(t, k);
        }
        return t;
    }

    /** The result dtype for inputs promoted to {@code common}; rejects dtypes numpy rejects. */
    public DataType resultType(DataType common) {
        return switch (this) {
            case ADD, MULTIPLY, ABS -> common;
            case SUBTRACT, NEGATIVE -> {
                if (common.isBool()) {
                    throw new MarsException(ErrorCode.UNSUPPORTED_DTYPE, "numpy boolean " + numpyName
                            + " is not supported on dtype bool; use logical operations or astype(int) first");
                }
                yield common;
            }
            case POWER -> common.isBool() ? DataType.INT8 : common;
            case DIVIDE -> common == DataType.FLOAT32 ? DataType.FLOAT32 : DataType.FLOAT64;
            case SQRT, EXP, LOG -> common.toFloat();
            case LESS, LESS_EQUAL, GREATER, GREATER_EQUAL, EQUAL, NOT_EQUAL -> DataType.BOOL;
        };
    }

    /** The dtype the kernel computes in, given the promoted input dtype. */
    public DataType computeType(DataType common) {
        return isComparison() ? common : resultType(common);
    }
}
