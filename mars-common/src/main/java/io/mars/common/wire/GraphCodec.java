package io.mars.common.wire;

import io.mars.common.error.ErrorCode;
import io.mars.common.error.MarsException;
import io.mars.common.graph.ChunkGraph;
import io.mars.common.graph.ChunkNode;
import io.mars.common.graph.Subtask;
import io.mars.common.graph.TileableGraph;
import io.mars.common.graph.TileableNode;
import io.mars.common.model.ReductionState;
import io.mars.common.operand.Operand;
import io.mars.common.operand.chunk.ChunkFetch;
import io.mars.common.operand.dataframe.ChunkTablePartition;
import io.mars.common.table.TableChunk;
import io.mars.common.table.TableCodec;
import io.mars.common.wire.avro.ChunkDataRecord;
import io.mars.common.wire.avro.ChunkGraphRecord;
import io.mars.common.wire.avro.ChunkNodeRecord;
import io.mars.common.wire.avro.ExternalChunkRecord;
import io.mars.common.wire.avro.NDArrayRecord;
import io.mars.common.wire.avro.OperandRecord;
import io.mars.common.wire.avro.ReductionStateRecord;
import io.mars.common.wire.avro.SubtaskRecord;
import io.mars.common.wire.avro.TableChunkRecord;
import io.mars.common.wire.avro.TileableGraphRecord;
import io.mars.common.wire.avro.TileableNodeRecord;
import io.mars.types.ChunkData;
import io.mars.types.DataType;
import io.mars.types.NDArray;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.avro.specific.SpecificDatumReader;
import org.apache.avro.specific.SpecificDatumWriter;

/**
 * Avro binary encoding of tileable graphs, chunk graphs, subtasks and chunk data. Nodes refer to their inputs by key;
 * decoding restores chunk inputs as references to earlier nodes, so graphs must be in topological order. The
 * {@code toRecord}/{@code fromRecord} methods serve messages that embed these records.
 */
public final class GraphCodec {
    private GraphCodec() {
    }

    // ----- tileable graphs -----

    public static byte[] encode(TileableGraph graph) {
        return AvroBinary.write(toRecord(graph));
    }

    public static TileableGraph decodeTileableGraph(byte[] bytes) {
        return fromRecord(AvroBinary.read(bytes, TileableGraphRecord.class, true));
    }

    public static TileableGraphRecord toRecord(TileableGraph graph) {
        Set<String> seen = new HashSet<>(graph.nodes().size() * 2);
        List<TileableNodeRecord> nodes = new ArrayList<>(graph.nodes().size());
        for (TileableNode n : graph.nodes()) {
            for (String in : n.inputs()) {
                requireEarlier(seen.contains(in), "tileable", n.key(), in);
            }
            requireNew(seen.add(n.key()), "tileable", n.key());
            nodes.add(new TileableNodeRecord(n.key(), OperandCodec.encode(n.op()), n.inputs(), Wire.dtypeName(n.dtype()),
                    Wire.longList(n.shape())));
        }
        requireOutputs(seen, graph.outputs(), "tileable");
        return new TileableGraphRecord(AvroBinary.FORMAT_VERSION, nodes, graph.outputs());
    }

    public static TileableGraph fromRecord(TileableGraphRecord record) {
        AvroBinary.checkVersion(record.getFormatVersion(), TileableGraphRecord.class.getSimpleName());
        Set<String> seen = new HashSet<>(record.getNodes().size() * 2);
        List<TileableNode> nodes = new ArrayList<>(record.getNodes().size());
        for (TileableNodeRecord r : record.getNodes()) {
            for (String in : r.getInputs()) {
                requireEarlier(seen.contains(in), "tileable", r.getKey(), in);
            }
            requireNew(seen.add(r.getKey()), "tileable", r.getKey());
            long[] shape = Wire.longArray(r.getShape());
            nodes.add(new TileableNode(r.getKey(), operand(r.getOp(), "tileable", r.getKey()), r.getInputs(),
                    Wire.dtype(r.getDtype(), "tileable node '" + r.getKey() + "'"), shape));
        }
        requireOutputs(seen, record.getOutputs(), "tileable");
        return new TileableGraph(nodes, record.getOutputs());
    }

    // ----- chunk graphs -----

