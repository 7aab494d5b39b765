package io.mars.common.tiling;

import io.mars.common.error.ErrorCode;
import io.mars.common.error.MarsException;
import io.mars.common.graph.ChunkNode;
import io.mars.common.graph.TileableNode;
import io.mars.common.graph.TiledTensor;
import io.mars.common.io.CsvStates;
import io.mars.common.io.HadoopFiles;
import io.mars.common.io.ParquetFiles;
import io.mars.common.operand.dataframe.ChunkCsvScan;
import io.mars.common.operand.dataframe.ChunkCsvStates;
import io.mars.common.operand.dataframe.ChunkReadCsv;
import io.mars.common.operand.dataframe.ChunkReadParquet;
import io.mars.common.operand.dataframe.ChunkWrite;
import io.mars.common.operand.dataframe.DataFrameReadCsv;
import io.mars.common.operand.dataframe.DataFrameReadParquet;
import io.mars.common.operand.dataframe.DataFrameWrite;
import io.mars.common.operand.dataframe.RowPredicate;
import io.mars.types.DType;
import io.mars.types.DataType;
import io.mars.types.Shapes;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.fs.Path;
import org.apache.parquet.hadoop.metadata.BlockMetaData;
import org.apache.parquet.hadoop.metadata.ParquetMetadata;
import org.apache.parquet.schema.MessageType;

/**
 * Tiling of dataframe readers and writers. Files are listed (and Parquet footers read) here, on the supervisor, at
 * tiling time: a CSV file becomes one chunk per {@code chunkBytes} of it (a file of several also gets a scan per
 * range and one chunk composing the lexer states at the ranges' starts, so quoted line breaks may straddle a range
 * boundary), a Parquet file one chunk per row group
 * that may pass the filter. A reader always gives at least one chunk, so an empty result still has its columns.
 */
final class TableIoTilers {
    private TableIoTilers() {
    }

    static void registerAll(TilerRegistry r) {
        r.register(DataFrameReadCsv.class, TableIoTilers::readCsv);
        r.register(DataFrameReadParquet.class, TableIoTilers::readParquet);
        r.register(DataFrameWrite.class, TableIoTilers::write);
    }

    private static TiledTensor tiled(TileableNode node, List<ChunkNode> chunks) {
        long[] rows = new long[chunks.size()];
        for (int i = 0; i < rows.length; i++) {
            rows[i] = chunks.get(i).shape()[0];
        }
        return new TiledTensor(new long[][] {rows, {node.shape()[1]}}, chunks);
    }

    static TiledTensor readCsv(TileableNode node, DataFrameReadCsv op, List<TiledTensor> in, TileContext ctx) {
        long per = op.chunkBytes() > 0 ? op.chunkBytes() : ctx.config().csvChunkBytes();
        long width = op.columns().size();
        List<ChunkNode> chunks = new ArrayList<>();
        int file = 0;
        for (HadoopFiles.FileEntry f : HadoopFiles.list(op.path())) {
            int count = (int) Math.max(1, (f.length() + per - 1) / per);
            List<ChunkNode> states = count == 1 ? List.of() : List.of(csvStates(node.key() + ".f" + file, f, per,
                    count, op.layout().delimiter(), ctx));
            for (int k = 0; k < count; k++) {
                long start = k * per;
                long end = k == count - 1 ? f.length() : start + per;
                int i = chunks.size();
                chunks.add(ctx.chunk(node.key() + "." + i, new ChunkReadCsv(f.path(), start, end, op.layout(),
                        op.columns(), op.dtypes(), k), k == 0 ? List.of() : states, null,
                        new long[] {Shapes.UNKNOWN, width}, new int[] {i, 0}));
            }
            file++;
        }
        return tiled(node, chunks);
    }

    /**
     * The lexer states at the start of each of a file's {@code count} ranges: a scan of every range but the last
     * (in parallel), composed by one small chunk that every later range's reader reads.
     */
    private static ChunkNode csvStates(String keyBase, HadoopFiles.FileEntry f, long per, int count, String delimiter,
                                       TileContext ctx) {
        List<ChunkNode> scans = new ArrayList<>(count - 1);
        for (int k = 0; k < count - 1; k++) {
            scans.add(ctx.chunk(keyBase + ".scan" + k, new ChunkCsvScan(f.path(), k * per, (k + 1) * per, delimiter),
                    List.of(), DataType.INT64, new long[] {CsvStates.COUNT}, new int[] {k}));
        }
        return ctx.chunk(keyBase + ".states", new ChunkCsvStates(), scans, DataType.INT64, new long[] {count},
                new int[] {0});
    }

