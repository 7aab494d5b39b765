package io.mars.it.golden;

import io.mars.it.golden.GoldenCase.Params;
import io.mars.tensor.Tensor;
import io.mars.tensor.Tensors;
import io.mars.types.DataType;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.function.BiFunction;
import java.util.function.Function;

/**
 * Builds, with Mars's public Java API, the expression an element-wise golden case describes, mirroring the numpy
 * call in golden_elementwise.py. Operators and ndarray methods go through Tensor's instance methods, the rest
 * through the numpy-named functions of {@link Tensors}.
 */
final class ElementwiseGoldenExpressions {
    /** The files of golden_elementwise.py. */
    static final GoldenManifest MANIFEST = new GoldenManifest("/golden/elementwise/", "golden_elementwise.py");
    private static final Map<String, Function<Tensor, Tensor>> UNARY = Map.ofEntries(
            Map.entry("negative", Tensor::negative), Map.entry("positive", Tensor::positive),
            Map.entry("abs", Tensor::abs), Map.entry("reciprocal", Tensors::reciprocal),
            Map.entry("square", Tensors::square), Map.entry("sign", Tensors::sign),
            Map.entry("sqrt", Tensor::sqrt), Map.entry("cbrt", Tensors::cbrt), Map.entry("exp", Tensor::exp),
            Map.entry("expm1", Tensors::expm1), Map.entry("exp2", Tensors::exp2), Map.entry("log", Tensors::log),
            Map.entry("log2", Tensors::log2), Map.entry("log10", Tensors::log10), Map.entry("log1p", Tensors::log1p),
            Map.entry("sin", Tensors::sin), Map.entry("cos", Tensors::cos), Map.entry("tan", Tensors::tan),
            Map.entry("arcsin", Tensors::arcsin), Map.entry("arccos", Tensors::arccos),
            Map.entry("arctan", Tensors::arctan), Map.entry("sinh", Tensors::sinh), Map.entry("cosh", Tensors::cosh),
            Map.entry("tanh", Tensors::tanh), Map.entry("arcsinh", Tensors::arcsinh),
            Map.entry("arccosh", Tensors::arccosh), Map.entry("arctanh", Tensors::arctanh),
            Map.entry("degrees", Tensors::degrees), Map.entry("radians", Tensors::radians),
            Map.entry("rad2deg", Tensors::rad2deg), Map.entry("deg2rad", Tensors::deg2rad),
            Map.entry("floor", Tensors::floor), Map.entry("ceil", Tensors::ceil), Map.entry("trunc", Tensors::trunc),
            Map.entry("rint", Tensors::rint), Map.entry("invert", Tensor::invert),
            Map.entry("logical_not", Tensors::logicalNot), Map.entry("isnan", Tensors::isnan),
            Map.entry("isinf", Tensors::isinf), Map.entry("isfinite", Tensors::isfinite),
            Map.entry("spacing", Tensors::spacing));

    /** Functions of two tensors or scalars, by numpy name. */
    private static final Map<String, BiFunction<Object, Object, Tensor>> BINARY = Map.ofEntries(
            Map.entry("add", Tensors::add), Map.entry("subtract", Tensors::subtract),
            Map.entry("multiply", Tensors::multiply), Map.entry("divide", Tensors::divide),
            Map.entry("power", Tensors::power), Map.entry("floor_divide", Tensors::floorDivide),
            Map.entry("remainder", Tensors::mod), Map.entry("arctan2", Tensors::arctan2),
            Map.entry("hypot", Tensors::hypot), Map.entry("copysign", Tensors::copysign),
            Map.entry("heaviside", Tensors::heaviside), Map.entry("nextafter", Tensors::nextafter),
            Map.entry("maximum", Tensors::maximum),
            Map.entry("minimum", Tensors::minimum), Map.entry("fmax", Tensors::fmax), Map.entry("fmin", Tensors::fmin),
            Map.entry("less", Tensors::less), Map.entry("less_equal", Tensors::lessEqual),
            Map.entry("greater", Tensors::greater), Map.entry("greater_equal", Tensors::greaterEqual),
            Map.entry("equal", Tensors::equal), Map.entry("not_equal", Tensors::notEqual),
            Map.entry("logical_and", Tensors::logicalAnd), Map.entry("logical_or", Tensors::logicalOr),
            Map.entry("logical_xor", Tensors::logicalXor), Map.entry("bitwise_and", Tensors::bitwiseAnd),
            Map.entry("bitwise_or", Tensors::bitwiseOr), Map.entry("bitwise_xor", Tensors::bitwiseXor),
            Map.entry("left_shift", Tensors::leftShift), Map.entry("right_shift", Tensors::rightShift));

    private ElementwiseGoldenExpressions() {
    }

