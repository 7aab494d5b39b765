package io.mars.it.local;

import static io.mars.tensor.Tensors.chunks;
import static io.mars.tensor.Tensors.shape;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.mars.Session;
import io.mars.common.error.ErrorCode;
import io.mars.common.error.MarsException;
import io.mars.tensor.Tensors;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/** A session that owns its local cluster stops all of the cluster's threads when it closes. */
class SessionCloseTest {
    private static Set<String> marsThreads() {
        return Thread.getAllStackTraces().keySet().stream().filter(Thread::isAlive).map(Thread::getName)
                .filter(n -> n.startsWith("mars-") && !n.equals("mars-tensor-cleaner"))
                .collect(Collectors.toSet());
    }

    @Test
    void closingTheSessionStopsEveryThreadOfItsCluster() throws Exception {
        Session s = Session.local(2);
        assertThat(s.execute(Tensors.ones(shape(10), chunks(3)).sum()).getDouble()).isEqualTo(10.0);
        assertThat(marsThreads()).contains("mars-scheduling", "mars-worker-0-slot-0", "mars-worker-1-slot-0");
        s.close();
        assertThat(s.isClosed()).isTrue();
        assertThatThrownBy(() -> s.execute(Tensors.ones(shape(2))))
                .isInstanceOf(MarsException.class)
                .satisfies(e -> assertThat(((MarsException) e).code()).isEqualTo(ErrorCode.SESSION_CLOSED))
                .hasMessageContaining(s.id());
        Set<String> left = marsThreads();
        for (int i = 0; i < 50 && !left.isEmpty(); i++) {
            Thread.sleep(100);
            left = marsThreads();
        }
        assertThat(left).isEmpty();
    }
}
