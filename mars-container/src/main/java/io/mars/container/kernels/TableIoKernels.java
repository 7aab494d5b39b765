package io.mars.container.kernels;

import io.mars.common.error.ErrorCode;
import io.mars.common.error.MarsException;
import io.mars.common.io.CsvReader;
import io.mars.common.io.CsvStates;
import io.mars.common.io.CsvValues;
import io.mars.common.io.HadoopFiles;
import io.mars.common.io.OutputCommitter;
import io.mars.common.operand.dataframe.ChunkCsvScan;
import io.mars.common.operand.dataframe.ChunkCsvStates;
import io.mars.common.operand.dataframe.ChunkReadCsv;
import io.mars.common.operand.dataframe.ChunkReadParquet;
import io.mars.common.operand.dataframe.ChunkTpch;
import io.mars.common.io.TpchTables;
import io.mars.common.operand.dataframe.ChunkWrite;
import io.mars.common.operand.dataframe.ChunkWriteCommit;
import io.mars.common.operand.dataframe.TableWriteFormat;
import io.mars.types.ChunkData;
import io.mars.types.Column;
import io.mars.types.DType;
import io.mars.types.LocalTable;
import io.mars.types.NDArray;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.example.data.simple.SimpleGroupFactory;
import org.apache.parquet.hadoop.ParquetFileWriter;
import org.apache.parquet.hadoop.ParquetWriter;
import org.apache.parquet.hadoop.example.ExampleParquetWriter;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.apache.parquet.hadoop.util.HadoopOutputFile;
import org.apache.parquet.hadoop.util.HadoopStreams;
import org.apache.parquet.io.OutputFile;
import org.apache.parquet.io.PositionOutputStream;
import org.apache.parquet.schema.LogicalTypeAnnotation;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;
import org.apache.parquet.schema.Types;

/**
 * Kernels of dataframe IO: reading a CSV byte range or a Parquet row group into a table chunk, writing a chunk
 * to a CSV or Parquet file in a write's temporary directory, and committing a write's files. Files are reached
 * through Hadoop's FileSystem (local paths and {@code hdfs://}; local ones written without {@code .crc} files); a
 * Parquet read asks the file only for the chunks of the columns it needs.
 */
public final class TableIoKernels {
    /**
     * Row group size of written files: a chunk (16 MiB by default) fits one group. Parquet also asks HDFS for this
     * block size, so it must stay within HDFS's limits (and a multiple of its checksum chunk).
     */
    private static final long ROW_GROUP_BYTES = 256L << 20;

    private TableIoKernels() {
    }

    public static KernelRegistry register(KernelRegistry registry, BufferAllocator allocator) {
        return registry
                .with(ChunkReadCsv.class, (node, op, in) -> DataFrameKernels.chunk(CsvReader.read(op,
                        in.isEmpty() ? CsvStates.RECORD : (int) ((NDArray) in.get(0)).getLong(op.part())), allocator))
                .with(ChunkCsvScan.class, (node, op, in) -> NDArray.of(CsvReader.transfer(op.file(), op.start(),
                        op.end(), op.delimiter().charAt(0)), CsvStates.COUNT))
                .with(ChunkCsvStates.class, (node, op, in) -> csvStates(in))
                .with(ChunkReadParquet.class, (node, op, in) -> readParquet(op, allocator))
                .with(ChunkTpch.class, (node, op, in) -> DataFrameKernels.chunk(TpchTables.generate(op), allocator))
                .with(ChunkWrite.class, (node, op, in) -> DataFrameKernels.chunk(write(op, in.get(0)), allocator))
                .with(ChunkWriteCommit.class, (node, op, in) -> DataFrameKernels.chunk(commit(op, in), allocator));
    }

    // ----- CSV -----

    /** The lexer states at the starts of a file's ranges, from the transfer functions of all ranges but the last. */
    private static NDArray csvStates(List<ChunkData> scans) {
        long[][] transfers = new long[scans.size()][];
        for (int i = 0; i < transfers.length; i++) {
            NDArray scan = (NDArray) scans.get(i);
            transfers[i] = new long[scan.size()];
            for (int s = 0; s < transfers[i].length; s++) {
                transfers[i][s] = scan.getLong(s);
            }
        }
        long[] states = CsvStates.startStates(transfers);
        return NDArray.of(states, states.length);
    }

    // ----- Parquet -----

    /** A row group straight into Arrow vectors, only the rows passing its filter when it has one. */
    static io.mars.common.table.TableChunk readParquet(ChunkReadParquet op, BufferAllocator allocator) {
        try {
            return op.filter().isEmpty() ? ParquetRowGroups.arrow(op.file(), op.rowGroup(), op.columns(), allocator)
                    : ParquetRowGroups.arrowFiltered(op.file(), op.rowGroup(), op.columns(), op.filter(), allocator);
        } catch (IOException | RuntimeException e) {
            throw readFailed(op, e);
        }
    }

