package io.mars.types;

import io.mars.common.error.ErrorCode;
import io.mars.common.error.MarsException;

/**
 * Element types of tensors, with numpy's names and promotion rules (numpy 2, NEP 50 for Python-like scalars).
 * There is no float16: where numpy would pick float16 (float math on bool or int8) Mars picks float32.
 */
public enum DataType {
    BOOL("bool", Kind.BOOL, 1, 0),
    INT8("int8", Kind.INT, 1, 1),
    INT16("int16", Kind.INT, 2, 2),
    INT32("int32", Kind.INT, 4, 3),
    INT64("int64", Kind.INT, 8, 4),
    FLOAT32("float32", Kind.FLOAT, 4, 5),
    FLOAT64("float64", Kind.FLOAT, 8, 6),
    /** Two float32s per element, real then imaginary (numpy's {@code <c8}). */
    COMPLEX64("complex64", Kind.COMPLEX, 8, 7),
    /** Two float64s per element, real then imaginary (numpy's {@code <c16}). */
    COMPLEX128("complex128", Kind.COMPLEX, 16, 8);

    /** The numeric families, ordered bool &lt; int &lt; float &lt; complex. */
    public enum Kind { BOOL, INT, FLOAT, COMPLEX }

    private final String numpyName;
    private final Kind kind;
    private final int itemSize;
    private final int rank;

    DataType(String numpyName, Kind kind, int itemSize, int rank) {
        this.numpyName = numpyName;
        this.kind = kind;
        this.itemSize = itemSize;
        this.rank = rank;
    }

    public String numpyName() {
        return numpyName;
    }

    public Kind kind() {
        return kind;
    }

    public int itemSize() {
        return itemSize;
    }

    public boolean isFloat() {
        return kind == Kind.FLOAT;
    }

    public boolean isInteger() {
        return kind == Kind.INT;
    }

    public boolean isBool() {
        return kind == Kind.BOOL;
    }

    public boolean isComplex() {
        return kind == Kind.COMPLEX;
    }

    /** The real dtype of one component of a complex dtype (float32 for complex64); a real dtype itself. */
    public DataType componentType() {
        return switch (this) {
            case COMPLEX64 -> FLOAT32;
            case COMPLEX128 -> FLOAT64;
            case BOOL, INT8, INT16, INT32, INT64, FLOAT32, FLOAT64 -> this;
        };
    }

    /** The complex dtype that holds this dtype's values exactly as numpy promotes (float32 → complex64). */
    public DataType toComplex() {
        return switch (this) {
            case BOOL, INT8, INT16, FLOAT32, COMPLEX64 -> COMPLEX64;
            case INT32, INT64, FLOAT64, COMPLEX128 -> COMPLEX128;
        };
    }

    /**
     * Throws unless this dtype is ordered: numpy orders complex numbers lexicographically, Mars refuses them in
     * comparisons, max/min and sorting instead so that no one relies on an order with no mathematical meaning.
     */
    public void requireOrdered(String what) {
        if (isComplex()) {
            throw new MarsException(ErrorCode.UNSUPPORTED_DTYPE, what + " is not supported for complex dtype " + this
                    + ": complex numbers have no order (compare abs(x), real(x) or imag(x) instead)");
        }
    }

    /** Looks a dtype up by its numpy name ({@code "float64"}, {@code "int32"}, ...). */
    public static DataType fromNumpyName(String name) {
        for (DataType t : values()) {
            if (t.numpyName.equals(name)) {
                return t;
            }
        }
        throw new MarsException(ErrorCode.UNSUPPORTED_DTYPE,
                "dtype '" + name + "' is not supported; use one of bool, int8, int16, int32, int64, float32, float64, complex64, complex128");
    }

    /** numpy.promote_types for two array dtypes. */
    public static DataType promote(DataType a, DataType b) {
        if (a == b) {
            return a;
        }
        DataType lo = a.rank < b.rank ? a : b;
        DataType hi = a.rank < b.rank ? b : a;
        if (hi == FLOAT32 && (lo == INT32 || lo == INT64)) {
            return FLOAT64;
        }
        if (hi == COMPLEX64 && (lo == INT32 || lo == INT64 || lo == FLOAT64)) {
            return COMPLEX128;
        }
        return hi;
    }

    /**
     * The result dtype of an array of dtype {@code array} combined with a Python-like ("weak") scalar of kind
     * {@code scalar}: the array's dtype wins unless the scalar's kind is higher (NEP 50).
     */
    public static DataType promoteWithScalar(DataType array, Kind scalar) {
        if (scalar.ordinal() <= array.kind.ordinal()) {
            return array;
        }
        return switch (scalar) {
            case BOOL, INT -> INT64;
            case FLOAT -> FLOAT64;
            case COMPLEX -> array.isFloat() ? array.toComplex() : COMPLEX128;
        };
    }

    /**
     * Rejects a Python-like int scalar that this integer dtype cannot hold, as numpy 2 (NEP 50) does instead of
     * wrapping it; int64 and non-integer dtypes accept any long.
     */
    public void checkFits(long v) {
        long min;
        long max;
        switch (this) {
            case INT8 -> {
                min = Byte.MIN_VALUE;
                max = Byte.MAX_VALUE;
            }
            case INT16 -> {
                min = Short.MIN_VALUE;
                max = Short.MAX_VALUE;
            }
            case INT32 -> {
                min = Integer.MIN_VALUE;
                max = Integer.MAX_VALUE;
            }
            default -> {
                return;
            }
        }
        if (v < min || v > max) {
            throw new MarsException(ErrorCode.INVALID_ARGUMENT, "Python integer " + v + " out of bounds for " + this);
        }
    }

    /** The dtype float functions (sqrt, exp, log, true division) produce for this input dtype. */
    public DataType toFloat() {
        return switch (this) {
            case BOOL, INT8, INT16, FLOAT32 -> FLOAT32;
            case INT32, INT64, FLOAT64 -> FLOAT64;
            case COMPLEX64, COMPLEX128 -> this;
        };
    }

    @Override
    public String toString() {
        return numpyName;
    }
}
