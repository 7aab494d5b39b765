package io.mars.common.operand;

import io.mars.common.error.ErrorCode;
import io.mars.common.error.MarsException;
import io.mars.types.DataType;
import java.util.List;

/**
 * Element-wise functions with numpy's names, arity and result dtypes.
 *
 * <p>An element-wise operand's argument list holds {@link #operands()} data arguments (inputs or weak constants,
 * broadcast together) followed by {@link #params()} constant parameters that are not promoted or broadcast:
 * {@code around}'s decimals, {@code nan_to_num}'s replacement values. {@link #arity()} is their total. Which data
 * arguments take part in dtype promotion is {@link #promotes(int)}: all of them except {@code where}'s condition.
 */
public enum ElementwiseFn {
    // arithmetic
    ADD("add", 2), SUBTRACT("subtract", 2), MULTIPLY("multiply", 2), DIVIDE("divide", 2), POWER("power", 2),
    FLOOR_DIVIDE("floor_divide", 2), MOD("remainder", 2),
    NEGATIVE("negative", 1), POSITIVE("positive", 1), RECIPROCAL("reciprocal", 1), ABS("abs", 1),
    SQUARE("square", 1), SIGN("sign", 1),
    // float math (float results; ints become float64, int16 float32, bool and int8 float32 where numpy gives float16)
    SQRT("sqrt", 1), CBRT("cbrt", 1), EXP("exp", 1), EXPM1("expm1", 1), EXP2("exp2", 1),
    LOG("log", 1), LOG2("log2", 1), LOG10("log10", 1), LOG1P("log1p", 1),
    SIN("sin", 1), COS("cos", 1), TAN("tan", 1), ARCSIN("arcsin", 1), ARCCOS("arccos", 1), ARCTAN("arctan", 1),
    SINH("sinh", 1), COSH("cosh", 1), TANH("tanh", 1),
    ARCSINH("arcsinh", 1), ARCCOSH("arccosh", 1), ARCTANH("arctanh", 1),
    DEGREES("degrees", 1), RADIANS("radians", 1), RINT("rint", 1),
    ARCTAN2("arctan2", 2), HYPOT("hypot", 2), COPYSIGN("copysign", 2), HEAVISIDE("heaviside", 2),
    /** numpy.nextafter: the next value of the result's float dtype after x1 towards x2. */
    NEXTAFTER("nextafter", 2),
    /** numpy.spacing: the distance to the next value away from zero, of the result's float dtype. */
    SPACING("spacing", 1),
    /** numpy.frexp's first output: the mantissa in [0.5, 1) with x's sign (x itself for 0, inf, NaN). */
    FREXP_MANTISSA("frexp_mantissa", 1),
    /** numpy.frexp's second output: the int32 exponent with x = mantissa * 2**exponent (0 for 0, inf, NaN). */
    FREXP_EXPONENT("frexp_exponent", 1),
    LOGADDEXP("logaddexp", 2), LOGADDEXP2("logaddexp2", 2),
    /** numpy.float_power: always at least float64. */
    FLOAT_POWER("float_power", 2),
    /** numpy.fmod: C's remainder, with the dividend's sign (numpy.remainder has the divisor's). */
    FMOD("fmod", 2),
    // integer number theory (integers only; non-negative results)
    GCD("gcd", 2), LCM("lcm", 2),
    // rounding that keeps integer dtypes (numpy 2)
    FLOOR("floor", 1), CEIL("ceil", 1), TRUNC("trunc", 1),
    /** numpy.around: params {@code [decimals]} (an int constant). */
    AROUND("around", 1, 1),
    // extremes
    MAXIMUM("maximum", 2), MINIMUM("minimum", 2), FMAX("fmax", 2), FMIN("fmin", 2),
    /** numpy.clip(x, lo, hi), all three promoted together; a missing bound is built as maximum / minimum. */
    CLIP("clip", 3),
    // comparisons
    LESS("less", 2), LESS_EQUAL("less_equal", 2), GREATER("greater", 2), GREATER_EQUAL("greater_equal", 2),
    EQUAL("equal", 2), NOT_EQUAL("not_equal", 2),
    // logical (any dtype, non-zero is true; bool results)
    LOGICAL_AND("logical_and", 2), LOGICAL_OR("logical_or", 2), LOGICAL_XOR("logical_xor", 2),
    LOGICAL_NOT("logical_not", 1),
    // bitwise (integers and bool only)
    BITWISE_AND("bitwise_and", 2), BITWISE_OR("bitwise_or", 2), BITWISE_XOR("bitwise_xor", 2),
    INVERT("invert", 1), LEFT_SHIFT("left_shift", 2), RIGHT_SHIFT("right_shift", 2),
    // predicates (bool results)
    ISNAN("isnan", 1), ISINF("isinf", 1), ISFINITE("isfinite", 1),
    /** numpy.where(cond, x, y): x and y promoted together, cond read as bool. */
    WHERE("where", 3),
    /** numpy.nan_to_num: params {@code [nan, posinf, neginf]} (float constants, already resolved to values). */
    NAN_TO_NUM("nan_to_num", 1, 3),
    /** ndarray.astype: converts to the node's own dtype, with numpy's casting. */
    ASTYPE("astype", 1),
    // complex parts (the API rewrites them for real inputs: real(x) is x, imag(x) zeros, angle(x) arctan2(0, x))
    CONJ("conjugate", 1), REAL("real", 1), IMAG("imag", 1), ANGLE("angle", 1),
    /** re + 1j * im of two real arguments: the complex dtype that holds both ({@code DataType#toComplex}). */
    MAKE_COMPLEX("complex", 2);

