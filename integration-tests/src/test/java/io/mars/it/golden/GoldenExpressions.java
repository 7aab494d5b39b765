package io.mars.it.golden;

import static io.mars.tensor.Tensors.shape;

import io.mars.it.golden.GoldenCase.Params;
import io.mars.tensor.Tensor;
import io.mars.tensor.Tensors;
import io.mars.types.ChunkSpec;
import io.mars.types.DataType;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * Builds, with Mars's public Java API, the expression a golden case describes, so that it mirrors the numpy call in
 * make_golden.py. Named methods are preferred over the generic {@link Tensors#elementwise} so that the API users call
 * is what gets tested; the generic form is used only where no named overload exists (int scalars in comparisons,
 * scalars on the left).
 */
final class GoldenExpressions {
    /** The files of make_golden.py. */
    static final GoldenManifest MANIFEST = new GoldenManifest("/golden/", "make_golden.py");
    private static final Set<String> PRODUCT_OPS = Set.of("dot", "matmul", "inner");
    private static final Set<String> PRODUCT_EXPRESSIONS = Set.of("inner_ones_sum", "dot_transpose_minus_std");

    private GoldenExpressions() {
    }

    /** The shapes of the operands the case's chunkings apply to. */
    static List<long[]> operandShapes(GoldenCase c) {
        List<long[]> shapes = new ArrayList<>(MANIFEST.inputShapes(c.inputs()));
        if (shapes.isEmpty()) {
            long[] created = c.params().has("shape") ? c.params().longs("shape") : c.shape();
            for (int i = 0; i < c.operandCount(); i++) {
                shapes.add(created);
            }
        }
        return shapes;
    }

    /** Whether the case multiplies blocks of its operands (its cost grows with the product of their sizes). */
    static boolean isProduct(GoldenCase c) {
        return PRODUCT_OPS.contains(c.op())
                || c.op().equals("expr") && PRODUCT_EXPRESSIONS.contains(c.params().string("name"));
    }

    static Tensor build(GoldenCase c, Chunking chunking) {
        List<long[]> shapes = operandShapes(c);
        List<Tensor> in = MANIFEST.operands(c.inputs(), chunking);
        Params p = c.params();
        ChunkSpec created = chunking.forOperand(0, shapes.get(0));
        return switch (c.op()) {
            case "ones" -> p.string("dtype").equals("float64") ? Tensors.ones(p.longs("shape"), created)
                    : Tensors.ones(p.longs("shape"), DataType.fromNumpyName(p.string("dtype")), created);
            case "zeros" -> p.string("dtype").equals("float64") ? Tensors.zeros(p.longs("shape"), created)
                    : Tensors.zeros(p.longs("shape"), DataType.fromNumpyName(p.string("dtype")), created);
            case "full" -> full(p, created);
            case "arange" -> arange(p, created);
            case "array" -> in.get(0);
            case "unary" -> unary(p.string("fn"), in.get(0));
            case "binary" -> binary(p.string("fn"), in.get(0), in.get(1));
            case "binary_scalar" -> binaryScalar(p, in.get(0));
            case "reduce" -> reduce(p, in.get(0));
            case "transpose" -> p.axesOrNull("axes") == null ? in.get(0).transpose() : in.get(0).transpose(p.axesOrNull("axes"));
            case "T" -> in.get(0).T();
            case "reshape" -> in.get(0).reshape(p.longs("shape"));
            case "dot" -> in.get(0).dot(in.get(1));
            case "matmul" -> Tensors.matmul(in.get(0), in.get(1));
            case "inner" -> Tensors.inner(in.get(0), in.get(1));
            case "expr" -> expression(p, in, chunking, shapes);
            default -> throw new IllegalArgumentException("case " + c.name() + ": unknown op '" + c.op() + "'");
        };
    }

    private static Tensor full(Params p, ChunkSpec chunks) {
        long[] shape = p.longs("shape");
        return switch (p.string("kind")) {
            case "float" -> p.has("dtype")
                    ? Tensors.full(shape, p.doubleValue("value"), DataType.fromNumpyName(p.string("dtype")), chunks)
                    : Tensors.full(shape, p.doubleValue("value"), chunks);
            case "int" -> Tensors.full(shape, p.longValue("value"), chunks);
            case "bool" -> Tensors.full(shape, p.bool("value"), chunks);
            default -> throw new IllegalArgumentException("unknown scalar kind " + p.string("kind"));
        };
    }

    private static Tensor arange(Params p, ChunkSpec chunks) {
        if (p.string("kind").equals("float")) {
            return Tensors.arange(p.doubleValue("start"), p.doubleValue("stop"), p.doubleValue("step"), chunks);
        }
        if (!p.has("start")) {
            return Tensors.arange(p.longValue("stop"), chunks);
        }
        return Tensors.arange(p.longValue("start"), p.longValue("stop"), p.longValue("step"), chunks);
    }

    private static Tensor unary(String fn, Tensor a) {
        return switch (fn) {
            case "negative" -> a.negative();
            case "abs" -> a.abs();
            case "sqrt" -> a.sqrt();
            case "exp" -> a.exp();
            case "log" -> a.log();
            default -> throw new IllegalArgumentException("unknown unary function " + fn);
        };
    }

    static Tensor binary(String fn, Tensor a, Tensor b) {
        return switch (fn) {
            case "add" -> a.add(b);
            case "subtract" -> a.subtract(b);
            case "multiply" -> a.multiply(b);
            case "divide" -> a.divide(b);
            case "power" -> a.power(b);
            case "less" -> a.less(b);
            case "less_equal" -> a.lessEqual(b);
            case "greater" -> a.greater(b);
            case "greater_equal" -> a.greaterEqual(b);
            case "equal" -> a.equal(b);
            case "not_equal" -> a.notEqual(b);
            default -> throw new IllegalArgumentException("unknown binary function " + fn);
        };
    }

    private static Tensor binaryScalar(Params p, Tensor a) {
        String fn = p.string("fn");
        boolean left = p.string("side").equals("left");
        return switch (p.string("kind")) {
            case "float" -> {
                double s = p.doubleValue("scalar");
                if (left) {
                    yield switch (fn) {
                        case "subtract" -> a.rsubtract(s);
                        case "divide" -> a.rdivide(s);
                        default -> Tensors.elementwise(fn, s, a);
                    };
                }
                yield switch (fn) {
                    case "add" -> a.add(s);
                    case "subtract" -> a.subtract(s);
                    case "multiply" -> a.multiply(s);
                    case "divide" -> a.divide(s);
                    case "power" -> a.power(s);
                    case "less" -> a.less(s);
                    case "less_equal" -> a.lessEqual(s);
                    case "greater" -> a.greater(s);
                    case "greater_equal" -> a.greaterEqual(s);
                    case "equal" -> a.equal(s);
                    case "not_equal" -> a.notEqual(s);
                    default -> throw new IllegalArgumentException("unknown binary function " + fn);
                };
            }
            case "int" -> {
                long s = p.longValue("scalar");
                if (left) {
                    yield Tensors.elementwise(fn, s, a);
                }
                yield switch (fn) {
                    case "add" -> a.add(s);
                    case "subtract" -> a.subtract(s);
                    case "multiply" -> a.multiply(s);
                    case "divide" -> a.divide(s);
                    case "power" -> a.power(s);
                    default -> Tensors.elementwise(fn, a, s); // comparisons have no long overloads
                };
            }
            case "bool" -> {
                boolean s = p.bool("scalar");
                yield left ? Tensors.elementwise(fn, s, a) : Tensors.elementwise(fn, a, s);
            }
            default -> throw new IllegalArgumentException("unknown scalar kind " + p.string("kind"));
        };
    }

    private static Tensor reduce(Params p, Tensor a) {
        String fn = p.string("fn");
        int[] axes = p.axesOrNull("axis");
        boolean keepdims = p.bool("keepdims");
        int ddof = p.intOr("ddof", 0);
        if (!keepdims && ddof == 0) {
            // The short overloads users reach for first.
            return axes == null ? switch (fn) {
                case "sum" -> a.sum();
                case "mean" -> a.mean();
                case "var" -> a.var();
                case "std" -> a.std();
                case "min" -> a.min();
                case "max" -> a.max();
                default -> throw new IllegalArgumentException("unknown reduction " + fn);
            } : switch (fn) {
                case "sum" -> a.sum(axes);
                case "mean" -> a.mean(axes);
                case "var" -> a.var(axes);
                case "std" -> a.std(axes);
                case "min" -> a.min(axes);
                case "max" -> a.max(axes);
                default -> throw new IllegalArgumentException("unknown reduction " + fn);
            };
        }
        return switch (fn) {
            case "sum" -> a.sum(axes, keepdims);
            case "mean" -> a.mean(axes, keepdims);
            case "var" -> a.var(axes, keepdims, ddof);
            case "std" -> a.std(axes, keepdims, ddof);
            case "min" -> a.min(axes, keepdims);
            case "max" -> a.max(axes, keepdims);
            default -> throw new IllegalArgumentException("unknown reduction " + fn);
        };
    }

    /** The composite expressions; each mirrors the numpy expression in make_golden.py's composite_cases. */
    private static Tensor expression(Params p, List<Tensor> in, Chunking chunking, List<long[]> shapes) {
        String name = p.string("name");
        return switch (name) {
            // ((a + 1) * 2).sum()
            case "add1_times2_sum" -> in.get(0).add(1L).multiply(2L).sum();
            // np.inner(np.ones((20, 20)), np.ones((20, 20))).sum()
            case "inner_ones_sum" -> Tensors.inner(
                    Tensors.ones(p.longs("shape"), chunking.forOperand(0, shapes.get(0))),
                    Tensors.ones(p.longs("shape"), chunking.forOperand(1, shapes.get(1)))).sum();
            // (a.dot(a.T) - a).std()
            case "dot_transpose_minus_std" -> in.get(0).dot(in.get(0).T()).subtract(in.get(0)).std();
            // a.T.reshape(24)
            case "transpose_then_reshape" -> in.get(0).T().reshape(shape(24));
            // (m - m.mean(axis=0, keepdims=True)) / m.std(axis=0, keepdims=True)
            case "standardize_columns" -> in.get(0).subtract(in.get(0).mean(new int[] {0}, true))
                    .divide(in.get(0).std(new int[] {0}, true, 0));
            // ((x > 0) * x).sum()
            case "relu_sum" -> in.get(0).greater(0.0).multiply(in.get(0)).sum();
            // (x * x).mean() - x.mean() ** 2
            case "centered_second_moment" -> in.get(0).multiply(in.get(0)).mean().subtract(in.get(0).mean().power(2L));
            default -> throw new IllegalArgumentException("unknown composite expression " + name);
        };
    }
}
