package io.mars.submit.client;

import io.mars.common.memory.ArrowAllocators;
import io.mars.Session;
import io.mars.SessionProvider;
import io.mars.common.error.ErrorCode;
import io.mars.common.error.MarsException;
import io.mars.common.rpc.flight.RemoteSupervisorGateway;
import io.mars.common.rpc.flight.RpcSecret;
import java.io.IOException;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.arrow.memory.RootAllocator;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.security.UserGroupInformation;

/**
 * Sessions on a running supervisor reached over RPC, master {@code mars://host:port}: what the job's
 * {@code Session.getOrCreate()} gets inside the AM (cluster mode), and a job or program connecting to a standalone
 * supervisor ({@code bin/mars-supervisor}). The secret comes from the process's YARN credentials or the standalone
 * cluster's shared secret file. The session owns its connection and its allocator.
 */
public final class RemoteSessionProvider implements SessionProvider {
    private static final Pattern MASTER = Pattern.compile("mars://([^:/]+):([0-9]{1,5})");

    @Override
    public boolean supports(String master) {
        return master != null && master.startsWith("mars://");
    }

    @Override
    public Session create(String master, Map<String, String> conf) {
        Matcher m = MASTER.matcher(master.trim());
        if (!m.matches()) {
            throw new MarsException(ErrorCode.INVALID_CONFIG, "master '" + master + "' is not mars://<host>:<port>");
        }
        java.util.Optional<io.mars.common.rpc.SupervisorGateway> app = ClientModeApplication.connection(master);
        if (app.isPresent()) {
            // a client-mode application of this JVM (mars-submit --deploy-mode client): its connection follows the AM
            // to a new attempt; the application, not the session, owns it
            return ClientSession.open(app.get(), conf, null);
        }
        return open(m.group(1), Integer.parseInt(m.group(2)), secret(master, conf), conf);
    }

    /**
     * The secret to prove: the shared secret file of a standalone supervisor when {@value RpcSecret#FILE_PROPERTY} is
     * set (in {@code conf} or the system properties); else the application's, from this process's YARN credentials
     * (the job's main in an AM, or in a client-mode submitter); else the default secret file {@code ~/.mars/secret}.
     */
    static RpcSecret secret(String master, Map<String, String> conf) {
        String file = conf.getOrDefault(RpcSecret.FILE_PROPERTY, System.getProperty(RpcSecret.FILE_PROPERTY));
        if (file == null || file.isBlank()) {
            byte[] secret;
            try {
                secret = UserGroupInformation.getCurrentUser().getCredentials()
                        .getSecretKey(new Text(RpcSecret.CREDENTIALS_ALIAS));
            } catch (IOException e) {
                throw new MarsException(ErrorCode.UNAUTHENTICATED, "cannot read this process's YARN credentials: " + e,
                        e);
            }
            if (secret != null) {
                return RpcSecret.of(secret);
            }
        }
        try {
            return RpcSecret.readFile(RpcSecret.file(file));
        } catch (MarsException e) {
            throw new MarsException(ErrorCode.UNAUTHENTICATED, "connecting to " + master + ": " + e.getMessage(), e);
        }
    }

    /** A session on the supervisor at {@code host:port}, proving {@code secret}. */
    public static Session open(String host, int port, RpcSecret secret, Map<String, String> conf) {
        RootAllocator allocator = ArrowAllocators.root();
        RemoteSupervisorGateway gateway = new RemoteSupervisorGateway(host, port, secret, allocator);
        AutoCloseable owned = () -> {
            gateway.close();
            allocator.close();
        };
        try {
            return ClientSession.open(gateway, conf, owned);
        } catch (RuntimeException e) {
            try {
                owned.close();
            } catch (Exception suppressed) {
                e.addSuppressed(suppressed);
            }
            throw e;
        }
    }
}
