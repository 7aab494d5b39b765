package io.mars.container.kernels;

import io.mars.common.graph.ChunkNode;
import io.mars.common.model.ReductionState;
import io.mars.common.operand.chunk.ChunkAverageMap;
import io.mars.types.ChunkData;
import io.mars.types.DataType;
import io.mars.types.NDArray;
import io.mars.types.Shapes;
import java.util.List;

/**
 * First step of a weighted average: {@code [float64 sum of value * weight, float64 sum of weights]} over the reduced
 * axes of one chunk of values and its chunk of weights (length 1 on the axes where the weights broadcast).
 */
final class AverageMapKernel implements Kernel<ChunkAverageMap> {
    @Override
    public ChunkData execute(ChunkNode node, ChunkAverageMap op, List<ChunkData> inputs) {
        NDArray values = ChunkInputs.array(node, inputs, 0);
        NDArray weights = ChunkInputs.array(node, inputs, 1);
        long[] shape = values.shapeView();
        long[] wshape = weights.shapeView();
        if (wshape.length != shape.length) {
            throw ChunkInputs.internal(node, "weights of shape " + Shapes.toString(wshape) + " for values of shape "
                    + Shapes.toString(shape));
        }
        int[] wstrides = Shapes.intStrides(wshape);
        for (int d = 0; d < shape.length; d++) {
            if (wshape[d] != shape[d]) {
                if (wshape[d] != 1) {
                    throw ChunkInputs.internal(node, "weights of shape " + Shapes.toString(wshape)
                            + " do not broadcast to values of shape " + Shapes.toString(shape));
                }
                wstrides[d] = 0;
            }
        }
        long[] stateShape = Shapes.reduced(shape, op.axes(), true);
        int stateSize = Shapes.chunkSize(stateShape);
        int[] sstrides = Shapes.intStrides(stateShape);
        for (int a : op.axes()) {
            sstrides[a] = 0;
        }
        double[] weighted = new double[stateSize];
        double[] total = new double[stateSize];
        if (values.size() > 0) {
            double[] v = values.doubles();
            double[] w = weights.doubles();
            Layout layout = Layout.coalesce(shape, Shapes.intStrides(shape), wstrides, sstrides);
            int len = layout.runLength();
            int runs = layout.runCount();
            int wStep = layout.lastStride(1);
            int sStep = layout.lastStride(2);
            Layout.Odometer it = layout.odometer();
            for (int r = 0; r < runs; r++, it.next()) {
                int v0 = it.offset(0);
                int w0 = it.offset(1);
                int s0 = it.offset(2);
                for (int j = 0; j < len; j++) {
                    double wj = w[w0 + j * wStep];
                    weighted[s0 + j * sStep] += v[v0 + j] * wj;
                    total[s0 + j * sStep] += wj;
                }
            }
        }
        return new ReductionState(List.of(new NDArray(DataType.FLOAT64, stateShape, weighted),
                new NDArray(DataType.FLOAT64, stateShape, total)));
    }
}
