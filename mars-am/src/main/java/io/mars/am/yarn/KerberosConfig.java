package io.mars.am.yarn;

import io.mars.common.config.Settings;
import io.mars.common.error.ErrorCode;
import io.mars.common.error.MarsException;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;

/**
 * A job on a Kerberos cluster that outlives its delegation tokens: mars-submit logs in from {@value #KEYTAB} as
 * {@value #PRINCIPAL} (spark-submit's {@code --principal}/{@code --keytab}), ships the keytab to the AM only (a private
 * file of the staging directory, localized as {@value #KEYTAB_LINK_NAME}; workers never get it), and the AM obtains
 * new HDFS delegation tokens from it before the old ones expire; the workers fetch them from the AM every
 * {@value #POLL_INTERVAL} ms. Without a keytab the tokens obtained at submission are all the job has: YARN renews them
 * up to their maximum lifetime (HDFS's {@code dfs.namenode.delegation.token.max-lifetime}, 7 days by default).
 *
 * @param principal the Kerberos principal the keytab holds, e.g. {@code etl@EXAMPLE.COM}
 * @param keytab the keytab as the submitter named it (a local path)
 * @param pollInterval how often a worker asks the AM for renewed tokens
 */
public record KerberosConfig(Optional<String> principal, Optional<String> keytab, Duration pollInterval) {
    public static final String PRINCIPAL = "mars.yarn.principal";
    public static final String KEYTAB = "mars.yarn.keytab";
    public static final String POLL_INTERVAL = io.mars.common.rpc.flight.RpcMessages.CREDENTIALS_POLL_INTERVAL;
    /** The keytab's name in the AM's working directory and in the staging directory. */
    public static final String KEYTAB_LINK_NAME = "mars-am.keytab";

    public KerberosConfig {
        if (principal.isPresent() != keytab.isPresent()) {
            throw new MarsException(ErrorCode.INVALID_CONFIG, (principal.isPresent()
                    ? PRINCIPAL + "=" + principal.get() + " without " + KEYTAB
                    : KEYTAB + "=" + keytab.orElseThrow() + " without " + PRINCIPAL)
                    + ": give both (--principal and --keytab), or neither to use the tokens of a kinit ticket");
        }
        if (pollInterval.toMillis() < 100) {
            throw new MarsException(ErrorCode.INVALID_CONFIG, POLL_INTERVAL + " must be at least 100 ms, got "
                    + pollInterval.toMillis());
        }
    }

    public static KerberosConfig from(Map<String, String> properties) {
        return new KerberosConfig(nonBlank(properties.get(PRINCIPAL)), nonBlank(properties.get(KEYTAB)),
                Duration.ofMillis(Settings.longValue(properties, POLL_INTERVAL, 60_000, "a whole number of ms")));
    }

    /** Whether the AM gets a keytab to obtain new tokens from. */
    public boolean hasKeytab() {
        return keytab.isPresent();
    }

    private static Optional<String> nonBlank(String value) {
        return Optional.ofNullable(value).map(String::trim).filter(v -> !v.isEmpty());
    }
}
