package io.mars.container.kernels;

import io.mars.common.error.ErrorCode;
import io.mars.common.error.MarsException;
import io.mars.common.operand.ElementwiseFn;

/** What the generated element-wise loop classes ({@code DoubleLoops}, {@code LongLoops}, {@code BoolLoops}) share. */
final class LoopDispatch {
    private LoopDispatch() {
    }

    /** The comparison that gives the same answer with its operands swapped. */
    static ElementwiseFn flip(ElementwiseFn fn) {
        return switch (fn) {
            case LESS -> ElementwiseFn.GREATER;
            case LESS_EQUAL -> ElementwiseFn.GREATER_EQUAL;
            case GREATER -> ElementwiseFn.LESS;
            case GREATER_EQUAL -> ElementwiseFn.LESS_EQUAL;
            case EQUAL, NOT_EQUAL -> fn;
            default -> throw unsupported(fn, "comparison");
        };
    }

    static MarsException unsupported(ElementwiseFn fn, String domain) {
        return new MarsException(ErrorCode.INTERNAL_ERROR, "element-wise " + fn.numpyName() + " has no " + domain + " loop");
    }
}