    private static RuntimeException readFailed(ChunkReadParquet op, Exception e) {
        if (e instanceof IOException io) {
            return HadoopFiles.ioFailed("cannot read row group " + op.rowGroup() + " of " + op.file(), io);
        }
        if (e instanceof MarsException m) {
            return m;
        }
        if (String.valueOf(e.getMessage()).contains("BROTLI")) {
            return new MarsException(ErrorCode.UNSUPPORTED_FILE_FORMAT, op.file() + " is Brotli-compressed, a codec"
                    + " Mars does not ship (its Java binding is not on Maven Central): " + e + "; rewrite it with"
                    + " Snappy, ZSTD, gzip, LZ4 or no compression", e);
        }
        return new MarsException(ErrorCode.UNSUPPORTED_FILE_FORMAT, "cannot read row group " + op.rowGroup() + " of "
                + op.file() + " as Parquet: " + e, e);
    }

    // ----- writing -----

    static LocalTable write(ChunkWrite op, ChunkData input) {
        LocalTable t = DataFrameKernels.table(input);
        Path attempt = new Path(op.dir(), "attempt-" + UUID.randomUUID());
        Path path = new Path(attempt, op.name());
        FileSystem fs = HadoopFiles.outputFileSystem(path);
        try {
            fs.mkdirs(attempt);
            if (op.format() == TableWriteFormat.CSV) {
                writeCsv(fs, path, t, op.delimiter().charAt(0));
            } else {
                writeParquet(fs, path, t, op.compression());
            }
        } catch (IOException | RuntimeException e) {
            deleteQuietly(fs, attempt, e);
            throw e instanceof IOException io ? HadoopFiles.ioFailed("cannot write " + path, io) : (RuntimeException) e;
        }
        return new LocalTable(List.of(Column.ofStrings("path", List.of(path.toString())),
                Column.ofLongs("rows", t.rowCount())));
    }

    private static void deleteQuietly(FileSystem fs, Path p, Exception cause) {
        try {
            fs.delete(p, true);
        } catch (IOException e) {
            cause.addSuppressed(e);
        }
    }

    /** Moves the parts the writers wrote (one-row tables of path and rows, in part order) into place. */
    static LocalTable commit(ChunkWriteCommit op, List<ChunkData> written) {
        List<String> parts = new ArrayList<>(written.size());
        long[] rows = new long[written.size()];
        for (int i = 0; i < rows.length; i++) {
            LocalTable t = DataFrameKernels.table(written.get(i));
            parts.add(t.column("path").getString(0));
            rows[i] = t.column("rows").getLong(0);
        }
        List<String> placed = OutputCommitter.commit(op.dir(), op.job(), op.mode(), parts);
        return new LocalTable(List.of(Column.ofStrings("path", placed), Column.ofLongs("rows", rows)));
    }

    private static void writeCsv(FileSystem fs, Path path, LocalTable t, char delimiter) throws IOException {
        try (FSDataOutputStream out = fs.create(path, true);
             Writer w = new BufferedWriter(new OutputStreamWriter(out, StandardCharsets.UTF_8), 1 << 16)) {
            List<Column> cols = t.columns();
            // Python's csv writer quotes a row's only field when it is empty, so it does not read as a blank line
            boolean single = cols.size() == 1;
            for (int j = 0; j < cols.size(); j++) {
                if (j > 0) {
                    w.write(delimiter);
                }
                String name = CsvValues.quote(cols.get(j).name(), delimiter);
                w.write(single && name.isEmpty() ? "\"\"" : name);
            }
            w.write('\n');
            int n = t.rowCount();
            // pandas writes a timedelta column of whole days as "n days", each file's values decided together
            boolean[] evenDays = new boolean[cols.size()];
            for (int j = 0; j < cols.size(); j++) {
                evenDays[j] = cols.get(j).dtype() == DType.TIMEDELTA && io.mars.types.Timedeltas.evenDays(cols.get(j));
            }
            for (int i = 0; i < n; i++) {
                for (int j = 0; j < cols.size(); j++) {
                    if (j > 0) {
                        w.write(delimiter);
                    }
                    String f = csvField(cols.get(j), i, delimiter, evenDays[j]);
                    w.write(single && f.isEmpty() ? "\"\"" : f);
                }
                w.write('\n');
            }
        }
    }

    private static String csvField(Column c, int i, char delimiter, boolean evenDays) {
        if (c.nulls() != null && c.nulls()[i] != 0) {
            return "";
        }
        return switch (c.dtype()) {
            case BOOL -> c.longs()[i] != 0 ? "True" : "False";
            case INT32, INT64 -> Long.toString(c.longs()[i]);
            case FLOAT32 -> CsvValues.formatDouble(Double.parseDouble(Float.toString((float) c.doubles()[i])));
            case FLOAT64 -> CsvValues.formatDouble(c.doubles()[i]);
            case TIMESTAMP -> CsvValues.formatTimestamp(c.longs()[i]);
            case TIMEDELTA -> io.mars.types.Timedeltas.format(c.longs()[i], evenDays);
            case STRING -> CsvValues.quote(c.strings().get(i), delimiter);
        };
    }

