package io.mars.it.golden;

import io.mars.types.DataType;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * One row of {@code golden/cases.tsv}: an operation with its parameters, the inputs it reads and numpy's result.
 *
 * @param name     unique case name, also the expected file's base name
 * @param group    the family of operations (creation, elementwise, reduction, ...)
 * @param op       what {@link GoldenExpressions} builds (unary, binary, reduce, dot, expr, ...)
 * @param params   the operation's parameters as written by make_golden.py
 * @param inputs   input names; each is {@code golden/inputs/<name>.npy}
 * @param output   the expected file under {@code golden/expected/}
 * @param dtype    numpy's result dtype (float32 where numpy gives float16; see the note)
 * @param shape    numpy's result shape
 * @param scale    magnitude the float tolerance is relative to when larger than the value; 0 for none
 * @param note     why the case is special, if it is
 */
public record GoldenCase(String name, String group, String op, Params params, List<String> inputs, String output,
        DataType dtype, long[] shape, double scale, String note) {
    public GoldenCase {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(op, "op");
        inputs = List.copyOf(inputs);
        shape = shape.clone();
    }

    /** How many operands the case's chunkings apply to: its inputs, or the tensors it creates itself. */
    public int operandCount() {
        return inputs.isEmpty() ? params.intOr("operands", 1) : inputs.size();
    }

    @Override
    public String toString() {
        return name;
    }

    /** The {@code key=value;key=value} parameters of a case; lists are comma-separated, {@code none} is null. */
    public record Params(Map<String, String> values) {
        public Params {
            values = Collections.unmodifiableMap(new LinkedHashMap<>(values)); // in file order, for messages
        }

        public static Params parse(String text) {
            Map<String, String> map = new LinkedHashMap<>();
            for (String pair : text.split(";")) {
                if (pair.isBlank()) {
                    continue;
                }
                int eq = pair.indexOf('=');
                if (eq < 0) {
                    throw new IllegalArgumentException("parameter without '=': " + pair + " in " + text);
                }
                map.put(pair.substring(0, eq), pair.substring(eq + 1));
            }
            return new Params(map);
        }

        public String string(String key) {
            String v = values.get(key);
            if (v == null) {
                throw new IllegalArgumentException("missing parameter '" + key + "' in " + values);
            }
            return v;
        }

        public boolean has(String key) {
            return values.containsKey(key);
        }

        public int intOr(String key, int fallback) {
            return has(key) ? Integer.parseInt(string(key)) : fallback;
        }

        public long longValue(String key) {
            return Long.parseLong(string(key));
        }

        public double doubleValue(String key) {
            return Double.parseDouble(string(key));
        }

        public boolean bool(String key) {
            return switch (string(key)) {
                case "true" -> true;
                case "false" -> false;
                default -> throw new IllegalArgumentException("'" + key + "' is not true/false: " + string(key));
            };
        }

        /** A comma-separated list of longs; empty for an empty value (a 0-d shape). */
        public long[] longs(String key) {
            return NpyReader.parseShape(string(key));
        }

        /** A comma-separated list of ints. */
        public int[] ints(String key) {
            return Arrays.stream(longs(key)).mapToInt(Math::toIntExact).toArray();
        }

        /** A comma-separated list of doubles. */
        public double[] doubles(String key) {
            return Arrays.stream(string(key).split(",")).mapToDouble(Double::parseDouble).toArray();
        }

        /** Axes as ints, or null for {@code none} (numpy's "all axes" / "reverse"). */
        public int[] axesOrNull(String key) {
            return string(key).equals("none") ? null : ints(key);
        }
    }
}
