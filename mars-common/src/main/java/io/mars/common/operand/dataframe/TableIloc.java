package io.mars.common.operand.dataframe;

import io.mars.common.operand.WireName;
import java.util.Arrays;

/**
 * pandas' {@code iloc} of rows: the slice {@code [start:stop:step]} with Python's rules (negative positions count
 * from the end, bounds are clipped), or, when {@code positions} is not null, the rows at those positions in that
 * order (negative from the end; INDEX_OUT_OF_RANGE past either end). Rows keep their labels.
 */
@WireName("df.iloc")
public record TableIloc(long start, long stop, long step, long[] positions) implements TableOperand {
    public TableIloc {
        positions = positions == null ? null : positions.clone();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof TableIloc t && start == t.start && stop == t.stop && step == t.step
                && Arrays.equals(positions, t.positions);
    }

    @Override
    public int hashCode() {
        return Long.hashCode(start) * 31 + Long.hashCode(stop) * 17 + Long.hashCode(step) + Arrays.hashCode(positions);
    }

    @Override
    public String toString() {
        return "TableIloc[" + (positions != null ? Arrays.toString(positions) : start + ":" + stop + ":" + step) + "]";
    }
}
