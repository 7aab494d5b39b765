package io.mars.types;

import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;
import java.util.function.IntFunction;

/**
 * Prints an {@link NDArray} as numpy does with its default print options ({@code repr(a)} and {@code str(a)}):
 * nested brackets by dimension, elements of one width, lines wrapped at 75 characters, and arrays of more than 1000
 * elements summarised with {@code ...} after the first and before the last 3 items of every axis. Floats follow
 * numpy's "maxprec" mode: at most 8 fractional digits, each value's shortest round-trip digits, and scientific
 * notation when the largest magnitude is at least 1e8, the smallest below 1e-4, or their ratio above 1000.
 */
final class ArrayPrinter {
    private static final int PRECISION = 8;
    private static final int THRESHOLD = 1000;
    private static final int EDGE_ITEMS = 3;
    private static final int LINE_WIDTH = 75;

    private ArrayPrinter() {
    }

    /** numpy's {@code repr(a)}: {@code array([...])}, with the shape when summarised and the dtype unless implied. */
    static String repr(NDArray a) {
        String prefix = "array(";
        String body = a.size() == 0 ? "[]" : format(a, ", ", prefix, LINE_WIDTH - 1);
        StringBuilder extras = new StringBuilder();
        long[] shape = a.shapeView();
        if (a.size() == 0 && !(shape.length == 1 && shape[0] == 0) || a.size() > THRESHOLD) {
            extras.append("shape=").append(tuple(shape));
        }
        boolean implied = a.dtype() == DataType.FLOAT64 || a.dtype() == DataType.INT64 || a.dtype() == DataType.BOOL;
        if (!implied || a.size() == 0) {
            extras.append(extras.length() > 0 ? ", " : "").append("dtype=").append(a.dtype().numpyName());
        }
        if (extras.length() == 0) {
            return prefix + body + ")";
        }
        String head = prefix + body + ",";
        String tail = extras + ")";
        int lastLine = head.length() - (head.lastIndexOf('\n') + 1);
        String spacer = lastLine + tail.length() + 1 > LINE_WIDTH ? "\n" + " ".repeat(prefix.length()) : " ";
        return head + spacer + tail;
    }

    /** numpy's {@code str(a)}: the elements separated by spaces; a 0-d array prints as its scalar. */
    static String str(NDArray a) {
        if (a.ndim() == 0) {
            return scalarStr(a);
        }
        return a.size() == 0 ? "[]" : format(a, " ", "", LINE_WIDTH);
    }

    private static String tuple(long[] shape) {
        StringBuilder sb = new StringBuilder("(");
        for (int i = 0; i < shape.length; i++) {
            sb.append(i > 0 ? ", " : "").append(shape[i]);
        }
        return sb.append(shape.length == 1 ? ",)" : ")").toString();
    }

    // ----- layout (numpy's _formatArray) -----

    private static String format(NDArray a, String separator, String prefix, int lineWidth) {
        boolean summarise = a.size() > THRESHOLD;
        IntFunction<String> element = elementFormat(a, shownIndices(a, summarise));
        long[] shape = a.shapeView();
        long[] strides = new long[shape.length];
        long stride = 1;
        for (int i = shape.length - 1; i >= 0; i--) {
            strides[i] = stride;
            stride *= shape[i];
        }
        Layout layout = new Layout(shape, strides, element, separator, summarise ? "..." : "");
        return layout.recurse(0, 0, " " + " ".repeat(prefix.length()), lineWidth);
    }

    /** For each axis, the positions printed: all, or the first and last EDGE_ITEMS when summarised. */
    private static int[][] shownIndices(NDArray a, boolean summarise) {
        long[] shape = a.shapeView();
        int[][] shown = new int[shape.length][];
        for (int axis = 0; axis < shape.length; axis++) {
            int n = (int) shape[axis];
            if (summarise && n > 2 * EDGE_ITEMS) {
                shown[axis] = new int[2 * EDGE_ITEMS];
                for (int i = 0; i < EDGE_ITEMS; i++) {
                    shown[axis][i] = i;
                    shown[axis][EDGE_ITEMS + i] = n - EDGE_ITEMS + i;
                }
            } else {
                shown[axis] = new int[n];
                for (int i = 0; i < n; i++) {
                    shown[axis][i] = i;
                }
            }
        }
        return shown;
    }

