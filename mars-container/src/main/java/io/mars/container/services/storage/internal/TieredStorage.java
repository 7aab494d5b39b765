package io.mars.container.services.storage.internal;

import io.mars.common.concurrent.DaemonThreads;
import io.mars.common.concurrent.Pools;
import io.mars.common.config.Settings;
import io.mars.common.error.ErrorCode;
import io.mars.common.error.MarsException;
import io.mars.common.error.MissingChunkException;
import io.mars.common.table.TableChunk;
import io.mars.container.services.storage.Pin;
import io.mars.container.services.storage.Reservation;
import io.mars.container.services.storage.StorageConfig;
import io.mars.container.services.storage.StorageService;
import io.mars.container.services.storage.StorageStats;
import io.mars.types.ChunkData;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.ToLongFunction;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.hadoop.conf.Configuration;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A worker's storage in levels: memory, then the local disks, then HDFS. Every chunk's bytes are counted against
 * {@code mars.worker.cache-mem}; when a put, a read-back or a reservation takes memory past the soft limit, the
 * coldest unpinned chunks are written out (on this storage's own IO threads, in blocks) and dropped from memory; a
 * spilled chunk is read back when asked for. Past the hard limit a put waits for spills under way, and a reservation
 * also for other reservations to end; with neither left it proceeds, so nothing deadlocks and nothing is dropped.
 *
 * <p>Chunks read back again and again (an iterative algorithm's passes over data larger than memory: k-means, a
 * logistic regression's Newton steps) are read in cycles, and least recently used is the worst order for a cycle: it
 * drops each chunk just before its next read, so every pass reads everything back. Array chunks read back at least
 * {@value #CYCLED_READ_BACKS} times whose copy on disk is still good are dropped first, the most recently used
 * first, so that the others stay in memory for the next pass (the cycle's part that fits is never read back again).
 *
 * <p>Slot threads call in synchronously and must be able to wait for memory, so the state is guarded by one lock
 * with one condition rather than owned by a single thread; the lock is never held during IO.
 */
public final class TieredStorage implements StorageService {
    private static final Logger LOG = LoggerFactory.getLogger(TieredStorage.class);
    /** A worker's spill directory under each spill root is named this, its worker id, a dash and 8 hex digits. */
    public static final String SPILL_DIR_PREFIX = "mars-spill-";
    private static final int IO_THREADS = 2;
    /** Read-backs after which a chunk counts as read in cycles (see the class comment). */
    static final int CYCLED_READ_BACKS = 2;
    private final String workerId;
    private final StorageConfig config;
    private final List<SpillLevel> levels;
    private final LocalDirs localDirs;
    private final HdfsDir hdfsDir;
    /** Spill writes. */
    private final ExecutorService io;
    /**
     * Read-backs, apart from the writes: a subtask (here or on another worker) waits for a read-back, and behind a
     * queue of spills it would wait for all of them.
     */
    private final ExecutorService reads;
    /** Where table chunks read back from a spill file get their buffers; null: table chunks are never spilled. */
    private final BufferAllocator allocator;
    private final ThreadLocal<ByteBuffer> blocks;
    private final ReentrantLock lock = new ReentrantLock();
    private final Condition changed = lock.newCondition();
    /** In access order: the first entries are the coldest. */
    private final LinkedHashMap<Key, Entry> entries = new LinkedHashMap<>(64, 0.75f, true);
    private final Map<String, Set<Entry>> bySession = new HashMap<>();
    private final Map<String, Long> sessionBytes = new HashMap<>();
    private final AtomicInteger fileNames = new AtomicInteger();
    private long storedBytes;
    private long memoryBytes;
    private long reservedBytes;
    private int reservations;
    private long spillingBytes;
    private long diskBytes;
    private long hdfsBytes;
    private int diskFiles;
    private int hdfsFiles;
    private long spills;
    private long spilledBytes;
    private long spillNanos;
    private long readBacks;
    private long readBackBytes;
    private long readBackNanos;
    private long corruptFiles;
    private long waits;
    /** A spill found no level with room, and no spill file was deleted since: memory cannot be freed by spilling. */
    private boolean spillLevelsFull;
    private boolean closed;

    /** A storage that keeps table chunks in memory (it has no allocator to read them back into). */
    public TieredStorage(String workerId, StorageConfig config) {
        this(workerId, config, null);
    }

    /**
     * A storage that spills table chunks too, reading them back into {@code allocator}: the worker's allocator, which
     * the worker owns and closes after this storage.
     */
    public TieredStorage(String workerId, StorageConfig config, BufferAllocator allocator) {
        this(workerId, config, LocalDirs::fileStoreUsableSpace, config.hdfsDir() == null ? null : new Configuration(),
                allocator);
    }

    /**
     * A storage whose local disks report their usable space through {@code usableSpace}, and whose HDFS level (if
     * configured) uses {@code hadoopConf} (null when there is no HDFS level); table chunks stay in memory.
     */
    public TieredStorage(String workerId, StorageConfig config, ToLongFunction<Path> usableSpace,
                         Configuration hadoopConf) {
        this(workerId, config, usableSpace, hadoopConf, null);
    }

    /**
     * A storage whose local disks report their usable space through {@code usableSpace}, and whose HDFS level (if
     * configured) uses {@code hadoopConf} (null when there is no HDFS level); table chunks are read back into
     * {@code allocator} (null: they stay in memory).
     */
    public TieredStorage(String workerId, StorageConfig config, ToLongFunction<Path> usableSpace,
                         Configuration hadoopConf, BufferAllocator allocator) {
        this.workerId = workerId;
        this.allocator = allocator;
        this.config = config;
        String name = SPILL_DIR_PREFIX + workerId + "-" + UUID.randomUUID().toString().substring(0, 8);
        List<SpillLevel> ls = new ArrayList<>(2);
        localDirs = config.spillDirs().isEmpty() ? null : new LocalDirs(config.spillDirs(), name, usableSpace,
                Settings.bytesOrPercent(StorageConfig.SPILL_MAX_BYTES, config.spillMax(),
                        LocalDirs.usableAtStart(config.spillDirs(), usableSpace), "the usable disk space"));
        if (localDirs != null) {
            ls.add(localDirs);
        }
        hdfsDir = config.hdfsDir() == null ? null : new HdfsDir(config.hdfsDir(), name, hadoopConf);
        if (hdfsDir != null) {
            ls.add(hdfsDir);
        }
        this.levels = List.copyOf(ls);
        this.io = Executors.newFixedThreadPool(IO_THREADS, DaemonThreads.numbered("mars-" + workerId + "-spill-"));
        this.reads = Executors.newFixedThreadPool(IO_THREADS, DaemonThreads.numbered("mars-" + workerId + "-read-"));
        this.blocks = ThreadLocal.withInitial(() -> ByteBuffer.allocate(config.blockBytes()));
        if (levels.isEmpty()) {
            LOG.warn("worker {} has no spill level (mars.worker.spill-dirs=none and no mars.worker.spill.hdfs-dir):"
                    + " chunks past its {} bytes of memory quota stay in memory", workerId, config.cacheBytes());
        }
    }

    /** This worker's spill directory under each local spill root (for tests and diagnostics). */
    public List<Path> localSpillDirectories() {
        return localDirs == null ? List.of() : localDirs.directories();
    }

    /** This worker's spill directory on HDFS, or null (for tests and diagnostics). */
    public String hdfsSpillDirectory() {
        return hdfsDir == null ? null : hdfsDir.directory().toString();
    }

    public StorageConfig config() {
        return config;
    }

    @Override
    public long hardLimitBytes() {
        return config.hardBytes();
    }

    @Override
    public void put(String sessionId, String chunkKey, ChunkData data) {
        put(sessionId, chunkKey, data, null);
    }

    @Override
    public void put(String sessionId, String chunkKey, ChunkData data, Reservation reservation) {
        List<SpillFile> stale = new ArrayList<>(1);
        lock.lock();
        try {
            checkOpen();
            Key k = new Key(sessionId, chunkKey);
            Entry old = entries.remove(k);
            if (old != null) {
                if (old.data == data) {
                    old.data = null;
                    memoryBytes -= old.nbytes;
                }
                forgetLocked(old, stale);
            }
            // a put that can fit nowhere fails before the storage takes the data; this check never waits (the lock
            // stays held, so no other put of the key can come in between), the wait for spills comes once it is in
            Held from = reservation instanceof Held h ? h : null;
            long covered = from == null ? 0 : from.coverable(data.nbytes());
            checkRoomLocked(data.nbytes() - covered);
            if (from != null) {
                from.take(covered);
            }
            Entry e = new Entry(k, data);
            entries.put(k, e);
            bySession.computeIfAbsent(sessionId, s -> new LinkedHashSet<>()).add(e);
            sessionBytes.merge(sessionId, e.nbytes, Long::sum);
            storedBytes += e.nbytes;
            memoryBytes += e.nbytes;
            waitForRoomLocked(0, false);
        } finally {
            lock.unlock();
        }
        deleteFiles(stale);
    }

    @Override
    public boolean putIfAbsent(String sessionId, String chunkKey, ChunkData data) {
        return putIfAbsent(sessionId, chunkKey, data, null);
    }

    @Override
    public boolean putIfAbsent(String sessionId, String chunkKey, ChunkData data, Reservation reservation) {
        lock.lock();
        try {
            checkOpen();
            if (entries.containsKey(new Key(sessionId, chunkKey))) {
                return false;
            }
            put(sessionId, chunkKey, data, reservation); // the lock is reentrant: nothing can store the key in between
            return true;
        } finally {
            lock.unlock();
        }
    }

    @Override
    public Optional<ChunkData> get(String sessionId, String chunkKey) {
        Optional<ChunkData> d = join(getAsync(sessionId, chunkKey));
        if (d.isPresent()) {
            lock.lock();
            try {
                waitForRoomLocked(0, false);
            } finally {
                lock.unlock();
            }
        }
        return d;
    }

    private static <T> T join(CompletableFuture<T> f) {
        try {
            return f.join();
        } catch (CompletionException e) {
            throw MarsException.wrap(e.getCause());
        }
    }

    @Override
    public CompletableFuture<Optional<ChunkData>> getAsync(String sessionId, String chunkKey) {
        return getAsync(sessionId, chunkKey, null);
    }

    @Override
    public CompletableFuture<Optional<ChunkData>> getAsync(String sessionId, String chunkKey,
                                                           Reservation reservation) {
        lock.lock();
        try {
            checkOpen();
            Entry e = entries.get(new Key(sessionId, chunkKey));
            if (e == null) {
                return CompletableFuture.completedFuture(Optional.empty());
            }
            if (e.data != null) {
                return CompletableFuture.completedFuture(Optional.of(e.data));
            }
            if (e.loading == null) {
                SpillFile file = e.file;
                Held into = reservation instanceof Held h ? h : null;
                e.loading = CompletableFuture.supplyAsync(() -> readBack(e, file, into), reads);
            }
            return e.loading.thenApply(Optional::of);
        } finally {
            lock.unlock();
        }
    }

    private ChunkData readBack(Entry e, SpillFile file, Held into) {
        long start = System.nanoTime();
        ChunkData data;
        try (SpillLevel.BlockSource in = file.level().open(file.path())) {
            data = SpillFormat.read(in, file.layout(), file.length(), file.crc(), file.segments(), blocks.get(),
                    allocator, describe(e, file));
        } catch (IOException | RuntimeException ex) {
            throw lost(e, file, ex);
        }
        long nanos = System.nanoTime() - start;
        lock.lock();
        try {
            e.loading = null;
            readBacks++;
            readBackBytes += file.length();
            readBackNanos += nanos;
            if (!e.deleted && e.data == null) {
                e.data = data;
                e.readBacks++;
                memoryBytes += e.nbytes;
                if (into != null) {
                    into.take(into.coverable(e.nbytes)); // the reader reserved room for it
                }
                entries.get(e.key);
                makeRoomLocked(0);
            }
            changed.signalAll();
        } finally {
            lock.unlock();
        }
        return data;
    }

    private String describe(Entry e, SpillFile file) {
        return "spill file " + file.path() + " of chunk " + e.key.chunk() + " (session " + e.key.session()
                + ", worker " + workerId + ")";
    }

    /** Drops a chunk whose file failed to read ({@code ex}); the error to throw. */
    private MissingChunkException lost(Entry e, SpillFile file, Exception ex) {
        String why = ex instanceof MarsException m && m.code() == ErrorCode.CHUNK_LOST ? m.getMessage()
                : describe(e, file) + " cannot be read: " + ex + "; the chunk is lost and must be recomputed";
        MissingChunkException lost = new MissingChunkException(ErrorCode.CHUNK_LOST, e.key.chunk(), workerId, why, ex);
        loseChunk(e, lost);
        return lost;
    }

    /**
     * A reducer's read of part {@code part} of a shuffle map's output: the chunk itself (shared) while it is in
     * memory, else only the segment of its spill file that holds the part, read on the storage's read threads and not
     * kept (the reducer's reservation holds it). Either way the caller owns what it gets.
     */
    @Override
    public CompletableFuture<Optional<ChunkData>> getPartAsync(String sessionId, String chunkKey, int part,
                                                               Reservation reservation) {
        lock.lock();
        try {
            checkOpen();
            Entry e = entries.get(new Key(sessionId, chunkKey));
            if (e == null) {
                return CompletableFuture.completedFuture(Optional.empty());
            }
            if (e.data != null) {
                return CompletableFuture.completedFuture(Optional.of(TableChunk.shareOf(e.data)));
            }
            SpillFile file = e.file;
            if (file == null || file.segments() == null) {
                return getAsync(sessionId, chunkKey, reservation).thenApply(d -> d.map(TableChunk::shareOf));
            }
            return CompletableFuture.supplyAsync(() -> Optional.of(readPart(e, file, part)), reads);
        } finally {
            lock.unlock();
        }
    }

    private ChunkData readPart(Entry e, SpillFile file, int part) {
        long start = System.nanoTime();
        SpillFormat.Segments segments = file.segments();
        int k = segments.of(part);
        TableChunk data;
        try (SpillLevel.BlockSource in = file.level().open(file.path(), k < 0 ? 0 : segments.start(k))) {
            data = k < 0 ? SpillFormat.readSchema(in, segments, blocks.get(), allocator, describe(e, file))
                    : SpillFormat.readSegment(in, segments, k, blocks.get(), allocator, describe(e, file));
        } catch (IOException | RuntimeException ex) {
            throw lost(e, file, ex);
        }
        long nanos = System.nanoTime() - start;
        lock.lock();
        try {
            readBacks++;
            readBackBytes += k < 0 ? 0 : segments.end()[k] - segments.start(k);
            readBackNanos += nanos;
        } finally {
            lock.unlock();
        }
        return data;
    }

    /** A chunk whose file cannot be read is dropped from this worker, so that its meta can be re-made by a rerun. */
    private void loseChunk(Entry e, MarsException why) {
        List<SpillFile> files = new ArrayList<>(1);
        lock.lock();
        try {
            e.loading = null;
            corruptFiles++;
            if (!e.deleted) {
                entries.remove(e.key);
                forgetLocked(e, files);
            }
            changed.signalAll();
        } finally {
            lock.unlock();
        }
        LOG.error("worker {} lost chunk {} of session {}: {}", workerId, e.key.chunk(), e.key.session(),
                why.getMessage());
        deleteFiles(files);
    }

    @Override
    public Pin pin(String sessionId, Collection<String> chunkKeys) {
        List<Entry> pinned = new ArrayList<>(chunkKeys.size());
        long inMemory = 0;
        lock.lock();
        try {
            checkOpen();
            for (String k : chunkKeys) {
                Entry e = entries.get(new Key(sessionId, k));
                if (e != null) {
                    e.pins++;
                    pinned.add(e);
                    if (e.data != null) {
                        inMemory += e.nbytes;
                    }
                }
            }
        } finally {
            lock.unlock();
        }
        long resident = inMemory;
        return new Pin() {
            private boolean released;

            @Override
            public long residentBytes() {
                return resident;
            }

            @Override
            public void close() {
                lock.lock();
                try {
                    if (released) {
                        return;
                    }
                    released = true;
                    for (Entry e : pinned) {
                        e.pins--;
                    }
                    if (!closed) {
                        makeRoomLocked(0);
                    }
                    changed.signalAll();
                } finally {
                    lock.unlock();
                }
            }
        };
    }

    @Override
    public Reservation reserve(long bytes) {
        if (bytes < 0) {
            throw new MarsException(ErrorCode.INTERNAL_ERROR, "cannot reserve " + bytes + " bytes");
        }
        lock.lock();
        try {
            checkOpen();
            waitForRoomLocked(bytes, true);
            reservedBytes += bytes;
            reservations++;
        } finally {
            lock.unlock();
        }
        return new Held(bytes);
    }

    /**
     * A reservation of this storage. What a subtask reads back or stores under it moves from the reservation into
     * memory ({@link #take}), so its bytes are counted once.
     */
    private final class Held implements Reservation {
        private final long bytes;
        /** Bytes still counted in {@code reservedBytes} for it; guarded by the storage's lock. */
        private long remaining;
        private boolean released;

        Held(long bytes) {
            this.bytes = bytes;
            this.remaining = bytes;
        }

        /** How many of {@code n} bytes this reservation can give (under the lock). */
        long coverable(long n) {
            return released ? 0 : Math.min(remaining, Math.max(0, n));
        }

        /** Moves {@code n} bytes (at most {@link #coverable}) out of the reservation (under the lock). */
        void take(long n) {
            remaining -= n;
            reservedBytes -= n;
        }

        @Override
        public long bytes() {
            return bytes;
        }

        @Override
        public void close() {
            lock.lock();
            try {
                if (!released) {
                    released = true;
                    reservedBytes -= remaining;
                    remaining = 0;
                    reservations--;
                    changed.signalAll();
                }
            } finally {
                lock.unlock();
            }
        }
    }

    /**
     * Spills until {@code extra} more bytes fit under the hard limit, waiting for spills under way (and, for a
     * reservation, for other reservations to end) while they can still free memory.
     */
    private void waitForRoomLocked(long extra, boolean reservation) {
        boolean counted = false;
        makeRoomLocked(extra);
        while (!closed && memoryBytes + reservedBytes + extra > config.hardBytes()) {
            makeRoomLocked(extra);
            boolean othersWillFree = spillingBytes > 0 || reservation && reservations > 0;
            if (!othersWillFree) {
                checkRoomLocked(extra);
                return;
            }
            if (!counted) {
                waits++;
                counted = true;
            }
            try {
                changed.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new MarsException(ErrorCode.TASK_CANCELLED, "worker " + workerId
                        + " was interrupted while waiting for memory");
            }
        }
    }

    /**
     * Fails with STORAGE_FULL when {@code extra} more bytes would take memory past the quota while every spill level
     * is full and no spill under way can free any: they could only make the heap grow. Starts spills first.
     */
    private void checkRoomLocked(long extra) {
        makeRoomLocked(extra);
        if (extra > 0 && spillLevelsFull && spillingBytes == 0
                && memoryBytes + reservedBytes + extra > config.cacheBytes()) {
            throw storageFullLocked(extra);
        }
    }

    /** The error for {@code extra} bytes that neither memory nor any spill level can take. */
    private MarsException storageFullLocked(long extra) {
        String local = localDirs == null ? "no local spill dirs" : "local spill dirs hold " + localDirs.usedBytes()
                + " of at most " + localDirs.maxBytes() + " bytes (" + StorageConfig.SPILL_MAX_BYTES + " = "
                + config.spillMax() + ")";
        String hdfs = hdfsDir == null ? "no HDFS level (" + StorageConfig.SPILL_HDFS_DIR + ")"
                : "the HDFS level holds " + hdfsBytes + " bytes and refused more";
        return new MarsException(ErrorCode.STORAGE_FULL, "worker " + workerId + " has no room for " + extra
                + " more bytes: its memory quota (" + config.cacheBytes() + " bytes, " + StorageConfig.CACHE_MEM
                + ") holds " + (memoryBytes + reservedBytes) + " bytes it cannot spill, and every spill level is full: "
                + local + "; " + hdfs + ". Give the job more room: more workers or worker memory, a larger "
                + StorageConfig.SPILL_MAX_BYTES + " or spill disk, or an HDFS spill level");
    }

    /** Starts spilling the coldest unpinned chunks until memory, counting {@code extra}, is under the soft limit. */
    private void makeRoomLocked(long extra) {
        if (levels.isEmpty()) {
            return;
        }
        long over = memoryBytes + reservedBytes + extra - spillingBytes - config.softBytes();
        if (over <= 0) {
            return;
        }
        List<Key> dropped = new ArrayList<>();
        over = dropCycledLocked(over, dropped);
        for (Iterator<Entry> it = entries.values().iterator(); it.hasNext() && over > 0; ) {
            Entry e = it.next();
            if (e.data == null || e.pins > 0 || e.spilling || e.unspillable || e.waitsForRoom && spillLevelsFull) {
                continue;
            }
            if (e.file != null) {
                // a clean copy is on disk already (the chunk was read back): dropping it from memory is enough
                e.data.close();
                e.data = null;
                memoryBytes -= e.nbytes;
                dropped.add(e.key);
            } else {
                e.spilling = true;
                spillingBytes += e.nbytes;
                // a table's buffers are freed when it is closed (a delete may close it while it is being written):
                // the writer works on references of its own
                ChunkData data = e.data instanceof TableChunk t ? t.share() : e.data;
                io.execute(() -> spill(e, data));
            }
            over -= e.nbytes;
        }
        for (Key k : dropped) {
            entries.get(k); // out of memory: to the recent end (see spill)
        }
    }

    /**
     * Drops from memory, most recently used first, the unpinned array chunks read back in cycles (at least
     * {@value #CYCLED_READ_BACKS} times) whose spill file is still good, until {@code over} bytes are freed or none is
     * left; returns the bytes still to free. Table chunks are left to the least-recently-used order: their buffers are
     * freed when dropped, and a reader that did not pin one (another worker's fetch) may still be using it.
     */
    private long dropCycledLocked(long over, List<Key> dropped) {
        if (readBacks < CYCLED_READ_BACKS) {
            return over; // no chunk can have been read back that often: nothing to look for
        }
        List<Entry> cycled = null;
        for (Entry e : entries.values()) {
            if (e.data != null && e.file != null && e.readBacks >= CYCLED_READ_BACKS && e.pins == 0 && !e.spilling
                    && !(e.data instanceof TableChunk)) {
                if (cycled == null) {
                    cycled = new ArrayList<>();
                }
                cycled.add(e);
            }
        }
        for (int i = cycled == null ? -1 : cycled.size() - 1; i >= 0 && over > 0; i--) {
            Entry e = cycled.get(i);
            e.data.close();
            e.data = null;
            memoryBytes -= e.nbytes;
            dropped.add(e.key);
            over -= e.nbytes;
        }
        return over;
    }

    private void spill(Entry e, ChunkData data) {
        long start = System.nanoTime();
        SpillFile file = null;
        String failure = null;
        boolean noRoom = false;
        try {
            file = write(e, data);
        } catch (RuntimeException ex) {
            failure = ex.getMessage();
            noRoom = ex instanceof MarsException m && m.code() == ErrorCode.SPILL_FAILED;
        } finally {
            if (data instanceof TableChunk) {
                data.close();
            }
        }
        long nanos = System.nanoTime() - start;
        boolean orphan = false;
        lock.lock();
        try {
            e.spilling = false;
            spillingBytes -= e.nbytes;
            if (file == null) {
                // for lack of room it may spill once a file is deleted; any other failure keeps it in memory
                e.unspillable = !noRoom;
                e.waitsForRoom = noRoom;
                spillLevelsFull |= noRoom;
                LOG.warn("worker {} keeps chunk {} ({} bytes) in memory: {}", workerId, e.key.chunk(), e.nbytes,
                        failure);
            } else {
                spills++;
                spilledBytes += file.length();
                spillNanos += nanos;
                if (e.deleted || closed) {
                    orphan = true;
                } else {
                    e.file = file;
                    countFileLocked(file, 1);
                    if (e.pins == 0 && e.data != null) {
                        e.data.close();
                        e.data = null;
                        memoryBytes -= e.nbytes;
                        // out of memory now: moved to the recent end, so that the scan for chunks to spill, which
                        // starts at the cold end, does not walk past every spilled chunk (a shuffle has thousands)
                        entries.get(e.key);
                    }
                }
            }
            if (!closed) {
                makeRoomLocked(0);
            }
            changed.signalAll();
        } finally {
            lock.unlock();
        }
        if (orphan) {
            file.level().delete(file.path());
        }
    }

    private SpillFile write(Entry e, ChunkData data) {
        SpillFormat.Layout layout = SpillFormat.layoutOf(data);
        if (layout.kind() == SpillFormat.Kind.TABLE && allocator == null) {
            throw new MarsException(ErrorCode.NOT_SUPPORTED, "this storage was given no allocator to read table"
                    + " chunks back into; they stay in memory");
        }
        String name = fileName(e.key) + layout.suffix();
        ByteBuffer block = blocks.get();
        for (SpillLevel level : levels) {
            SpillFormat.Written[] written = new SpillFormat.Written[1];
            Optional<String> path = level.write(name, layout.length(), sink -> {
                written[0] = SpillFormat.write(data, layout, sink, block);
                return written[0].crc();
            });
            if (path.isPresent()) {
                return new SpillFile(level, path.get(), written[0].length(), written[0].crc(), layout,
                        written[0].segments());
            }
        }
        throw new MarsException(ErrorCode.SPILL_FAILED, "no spill level has room for chunk " + e.key.chunk() + " ("
                + layout.length() + " bytes): every local spill dir is full or failed"
                + (hdfsDir == null ? " and mars.worker.spill.hdfs-dir is not set" : " and HDFS refused it"));
    }

    private String fileName(Key k) {
        return safe(k.session()) + "_" + safe(k.chunk()) + "_" + fileNames.incrementAndGet();
    }

    private static String safe(String s) {
        return s.replaceAll("[^A-Za-z0-9._-]", "-");
    }

    private void countFileLocked(SpillFile f, int sign) {
        if (sign < 0) {
            spillLevelsFull = false; // room was made: spilling may work again
        }
        if (f.level().kind() == SpillLevel.Kind.DISK) {
            diskBytes += sign * f.length();
            diskFiles += sign;
        } else {
            hdfsBytes += sign * f.length();
            hdfsFiles += sign;
        }
    }

    @Override
    public long delete(String sessionId, List<String> chunkKeys) {
        List<SpillFile> files = new ArrayList<>();
        long freed = 0;
        lock.lock();
        try {
            for (String k : chunkKeys) {
                Entry e = entries.remove(new Key(sessionId, k));
                if (e != null) {
                    freed += forgetLocked(e, files);
                }
            }
            changed.signalAll();
        } finally {
            lock.unlock();
        }
        deleteFiles(files);
        return freed;
    }

    @Override
    public long deleteSession(String sessionId) {
        List<SpillFile> files = new ArrayList<>();
        long freed = 0;
        lock.lock();
        try {
            Set<Entry> es = bySession.get(sessionId);
            for (Entry e : es == null ? List.<Entry>of() : List.copyOf(es)) {
                entries.remove(e.key);
                freed += forgetLocked(e, files);
            }
            changed.signalAll();
        } finally {
            lock.unlock();
        }
        deleteFiles(files);
        return freed;
    }

    /** Takes a removed entry out of every count; collects its file for deletion outside the lock. */
    private long forgetLocked(Entry e, List<SpillFile> files) {
        e.deleted = true;
        if (e.data != null) {
            e.data.close();
            e.data = null;
            memoryBytes -= e.nbytes;
        }
        if (e.file != null) {
            countFileLocked(e.file, -1);
            files.add(e.file);
            e.file = null;
        }
        storedBytes -= e.nbytes;
        Set<Entry> s = bySession.get(e.key.session());
        if (s != null) {
            s.remove(e);
            if (s.isEmpty()) {
                bySession.remove(e.key.session());
            }
        }
        if (sessionBytes.merge(e.key.session(), -e.nbytes, Long::sum) == 0) {
            sessionBytes.remove(e.key.session());
        }
        return e.nbytes;
    }

    private static void deleteFiles(List<SpillFile> files) {
        for (SpillFile f : files) {
            f.level().delete(f.path());
        }
    }

    @Override
    public long storedBytes() {
        lock.lock();
        try {
            return storedBytes;
        } finally {
            lock.unlock();
        }
    }

    @Override
    public long storedBytes(String sessionId) {
        lock.lock();
        try {
            return sessionBytes.getOrDefault(sessionId, 0L);
        } finally {
            lock.unlock();
        }
    }

    @Override
    public int chunkCount() {
        lock.lock();
        try {
            return entries.size();
        } finally {
            lock.unlock();
        }
    }

    @Override
    public StorageStats stats() {
        lock.lock();
        try {
            return new StorageStats(entries.size(), memoryBytes, reservedBytes, diskBytes, hdfsBytes, diskFiles,
                    hdfsFiles, spills, spilledBytes, spillNanos, readBacks, readBackBytes, readBackNanos, corruptFiles,
                    waits);
        } finally {
            lock.unlock();
        }
    }

    private void checkOpen() {
        if (closed) {
            throw new MarsException(ErrorCode.NO_WORKERS, "the storage of worker " + workerId + " is closed");
        }
    }

    @Override
    public void close() {
        lock.lock();
        try {
            if (closed) {
                return;
            }
            closed = true;
            changed.signalAll();
        } finally {
            lock.unlock();
        }
        Pools.stop(io, 30);
        Pools.stop(reads, 30);
        List<SpillFile> files = new ArrayList<>();
        lock.lock();
        try {
            for (Entry e : List.copyOf(entries.values())) {
                forgetLocked(e, files);
            }
            entries.clear();
        } finally {
            lock.unlock();
        }
        deleteFiles(files);
        for (SpillLevel l : levels) {
            l.close();
        }
    }

    /**
     * A stored chunk's key. Its equals and hashCode are written out: a record's generated ones are bound through
     * method handles on their first call, which spins classes inside the first job that stores a chunk.
     */
    private record Key(String session, String chunk) {
        @Override
        public boolean equals(Object o) {
            return o instanceof Key k && session.equals(k.session) && chunk.equals(k.chunk);
        }

        @Override
        public int hashCode() {
            return 31 * session.hashCode() + chunk.hashCode();
        }
    }

    /**
     * Where a spilled chunk's file is, and what is needed to read and check it (and each of its segments, when it
     * holds a shuffle map's parts; null otherwise).
     */
    private record SpillFile(SpillLevel level, String path, long length, long crc, SpillFormat.Layout layout,
                             SpillFormat.Segments segments) {
    }

    /** One stored chunk: in memory, on a spill level, or both. Guarded by the storage's lock. */
    private static final class Entry {
        final Key key;
        final long nbytes;
        ChunkData data;
        SpillFile file;
        boolean spilling;
        boolean unspillable;
        /** Its last spill found no level with room; tried again once a spill file was deleted. */
        boolean waitsForRoom;
        boolean deleted;
        int pins;
        /** Times its data was read back from its spill file. */
        int readBacks;
        CompletableFuture<ChunkData> loading;

        Entry(Key key, ChunkData data) {
            this.key = key;
            this.data = data;
            this.nbytes = data.nbytes();
        }
    }
}
