package io.mars.common.io;

import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.util.concurrent.atomic.LongAdder;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.PositionedReadable;
import org.apache.hadoop.fs.Seekable;
import org.apache.parquet.hadoop.util.HadoopStreams;
import org.apache.parquet.io.InputFile;
import org.apache.parquet.io.SeekableInputStream;

/**
 * A Parquet input file on a Hadoop file system whose reads are counted: every byte the file system hands to the
 * Parquet reader is added to {@code counter}. This is how Mars shows what a read cost (and how the column-pruning
 * test proves that unused columns are never read); the count does not depend on which read path a file system
 * offers, because all reads go through this stream.
 */
final class CountingInputFile implements InputFile {
    private final FileSystem fs;
    private final Path path;
    private final long length;
    private final LongAdder counter;

    CountingInputFile(FileSystem fs, Path path, long length, LongAdder counter) {
        this.fs = fs;
        this.path = path;
        this.length = length;
        this.counter = counter;
    }

    @Override
    public long getLength() {
        return length;
    }

    @Override
    public SeekableInputStream newStream() throws IOException {
        return HadoopStreams.wrap(new FSDataInputStream(new Counting(fs.open(path), counter)));
    }

    @Override
    public String toString() {
        return path.toString();
    }

    /** The file's stream, counting what it returns; byte-array reads only, so every read passes through here. */
    private static final class Counting extends InputStream implements Seekable, PositionedReadable {
        private final FSDataInputStream in;
        private final LongAdder counter;

        Counting(FSDataInputStream in, LongAdder counter) {
            this.in = in;
            this.counter = counter;
        }

        @Override
        public int read() throws IOException {
            int b = in.read();
            if (b >= 0) {
                counter.increment();
            }
            return b;
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            int n = in.read(b, off, len);
            if (n > 0) {
                counter.add(n);
            }
            return n;
        }

        @Override
        public int read(long position, byte[] buffer, int offset, int length) throws IOException {
            int n = in.read(position, buffer, offset, length);
            if (n > 0) {
                counter.add(n);
            }
            return n;
        }

        @Override
        public void readFully(long position, byte[] buffer, int offset, int length) throws IOException {
            int done = 0;
            while (done < length) {
                int n = read(position + done, buffer, offset + done, length - done);
                if (n < 0) {
                    throw new EOFException("end of file at " + (position + done));
                }
                done += n;
            }
        }

        @Override
        public void readFully(long position, byte[] buffer) throws IOException {
            readFully(position, buffer, 0, buffer.length);
        }

        @Override
        public void seek(long pos) throws IOException {
            in.seek(pos);
        }

        @Override
        public long getPos() throws IOException {
            return in.getPos();
        }

        @Override
        public boolean seekToNewSource(long targetPos) throws IOException {
            return in.seekToNewSource(targetPos);
        }

        @Override
        public int available() throws IOException {
            return in.available();
        }

        @Override
        public void close() throws IOException {
            in.close();
        }
    }
}