    static Tensor build(GoldenCase c, Chunking chunking) {
        List<Tensor> in = MANIFEST.operands(c.inputs(), chunking);
        Params p = c.params();
        return switch (c.op()) {
            case "unary" -> function(UNARY, p.string("fn")).apply(in.get(0));
            case "binary" -> binary(p.string("fn"), in.get(0), in.get(1));
            case "nextafter_step" -> Tensors.nextafter(in.get(0), in.get(1)).subtract(in.get(0));
            case "binary_scalar" -> binaryScalar(p, in.get(0));
            case "where" -> where(p, in.iterator());
            case "clip" -> clip(p, in.iterator());
            case "around" -> (p.intOr("decimals", 0) % 2 == 0) ? in.get(0).round(p.intOr("decimals", 0))
                    : Tensors.around(in.get(0), p.intOr("decimals", 0));
            case "nan_to_num" -> p.values().isEmpty() ? Tensors.nanToNum(in.get(0))
                    : Tensors.nanToNum(in.get(0), p.has("nan") ? p.doubleValue("nan") : 0.0, optional(p, "posinf"),
                            optional(p, "neginf"));
            case "astype" -> p.string("dtype").startsWith("int") ? in.get(0).astype(p.string("dtype"))
                    : Tensors.astype(in.get(0), DataType.fromNumpyName(p.string("dtype")));
            default -> throw new IllegalArgumentException("case " + c.name() + ": unknown op '" + c.op() + "'");
        };
    }

    /** Operators use Tensor's instance methods (what users write); the rest the Tensors functions. */
    private static Tensor binary(String fn, Tensor a, Tensor b) {
        return switch (fn) {
            case "floor_divide" -> a.floorDivide(b);
            case "remainder" -> a.mod(b);
            case "bitwise_and" -> a.bitwiseAnd(b);
            case "bitwise_or" -> a.bitwiseOr(b);
            case "bitwise_xor" -> a.bitwiseXor(b);
            case "left_shift" -> a.leftShift(b);
            case "right_shift" -> a.rightShift(b);
            default -> function(BINARY, fn).apply(a, b);
        };
    }

    private static Tensor binaryScalar(Params p, Tensor a) {
        String fn = p.string("fn");
        Object s = scalar(p.string("kind"), p.string("scalar"));
        if (p.string("side").equals("left")) {
            return function(BINARY, fn).apply(s, a);
        }
        if (s instanceof Long l) {
            switch (fn) {
                case "floor_divide": return a.floorDivide(l);
                case "remainder": return a.mod(l);
                case "bitwise_and": return a.bitwiseAnd(l);
                case "left_shift": return a.leftShift(l);
                case "right_shift": return a.rightShift(l);
                case "less": return a.less(l);
                case "equal": return a.equal(l);
                default: break;
            }
        }
        if (s instanceof Double d) {
            switch (fn) {
                case "floor_divide": return a.floorDivide(d);
                case "remainder": return a.mod(d);
                default: break;
            }
        }
        return function(BINARY, fn).apply(a, s);
    }

    private static Tensor where(Params p, Iterator<Tensor> in) {
        Object cond = operand(p, "cond", in);
        Object x = operand(p, "x", in);
        Object y = operand(p, "y", in);
        return Tensors.where(cond, x, y);
    }

    private static Tensor clip(Params p, Iterator<Tensor> in) {
        Tensor a = in.next();
        Object lo = operand(p, "lo", in);
        Object hi = operand(p, "hi", in);
        if (lo instanceof Double l && hi instanceof Double h) {
            return a.clip(l, h);
        }
        if (lo instanceof Long l && hi instanceof Long h) {
            return a.clip(l, h);
        }
        return lo instanceof Tensor || hi instanceof Tensor ? Tensors.clip(a, lo, hi) : a.clip(lo, hi);
    }

    /** A tensor (the next input), a Java scalar of the case's kind, or null for none. */
    private static Object operand(Params p, String key, Iterator<Tensor> in) {
        String kind = p.string(key);
        return switch (kind) {
            case "input" -> in.next();
            case "none" -> null;
            default -> scalar(kind, p.string(key + "_value"));
        };
    }

    private static Object scalar(String kind, String text) {
        return switch (kind) {
            case "int" -> Long.parseLong(text);
            case "float" -> switch (text) {
                case "nan" -> Double.NaN;
                case "inf" -> Double.POSITIVE_INFINITY;
                case "-inf" -> Double.NEGATIVE_INFINITY;
                default -> Double.parseDouble(text);
            };
            case "bool" -> switch (text) {
                case "true" -> Boolean.TRUE;
                case "false" -> Boolean.FALSE;
                default -> throw new IllegalArgumentException("not a bool: " + text);
            };
            default -> throw new IllegalArgumentException("unknown scalar kind " + kind);
        };
    }

    private static Double optional(Params p, String key) {
        return p.has(key) ? p.doubleValue(key) : null;
    }

    private static <F> F function(Map<String, F> table, String name) {
        F f = table.get(name);
        if (f == null) {
            throw new IllegalArgumentException("no golden mapping for numpy function '" + name + "'");
        }
        return f;
    }
}
