package io.mars.container.services.storage.internal;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.DirectoryNotEmptyException;
import java.nio.file.FileStore;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.ToLongFunction;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The local disk level: one spill directory of this worker under each configured directory (the container's YARN
 * local dirs, or {@code mars.worker.spill-dirs}), used round-robin. A directory without room for a file (less than
 * the file plus {@link #MIN_FREE_BYTES} usable) is skipped for that file; one that fails to create or write a file
 * for another reason than a full disk is skipped from then on.
 */
final class LocalDirs implements SpillLevel {
    private static final Logger LOG = LoggerFactory.getLogger(LocalDirs.class);
    /** Free space left on a disk for the NodeManager and other containers. */
    static final long MIN_FREE_BYTES = 64L << 20;
    private final List<Dir> dirs = new ArrayList<>();
    private final AtomicInteger next = new AtomicInteger();
    private final ToLongFunction<Path> usableSpace;
    private final long maxBytes;
    /** Bytes in the files this level holds, and in those being written. */
    private final AtomicLong usedBytes = new AtomicLong();

    /**
     * @param roots       the configured directories
     * @param name        this worker's directory name under each root
     * @param usableSpace bytes usable on the disk of a directory (the file store's usable space)
     * @param maxBytes    the most bytes this level keeps in files at once ({@code mars.worker.spill.max-bytes})
     */
    LocalDirs(List<Path> roots, String name, ToLongFunction<Path> usableSpace, long maxBytes) {
        for (Path r : roots) {
            dirs.add(new Dir(r.resolve(name)));
        }
        this.usableSpace = usableSpace;
        this.maxBytes = maxBytes;
    }

    /**
     * The bytes usable on the roots' disks now, each disk counted once (the most any of its roots reports): what a
     * percentage of the limit refers to.
     */
    static long usableAtStart(List<Path> roots, ToLongFunction<Path> usableSpace) {
        Map<Object, Long> perDisk = new java.util.HashMap<>();
        for (Path r : roots) {
            Path existing = r.toAbsolutePath();
            while (existing != null && !Files.exists(existing)) {
                existing = existing.getParent();
            }
            if (existing == null) {
                continue;
            }
            Object disk;
            try {
                disk = Files.getFileStore(existing);
            } catch (IOException e) {
                disk = existing;
            }
            perDisk.merge(disk, usableSpace.applyAsLong(existing), Math::max);
        }
        return perDisk.values().stream().mapToLong(Long::longValue).sum();
    }

    long maxBytes() {
        return maxBytes;
    }

    long usedBytes() {
        return usedBytes.get();
    }

    /**
     * The usable bytes of the file store holding {@code dir}. The store is looked up once per directory (on Linux
     * that parses the mount table) and asked for its usable space (a statvfs) on every call.
     */
    static long fileStoreUsableSpace(Path dir) {
        try {
            FileStore store = STORES.get(dir);
            if (store == null) {
                store = Files.getFileStore(dir);
                STORES.put(dir, store);
            }
            return store.getUsableSpace();
        } catch (IOException e) {
            STORES.remove(dir);
            return 0;
        }
    }

    /** The file store of each spill directory seen (a handful per process). */
    private static final Map<Path, FileStore> STORES = new ConcurrentHashMap<>();

    @Override
    public Kind kind() {
        return Kind.DISK;
    }

    /** This worker's spill directory under each configured root. */
    List<Path> directories() {
        return dirs.stream().map(d -> d.path).toList();
    }

    @Override
    public Optional<String> write(String name, long length, FileWriter writer) {
        if (usedBytes.addAndGet(length) > maxBytes) {
            usedBytes.addAndGet(-length);
            LOG.debug("spill level at its limit ({} of {} bytes used, {} more asked)", usedBytes.get(), maxBytes,
                    length);
            return Optional.empty();
        }
        Optional<String> written = writeToSomeDir(name, length, writer);
        long actual = 0;
        if (written.isPresent()) {
            try {
                actual = Files.size(Path.of(written.get()));
            } catch (IOException e) {
                actual = length;
            }
        }
        usedBytes.addAndGet(actual - length); // counted as written, as delete() counts it off
        return written;
    }

    private Optional<String> writeToSomeDir(String name, long length, FileWriter writer) {
        int n = dirs.size();
        int start = Math.floorMod(next.getAndIncrement(), Math.max(n, 1));
        for (int i = 0; i < n; i++) {
            Dir d = dirs.get((start + i) % n);
            if (d.failed != null) {
                continue;
            }
            Path file = d.path.resolve(name);
            try {
                Files.createDirectories(d.path);
                long usable = usableSpace.applyAsLong(d.path);
                if (usable < length + MIN_FREE_BYTES) {
                    LOG.debug("spill dir {} is full ({} bytes usable, {} needed); trying the next", d.path, usable,
                            length + MIN_FREE_BYTES);
                    continue;
                }
                try (FileChannel ch = FileChannel.open(file, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE)) {
                    writer.write(block -> {
                        while (block.hasRemaining()) {
                            ch.write(block);
                        }
                    });
                }
                return Optional.of(file.toString());
            } catch (IOException e) {
                deleteQuietly(file);
                if (isNoSpace(e)) {
                    LOG.warn("spill dir {} ran out of space writing {} bytes; trying the next", d.path, length);
                } else {
                    d.failed = e.toString();
                    LOG.warn("spill dir {} failed ({}); it is skipped from now on", d.path, e.toString());
                }
            }
        }
        return Optional.empty();
    }

    private static boolean isNoSpace(IOException e) {
        String m = e.getMessage();
        return m != null && (m.contains("No space left") || m.contains("Disk quota exceeded"));
    }

    @Override
    public BlockSource open(String path, long offset) throws IOException {
        FileChannel ch = FileChannel.open(Path.of(path), StandardOpenOption.READ);
        try {
            ch.position(offset);
        } catch (IOException e) {
            ch.close();
            throw e;
        }
        return new BlockSource() {
            @Override
            public int read(ByteBuffer block) throws IOException {
                int total = 0;
                while (block.hasRemaining()) {
                    int r = ch.read(block);
                    if (r < 0) {
                        break;
                    }
                    total += r;
                }
                return total;
            }

            @Override
            public void close() throws IOException {
                ch.close();
            }
        };
    }

    @Override
    public void delete(String path) {
        Path p = Path.of(path);
        long size;
        try {
            size = Files.size(p);
        } catch (IOException e) {
            return; // gone already: it was counted off when it went
        }
        if (deleteQuietly(p)) {
            usedBytes.addAndGet(-size);
        }
    }

    private static boolean deleteQuietly(Path p) {
        try {
            return Files.deleteIfExists(p);
        } catch (IOException e) {
            LOG.warn("cannot delete spill file {}: {}", p, e.toString());
            return false;
        }
    }

    @Override
    public void close() {
        for (Dir d : dirs) {
            deleteTree(d.path);
        }
        usedBytes.set(0);
    }

    private static void deleteTree(Path root) {
        if (!Files.isDirectory(root)) {
            return;
        }
        try {
            Files.walkFileTree(root, new SimpleFileVisitor<>() {
                @Override
                public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) throws IOException {
                    Files.deleteIfExists(file);
                    return FileVisitResult.CONTINUE;
                }

                @Override
                public FileVisitResult postVisitDirectory(Path dir, IOException e) throws IOException {
                    try {
                        Files.deleteIfExists(dir);
                    } catch (DirectoryNotEmptyException | NoSuchFileException ignored) {
                        // a file appeared meanwhile or the directory is gone: nothing more to do here
                    }
                    return FileVisitResult.CONTINUE;
                }
            });
        } catch (IOException e) {
            LOG.warn("cannot delete spill directory {}: {}", root, e.toString());
        }
    }

    private static final class Dir {
        final Path path;
        volatile String failed;

        Dir(Path path) {
            this.path = path;
        }
    }
}