    /** The flat indices of the printed elements: the product of each axis's printed positions. */
    private static int[] shownFlat(NDArray a, int[][] shown) {
        long[] shape = a.shapeView();
        int count = 1;
        for (int[] s : shown) {
            count *= s.length;
        }
        int[] out = new int[count];
        int[] pos = new int[shape.length];
        for (int k = 0; k < count; k++) {
            long flat = 0;
            for (int axis = 0; axis < shape.length; axis++) {
                flat = flat * shape[axis] + shown[axis][pos[axis]];
            }
            out[k] = (int) flat;
            for (int axis = shape.length - 1; axis >= 0; axis--) {
                if (++pos[axis] < shown[axis].length) {
                    break;
                }
                pos[axis] = 0;
            }
        }
        return out;
    }

    private record Layout(long[] shape, long[] strides, IntFunction<String> element, String separator,
                          String summaryInsert) {
        String recurse(int axis, long offset, String hangingIndent, int currWidth) {
            int axesLeft = shape.length - axis;
            if (axesLeft == 0) {
                return element.apply((int) offset);
            }
            String nextHangingIndent = hangingIndent + " ";
            int nextWidth = currWidth - 1;
            int length = (int) shape[axis];
            boolean showSummary = !summaryInsert.isEmpty() && 2 * EDGE_ITEMS < length;
            int leading = showSummary ? EDGE_ITEMS : 0;
            int trailing = showSummary ? EDGE_ITEMS : length;
            StringBuilder s = new StringBuilder();
            if (axesLeft == 1) {
                int elementWidth = currWidth - Math.max(separator.stripTrailing().length(), 1);
                StringBuilder line = new StringBuilder(hangingIndent);
                for (int i = 0; i < leading; i++) {
                    extend(s, line, recurse(axis + 1, offset + i * strides[axis], nextHangingIndent, nextWidth),
                            elementWidth, hangingIndent);
                    line.append(separator);
                }
                if (showSummary) {
                    extend(s, line, summaryInsert, elementWidth, hangingIndent);
                    line.append(separator);
                }
                for (int i = trailing; i > 1; i--) {
                    extend(s, line, recurse(axis + 1, offset + (length - i) * strides[axis], nextHangingIndent,
                            nextWidth), elementWidth, hangingIndent);
                    line.append(separator);
                }
                extend(s, line, recurse(axis + 1, offset + (length - 1) * strides[axis], nextHangingIndent, nextWidth),
                        elementWidth, hangingIndent);
                s.append(line);
            } else {
                String lineSeparator = separator.stripTrailing() + "\n".repeat(axesLeft - 1);
                for (int i = 0; i < leading; i++) {
                    s.append(hangingIndent).append(recurse(axis + 1, offset + i * strides[axis], nextHangingIndent,
                            nextWidth)).append(lineSeparator);
                }
                if (showSummary) {
                    s.append(hangingIndent).append(summaryInsert).append(lineSeparator);
                }
                for (int i = trailing; i > 1; i--) {
                    s.append(hangingIndent).append(recurse(axis + 1, offset + (length - i) * strides[axis],
                            nextHangingIndent, nextWidth)).append(lineSeparator);
                }
                s.append(hangingIndent).append(recurse(axis + 1, offset + (length - 1) * strides[axis],
                        nextHangingIndent, nextWidth));
            }
            return "[" + s.substring(hangingIndent.length()) + "]";
        }

        /** Appends a word to the line, first moving the line into {@code s} when the word would pass the width. */
        private static void extend(StringBuilder s, StringBuilder line, String word, int width, String nextLinePrefix) {
            boolean wrap = line.length() + word.length() > width && line.length() > nextLinePrefix.length();
            if (wrap) {
                s.append(line.toString().stripTrailing()).append('\n');
                line.setLength(0);
                line.append(nextLinePrefix);
            }
            line.append(word);
        }
    }

    // ----- elements (numpy's BoolFormat, IntegerFormat, FloatingFormat) -----