    private final String numpyName;
    private final int operands;
    private final int params;

    ElementwiseFn(String numpyName, int operands) {
        this(numpyName, operands, 0);
    }

    ElementwiseFn(String numpyName, int operands, int params) {
        this.numpyName = numpyName;
        this.operands = operands;
        this.params = params;
    }

    public String numpyName() {
        return numpyName;
    }

    /** The number of arguments: data operands followed by constant parameters. */
    public int arity() {
        return operands + params;
    }

    /** The number of data arguments (tensors or weak scalars, broadcast together). */
    public int operands() {
        return operands;
    }

    /** The number of trailing constant parameters. */
    public int params() {
        return params;
    }

    /** The function with this numpy name or one of numpy's aliases ({@code mod}, {@code absolute}, ...). */
    public static ElementwiseFn fromNumpyName(String name) {
        String canonical = switch (name) {
            case "mod" -> "remainder";
            case "true_divide" -> "divide";
            case "absolute" -> "abs";
            case "round" -> "around";
            case "pow" -> "power";
            case "bitwise_not", "bitwise_invert" -> "invert";
            case "asin" -> "arcsin";
            case "acos" -> "arccos";
            case "atan" -> "arctan";
            case "atan2" -> "arctan2";
            case "asinh" -> "arcsinh";
            case "acosh" -> "arccosh";
            case "atanh" -> "arctanh";
            case "deg2rad" -> "radians";
            case "rad2deg" -> "degrees";
            case "conj" -> "conjugate";
            default -> name;
        };
        for (ElementwiseFn fn : values()) {
            if (fn.numpyName.equals(canonical)) {
                return fn;
            }
        }
        throw new MarsException(ErrorCode.INVALID_ARGUMENT, "no element-wise function named '" + name + "'");
    }

    public boolean isComparison() {
        return switch (this) {
            case LESS, LESS_EQUAL, GREATER, GREATER_EQUAL, EQUAL, NOT_EQUAL -> true;
            default -> false;
        };
    }

    public boolean isLogical() {
        return switch (this) {
            case LOGICAL_AND, LOGICAL_OR, LOGICAL_XOR, LOGICAL_NOT -> true;
            default -> false;
        };
    }

    /** isnan, isinf, isfinite: a bool per element from the element's value alone. */
    public boolean isPredicate() {
        return switch (this) {
            case ISNAN, ISINF, ISFINITE -> true;
            default -> false;
        };
    }

    /** Whether data argument {@code i} takes part in dtype promotion. */
    public boolean promotes(int i) {
        return !(this == WHERE && i == 0);
    }

