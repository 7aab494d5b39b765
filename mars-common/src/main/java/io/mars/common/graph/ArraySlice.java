package io.mars.common.graph;

import java.util.AbstractList;
import java.util.Objects;
import java.util.RandomAccess;

/**
 * An unmodifiable list over part of an array that nothing changes: a chunk node's inputs, and the lists of a
 * {@link SubtaskList}'s subtasks, which share its flat arrays instead of copying them.
 */
final class ArraySlice<E> extends AbstractList<E> implements RandomAccess {
    private final E[] array;
    private final int from;
    private final int size;

    ArraySlice(E[] array, int from, int to) {
        Objects.checkFromToIndex(from, to, array.length);
        this.array = array;
        this.from = from;
        this.size = to - from;
    }

    @Override
    public E get(int index) {
        return array[from + Objects.checkIndex(index, size)];
    }

    @Override
    public int size() {
        return size;
    }
}