    /**
     * The bytes of {@link #toRecord(ChunkGraph)}, written node by node: a graph of 10^5 chunks never holds all its node
     * records at once, which keeps a big graph's encoding out of the old generation.
     */
    public static byte[] encode(ChunkGraph graph) {
        return AvroBinary.write(ChunkGraphRecord.class.getSimpleName(), e -> {
            SpecificDatumWriter<ChunkNodeRecord> nodeWriter = new SpecificDatumWriter<>(ChunkNodeRecord.class);
            Set<String> seen = new HashSet<>(graph.nodes().size() * 2);
            e.writeInt(AvroBinary.FORMAT_VERSION);
            e.writeArrayStart();
            e.setItemCount(graph.nodes().size());
            for (ChunkNode n : graph.nodes()) {
                checkChunkNode(n, seen);
                e.startItem();
                nodeWriter.write(chunkRecord(n), e);
            }
            e.writeArrayEnd();
            List<String> outputs = keys(graph.outputs());
            requireOutputs(seen, outputs, "chunk");
            e.writeArrayStart();
            e.setItemCount(outputs.size());
            for (String key : outputs) {
                e.startItem();
                e.writeString(key);
            }
            e.writeArrayEnd();
        });
    }

    /** Reads what {@link #encode(ChunkGraph)} wrote, converting each node record as soon as it is read. */
    public static ChunkGraph decodeChunkGraph(byte[] bytes) {
        String what = ChunkGraphRecord.class.getSimpleName();
        AvroBinary.checkVersion(bytes, what);
        return AvroBinary.read(bytes, what, d -> {
            d.readInt();
            SpecificDatumReader<ChunkNodeRecord> nodeReader = new SpecificDatumReader<>(ChunkNodeRecord.class);
            Map<String, ChunkNode> byKey = new HashMap<>();
            List<ChunkNode> nodes = new ArrayList<>();
            // one record reused for every node: chunkNode() copies all it keeps out of it
            ChunkNodeRecord record = null;
            for (long n = d.readArrayStart(); n > 0; n = d.arrayNext()) {
                for (long i = 0; i < n; i++) {
                    record = nodeReader.read(record, d);
                    nodes.add(addChunkNode(chunkNode(record, byKey, Map.of()), byKey));
                }
            }
            List<ChunkNode> outputs = new ArrayList<>();
            for (long n = d.readArrayStart(); n > 0; n = d.arrayNext()) {
                for (long i = 0; i < n; i++) {
                    outputs.add(output(byKey, d.readString()));
                }
            }
            return new ChunkGraph(nodes, outputs);
        });
    }

    public static ChunkGraphRecord toRecord(ChunkGraph graph) {
        Set<String> seen = new HashSet<>(graph.nodes().size() * 2);
        List<ChunkNodeRecord> nodes = new ArrayList<>(graph.nodes().size());
        for (ChunkNode n : graph.nodes()) {
            checkChunkNode(n, seen);
            nodes.add(chunkRecord(n));
        }
        List<String> outputs = keys(graph.outputs());
        requireOutputs(seen, outputs, "chunk");
        return new ChunkGraphRecord(AvroBinary.FORMAT_VERSION, nodes, outputs);
    }

    public static ChunkGraph fromRecord(ChunkGraphRecord record) {
        AvroBinary.checkVersion(record.getFormatVersion(), ChunkGraphRecord.class.getSimpleName());
        Map<String, ChunkNode> byKey = new HashMap<>(record.getNodes().size() * 2);
        List<ChunkNode> nodes = new ArrayList<>(record.getNodes().size());
        for (ChunkNodeRecord r : record.getNodes()) {
            nodes.add(addChunkNode(chunkNode(r, byKey, Map.of()), byKey));
        }
        List<ChunkNode> outputs = new ArrayList<>(record.getOutputs().size());
        for (String key : record.getOutputs()) {
            outputs.add(output(byKey, key));
        }
        return new ChunkGraph(nodes, outputs);
    }

    private static void checkChunkNode(ChunkNode n, Set<String> seen) {
        for (ChunkNode in : n.inputs()) {
            requireEarlier(seen.contains(in.key()), "chunk", n.key(), in.key());
        }
        requireNew(seen.add(n.key()), "chunk", n.key());
    }

    private static ChunkNode addChunkNode(ChunkNode n, Map<String, ChunkNode> byKey) {
        requireNew(byKey.putIfAbsent(n.key(), n) == null, "chunk", n.key());
        return n;
    }

    private static ChunkNode output(Map<String, ChunkNode> byKey, String key) {
        ChunkNode n = byKey.get(key);
        requireOutputs(n != null, key, "chunk");
        return n;
    }

    // ----- subtasks -----

    public static byte[] encode(Subtask subtask) {
        return AvroBinary.write(toRecord(subtask));
    }

