package io.mars.common.operand.dataframe;

import io.mars.types.DType;
import java.util.Objects;

/**
 * One aggregated output column: {@code fn} of input column {@code column} (ignored for size) named {@code output}.
 *
 * @param inputType the input column's type
 * @param ddof      delta degrees of freedom of var and std (pandas' default 1)
 */
public record AggSpec(String column, DType inputType, AggFn fn, String output, int ddof) {
    public AggSpec {
        Objects.requireNonNull(column, "column");
        Objects.requireNonNull(inputType, "inputType");
        Objects.requireNonNull(fn, "fn");
        Objects.requireNonNull(output, "output");
    }

    /** The output column's type, as pandas gives it. */
    public DType outputType() {
        return switch (fn) {
            case SUM, PROD -> inputType == DType.BOOL || inputType == DType.INT32 ? DType.INT64 : inputType;
            case MEAN -> inputType == DType.TIMEDELTA ? DType.TIMEDELTA : DType.FLOAT64;
            case VAR -> DType.FLOAT64;
            case STD -> inputType == DType.TIMEDELTA ? DType.TIMEDELTA : DType.FLOAT64;
            case COUNT, SIZE -> DType.INT64;
            case MIN, MAX, FIRST, LAST -> inputType;
        };
    }
}
