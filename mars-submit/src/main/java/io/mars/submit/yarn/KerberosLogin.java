package io.mars.submit.yarn;

import io.mars.am.yarn.KerberosConfig;
import io.mars.common.error.ErrorCode;
import io.mars.common.error.MarsException;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.security.UserGroupInformation;

/**
 * Who mars-submit is to YARN and HDFS. On a cluster without Kerberos: the current user, as always. On a Kerberos
 * cluster ({@code hadoop.security.authentication=kerberos} in the Hadoop configuration): the principal of
 * {@code --principal}/{@code --keytab}, logged in from the keytab; else the user of the kinit ticket cache; else the
 * tokens a delegating process left ({@code HADOOP_TOKEN_FILE_LOCATION}, Oozie's way). With none of these the
 * submission is refused before anything is uploaded, with what to do: Hadoop itself would only fail later with "Client
 * cannot authenticate via:[TOKEN, KERBEROS]".
 */
public final class KerberosLogin {
    private KerberosLogin() {
    }

    /**
     * The user to submit as. {@code properties} may hold {@value KerberosConfig#PRINCIPAL} and
     * {@value KerberosConfig#KEYTAB}; a keytab given to a cluster without Kerberos is ignored with a warning on
     * {@code err}.
     *
     * @throws MarsException {@link ErrorCode#UNAUTHENTICATED} when the cluster needs Kerberos and there is no way in
     */
    public static UserGroupInformation user(Configuration conf, Map<String, String> properties,
                                            Optional<Path> tokenFile, PrintStream err) {
        UserGroupInformation.setConfiguration(conf);
        KerberosConfig kerberos = KerberosConfig.from(properties);
        try {
            if (!UserGroupInformation.isSecurityEnabled()) {
                if (kerberos.hasKeytab()) {
                    err.println("mars-submit: the cluster does not use Kerberos (hadoop.security.authentication is "
                            + conf.get("hadoop.security.authentication", "simple") + "); --principal and --keytab"
                            + " are ignored");
                }
                return UserGroupInformation.getCurrentUser();
            }
            if (kerberos.hasKeytab()) {
                String principal = kerberos.principal().orElseThrow();
                String keytab = kerberos.keytab().orElseThrow();
                if (!Files.isReadable(Path.of(keytab))) {
                    throw new MarsException(ErrorCode.UNAUTHENTICATED, "--keytab " + keytab + ": no readable keytab"
                            + " there");
                }
                try {
                    // the process's login user (as spark-submit does): the threads that kill the application and
                    // clean its staging directory on Ctrl-C or SIGTERM act as the same principal
                    UserGroupInformation.loginUserFromKeytab(principal, keytab);
                    return UserGroupInformation.getLoginUser();
                } catch (IOException e) {
                    throw new MarsException(ErrorCode.UNAUTHENTICATED, "cannot log in to Kerberos as " + principal
                            + " from the keytab " + keytab + " (" + rootMessage(e) + "); check that the keytab holds"
                            + " that principal (klist -kt " + keytab + ") and that the KDC of krb5.conf is reachable", e);
                }
            }
            UserGroupInformation user = UserGroupInformation.getCurrentUser();
            if (user.hasKerberosCredentials() || tokenFile.isPresent() || user.getCredentials().numberOfTokens() > 0) {
                return user;
            }
            throw new MarsException(ErrorCode.UNAUTHENTICATED, "the cluster uses Kerberos"
                    + " (hadoop.security.authentication=kerberos) and mars-submit has no Kerberos ticket for "
                    + user.getUserName() + ": run kinit first, or give --principal and --keytab");
        } catch (IOException e) {
            throw new MarsException(ErrorCode.UNAUTHENTICATED, "cannot read the Kerberos login (" + rootMessage(e)
                    + "); run kinit first, or give --principal and --keytab", e);
        }
    }

    private static String rootMessage(Throwable e) {
        Throwable t = e;
        while (t.getCause() != null && t.getCause() != t) {
            t = t.getCause();
        }
        return t == e ? String.valueOf(e.getMessage()) : e.getMessage() + ": " + t.getMessage();
    }
}