    /**
     * Whether an int constant must fit the integer dtype it is combined with (numpy 2 raises "Python integer out of
     * bounds"). Comparisons compare exact values, clip clamps to the dtype's range and where wraps, as numpy does.
     */
    public boolean checksIntConstants() {
        return !isComparison() && !isLogical() && this != CLIP && this != WHERE;
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

    /**
     * The common dtype of this function's promoted data arguments. {@code inputDtypes} are the dtypes of the node's
     * inputs, indexed by {@link Arg#input()}. When only weak scalars are promoted (where(c, 1, 2.5)) they take
     * their default dtypes, as numpy does.
     */
    public DataType commonType(List<Arg> args, List<DataType> inputDtypes) {
        checkArgs(args);
        DataType t = null;
        DataType.Kind strongest = null;
        for (int i = 0; i < operands; i++) {
            Arg a = args.get(i);
            if (!promotes(i)) {
                continue;
            }
            if (a.isConstant()) {
                DataType.Kind k = a.constant().kind();
                strongest = strongest == null || k.ordinal() > strongest.ordinal() ? k : strongest;
            } else {
                DataType d = inputDtypes.get(a.input());
                t = t == null ? d : DataType.promote(t, d);
            }
        }
        if (t == null) {
            if (strongest == null) {
                throw new MarsException(ErrorCode.INVALID_ARGUMENT, numpyName + " has no argument to take a dtype from");
            }
            return switch (strongest) {
                case BOOL -> DataType.BOOL;
                case INT -> DataType.INT64;
                case FLOAT -> DataType.FLOAT64;
                case COMPLEX -> DataType.COMPLEX128;
            };
        }
        return strongest == null ? t : DataType.promoteWithScalar(t, strongest);
    }

    /** Checks the argument list's length and that parameters are constants; a bad list is a programming error. */
    public void checkArgs(List<Arg> args) {
        if (args.size() != arity()) {
            throw new MarsException(ErrorCode.INVALID_ARGUMENT, numpyName + " takes " + arity() + " argument(s), got "
                    + args.size());
        }
        for (int i = operands; i < args.size(); i++) {
            if (!args.get(i).isConstant()) {
                throw new MarsException(ErrorCode.INVALID_ARGUMENT, numpyName + ": parameter " + (i - operands)
                        + " must be a constant, got input " + args.get(i).input());
            }
        }
    }

    /**
     * The result dtype for inputs promoted to {@code common}; rejects dtypes numpy rejects, and on complex dtypes
     * everything Mars does not compute on them (ordering comparisons and extremes are refused on purpose).
     */
    public DataType resultType(DataType common) {
        if (common.isComplex()) {
            return complexResultType(common);
        }
        return switch (this) {
            case ADD, MULTIPLY, ABS, MAXIMUM, MINIMUM, FMAX, FMIN, CLIP, FLOOR, CEIL, TRUNC, WHERE, NAN_TO_NUM,
                    ASTYPE -> common;
            case SUBTRACT, NEGATIVE, POSITIVE, SIGN -> {
                if (common.isBool()) {
                    throw new MarsException(ErrorCode.UNSUPPORTED_DTYPE, "numpy boolean " + numpyName
                            + " is not supported on dtype bool; use logical operations or astype(int) first");
                }
                yield common;
            }
            case POWER, FLOOR_DIVIDE, MOD, FMOD, RECIPROCAL, SQUARE -> common.isBool() ? DataType.INT8 : common;
            case FLOAT_POWER -> DataType.FLOAT64;
            case GCD, LCM -> {
                if (common.isFloat() || common.isBool()) {
                    throw new MarsException(ErrorCode.UNSUPPORTED_DTYPE, "ufunc '" + numpyName
                            + "' not supported for the input types: " + common + " (integers only)");
                }
                yield common;
            }
            case DIVIDE -> common == DataType.FLOAT32 ? DataType.FLOAT32 : DataType.FLOAT64;
            case SQRT, CBRT, EXP, EXPM1, EXP2, LOG, LOG2, LOG10, LOG1P, SIN, COS, TAN, ARCSIN, ARCCOS, ARCTAN,
                    SINH, COSH, TANH, ARCSINH, ARCCOSH, ARCTANH, DEGREES, RADIANS, RINT, ARCTAN2, HYPOT, COPYSIGN,
                    HEAVISIDE, LOGADDEXP, LOGADDEXP2, FREXP_MANTISSA, NEXTAFTER, SPACING -> common.toFloat();
            case FREXP_EXPONENT -> DataType.INT32;
            case AROUND -> common.isBool() ? DataType.FLOAT32 : common;
            case BITWISE_AND, BITWISE_OR, BITWISE_XOR, INVERT -> {
                requireIntegerOrBool(common);
                yield common;
            }
            case LEFT_SHIFT, RIGHT_SHIFT -> {
                requireIntegerOrBool(common);
                yield common.isBool() ? DataType.INT8 : common;
            }
            case LESS, LESS_EQUAL, GREATER, GREATER_EQUAL, EQUAL, NOT_EQUAL, LOGICAL_AND, LOGICAL_OR, LOGICAL_XOR,
                    LOGICAL_NOT, ISNAN, ISINF, ISFINITE -> DataType.BOOL;
            case CONJ, REAL, IMAG -> common;
            case ANGLE -> common.toFloat();
            case MAKE_COMPLEX -> common.toComplex();
        };
    }

    /** Whether the complex kernel computes this function; see {@link #complexResultType}. */
    public boolean supportsComplex() {
        return switch (this) {
            case ADD, SUBTRACT, MULTIPLY, DIVIDE, POWER, NEGATIVE, POSITIVE, SQUARE, RECIPROCAL, EXP, SQRT, LOG, ABS,
                    EQUAL, NOT_EQUAL, ISNAN, ISINF, ISFINITE, WHERE, ASTYPE, CONJ, REAL, IMAG, ANGLE,
                    EXPM1, EXP2, LOG2, LOG10, LOG1P, SIN, COS, TAN, ARCSIN, ARCCOS, ARCTAN, SINH, COSH, TANH,
                    ARCSINH, ARCCOSH, ARCTANH, SIGN, AROUND, RINT -> true;
            default -> false;
        };
    }

    private DataType complexResultType(DataType common) {
        if (!supportsComplex()) {
            String why = switch (this) {
                case LESS, LESS_EQUAL, GREATER, GREATER_EQUAL, MAXIMUM, MINIMUM, FMAX, FMIN, CLIP, FLOOR, CEIL,
                        TRUNC -> ": complex numbers have no order (compare abs(x), real(x) or imag(x))";
                default -> "; complex dtypes support add, subtract, multiply, divide, power, negative, square,"
                        + " reciprocal, exp, exp2, expm1, sqrt, log, log2, log10, log1p, the trigonometric and hyperbolic"
                        + " functions and their inverses, sign, around, rint, abs, angle, real, imag, conj, equal,"
                        + " not_equal, isnan, isinf, isfinite, where, astype";
            };
            throw new MarsException(ErrorCode.UNSUPPORTED_DTYPE, "ufunc '" + numpyName
                    + "' is not supported for complex dtype " + common + why);
        }
        return switch (this) {
            case ABS, REAL, IMAG, ANGLE -> common.componentType();
            case EQUAL, NOT_EQUAL, ISNAN, ISINF, ISFINITE -> DataType.BOOL;
            default -> common;
        };
    }

    /**
     * The dtype the kernel computes in, given the promoted input dtype: the result type, except that comparisons and
     * predicates look at the inputs, logical functions at their truth, and integer reciprocal and around compute in
     * float64 and convert back, exactly as numpy does.
     */
    public DataType computeType(DataType common) {
        if (common.isComplex()) {
            resultType(common);
            return common;
        }
        if (isComparison() || isPredicate()) {
            return common;
        }
        if (isLogical()) {
            return DataType.BOOL;
        }
        return switch (this) {
            case RECIPROCAL -> common.isFloat() ? common : DataType.FLOAT64;
            case FREXP_EXPONENT -> common.toFloat();
            case AROUND -> common.isFloat() ? common : common.isBool() ? DataType.FLOAT32 : DataType.FLOAT64;
            default -> resultType(common);
        };
    }

    private void requireIntegerOrBool(DataType common) {
        if (common.isFloat() || common.isComplex()) {
            throw new MarsException(ErrorCode.UNSUPPORTED_DTYPE, "ufunc '" + numpyName
                    + "' not supported for the input types: " + common + " (integers and bool only)");
        }
    }
}