    private static IntFunction<String> elementFormat(NDArray a, int[][] shown) {
        int[] flat = shownFlat(a, shown);
        return switch (a.dtype().kind()) {
            case BOOL -> a.ndim() == 0
                    ? i -> a.getBoolean(i) ? "True" : "False"
                    : i -> a.getBoolean(i) ? " True" : "False";
            case INT -> {
                int width = 0;
                for (int i : flat) {
                    width = Math.max(width, Long.toString(a.getLong(i)).length());
                }
                String pattern = "%" + width + "d";
                yield i -> String.format(pattern, a.getLong(i));
            }
            case FLOAT -> new FloatFormat(a, flat)::format;
            // simpler than numpy's ComplexFloatingFormat: each part as Python's repr, no column alignment
            case COMPLEX -> i -> complexStr(a, i);
        };
    }

    private static String complexStr(NDArray a, int i) {
        boolean single = a.dtype() == DataType.COMPLEX64;
        double im = a.getImag(i);
        String imag = pythonFloat(Math.abs(im), single);
        return pythonFloat(a.getReal(i), single) + (negative(im) ? "-" : "+") + imag + "j";
    }

    /** numpy's FloatingFormat in "maxprec" mode with sign '-', fitted to the printed values. */
    private static final class FloatFormat {
        private final NDArray array;
        private final boolean exponential;
        private int padLeft;
        private int padRight;
        private int precision;
        private int exponentDigits;

        FloatFormat(NDArray array, int[] flat) {
            this.array = array;
            double max = 0;
            double min = Double.POSITIVE_INFINITY;
            boolean anyFinite = false;
            boolean anyNonFinite = false;
            boolean negativeInfinity = false;
            for (int i : flat) {
                double v = array.getDouble(i);
                if (!Double.isFinite(v)) {
                    anyNonFinite = true;
                    negativeInfinity |= v == Double.NEGATIVE_INFINITY;
                    continue;
                }
                anyFinite = true;
                if (v != 0) {
                    max = Math.max(max, Math.abs(v));
                    min = Math.min(min, Math.abs(v));
                }
            }
            exponential = max != 0 && (max >= 1e8 || min < 1e-4 || max / min > 1000.0);
            if (!anyFinite) {
                padLeft = 0;
                padRight = 0;
            } else if (exponential) {
                precision = 0;
                exponentDigits = 2;
                for (int i : flat) {
                    double v = array.getDouble(i);
                    if (Double.isFinite(v)) {
                        Scientific s = scientific(v, isFloat32(), PRECISION);
                        padLeft = Math.max(padLeft, s.integer().length());
                        precision = Math.max(precision, s.fraction().length());
                        exponentDigits = Math.max(exponentDigits, Integer.toString(Math.abs(s.exponent())).length());
                    }
                }
                padRight = exponentDigits + 2 + precision;
            } else {
                for (int i : flat) {
                    double v = array.getDouble(i);
                    if (Double.isFinite(v)) {
                        String[] parts = positional(v, isFloat32());
                        padLeft = Math.max(padLeft, parts[0].length());
                        padRight = Math.max(padRight, parts[1].length());
                    }
                }
            }
            if (anyNonFinite) {
                int offset = padRight + 1;
                padLeft = Math.max(padLeft, Math.max(3 - offset, 3 + (negativeInfinity ? 1 : 0) - offset));
            }
        }

        private boolean isFloat32() {
            return array.dtype() == DataType.FLOAT32;
        }

        String format(int flat) {
            double v = array.getDouble(flat);
            if (!Double.isFinite(v)) {
                String word = Double.isNaN(v) ? "nan" : v < 0 ? "-inf" : "inf";
                return " ".repeat(Math.max(0, padLeft + padRight + 1 - word.length())) + word;
            }
            if (exponential) {
                Scientific s = scientific(v, isFloat32(), PRECISION);
                String exponent = Integer.toString(Math.abs(s.exponent()));
                return " ".repeat(padLeft - s.integer().length()) + s.integer() + "." + s.fraction()
                        + "0".repeat(precision - s.fraction().length()) + "e" + (s.exponent() < 0 ? "-" : "+")
                        + "0".repeat(exponentDigits - exponent.length()) + exponent;
            }
            String[] parts = positional(v, isFloat32());
            return " ".repeat(padLeft - parts[0].length()) + parts[0] + "." + parts[1]
                    + " ".repeat(padRight - parts[1].length());
        }
    }

    // ----- digits -----

