package io.mars.container.services.storage.internal;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.Optional;

/** One place chunks are spilled to (the local disks, or an HDFS directory); owns its files and deletes them. */
interface SpillLevel extends AutoCloseable {
    /** Which level this is, for the stats. */
    Kind kind();

    /**
     * Writes a file of {@code length} bytes through {@code writer}, on a directory of this level with room for it
     * (skipping full or failed ones); empty when no directory could take it.
     */
    Optional<String> write(String name, long length, FileWriter writer);

    /** Opens a file this level wrote, for reading from its start. */
    default BlockSource open(String path) throws IOException {
        return open(path, 0);
    }

    /** Opens a file this level wrote, for reading from byte {@code offset} on. */
    BlockSource open(String path, long offset) throws IOException;

    /** Deletes a file this level wrote; a file already gone is no error. */
    void delete(String path);

    /** Deletes every file and directory this level made. */
    @Override
    void close();

    enum Kind { DISK, HDFS }

    /** Writes a whole file to a sink; returns its checksum. */
    @FunctionalInterface
    interface FileWriter {
        long write(BlockSink sink) throws IOException;
    }

    /** Where blocks are written to. */
    interface BlockSink {
        /** Writes the buffer's remaining bytes (a heap buffer). */
        void write(ByteBuffer block) throws IOException;
    }

    /** Where blocks are read from. */
    interface BlockSource extends AutoCloseable {
        /** Fills the buffer's remaining space, or less at the end of the file; returns the bytes read. */
        int read(ByteBuffer block) throws IOException;

        @Override
        void close() throws IOException;
    }
}
