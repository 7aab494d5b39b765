package io.mars.common.wire;

import io.mars.common.rpc.ChunkMeta;
import io.mars.common.wire.avro.ChunkMetaRecord;
import io.mars.common.wire.avro.SessionStateRecord;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.Map;

/** Avro encodings of the supervisor state kept in ZooKeeper (chunk meta, sessions). */
public final class StateCodec {
    private StateCodec() {
    }

    public static byte[] encode(ChunkMeta meta) {
        return AvroBinary.write(ChunkMetaRecord.newBuilder()
                .setFormatVersion(AvroBinary.FORMAT_VERSION)
                .setKey(meta.key())
                .setDtype(meta.dtype().numpyName())
                .setShape(Wire.longList(meta.shape()))
                .setNbytes(meta.nbytes())
                .setWorkers(new ArrayList<>(meta.workers()))
                .build());
    }

    public static ChunkMeta decodeChunkMeta(byte[] bytes) {
        ChunkMetaRecord r = AvroBinary.read(bytes, ChunkMetaRecord.class, true);
        return new ChunkMeta(r.getKey(), Wire.dtype(r.getDtype(), "chunk meta " + r.getKey()), Wire.longArray(r.getShape()),
                r.getNbytes(), new HashSet<>(r.getWorkers()));
    }

    /** A session's id and settings. */
    public record SessionState(String id, Map<String, String> conf) {
        public SessionState {
            conf = Map.copyOf(conf);
        }
    }

    public static byte[] encode(SessionState session) {
        return AvroBinary.write(SessionStateRecord.newBuilder()
                .setFormatVersion(AvroBinary.FORMAT_VERSION)
                .setId(session.id())
                .setConf(Map.copyOf(session.conf()))
                .build());
    }

    public static SessionState decodeSession(byte[] bytes) {
        SessionStateRecord r = AvroBinary.read(bytes, SessionStateRecord.class, true);
        return new SessionState(r.getId(), r.getConf());
    }
}
