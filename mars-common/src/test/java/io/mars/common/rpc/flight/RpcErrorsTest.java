package io.mars.common.rpc.flight;

import static org.assertj.core.api.Assertions.assertThat;

import io.mars.common.error.ErrorCode;
import io.mars.common.error.MarsException;
import io.mars.common.error.MissingChunkException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Errors keep their code, message and, for missing chunks, which chunks and workers, across a Flight call. */
class RpcErrorsTest {
    private static MarsException roundTrip(MarsException e) {
        return RpcErrors.fromFlight(RpcErrors.toFlight(e), "peer", "call");
    }

    @Test
    void aMissingChunkKeepsItsChunksAndWorkers() {
        Map<String, String> chunks = new LinkedHashMap<>();
        chunks.put("t1.0", "w0");
        chunks.put("t1.3", "w1");
        MarsException back = roundTrip(new MissingChunkException(ErrorCode.CHUNK_LOST, chunks,
                "spill file /x of chunk t1.0 fails its checksum", null));
        assertThat(back).isInstanceOfSatisfying(MissingChunkException.class, m -> {
            assertThat(m.code()).isEqualTo(ErrorCode.CHUNK_LOST);
            assertThat(m.chunks()).containsExactlyEntriesOf(chunks);
            assertThat(m.chunkKey()).isEqualTo("t1.0");
            assertThat(m.workerId()).isEqualTo("w0");
        }).hasMessageContaining("fails its checksum");
    }

    @Test
    void otherErrorsStayPlain() {
        MarsException back = roundTrip(new MarsException(ErrorCode.CHUNK_NOT_FOUND, "no meta for chunk k"));
        assertThat(back).isNotInstanceOf(MissingChunkException.class);
        assertThat(back.code()).isEqualTo(ErrorCode.CHUNK_NOT_FOUND);
        assertThat(back).hasMessage("no meta for chunk k");
    }

    @Test
    void combiningPutsALostChunkFirstAndNamesTheOthers() {
        MissingChunkException notFound = new MissingChunkException(ErrorCode.CHUNK_NOT_FOUND, "a", "w0", "a not here");
        MissingChunkException lost = new MissingChunkException(ErrorCode.CHUNK_LOST, "b", "w1", "b corrupted");
        MissingChunkException both = MissingChunkException.combine(List.of(notFound, lost));
        assertThat(both.code()).isEqualTo(ErrorCode.CHUNK_LOST);
        assertThat(both.chunks()).containsEntry("a", "w0").containsEntry("b", "w1");
        assertThat(both).hasMessageStartingWith("b corrupted").hasMessageContaining("[a]");
    }
}
