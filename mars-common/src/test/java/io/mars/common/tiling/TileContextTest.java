package io.mars.common.tiling;

import static org.assertj.core.api.Assertions.assertThat;

import io.mars.common.graph.ChunkNode;
import io.mars.common.operand.Scalar;
import io.mars.common.operand.chunk.ChunkFetch;
import io.mars.common.operand.chunk.ChunkFull;
import io.mars.types.DataType;
import java.util.List;
import org.junit.jupiter.api.Test;

class TileContextTest {
    private static final ChunkFull FULL = new ChunkFull(Scalar.of(1.0));

    @Test
    void chunksAreNumberedInTheOrderMadeAndKeepTheirKeys() {
        TileContext ctx = new TileContext(TilingConfig.from(java.util.Map.of()));
        ChunkNode a = ctx.chunk("t1-2.7", FULL, List.of(), DataType.FLOAT64, new long[] {1}, new int[] {7});
        ChunkNode b = ctx.chunk("t1-2.", 8, FULL, List.of(a), DataType.FLOAT64, new long[] {1}, new int[] {7});
        ChunkNode c = ctx.chunk("t1-2", 9, FULL, List.of(b), DataType.FLOAT64, new long[] {1}, new int[] {9});
        ChunkNode d = ctx.chunk("whole", FULL, List.of(), null, new long[] {1}, new int[] {9});
        assertThat(List.of(a.serial(), b.serial(), c.serial(), d.serial())).containsExactly(0, 1, 2, 3);
        assertThat(List.of(a.key(), b.key(), c.key(), d.key())).containsExactly("t1-2.7", "t1-2.8", "t1-29", "whole");
        assertThat(a.dtype()).isEqualTo(DataType.FLOAT64);
        assertThat(d.dtype()).isNull();
        assertThat(b.index()).isSameAs(a.index()); // its input's equal index
        assertThat(d.shape()).isSameAs(a.shape()); // an equal shape seen before
        assertThat(d.index()).isSameAs(c.index()); // seen recently, though not an input's
    }

    @Test
    void everyChunkIsNeededWhenEachIsReadOrWantedIncludingStoredOnes() {
        TileContext ctx = new TileContext(TilingConfig.from(java.util.Map.of()));
        ChunkNode stored = new ChunkNode("s-1.0", new ChunkFetch(), List.of(), DataType.FLOAT64, new long[] {1},
                new int[] {0});
        ctx.addExisting(stored);
        ChunkNode a = ctx.chunk("t-1.0", FULL, List.of(stored), DataType.FLOAT64, new long[] {1}, new int[] {0});
        ChunkNode b = ctx.chunk("t-2.0", FULL, List.of(a), DataType.FLOAT64, new long[] {1}, new int[] {0});
        assertThat(ctx.allNeededFor(List.of(b))).isTrue();
        ChunkNode unread = ctx.chunk("t-3.0", FULL, List.of(a), DataType.FLOAT64, new long[] {1}, new int[] {0});
        assertThat(ctx.allNeededFor(List.of(b))).isFalse();
        assertThat(ctx.allNeededFor(List.of(b, unread))).isTrue();
        ChunkNode storedUnread = new ChunkNode("s-1.1", new ChunkFetch(), List.of(), DataType.FLOAT64, new long[] {1},
                new int[] {1});
        ctx.addExisting(storedUnread);
        assertThat(ctx.allNeededFor(List.of(b, unread))).isFalse();
        assertThat(ctx.allNeededFor(List.of(b, unread, storedUnread))).isTrue();
    }
}
