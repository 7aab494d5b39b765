package io.mars.common.operand.chunk;

import io.mars.common.operand.ScanFn;
import io.mars.common.operand.WireName;

/**
 * A cumulative sum or product of one chunk along {@code axis}. An optional second input, a reduction state of the
 * chunk's shape with length 1 on the axis, is the total of all earlier chunks along the axis: the scan starts there.
 */
@WireName("chunk.scan")
public record ChunkScan(ScanFn fn, int axis) implements ChunkOperand {
}
