package io.mars.types;

import java.io.Serializable;

/**
 * A user function of one partition (row chunk) of a dataframe, for {@code DataFrame.mapPartitions} (Mars's
 * {@code map_chunk} of a frame, Dask's {@code map_partitions}): it gets the chunk's rows as a {@link LocalTable} and
 * returns a table of any number of rows. Serializable, so a lambda of this type travels to the workers; its class
 * must be there too (on YARN: in the job's jar).
 */
@FunctionalInterface
public interface TableFunction extends Serializable {
    LocalTable apply(LocalTable partition);
}
