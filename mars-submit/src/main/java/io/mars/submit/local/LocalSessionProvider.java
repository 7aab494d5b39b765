package io.mars.submit.local;

import io.mars.Session;
import io.mars.SessionProvider;
import io.mars.submit.client.ClientSession;
import java.util.Map;

/** Makes sessions that own an embedded {@link LocalCluster}. */
public final class LocalSessionProvider implements SessionProvider {
    @Override
    public boolean supports(String master) {
        return LocalCluster.isLocalMaster(master);
    }

    @Override
    public Session create(String master, Map<String, String> conf) {
        Map<String, String> merged = new java.util.HashMap<>(System.getProperties().entrySet().stream()
                .filter(e -> e.getKey().toString().startsWith("mars."))
                .collect(java.util.stream.Collectors.toMap(e -> e.getKey().toString(), e -> e.getValue().toString())));
        merged.putAll(conf);
        LocalCluster cluster = new LocalCluster(LocalCluster.workerCount(master), merged);
        try {
            return ClientSession.open(cluster.supervisor(), merged, cluster, true);
        } catch (RuntimeException e) {
            cluster.close();
            throw e;
        }
    }
}
