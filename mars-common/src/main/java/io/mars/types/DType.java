package io.mars.types;

import io.mars.common.error.ErrorCode;
import io.mars.common.error.MarsException;
import io.mars.types.DataType;

/**
 * Column types of dataframes and series, with pandas' names. Every type can hold nulls (as pandas' nullable
 * extension types do); in float columns NaN also counts as null, as pandas' {@code isna} treats it.
 */
public enum DType {
    BOOL("bool"),
    INT32("int32"),
    INT64("int64"),
    FLOAT32("float32"),
    FLOAT64("float64"),
    /** Text; pandas shows it as {@code object}. */
    STRING("object"),
    /** Nanoseconds since the epoch, UTC; pandas' {@code datetime64[ns]}. */
    TIMESTAMP("datetime64[ns]"),
    /** A signed length of time in nanoseconds; pandas' {@code timedelta64[ns]} (a null is pandas' NaT). */
    TIMEDELTA("timedelta64[ns]");

    private final String pandasName;

    DType(String pandasName) {
        this.pandasName = pandasName;
    }

    public String pandasName() {
        return pandasName;
    }

    /** Whether arithmetic and numeric aggregations (sum, mean, std) apply: bool, ints and floats. */
    public boolean isNumeric() {
        return switch (this) {
            case BOOL, INT32, INT64, FLOAT32, FLOAT64 -> true;
            case STRING, TIMESTAMP, TIMEDELTA -> false;
        };
    }

    /** Whether values are instants or lengths of time (datetime64[ns], timedelta64[ns]). */
    public boolean isTemporal() {
        return this == TIMESTAMP || this == TIMEDELTA;
    }

    public boolean isFloat() {
        return this == FLOAT32 || this == FLOAT64;
    }

    /** Whether values are held as longs (bool as 0/1, timestamps and timedeltas as nanoseconds). */
    public boolean isLongBacked() {
        return switch (this) {
            case BOOL, INT32, INT64, TIMESTAMP, TIMEDELTA -> true;
            case FLOAT32, FLOAT64, STRING -> false;
        };
    }

    /** Looks a type up by its pandas name ({@code "float64"}, {@code "object"}) or {@code "string"}. */
    public static DType fromName(String name) {
        for (DType t : values()) {
            if (t.pandasName.equals(name) || t.name().equalsIgnoreCase(name)) {
                return t;
            }
        }
        throw new MarsException(ErrorCode.UNSUPPORTED_DTYPE, "dtype '" + name
                + "' is not supported for dataframes; use one of bool, int32, int64, float32, float64, object (string),"
                + " datetime64[ns], timedelta64[ns]");
    }

    /** The type numpy-style arithmetic of two numeric columns gives (two bool columns give int64). */
    public static DType promote(DType a, DType b) {
        if (a == b && a != BOOL) {
            return a;
        }
        if (a.isFloat() || b.isFloat()) {
            return a == FLOAT32 && (b == FLOAT32 || b == BOOL) || b == FLOAT32 && a == BOOL ? FLOAT32 : FLOAT64;
        }
        return a == INT32 && (b == INT32 || b == BOOL) || b == INT32 && a == BOOL ? INT32 : INT64;
    }

    /** The tensor dtype of this column type; strings have none, timestamps and timedeltas give int64 (nanoseconds). */
    public DataType toTensorType() {
        return switch (this) {
            case BOOL -> DataType.BOOL;
            case INT32 -> DataType.INT32;
            case INT64, TIMESTAMP, TIMEDELTA -> DataType.INT64;
            case FLOAT32 -> DataType.FLOAT32;
            case FLOAT64 -> DataType.FLOAT64;
            case STRING -> throw new MarsException(ErrorCode.UNSUPPORTED_DTYPE,
                    "a string column has no tensor dtype; select numeric columns before toTensor()");
        };
    }

    /** The column type of a tensor dtype; int8/int16 widen to int32. */
    public static DType of(DataType t) {
        return switch (t) {
            case BOOL -> BOOL;
            case INT8, INT16, INT32 -> INT32;
            case INT64 -> INT64;
            case FLOAT32 -> FLOAT32;
            case FLOAT64 -> FLOAT64;
            case COMPLEX64, COMPLEX128 -> throw new MarsException(ErrorCode.UNSUPPORTED_DTYPE,
                    "dataframe columns cannot hold complex dtype " + t + "; take real(x) and imag(x) as two columns");
        };
    }

    @Override
    public String toString() {
        return pandasName;
    }
}
