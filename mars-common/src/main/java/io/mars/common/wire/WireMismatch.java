package io.mars.common.wire;

import java.util.ArrayDeque;
import java.util.Deque;

/**
 * A decoded value that does not fit its Java component, raised deep inside nested values and given its parameter
 * path on the way out, so the final error can name the operand and the exact parameter ({@code start.kind},
 * {@code pieces[2].extent}). Never escapes the wire package: {@link OperandCodec} turns it into a MarsException.
 */
final class WireMismatch extends RuntimeException {
    private static final long serialVersionUID = 1L;
    private final transient Deque<String> path = new ArrayDeque<>();

    /** @param problem what is wrong, phrased to follow "param 'x' ", e.g. "is missing" */
    WireMismatch(String problem) {
        super(problem, null, false, false);
    }

    WireMismatch(String problem, Throwable cause) {
        super(problem, cause, false, false);
    }

    /** Prepends a component name, or an element position as {@code [i]}. */
    WireMismatch at(String segment) {
        path.addFirst(segment);
        return this;
    }

    WireMismatch at(int index) {
        return at("[" + index + "]");
    }

    /** The problem with its parameter path in front, e.g. {@code param 'pieces[1].extent' is missing}. */
    String describe() {
        if (path.isEmpty()) {
            return getMessage();
        }
        StringBuilder sb = new StringBuilder();
        for (String s : path) {
            if (sb.length() > 0 && !s.startsWith("[")) {
                sb.append('.');
            }
            sb.append(s);
        }
        return "param '" + sb + "' " + getMessage();
    }

    static WireMismatch expected(String expected, Object datum) {
        return new WireMismatch("should be " + expected + ", got " + describeDatum(datum));
    }

    /** The wire type of a decoded union datum, for messages. */
    static String describeDatum(Object datum) {
        if (datum == null) {
            return "null";
        }
        if (datum instanceof Boolean) {
            return "boolean";
        }
        if (datum instanceof Integer) {
            return "int";
        }
        if (datum instanceof Long) {
            return "long";
        }
        if (datum instanceof Double) {
            return "double";
        }
        if (datum instanceof CharSequence) {
            return "string";
        }
        if (datum instanceof java.nio.ByteBuffer) {
            return "bytes";
        }
        if (datum instanceof java.util.List) {
            return "array";
        }
        if (datum instanceof java.util.Map) {
            return "map";
        }
        return datum.getClass().getSimpleName();
    }
}