    public static Subtask decodeSubtask(byte[] bytes) {
        return fromRecord(AvroBinary.read(bytes, SubtaskRecord.class, true));
    }

    /** Inputs of the subtask's chunks that are not among its earlier chunks become external records with their meta. */
    public static SubtaskRecord toRecord(Subtask subtask) {
        Set<String> own = new HashSet<>(subtask.chunks().size() * 2);
        for (ChunkNode n : subtask.chunks()) {
            requireNew(own.add(n.key()), "subtask " + subtask.id() + " chunk", n.key());
        }
        Set<String> seen = new HashSet<>(own.size() * 2);
        Map<String, ExternalChunkRecord> externals = new LinkedHashMap<>();
        List<ChunkNodeRecord> chunks = new ArrayList<>(subtask.chunks().size());
        for (ChunkNode n : subtask.chunks()) {
            for (ChunkNode in : n.inputs()) {
                if (own.contains(in.key())) {
                    requireEarlier(seen.contains(in.key()), "subtask " + subtask.id() + " chunk", n.key(), in.key());
                } else {
                    // a shuffle map output keeps its operand: the reduce reading it reads one part (SubtaskRunner)
                    externals.computeIfAbsent(in.key(), k -> new ExternalChunkRecord(k, Wire.dtypeName(in.dtype()),
                            Wire.longList(in.shape()), Wire.intList(in.index()),
                            in.op() instanceof ChunkTablePartition ? OperandCodec.encode(in.op()) : null));
                }
            }
            seen.add(n.key());
            chunks.add(chunkRecord(n));
        }
        return new SubtaskRecord(AvroBinary.FORMAT_VERSION, subtask.id(), chunks, new ArrayList<>(externals.values()),
                subtask.inputs(), subtask.outputs(), subtask.priority());
    }

    /**
     * External inputs come back as placeholder nodes (no inputs) with their recorded meta and a {@link ChunkFetch}
     * operand, or, for a shuffle map output, its own operand.
     */
    public static Subtask fromRecord(SubtaskRecord record) {
        AvroBinary.checkVersion(record.getFormatVersion(), SubtaskRecord.class.getSimpleName());
        String what = "subtask " + record.getId() + " chunk";
        Map<String, ChunkNode> externals = new HashMap<>(record.getExternals().size() * 2);
        for (ExternalChunkRecord e : record.getExternals()) {
            DataType dtype = Wire.dtype(e.getDtype(), "external chunk '" + e.getKey() + "'");
            Operand op = e.getOp() == null ? new ChunkFetch() : operand(e.getOp(), "external chunk", e.getKey());
            ChunkNode placeholder = new ChunkNode(e.getKey(), op, List.of(), dtype, Wire.longArray(e.getShape()),
                    Wire.intArray(e.getIndex()));
            requireNew(externals.putIfAbsent(e.getKey(), placeholder) == null, "external chunk", e.getKey());
        }
        Map<String, ChunkNode> byKey = new HashMap<>(record.getChunks().size() * 2);
        List<ChunkNode> chunks = new ArrayList<>(record.getChunks().size());
        for (ChunkNodeRecord r : record.getChunks()) {
            ChunkNode n = chunkNode(r, byKey, externals);
            requireNew(!externals.containsKey(n.key()) && byKey.putIfAbsent(n.key(), n) == null, what, n.key());
            chunks.add(n);
        }
        return new Subtask(record.getId(), chunks, record.getInputs(), record.getOutputs(), record.getPriority());
    }

    // ----- chunk data -----

    public static byte[] encode(ChunkData data) {
        return AvroBinary.write(toRecord(data));
    }

    /** Chunk data without tables: a table needs an allocator ({@link #decodeChunkData(byte[], BufferAllocator)}). */
    public static ChunkData decodeChunkData(byte[] bytes) {
        return fromRecord(AvroBinary.read(bytes, ChunkDataRecord.class, true), null);
    }

    /**
     * Chunk data of any kind; a table's buffers are allocated from {@code allocator} and the caller owns (and closes)
     * the returned chunk.
     */
    public static ChunkData decodeChunkData(byte[] bytes, BufferAllocator allocator) {
        return fromRecord(AvroBinary.read(bytes, ChunkDataRecord.class, true), allocator);
    }

