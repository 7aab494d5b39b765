package io.mars.common.graph;

import java.util.AbstractList;
import java.util.Objects;
import java.util.RandomAccess;

/**
 * The keys of some of a {@link SubtaskList}'s keyed chunks, as an unmodifiable list that spells each key out the first
 * time it is read: estimating a subtask's memory needs its chunks, not their keys.
 */
final class KeyList extends AbstractList<String> implements RandomAccess {
    private final ChunkNode[] keyed;
    private final int[] ids;
    private final int from;
    private final int size;
    private String[] keys;

    KeyList(ChunkNode[] keyed, int[] ids, int from, int to) {
        Objects.checkFromToIndex(from, to, ids.length);
        this.keyed = keyed;
        this.ids = ids;
        this.from = from;
        this.size = to - from;
    }

    @Override
    public String get(int index) {
        Objects.checkIndex(index, size);
        if (keys == null) {
            keys = new String[size];
        }
        String k = keys[index];
        if (k == null) {
            k = keyed[ids[from + index]].key();
            keys[index] = k;
        }
        return k;
    }

    /** The chunk whose key is element {@code index}. */
    ChunkNode chunk(int index) {
        return keyed[ids[from + Objects.checkIndex(index, size)]];
    }

    @Override
    public int size() {
        return size;
    }
}