    private static MessageType parquetSchema(LocalTable t) {
        Types.MessageTypeBuilder b = Types.buildMessage();
        for (Column c : t.columns()) {
            switch (c.dtype()) {
                case BOOL -> b.optional(PrimitiveTypeName.BOOLEAN).named(c.name());
                case INT32 -> b.optional(PrimitiveTypeName.INT32).named(c.name());
                case INT64 -> b.optional(PrimitiveTypeName.INT64).named(c.name());
                case FLOAT32 -> b.optional(PrimitiveTypeName.FLOAT).named(c.name());
                case FLOAT64 -> b.optional(PrimitiveTypeName.DOUBLE).named(c.name());
                case STRING -> b.optional(PrimitiveTypeName.BINARY).as(LogicalTypeAnnotation.stringType())
                        .named(c.name());
                case TIMESTAMP -> b.optional(PrimitiveTypeName.INT64).as(LogicalTypeAnnotation.timestampType(false,
                        LogicalTypeAnnotation.TimeUnit.NANOS)).named(c.name());
                // Parquet has no duration type: nanoseconds as a plain int64, as pyarrow stores one (pyarrow also
                // keeps the Arrow type in its ARROW:schema metadata, which is not written here); read back as int64
                case TIMEDELTA -> b.optional(PrimitiveTypeName.INT64).named(c.name());
            }
        }
        return b.named("schema");
    }

    private static CompressionCodecName codec(String name) {
        return name.equals("none") ? CompressionCodecName.UNCOMPRESSED
                : CompressionCodecName.valueOf(name.toUpperCase(java.util.Locale.ROOT));
    }

    private static void writeParquet(FileSystem fs, Path path, LocalTable t, String compression) throws IOException {
        MessageType schema = parquetSchema(t);
        SimpleGroupFactory groups = new SimpleGroupFactory(schema);
        try (ParquetWriter<Group> w = ExampleParquetWriter.builder(new FileSystemOutput(fs, path))
                .withType(schema)
                .withConf(HadoopFiles.conf())
                .withCompressionCodec(codec(compression))
                .withWriteMode(ParquetFileWriter.Mode.OVERWRITE)
                .withRowGroupSize(ROW_GROUP_BYTES)
                .build()) {
            List<Column> cols = t.columns();
            int n = t.rowCount();
            for (int i = 0; i < n; i++) {
                Group g = groups.newGroup();
                for (int j = 0; j < cols.size(); j++) {
                    Column c = cols.get(j);
                    if (c.nulls() != null && c.nulls()[i] != 0 || c.dtype().isFloat() && Double.isNaN(c.doubles()[i])) {
                        continue;
                    }
                    switch (c.dtype()) {
                        case BOOL -> g.append(c.name(), c.longs()[i] != 0);
                        case INT32 -> g.append(c.name(), (int) c.longs()[i]);
                        case INT64, TIMESTAMP, TIMEDELTA -> g.append(c.name(), c.longs()[i]);
                        case FLOAT32 -> g.append(c.name(), (float) c.doubles()[i]);
                        case FLOAT64 -> g.append(c.name(), c.doubles()[i]);
                        case STRING -> g.append(c.name(), c.strings().get(i));
                    }
                }
                w.write(g);
            }
        }
    }

    /**
     * A Parquet output file on a given file system: parquet-hadoop's {@code HadoopOutputFile} takes the path's own
     * file system, which for a local path is the checksumming one that writes a {@code .crc} file beside the output.
     * As there, the HDFS block size asked for is at least the row group size, so a row group never spans blocks.
     */
    private record FileSystemOutput(FileSystem fs, Path path) implements OutputFile {
        @Override
        public PositionOutputStream create(long blockSize) throws IOException {
            return open(false, blockSize);
        }

        @Override
        public PositionOutputStream createOrOverwrite(long blockSize) throws IOException {
            return open(true, blockSize);
        }

        private PositionOutputStream open(boolean overwrite, long blockSize) throws IOException {
            return HadoopStreams.wrap(fs.create(path, overwrite, 1 << 16, fs.getDefaultReplication(path),
                    Math.max(fs.getDefaultBlockSize(path), blockSize)));
        }

        @Override
        public boolean supportsBlockSize() {
            return HadoopOutputFile.getBlockFileSystems().contains(fs.getUri().getScheme());
        }

        @Override
        public long defaultBlockSize() {
            return fs.getDefaultBlockSize(path);
        }

        @Override
        public String getPath() {
            return path.toString();
        }
    }
}