    static TiledTensor readParquet(TileableNode node, DataFrameReadParquet op, List<TiledTensor> in,
                                   TileContext ctx) {
        List<ChunkNode> chunks = new ArrayList<>();
        List<HadoopFiles.FileEntry> files = HadoopFiles.list(op.path());
        long width = op.columns().size();
        // --- wide ---
        long[] widths = WideTables.columnSplits(width, ctx.config().columnChunk());
        List<List<String>> groups = WideTables.groups(op.columns(), widths);
        List<List<DType>> types = new ArrayList<>();
        for (int j = 0, at = 0; j < widths.length; at += (int) widths[j], j++) {
            types.add(op.dtypes().subList(at, at + (int) widths[j]));
        }
        for (HadoopFiles.FileEntry f : files) {
            ParquetMetadata footer = ParquetFiles.footer(f.path());
            MessageType schema = footer.getFileMetaData().getSchema();
            checkColumns(f.path(), schema, op);
            List<BlockMetaData> blocks = footer.getBlocks();
            for (int g = 0; g < blocks.size(); g++) {
                BlockMetaData b = blocks.get(g);
                if (!ParquetFiles.mayMatch(b, schema, op.filter())) {
                    continue;
                }
                long rows = op.filter().isEmpty() ? b.getRowCount() : Shapes.UNKNOWN;
                int i = chunks.size() / widths.length;
                if (widths.length > 1) { // --- wide --- one chunk per (row group, column group)
                    for (int j = 0; j < widths.length; j++) {
                        chunks.add(ctx.chunk(node.key() + "." + i + ".c" + j, new ChunkReadParquet(f.path(), g,
                                groups.get(j), types.get(j), op.filter()), List.of(), null,
                                new long[] {rows, widths[j]}, new int[] {i, j}));
                    }
                    continue;
                }
                chunks.add(ctx.chunk(node.key() + "." + i, new ChunkReadParquet(f.path(), g, op.columns(),
                        op.dtypes(), op.filter()), List.of(), null, new long[] {rows, width}, new int[] {i, 0}));
            }
        }
        if (chunks.isEmpty()) {
            chunks.add(ctx.chunk(node.key() + ".0", new ChunkReadParquet(files.get(0).path(), -1, op.columns(),
                    op.dtypes(), op.filter()), List.of(), null, new long[] {0, width}, new int[] {0, 0}));
            return tiled(node, chunks);
        }
        if (widths.length > 1) {
            long[] rows = new long[chunks.size() / widths.length];
            for (int i = 0; i < rows.length; i++) {
                rows[i] = chunks.get(i * widths.length).shape()[0];
            }
            return new TiledTensor(new long[][] {rows, widths}, chunks, groups);
        }
        return tiled(node, chunks);
    }

    /** Every file of a directory must have the read's columns (and the filter's) with the same types. */
    private static void checkColumns(String file, MessageType schema, DataFrameReadParquet op) {
        Map<String, DType> have = new HashMap<>();
        for (ParquetFiles.FileColumn c : ParquetFiles.columns(file, schema)) {
            have.put(c.name(), c.dtype());
        }
        for (int j = 0; j < op.columns().size(); j++) {
            DType t = have.get(op.columns().get(j));
            if (t == null) {
                throw new MarsException(ErrorCode.COLUMN_NOT_FOUND, "column '" + op.columns().get(j) + "' is not in "
                        + file + ", which has " + have.keySet() + "; every file of a read must have the same columns");
            }
            if (t != op.dtypes().get(j)) {
                throw new MarsException(ErrorCode.UNSUPPORTED_FILE_FORMAT, "column '" + op.columns().get(j) + "' is "
                        + t + " in " + file + " but " + op.dtypes().get(j) + " in the first file; every file of a"
                        + " read must have the same column types");
            }
        }
        for (RowPredicate p : op.filter()) {
            if (!have.containsKey(p.column())) {
                throw new MarsException(ErrorCode.COLUMN_NOT_FOUND, "filter column '" + p.column() + "' is not in "
                        + file + ", which has " + have.keySet());
            }
        }
    }

    static TiledTensor write(TileableNode node, DataFrameWrite op, List<TiledTensor> in, TileContext ctx) {
        TiledTensor src = in.get(0);
        List<ChunkNode> chunks = new ArrayList<>(src.chunks().size());
        for (int i = 0; i < src.chunks().size(); i++) {
            String file = new Path(op.dir(), String.format("part-%05d.%s", i, op.format().extension())).toString();
            chunks.add(ctx.chunk(node.key() + "." + i, new ChunkWrite(file, op.format(), op.delimiter(), op.compression()),
                    List.of(src.chunks().get(i)), null, new long[] {1, 2}, new int[] {i, 0}));
        }
        return tiled(node, chunks);
    }
}
