package io.mars.examples;

import io.mars.common.error.ErrorCode;
import io.mars.common.error.MarsException;
import java.math.BigDecimal;
import java.util.Locale;

/** Reads the positional size arguments of the example jobs, accepting {@code 1e9} and {@code 1_000_000_000}. */
public final class JobArgs {
    private JobArgs() {
    }

    /** The {@code index}-th argument as a positive whole number, or {@code fallback} when it is absent. */
    public static long positive(String[] args, int index, String name, long fallback) {
        if (args.length <= index) {
            return fallback;
        }
        String raw = args[index].replace("_", "").trim();
        long value;
        try {
            value = new BigDecimal(raw).longValueExact();
        } catch (NumberFormatException | ArithmeticException e) {
            throw new MarsException(ErrorCode.INVALID_ARGUMENT, name + " must be a whole number such as 1000000 or 1e6, got '"
                    + args[index] + "'");
        }
        if (value <= 0) {
            throw new MarsException(ErrorCode.INVALID_ARGUMENT, name + " must be positive, got " + args[index]);
        }
        return value;
    }

    /** Seconds with two decimals, for the one-line summaries. */
    public static String seconds(long nanos) {
        return String.format(Locale.ROOT, "%.2fs", nanos / 1e9);
    }
}
