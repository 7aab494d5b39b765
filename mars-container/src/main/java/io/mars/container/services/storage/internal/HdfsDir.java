package io.mars.container.services.storage.internal;

import io.mars.common.error.ErrorCode;
import io.mars.common.error.MarsException;
import java.io.IOException;
import java.net.URI;
import java.nio.ByteBuffer;
import java.util.Optional;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The HDFS level: this worker's directory under {@code mars.worker.spill.hdfs-dir}, on a file system instance of its
 * own (so closing it cannot close one the process shares).
 */
final class HdfsDir implements SpillLevel {
    private static final Logger LOG = LoggerFactory.getLogger(HdfsDir.class);
    private final FileSystem fs;
    private final Path dir;

    HdfsDir(String uri, String name, Configuration conf) {
        try {
            Path base = new Path(URI.create(uri));
            this.fs = FileSystem.newInstance(base.toUri(), conf);
            this.dir = new Path(base, name);
        } catch (IOException | IllegalArgumentException e) {
            throw new MarsException(ErrorCode.INVALID_CONFIG, "mars.worker.spill.hdfs-dir '" + uri
                    + "' cannot be opened: " + e + "; give a directory URI such as hdfs://namenode:8020/tmp/mars-spill");
        }
    }

    @Override
    public Kind kind() {
        return Kind.HDFS;
    }

    Path directory() {
        return dir;
    }

    @Override
    public Optional<String> write(String name, long length, FileWriter writer) {
        Path file = new Path(dir, name);
        try {
            try (FSDataOutputStream out = fs.create(file, false)) {
                writer.write(block -> {
                    out.write(block.array(), block.arrayOffset() + block.position(), block.remaining());
                    block.position(block.limit());
                });
            }
            return Optional.of(file.toString());
        } catch (IOException e) {
            LOG.warn("cannot spill {} bytes to {}: {}", length, file, e.toString());
            delete(file.toString());
            return Optional.empty();
        }
    }

    @Override
    public BlockSource open(String path, long offset) throws IOException {
        FSDataInputStream in = fs.open(new Path(path));
        try {
            in.seek(offset);
        } catch (IOException e) {
            in.close();
            throw e;
        }
        return new BlockSource() {
            @Override
            public int read(ByteBuffer block) throws IOException {
                int total = 0;
                while (block.hasRemaining()) {
                    int r = in.read(block.array(), block.arrayOffset() + block.position(), block.remaining());
                    if (r < 0) {
                        break;
                    }
                    block.position(block.position() + r);
                    total += r;
                }
                return total;
            }

            @Override
            public void close() throws IOException {
                in.close();
            }
        };
    }

    @Override
    public void delete(String path) {
        try {
            fs.delete(new Path(path), false);
        } catch (IOException e) {
            LOG.warn("cannot delete spill file {}: {}", path, e.toString());
        }
    }

    @Override
    public void close() {
        try {
            fs.delete(dir, true);
        } catch (IOException e) {
            LOG.warn("cannot delete spill directory {}: {}", dir, e.toString());
        }
        try {
            fs.close();
        } catch (IOException e) {
            LOG.warn("closing the file system of {} failed: {}", dir, e.toString());
        }
    }
}
