package io.mars.common.operand;

/**
 * One argument of an element-wise function: the operand's input number {@code input}, or a constant.
 *
 * @param input    index into the node's inputs, or -1 for a constant
 * @param constant the constant when {@code input} is -1, else null
 */
public record Arg(int input, Scalar constant) {
    public Arg {
        if ((input < 0) == (constant == null)) {
            throw new IllegalArgumentException("an argument is either an input (>= 0) or a constant, got input="
                    + input + " constant=" + constant);
        }
    }

    public static Arg input(int i) {
        return new Arg(i, null);
    }

    public static Arg constant(Scalar s) {
        return new Arg(-1, s);
    }

    public boolean isConstant() {
        return constant != null;
    }
}