    public static ChunkDataRecord toRecord(ChunkData data) {
        Object datum;
        if (data instanceof NDArray a) {
            datum = NDArrayCodec.encode(a);
        } else if (data instanceof ReductionState s) {
            datum = new ReductionStateRecord(NDArrayCodec.encodeAll(s.parts()));
        } else if (data instanceof TableChunk t) {
            datum = new TableChunkRecord(java.nio.ByteBuffer.wrap(TableCodec.encode(t)));
        } else {
            throw new MarsException(ErrorCode.SERIALIZATION_FAILED,
                    "chunk data of type " + data.getClass().getName() + " has no wire format");
        }
        return new ChunkDataRecord(AvroBinary.FORMAT_VERSION, datum);
    }

    public static ChunkData fromRecord(ChunkDataRecord record) {
        return fromRecord(record, null);
    }

    public static ChunkData fromRecord(ChunkDataRecord record, BufferAllocator allocator) {
        AvroBinary.checkVersion(record.getFormatVersion(), ChunkDataRecord.class.getSimpleName());
        Object datum = record.getData();
        if (datum instanceof NDArrayRecord a) {
            return NDArrayCodec.decode(a);
        }
        if (datum instanceof ReductionStateRecord s) {
            return new ReductionState(NDArrayCodec.decodeAll(s.getParts()));
        }
        if (datum instanceof TableChunkRecord t) {
            if (allocator == null) {
                throw new MarsException(ErrorCode.INTERNAL_ERROR, "a table chunk was decoded without an Arrow"
                        + " allocator to hold it");
            }
            java.nio.ByteBuffer b = t.getArrowIpc();
            byte[] ipc = new byte[b.remaining()];
            b.duplicate().get(ipc);
            return TableCodec.decode(ipc, allocator);
        }
        throw new MarsException(ErrorCode.SERIALIZATION_FAILED, "chunk data record holds an unexpected "
                + (datum == null ? "null" : datum.getClass().getName()));
    }

    // ----- helpers -----

    private static ChunkNodeRecord chunkRecord(ChunkNode n) {
        return new ChunkNodeRecord(n.key(), OperandCodec.encode(n.op()), keys(n.inputs()), Wire.dtypeName(n.dtype()),
                Wire.longList(n.shape()), Wire.intList(n.index()));
    }

    /** A node whose inputs are found among {@code earlier} nodes, then among {@code externals}. */
    private static ChunkNode chunkNode(ChunkNodeRecord r, Map<String, ChunkNode> earlier,
            Map<String, ChunkNode> externals) {
        List<String> inputKeys = r.getInputs();
        List<ChunkNode> inputs = new ArrayList<>(inputKeys.size());
        for (String key : inputKeys) {
            ChunkNode in = earlier.get(key);
            if (in == null) {
                in = externals.get(key);
            }
            requireEarlier(in != null, "chunk", r.getKey(), key);
            inputs.add(in);
        }
        return new ChunkNode(r.getKey(), operand(r.getOp(), "chunk", r.getKey()), inputs,
                Wire.dtype(r.getDtype(), "chunk node '" + r.getKey() + "'"), Wire.longArray(r.getShape()),
                Wire.intArray(r.getIndex()));
    }

    private static Operand operand(OperandRecord op, String kind, String key) {
        try {
            return OperandCodec.decode(op);
        } catch (MarsException e) {
            throw new MarsException(ErrorCode.SERIALIZATION_FAILED, kind + " node '" + key + "': " + e.getMessage(), e);
        }
    }

    private static List<String> keys(List<ChunkNode> nodes) {
        List<String> out = new ArrayList<>(nodes.size());
        for (ChunkNode n : nodes) {
            out.add(n.key());
        }
        return out;
    }

    private static void requireEarlier(boolean found, String kind, String key, String input) {
        if (!found) {
            throw new MarsException(ErrorCode.SERIALIZATION_FAILED, kind + " node '" + key + "' reads '" + input
                    + "', which is not an earlier node of the graph (nodes must be in topological order)");
        }
    }

    private static void requireNew(boolean isNew, String kind, String key) {
        if (!isNew) {
            throw new MarsException(ErrorCode.SERIALIZATION_FAILED, "the key '" + key + "' names two " + kind + " nodes");
        }
    }

    private static void requireOutputs(Set<String> nodes, List<String> outputs, String kind) {
        for (String key : outputs) {
            requireOutputs(nodes.contains(key), key, kind);
        }
    }

    private static void requireOutputs(boolean found, String key, String kind) {
        if (!found) {
            throw new MarsException(ErrorCode.SERIALIZATION_FAILED,
                    "the output '" + key + "' is not a node of the " + kind + " graph");
        }
    }
}
