package io.mars.am.yarn;

import io.mars.am.web.LogLinks;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.hadoop.yarn.api.ApplicationConstants.Environment;
import org.apache.hadoop.yarn.api.records.Container;

/**
 * The NodeManagers' log pages of the AM's and the workers' containers
 * ({@code http://<NM http address>/node/containerlogs/<container id>/<user>}), a worker's from the allocated
 * {@link Container} (a worker's id is its container's). A lost worker's link stays: its logs say why it went.
 */
public final class ContainerLogLinks implements LogLinks {
    private final String user;
    private final Optional<String> am;
    private final Map<String, String> workers = new ConcurrentHashMap<>();

    /** Links for containers of {@code user}; the AM's from its container's environment ({@code env}). */
    public ContainerLogLinks(String user, Map<String, String> env) {
        this.user = user;
        String host = env.get(Environment.NM_HOST.name());
        String port = env.get(Environment.NM_HTTP_PORT.name());
        String container = env.get(Environment.CONTAINER_ID.name());
        this.am = host == null || port == null || container == null ? Optional.empty()
                : Optional.of(page(host + ":" + port, container));
    }

    /** Remembers the log page of each container allocated for a worker. */
    public void allocated(Iterable<Container> containers) {
        for (Container c : containers) {
            workers.put(c.getId().toString(), page(c.getNodeHttpAddress(), c.getId().toString()));
        }
    }

    private String page(String nodeHttpAddress, String containerId) {
        return "http://" + nodeHttpAddress + "/node/containerlogs/" + containerId + "/" + user;
    }

    @Override
    public Optional<String> am() {
        return am;
    }

    @Override
    public Map<String, String> workers() {
        return Map.copyOf(workers);
    }
}
