package io.mars.container.yarn;

import io.mars.common.concurrent.DaemonThreads;
import io.mars.common.memory.ArrowAllocators;
import io.mars.common.rpc.flight.RpcClient;
import io.mars.common.rpc.flight.RpcMessages;
import io.mars.common.rpc.flight.RpcSecret;
import java.io.ByteArrayInputStream;
import java.io.DataInputStream;
import java.io.IOException;
import java.time.Duration;
import java.util.Arrays;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.apache.arrow.memory.RootAllocator;
import org.apache.hadoop.security.Credentials;
import org.apache.hadoop.security.UserGroupInformation;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A worker's side of token renewal on a Kerberos cluster: every poll interval it asks the AM for the application's
 * current delegation tokens and, when they changed, adds them to the process's credentials, where they replace the
 * expiring ones (HDFS clients pick them up on their next connection). Started only when the AM renews tokens (it then
 * passes {@code mars.yarn.credentials.poll-interval-ms}). Owns its thread, its RPC client and that client's allocator.
 */
final class CredentialUpdater implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(CredentialUpdater.class);

    private final RootAllocator allocator = ArrowAllocators.root(16L << 20);
    private final RpcSecret secret;
    private volatile RpcClient am;
    private final ScheduledExecutorService timer =
            Executors.newSingleThreadScheduledExecutor(DaemonThreads.named("mars-credential-updater"));
    private byte[] applied = new byte[0];
    private int updates;

    CredentialUpdater(String amHost, int amPort, RpcSecret secret, Duration every) {
        this.secret = secret;
        this.am = new RpcClient("AM", amHost, amPort, secret, allocator);
        timer.scheduleWithFixedDelay(this::poll, every.toMillis(), every.toMillis(), TimeUnit.MILLISECONDS);
    }

    private void poll() {
        try {
            byte[] tokens = am.call(RpcMessages.CREDENTIALS, new byte[0]).get(60, TimeUnit.SECONDS);
            if (Arrays.equals(tokens, applied)) {
                return;
            }
            Credentials fresh = new Credentials();
            try (DataInputStream in = new DataInputStream(new ByteArrayInputStream(tokens))) {
                fresh.readTokenStorageStream(in);
            }
            UserGroupInformation.getCurrentUser().addCredentials(fresh);
            applied = tokens;
            updates++;
            LOG.info("Kerberos: took {} delegation tokens from the AM (update {})", fresh.numberOfTokens(), updates);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (IOException | RuntimeException | java.util.concurrent.ExecutionException
                 | java.util.concurrent.TimeoutException e) {
            LOG.warn("Kerberos: cannot take the application's delegation tokens from the AM; trying again", e);
        }
    }

    /** A new AM attempt took this worker over: the tokens are asked of its supervisor from now on. */
    synchronized void supervisorMoved(String host, int port) {
        RpcClient old = am;
        am = new RpcClient("AM", host, port, secret, allocator);
        old.close();
    }

    @Override
    public synchronized void close() {
        io.mars.common.concurrent.Pools.stopNow(timer, 10);
        am.close();
        allocator.close();
    }
}