    /**
     * The shortest decimal that reads back as {@code v} (as a float when {@code float32}), non-negative; Java 17's
     * {@code Double.toString} is not always the shortest, so it is searched for.
     */
    static BigDecimal shortest(double v, boolean float32) {
        double abs = Math.abs(v);
        if (abs == 0) {
            return BigDecimal.ZERO;
        }
        BigDecimal exact = new BigDecimal(abs);
        int maxDigits = float32 ? 9 : 17;
        for (int p = 1; p < maxDigits; p++) {
            BigDecimal candidate = exact.round(new MathContext(p, RoundingMode.HALF_EVEN));
            boolean same = float32 ? candidate.floatValue() == (float) abs : candidate.doubleValue() == abs;
            if (same) {
                return candidate.stripTrailingZeros();
            }
        }
        return exact.round(new MathContext(maxDigits, RoundingMode.HALF_EVEN)).stripTrailingZeros();
    }

    /** Integer part (with its sign) and fractional digits: shortest digits, at most PRECISION after the point. */
    private static String[] positional(double v, boolean float32) {
        BigDecimal d = shortest(v, float32);
        if (d.scale() > PRECISION) {
            d = new BigDecimal(Math.abs(v)).setScale(PRECISION, RoundingMode.HALF_EVEN).stripTrailingZeros();
        }
        String plain = d.signum() == 0 ? "0" : d.toPlainString();
        int dot = plain.indexOf('.');
        String integer = dot < 0 ? plain : plain.substring(0, dot);
        String fraction = dot < 0 ? "" : plain.substring(dot + 1);
        return new String[] {(negative(v) ? "-" : "") + integer, fraction};
    }

    private record Scientific(String integer, String fraction, int exponent) {
    }

    /** Mantissa (sign and first digit; the other digits) and exponent, at most {@code precision} digits after the point. */
    private static Scientific scientific(double v, boolean float32, int precision) {
        BigDecimal d = shortest(v, float32);
        if (d.signum() != 0 && d.precision() > precision + 1) {
            d = new BigDecimal(Math.abs(v)).round(new MathContext(precision + 1, RoundingMode.HALF_EVEN))
                    .stripTrailingZeros();
        }
        if (d.signum() == 0) {
            return new Scientific(negative(v) ? "-0" : "0", "", 0);
        }
        String digits = d.unscaledValue().toString();
        int exponent = d.precision() - d.scale() - 1;
        return new Scientific((negative(v) ? "-" : "") + digits.charAt(0), digits.substring(1), exponent);
    }

    private static boolean negative(double v) {
        return v < 0 || v == 0 && 1 / v < 0;
    }

    /** A 0-d array as numpy's {@code str} shows it: the scalar, floats as Python's {@code repr(float)}. */
    private static String scalarStr(NDArray a) {
        return switch (a.dtype().kind()) {
            case BOOL -> a.getBoolean(0) ? "True" : "False";
            case INT -> Long.toString(a.getLong(0));
            case FLOAT -> pythonFloat(a.getDouble(0), a.dtype() == DataType.FLOAT32);
            case COMPLEX -> "(" + complexStr(a, 0) + ")";
        };
    }

    /** Python's {@code repr(float)}: shortest digits, positional for 1e-4 &lt;= |v| &lt; 1e16, else {@code 1.5e+20}. */
    static String pythonFloat(double v, boolean float32) {
        if (Double.isNaN(v)) {
            return "nan";
        }
        if (Double.isInfinite(v)) {
            return v < 0 ? "-inf" : "inf";
        }
        String sign = negative(v) ? "-" : "";
        BigDecimal d = shortest(v, float32);
        if (d.signum() == 0) {
            return sign + "0.0";
        }
        int exponent = d.precision() - d.scale() - 1;
        if (exponent >= -4 && exponent < 16) {
            String plain = d.toPlainString();
            return sign + (plain.indexOf('.') < 0 ? plain + ".0" : plain);
        }
        String digits = d.unscaledValue().toString();
        String mantissa = digits.length() == 1 ? digits : digits.charAt(0) + "." + digits.substring(1);
        String e = Integer.toString(Math.abs(exponent));
        return sign + mantissa + "e" + (exponent < 0 ? "-" : "+") + (e.length() < 2 ? "0" + e : e);
    }
}
