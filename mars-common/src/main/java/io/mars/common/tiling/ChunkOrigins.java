package io.mars.common.tiling;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/**
 * Which tileable each chunk of one tiling was made for, as serial ranges: tiling one tileable makes consecutive
 * serials, so a graph of 10^5 chunks needs one range per tileable, not an entry per chunk. The web UI's task graph
 * counts subtasks per tileable with it.
 */
public final class ChunkOrigins {
    public static final ChunkOrigins NONE = new ChunkOrigins(new int[0], List.of());

    /** Range i holds the serials from {@code starts[i]} up to {@code starts[i + 1]} (the last one up to its end). */
    private final int[] starts;
    private final int[] ends;
    private final List<String> keys;

    private ChunkOrigins(int[] bounds, List<String> keys) {
        this.starts = new int[keys.size()];
        this.ends = new int[keys.size()];
        for (int i = 0; i < keys.size(); i++) {
            starts[i] = bounds[2 * i];
            ends[i] = bounds[2 * i + 1];
        }
        this.keys = List.copyOf(keys);
    }

    /** The key of the tileable the chunk of {@code serial} was made for, or null for a chunk made by no tileable here. */
    public String tileableOf(int serial) {
        int i = Arrays.binarySearch(starts, serial);
        if (i < 0) {
            i = -i - 2; // the range starting before it
        } else {
            while (i + 1 < starts.length && starts[i + 1] == serial) {
                i++; // an empty range shares its start with the next
            }
        }
        return i >= 0 && serial < ends[i] ? keys.get(i) : null;
    }

    public int ranges() {
        return keys.size();
    }

    /** Builds the ranges while tiling, tileable by tileable, in serial order. */
    static final class Builder {
        private final List<String> keys = new ArrayList<>();
        private int[] bounds = new int[16];

        void add(String tileableKey, int fromSerial, int toSerial) {
            Objects.requireNonNull(tileableKey, "tileableKey");
            if (toSerial <= fromSerial) {
                return;
            }
            if (2 * keys.size() + 2 > bounds.length) {
                bounds = Arrays.copyOf(bounds, bounds.length * 2);
            }
            bounds[2 * keys.size()] = fromSerial;
            bounds[2 * keys.size() + 1] = toSerial;
            keys.add(tileableKey);
        }

        ChunkOrigins build() {
            return new ChunkOrigins(bounds, keys);
        }
    }
}
