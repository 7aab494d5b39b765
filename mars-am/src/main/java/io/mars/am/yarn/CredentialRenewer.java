package io.mars.am.yarn;

import io.mars.common.concurrent.DaemonThreads;
import io.mars.common.rpc.flight.RpcHandler;
import io.mars.common.rpc.flight.RpcMessages;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.security.PrivilegedExceptionAction;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.security.Credentials;
import org.apache.hadoop.security.UserGroupInformation;
import org.apache.hadoop.security.token.Token;
import org.apache.hadoop.security.token.TokenIdentifier;
import org.apache.hadoop.security.token.delegation.AbstractDelegationTokenIdentifier;
import org.apache.hadoop.yarn.client.util.YarnClientUtils;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Keeps a long job's HDFS delegation tokens valid on a Kerberos cluster (Spark's AM credential renewer is the model):
 * at three quarters of the time left before the first of the AM's delegation tokens expires (its maximum lifetime, or
 * its renew interval for tokens nobody renews), it logs in from the keytab the submitter shipped, obtains new tokens
 * for the file systems the job uses, and adds them to the AM's credentials, where they replace the old ones. Workers
 * launched later get them with their container; running workers ask for them ({@link #handlers()}) every
 * {@value KerberosConfig#POLL_INTERVAL} ms. A failed attempt is retried a minute later (or sooner when the tokens
 * expire before that). Owns its timer thread; {@link #close()} stops it.
 */
final class CredentialRenewer implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(CredentialRenewer.class);
    /** HDFS's default renew interval, when the configuration names none. */
    private static final long DEFAULT_RENEW_INTERVAL_MS = 24L * 60 * 60 * 1000;
    private static final long RETRY_MS = 60_000;
    private static final long MIN_DELAY_MS = 1000;

    private final String principal;
    private final String keytab;
    private final Configuration conf;
    private final List<Path> fileSystems;
    private final byte[] secret;
    private final Runnable renewed;
    private final AtomicInteger renewals = new AtomicInteger();
    private final ScheduledExecutorService timer =
            Executors.newSingleThreadScheduledExecutor(DaemonThreads.named("mars-credential-renewer"));

    /**
     * @param fileSystems a path on each file system the job needs tokens for (the default one, the staging directory's)
     * @param secret the application secret, which the credentials handed to workers carry too
     * @param renewed run after new tokens were added (new worker containers must be launched with them)
     */
    CredentialRenewer(String principal, String keytab, Configuration conf, List<Path> fileSystems, byte[] secret,
                      Runnable renewed) {
        this.principal = principal;
        this.keytab = keytab;
        this.conf = conf;
        this.fileSystems = List.copyOf(fileSystems);
        this.secret = secret.clone();
        this.renewed = renewed;
    }

    /** Schedules the first renewal from the tokens the AM was launched with. */
    void start() throws IOException {
        Credentials mine = UserGroupInformation.getCurrentUser().getCredentials();
        long delay = delayMs(mine.getAllTokens(), System.currentTimeMillis(), renewInterval());
        LOG.info("Kerberos: the AM renews the application's delegation tokens from the keytab of {}; first in {} s",
                principal, delay / 1000);
        schedule(delay);
    }

    /** How many times new tokens were obtained. */
    int renewals() {
        return renewals.get();
    }

    /** The call workers make for the current tokens: the AM's credentials without its AMRMToken, with the secret. */
    Map<String, RpcHandler> handlers() {
        return Map.of(RpcMessages.CREDENTIALS, req -> {
            try {
                ByteBuffer tokens = WorkerContainers.workerTokens(UserGroupInformation.getCurrentUser().getCredentials(),
                        secret);
                byte[] body = new byte[tokens.remaining()];
                tokens.get(body);
                return CompletableFuture.completedFuture(body);
            } catch (IOException e) {
                return CompletableFuture.failedFuture(e);
            }
        });
    }

    /**
     * Milliseconds until three quarters of the time left before the first delegation token expires; {@code
     * renewIntervalMs} bounds a token's life from its issue date, as no one renews the tokens the AM obtains.
     */
    static long delayMs(Iterable<Token<? extends TokenIdentifier>> tokens, long nowMs, long renewIntervalMs) {
        long first = Long.MAX_VALUE;
        for (Token<? extends TokenIdentifier> token : tokens) {
            TokenIdentifier id;
            try {
                id = token.decodeIdentifier();
            } catch (IOException | RuntimeException e) {
                continue;
            }
            if (id instanceof AbstractDelegationTokenIdentifier d) {
                long expires = Math.min(d.getMaxDate(), d.getIssueDate() + renewIntervalMs);
                first = Math.min(first, expires);
            }
        }
        if (first == Long.MAX_VALUE) {
            return RETRY_MS;
        }
        return Math.max(MIN_DELAY_MS, (first - nowMs) * 3 / 4);
    }

    private long renewInterval() {
        return conf.getLong("dfs.namenode.delegation.token.renew-interval", DEFAULT_RENEW_INTERVAL_MS);
    }

    private void schedule(long delayMs) {
        if (!timer.isShutdown()) {
            timer.schedule(this::renew, delayMs, TimeUnit.MILLISECONDS);
        }
    }

    private void renew() {
        UserGroupInformation ugi = null;
        try {
            ugi = UserGroupInformation.loginUserFromKeytabAndReturnUGI(principal, keytab);
            String renewer = YarnClientUtils.getRmPrincipal(conf);
            Credentials fresh = ugi.doAs((PrivilegedExceptionAction<Credentials>) () -> {
                Credentials obtained = new Credentials();
                for (Path path : fileSystems) {
                    path.getFileSystem(conf).addDelegationTokens(renewer, obtained);
                }
                return obtained;
            });
            UserGroupInformation.getCurrentUser().addCredentials(fresh);
            int n = renewals.incrementAndGet();
            renewed.run();
            long delay = delayMs(fresh.getAllTokens(), System.currentTimeMillis(), renewInterval());
            LOG.info("Kerberos: obtained {} new delegation tokens as {} (renewal {}); next in {} s",
                    fresh.numberOfTokens(), principal, n, delay / 1000);
            schedule(delay);
        } catch (IOException | InterruptedException | RuntimeException e) {
            if (e instanceof InterruptedException) {
                Thread.currentThread().interrupt();
                return;
            }
            LOG.warn("Kerberos: cannot obtain new delegation tokens as {} from {}; trying again in {} s", principal,
                    keytab, RETRY_MS / 1000, e);
            schedule(RETRY_MS);
        } finally {
            if (ugi != null) {
                try {
                    FileSystem.closeAllForUGI(ugi);
                } catch (IOException e) {
                    LOG.debug("closing the keytab login's file systems", e);
                }
            }
        }
    }

    @Override
    public void close() {
        io.mars.common.concurrent.Pools.stopNow(timer, 10);
    }
}
