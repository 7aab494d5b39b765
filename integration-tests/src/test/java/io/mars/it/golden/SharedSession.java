package io.mars.it.golden;

import io.mars.Session;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * One embedded local cluster shared by all the tests of a class: started before the first test, closed after the
 * last. Register it as {@code @RegisterExtension static final SharedSession CLUSTER = SharedSession.local(2);}.
 */
final class SharedSession implements BeforeAllCallback, AfterAllCallback {
    private final int workers;
    private Session session;

    private SharedSession(int workers) {
        this.workers = workers;
    }

    static SharedSession local(int workers) {
        return new SharedSession(workers);
    }

    /** The running session; only valid between the class's first and last test. */
    Session session() {
        if (session == null) {
            throw new IllegalStateException("the shared session is not running; register SharedSession as a static"
                    + " @RegisterExtension field");
        }
        return session;
    }

    @Override
    public void beforeAll(ExtensionContext context) {
        session = Session.local(workers);
    }

    @Override
    public void afterAll(ExtensionContext context) {
        if (session != null) {
            session.close();
            session = null;
        }
    }
}
