package io.mars.common.optimize.pruning;

import io.mars.common.graph.TileableNode;
import io.mars.common.operand.Operand;
import java.util.Collections;
import java.util.List;

/**
 * The rule of an operand that reads every column of every input and is never rewritten. Table operands choose it
 * explicitly in {@link PruningRules}; nodes of tensor operands (which read no table) get it without asking.
 */
public final class NeedsAllColumns<O extends Operand> implements PruningRule<O> {
    @Override
    public List<Columns> inputsNeed(TileableNode node, O op, Columns wanted) {
        return Collections.nCopies(node.inputs().size(), Columns.all());
    }
}
