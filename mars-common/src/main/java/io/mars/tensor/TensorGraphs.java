package io.mars.tensor;

import io.mars.common.graph.TileableGraph;
import io.mars.common.graph.TileableGraphs;

/** Builds the tileable graph a client submits from the tensors it wants. */
public final class TensorGraphs {
    private TensorGraphs() {
    }

    /** The ancestry of {@code outputs} in topological order (inputs first), with the outputs' keys deduplicated. */
    public static TileableGraph of(Tensor... outputs) {
        return TileableGraphs.of(outputs);
    }
}
