package io.mars.common.optimize.pruning;

import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.Objects;
import java.util.Set;

/**
 * The columns of a table that its readers use: every column, or these by name (possibly none, when only the row
 * count or the values of a series are read).
 *
 * @param every whether every column is used ({@code names} is then empty)
 * @param names the columns used, in the order they were first asked for
 */
public record Columns(boolean every, Set<String> names) {
    private static final Columns ALL = new Columns(true, Set.of());
    private static final Columns NONE = new Columns(false, Set.of());

    public Columns {
        Objects.requireNonNull(names, "names");
        names = java.util.Collections.unmodifiableSet(new LinkedHashSet<>(names));
        if (every && !names.isEmpty()) {
            throw new IllegalArgumentException("all columns with names " + names);
        }
    }

    public static Columns all() {
        return ALL;
    }

    /** No column: the rows only (a filter's mask is read by position, not by its labels). */
    public static Columns none() {
        return NONE;
    }

    public static Columns of(Collection<String> names) {
        return new Columns(false, new LinkedHashSet<>(names));
    }

    public boolean contains(String name) {
        return every || names.contains(name);
    }

    /** These columns and {@code more}. */
    public Columns plus(Collection<String> more) {
        if (every) {
            return this;
        }
        Set<String> out = new LinkedHashSet<>(names);
        out.addAll(more);
        return new Columns(false, out);
    }

    /** These columns but {@code name}. */
    public Columns minus(String name) {
        if (every || !names.contains(name)) {
            return this;
        }
        Set<String> out = new LinkedHashSet<>(names);
        out.remove(name);
        return new Columns(false, out);
    }

    /** What readers of both {@code this} and {@code other} use together. */
    public Columns union(Columns other) {
        return every || other.every ? ALL : plus(other.names);
    }
}
