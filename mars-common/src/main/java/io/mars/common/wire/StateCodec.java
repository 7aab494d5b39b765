package io.mars.common.wire;

import io.mars.common.graph.ChunkNode;
import io.mars.common.graph.TiledTileable;
import io.mars.common.operand.chunk.ChunkFetch;
import io.mars.common.rpc.ChunkMeta;
import io.mars.common.wire.avro.ChunkMetaRecord;
import io.mars.common.wire.avro.SessionStateRecord;
import io.mars.common.wire.avro.StoredChunkRecord;
import io.mars.common.wire.avro.StoredTileableRecord;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;

/** Avro encodings of the supervisor state kept in ZooKeeper (chunk meta, sessions). */
public final class StateCodec {
    private StateCodec() {
    }

    public static byte[] encode(ChunkMeta meta) {
        return AvroBinary.write(ChunkMetaRecord.newBuilder()
                .setFormatVersion(AvroBinary.FORMAT_VERSION)
                .setKey(meta.key())
                .setDtype(Wire.dtypeName(meta.dtype()))
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

    /** A stored tileable: its key and its chunks as stored-data placeholders. */
    public record StoredTileable(String key, TiledTileable tiled) {
    }

    public static byte[] encode(String key, TiledTileable tiled) {
        List<List<Long>> nsplits = new ArrayList<>();
        for (long[] axis : tiled.nsplits()) {
            nsplits.add(Wire.longList(axis));
        }
        List<StoredChunkRecord> chunks = new ArrayList<>(tiled.chunks().size());
        for (ChunkNode c : tiled.chunks()) {
            chunks.add(StoredChunkRecord.newBuilder().setKey(c.key()).setDtype(Wire.dtypeName(c.dtype()))
                    .setShape(Wire.longList(c.shape())).setIndex(Wire.intList(c.index())).build());
        }
        return AvroBinary.write(StoredTileableRecord.newBuilder().setFormatVersion(AvroBinary.FORMAT_VERSION)
                .setKey(key).setNsplits(nsplits).setChunks(chunks).setColumnGroups(tiled.columnGroups()).build());
    }

    public static StoredTileable decodeTileable(byte[] bytes) {
        StoredTileableRecord r = AvroBinary.read(bytes, StoredTileableRecord.class, true);
        long[][] nsplits = new long[r.getNsplits().size()][];
        for (int i = 0; i < nsplits.length; i++) {
            nsplits[i] = Wire.longArray(r.getNsplits().get(i));
        }
        ChunkFetch fetch = new ChunkFetch();
        List<ChunkNode> chunks = new ArrayList<>(r.getChunks().size());
        for (StoredChunkRecord c : r.getChunks()) {
            chunks.add(new ChunkNode(c.getKey(), fetch, List.of(), Wire.dtype(c.getDtype(), "stored chunk " + c.getKey()),
                    Wire.longArray(c.getShape()), Wire.intArray(c.getIndex())));
        }
        List<List<String>> groups = null;
        if (r.getColumnGroups() != null) {
            groups = new ArrayList<>();
            for (List<? extends CharSequence> g : r.getColumnGroups()) {
                groups.add(g.stream().map(CharSequence::toString).toList());
            }
        }
        return new StoredTileable(r.getKey(), new TiledTileable(nsplits, chunks, groups));
    }
}
