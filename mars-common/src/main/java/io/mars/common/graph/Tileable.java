package io.mars.common.graph;

import java.util.List;

/** A lazy value of the public API (a tensor, dataframe or series): a node of the graph the client submits. */
public interface Tileable {
    String key();

    /** The tileables this one is computed from, in the order of its node's inputs. */
    List<? extends Tileable> tileableInputs();

    /** This tileable as a node of a tileable graph. */
    TileableNode toNode();

    /** The keys of this tileable's inputs, in order: the input list of its node. */
    default List<String> inputKeys() {
        List<String> keys = new java.util.ArrayList<>(tileableInputs().size());
        for (Tileable t : tileableInputs()) {
            keys.add(t.key());
        }
        return keys;
    }
}
