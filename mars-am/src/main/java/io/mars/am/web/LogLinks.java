package io.mars.am.web;

import java.util.Map;
import java.util.Optional;

/**
 * Where the containers' logs are served (on YARN, each container's NodeManager), for {@code api/cluster} and the
 * Workers view. Where there are no such pages (the local cluster, a standalone supervisor) there is no instance.
 */
public interface LogLinks {
    /** The AM's own log page, when known. */
    Optional<String> am();

    /** The log page of every worker container allocated so far, by worker id, lost ones included. */
    Map<String, String> workers();
}
