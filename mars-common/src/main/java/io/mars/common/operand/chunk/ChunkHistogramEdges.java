package io.mars.common.operand.chunk;

import io.mars.common.operand.WireName;

/** numpy.histogram's equal-width edges from the data's minimum and maximum (two 0-d inputs). */
@WireName("chunk.histogram.edges")
public record ChunkHistogramEdges(int bins) implements ChunkOperand {
}
