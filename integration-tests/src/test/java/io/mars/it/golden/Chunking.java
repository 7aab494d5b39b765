package io.mars.it.golden;

import io.mars.types.ChunkSpec;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.stream.Stream;
import org.junit.jupiter.params.provider.Arguments;

/**
 * The ways each golden case's operands are cut into chunks. A correct tiler gives numpy's answer for all of them:
 * one chunk, one element per chunk, a shorter last chunk, explicit uneven splits, and (for two operands) different
 * chunks on each side so that the tiler has to rechunk one of them.
 */
public enum Chunking {
    WHOLE("one chunk"),
    SIZE_1("chunks(1)"),
    UNEVEN("chunks(3)"),
    IRREGULAR("nsplits [1, n-3, 2]"),
    MIXED("chunks(2) vs chunks(3)"),
    MIXED_IRREGULAR("nsplits [1, n-3, 2] vs one chunk");

    /** Above this many elements per operand, one element per chunk makes too many subtasks for a quick test. */
    private static final long MAX_SIZE_FOR_SIZE_1 = 128;
    /** For products (dot, inner), the product of the operands' sizes, which bounds the number of block products. */
    private static final long MAX_PRODUCT_FOR_SIZE_1 = 600;

    private final String description;

    Chunking(String description) {
        this.description = description;
    }

    /** The chunks of operand {@code index}, of the given shape. */
    public ChunkSpec forOperand(int index, long[] shape) {
        return switch (this) {
            case WHOLE -> whole(shape);
            case SIZE_1 -> ChunkSpec.of(1);
            case UNEVEN -> ChunkSpec.of(3);
            case IRREGULAR -> irregular(shape);
            case MIXED -> ChunkSpec.of(index == 0 ? 2 : 3);
            case MIXED_IRREGULAR -> index == 0 ? irregular(shape) : whole(shape);
        };
    }

    /** Whether this chunking says something new for operands of these shapes (and is cheap enough to run). */
    public boolean appliesTo(List<long[]> shapes, boolean isProduct) {
        long maxDim = shapes.stream().flatMapToLong(Arrays::stream).max().orElse(0);
        return switch (this) {
            case WHOLE -> true;
            case SIZE_1 -> maxDim > 1 && (isProduct
                    ? shapes.stream().mapToLong(Chunking::size).reduce(1, Math::multiplyExact) <= MAX_PRODUCT_FOR_SIZE_1
                    : shapes.stream().mapToLong(Chunking::size).max().orElse(0) <= MAX_SIZE_FOR_SIZE_1);
            case UNEVEN -> maxDim > 3;
            case IRREGULAR -> maxDim > 1;
            case MIXED -> shapes.size() >= 2 && maxDim > 2;
            case MIXED_IRREGULAR -> shapes.size() >= 2 && maxDim > 1;
        };
    }

    /**
     * The arguments {@code (case, chunking)} of a golden test: each case with each chunking that applies to its
     * operands, in the order of the cases and then of this enum.
     */
    static <C> Stream<Arguments> casesWithChunkings(List<C> cases, Function<C, List<long[]>> operandShapes,
            Predicate<C> isProduct) {
        return casesWithChunkings(cases, EnumSet.allOf(Chunking.class), operandShapes, isProduct);
    }

    /** As {@link #casesWithChunkings(List, Function, Predicate)}, trying only the chunkings in {@code tried}. */
    static <C> Stream<Arguments> casesWithChunkings(List<C> cases, Set<Chunking> tried,
            Function<C, List<long[]>> operandShapes, Predicate<C> isProduct) {
        return cases.stream().flatMap(c -> {
            List<long[]> shapes = operandShapes.apply(c);
            boolean product = isProduct.test(c);
            return Arrays.stream(values())
                    .filter(ch -> tried.contains(ch) && ch.appliesTo(shapes, product))
                    .map(ch -> Arguments.of(c, ch));
        });
    }

    static ChunkSpec whole(long[] shape) {
        return ChunkSpec.of(Math.max(1, Arrays.stream(shape).max().orElse(1)));
    }

    static ChunkSpec irregular(long[] shape) {
        if (shape.length == 0) {
            return ChunkSpec.of(1);
        }
        long[][] nsplits = new long[shape.length][];
        for (int i = 0; i < shape.length; i++) {
            long n = shape[i];
            nsplits[i] = n <= 1 ? new long[] {n} : n == 2 ? new long[] {1, 1} : n == 3 ? new long[] {2, 1}
                    : new long[] {1, n - 3, 2};
        }
        return ChunkSpec.explicit(nsplits);
    }

    private static long size(long[] shape) {
        return Arrays.stream(shape).reduce(1, Math::multiplyExact);
    }

    @Override
    public String toString() {
        return description;
    }
}
