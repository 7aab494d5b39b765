package io.mars.common.optimize.pruning;

import io.mars.common.graph.TileableNode;
import java.util.Objects;

/** What column pruning made of one node. */
public sealed interface Pruned {
    /** The node stays, rewritten or as it was. */
    record Kept(TileableNode node) implements Pruned {
        public Kept {
            Objects.requireNonNull(node, "node");
        }
    }

    /** The node goes: what it adds is unread, so its readers read its first input instead. */
    record Bypassed() implements Pruned {
    }

    static Pruned kept(TileableNode node) {
        return new Kept(node);
    }

    static Pruned bypassed() {
        return new Bypassed();
    }
}
