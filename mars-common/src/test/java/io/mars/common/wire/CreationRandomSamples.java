package io.mars.common.wire;

import io.mars.common.operand.Operand;
import io.mars.common.operand.RandomDistribution;
import io.mars.common.operand.chunk.ChunkChoice;
import io.mars.common.operand.chunk.ChunkDiagExtract;
import io.mars.common.operand.chunk.ChunkDiagFromVector;
import io.mars.common.operand.chunk.ChunkEye;
import io.mars.common.operand.chunk.ChunkFromNpy;
import io.mars.common.operand.chunk.ChunkLinspace;
import io.mars.common.operand.chunk.ChunkPermutation;
import io.mars.common.operand.chunk.ChunkRandomSample;
import io.mars.common.operand.chunk.ChunkTriangle;
import io.mars.common.operand.tensor.TensorChoice;
import io.mars.common.operand.tensor.TensorDiag;
import io.mars.common.operand.tensor.TensorEye;
import io.mars.common.operand.tensor.TensorFromNpy;
import io.mars.common.operand.tensor.TensorLinspace;
import io.mars.common.operand.tensor.TensorPermutation;
import io.mars.common.operand.tensor.TensorRandomSample;
import io.mars.common.operand.tensor.TensorTriangle;
import io.mars.types.ChunkSpec;
import java.util.List;

/** Samples of the creation and random operands, with values that differ from defaults. */
final class CreationRandomSamples {
    private CreationRandomSamples() {
    }

    static List<Operand> all() {
        return List.of(
                new TensorLinspace(-1.5, 2.25, 7, false, ChunkSpec.of(3)),
                new TensorEye(-2, ChunkSpec.of(2, 5)),
                new TensorDiag(3),
                new TensorTriangle(-1, true),
                new TensorFromNpy("/tmp/a b.npy", 128, ChunkSpec.maxBytes(4096)),
                new io.mars.common.operand.tensor.TensorToNpy("/tmp/out put.npy", 128),
                new TensorRandomSample(-7, 3, RandomDistribution.NORMAL, 1.5, 0.25, -4, 9, ChunkSpec.of(5)),
                new TensorPermutation(11, 2, 1000, ChunkSpec.of(300)),
                new TensorChoice(12, 4, 5, false, new double[] {0.1, 0.2, 0.3, 0.4, 0.0}, ChunkSpec.of(2)),
                new ChunkLinspace(0.5, 10.0, 11, true, 4),
                new ChunkEye(1, 20, 30),
                new ChunkTriangle(2, false, 5, 7),
                new ChunkDiagFromVector(-1, 3, 4, new long[] {0, 5}),
                new ChunkDiagExtract(2, 3),
                new ChunkFromNpy("/data/x.npy", 64, new long[] {10, 20}, new long[] {5, 0}),
                new io.mars.common.operand.chunk.ChunkToNpy("/data/y.npy", 64, new long[] {10, 20}, new long[] {5, 0}),
                new ChunkRandomSample(1, 2, RandomDistribution.INTEGERS, 0.5, 2.5, -10, 10, new long[] {8},
                        new long[] {4}),
                new ChunkPermutation(5, 6, 77),
                new ChunkChoice(8, 9, 10, true, new double[] {0.5, 0.5}, new long[] {3, 4}, new long[] {1, 2}));
    }
}
