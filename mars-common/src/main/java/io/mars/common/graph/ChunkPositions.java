package io.mars.common.graph;

import java.util.List;

/**
 * The positions of chunk nodes (by identity) in a list, or of the nodes added one by one: an open-addressing table of
 * the nodes and an int array, 10 to 20 bytes a node instead of an {@code IdentityHashMap} entry and a boxed
 * position (over 50), since tiling and fusion index every node of graphs of millions.
 */
public final class ChunkPositions {
    private ChunkNode[] nodes;
    private int[] positions;
    private int size;

    /** An empty index, sized for about {@code expected} nodes (it grows past that). */
    public ChunkPositions(int expected) {
        int capacity = Integer.highestOneBit(Math.max(8, expected + expected / 4 - 1)) << 1;
        this.nodes = new ChunkNode[capacity];
        this.positions = new int[capacity];
    }

    /** The positions of {@code nodes}, each distinct node at its first position. */
    public static ChunkPositions of(List<ChunkNode> nodes) {
        ChunkPositions p = new ChunkPositions(nodes.size());
        for (ChunkNode n : nodes) {
            p.add(n);
        }
        return p;
    }

    /** The position of {@code node}, or -1 when it is not here. */
    public int get(ChunkNode node) {
        int mask = nodes.length - 1;
        for (int slot = slot(node, mask); nodes[slot] != null; slot = (slot + 1) & mask) {
            if (nodes[slot] == node) {
                return positions[slot];
            }
        }
        return -1;
    }

    public boolean contains(ChunkNode node) {
        return get(node) >= 0;
    }

    /** Adds {@code node} at the next position ({@link #size()}); false, changing nothing, when it is here already. */
    public boolean add(ChunkNode node) {
        int mask = nodes.length - 1;
        int slot = slot(node, mask);
        for (; nodes[slot] != null; slot = (slot + 1) & mask) {
            if (nodes[slot] == node) {
                return false;
            }
        }
        nodes[slot] = node;
        positions[slot] = size++;
        if (size > nodes.length - nodes.length / 5) { // at most 4/5 full: the tables of big graphs are big
            grow();
        }
        return true;
    }

    /** How many distinct nodes are here. */
    public int size() {
        return size;
    }

    private void grow() {
        ChunkNode[] oldNodes = nodes;
        int[] oldPositions = positions;
        nodes = new ChunkNode[oldNodes.length * 2];
        positions = new int[oldNodes.length * 2];
        int mask = nodes.length - 1;
        for (int i = 0; i < oldNodes.length; i++) {
            if (oldNodes[i] != null) {
                int slot = slot(oldNodes[i], mask);
                while (nodes[slot] != null) {
                    slot = (slot + 1) & mask;
                }
                nodes[slot] = oldNodes[i];
                positions[slot] = oldPositions[i];
            }
        }
    }

    private static int slot(ChunkNode node, int mask) {
        int h = System.identityHashCode(node) * 0x9E3779B9;
        return (h ^ (h >>> 16)) & mask;
    }
}
