package io.mars.container.kernels;

import io.mars.types.Column;
import java.util.List;

/**
 * The keys of both sides of a join as one long per row, equal exactly where the rows' keys are equal as
 * {@link TableRows#key} compares them (a null, or a value the inner side does not have, marks the row as matching
 * nothing); made by {@link JoinBuild}.
 */
record JoinKeys(long[] outer, byte[] outerNulls, long[] inner, byte[] innerNulls) {
    /**
     * The keys of {@code outer} and {@code inner}; null when a column pair mixes kinds (integers with floats, numbers
     * with text), which the boxed comparison decides.
     */
    static JoinKeys of(List<Column> outer, List<Column> inner) {
        if (outer.size() != inner.size()) {
            return null;
        }
        JoinBuild build = JoinBuild.of(inner);
        return build == null ? null : build.probe(outer);
    }
}
