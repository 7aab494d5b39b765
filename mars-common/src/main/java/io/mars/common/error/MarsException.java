package io.mars.common.error;

import java.util.Objects;

/** The one unchecked exception Mars throws; it carries an {@link ErrorCode} and thereby an {@link ErrorKind}. */
public class MarsException extends RuntimeException {
    private static final long serialVersionUID = 1L;
    private final ErrorCode code;

    public MarsException(ErrorCode code, String message) {
        super(message);
        this.code = Objects.requireNonNull(code, "code");
    }

    public MarsException(ErrorCode code, String message, Throwable cause) {
        super(message, cause);
        this.code = Objects.requireNonNull(code, "code");
    }

    public ErrorCode code() {
        return code;
    }

    public ErrorKind kind() {
        return code.kind();
    }

    @Override
    public String toString() {
        return "MarsException[" + code + "]: " + getMessage();
    }

    /** Throws a user error with the given code when {@code condition} is false. */
    public static void check(boolean condition, ErrorCode code, String format, Object... args) {
        if (!condition) {
            throw new MarsException(code, String.format(format, args));
        }
    }

    /** Unwraps completion wrappers and turns anything that is not a MarsException into an internal one. */
    public static MarsException wrap(Throwable t) {
        Throwable cur = t;
        while ((cur instanceof java.util.concurrent.CompletionException
                || cur instanceof java.util.concurrent.ExecutionException) && cur.getCause() != null) {
            cur = cur.getCause();
        }
        if (cur instanceof MarsException m) {
            return m;
        }
        return new MarsException(ErrorCode.INTERNAL_ERROR, String.valueOf(cur), cur);
    }
}
