package io.mars.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.mars.submit.client.ClientSession;
import io.mars.submit.local.LocalCluster;
import java.util.Map;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * One embedded cluster and one session of it per test class ({@code @RegisterExtension static}). After the class
 * it closes both and fails the class if any Arrow bytes are still allocated.
 */
public final class LocalClusterExtension implements BeforeAllCallback, AfterAllCallback {
    private final int workers;
    private final Map<String, String> conf;
    private LocalCluster cluster;
    private ClientSession session;

    public LocalClusterExtension(int workers) {
        this(workers, Map.of());
    }

    public LocalClusterExtension(int workers, Map<String, String> conf) {
        this.workers = workers;
        this.conf = Map.copyOf(conf);
    }

    @Override
    public void beforeAll(ExtensionContext context) {
        cluster = new LocalCluster(workers, conf);
        session = ClientSession.open(cluster.supervisor(), Map.of(), null);
    }

    @Override
    public void afterAll(ExtensionContext context) {
        session.close();
        cluster.close();
        assertThat(cluster.allocatedBytes()).as("Arrow bytes still allocated after the cluster stopped").isZero();
    }

    public ClientSession session() {
        return session;
    }

    public LocalCluster cluster() {
        return cluster;
    }
}
