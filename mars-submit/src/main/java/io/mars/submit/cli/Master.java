package io.mars.submit.cli;

import io.mars.common.error.ErrorCode;
import io.mars.common.error.MarsException;
import java.util.Objects;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A validated master: where a job runs: the embedded local cluster ({@code local}, {@code local[N]},
 * {@code local[*]}) or {@code yarn} (cluster mode: the job's main runs in the ApplicationMaster).
 *
 * @param spec the master as the job sees it in the {@code mars.master} system property
 */
record Master(String spec) {
    static final String YARN = "yarn";

    private static final Pattern LOCAL = Pattern.compile("local(?:\\[(.*)])?");
    private static final Pattern STANDALONE = Pattern.compile("mars://([^:/\\s]+):([0-9]{1,5})");

    Master {
        Objects.requireNonNull(spec, "spec");
    }

    /**
     * Parses {@code spec}; {@code source} names where it came from ({@code --master}, or a configuration key and file)
     * so that an error points at what to fix.
     */
    static Master parse(String spec, String source) {
        if (spec.equals(YARN)) {
            return new Master(spec);
        }
        if (spec.startsWith("yarn-")) {
            throw usage(source + ": master '" + spec + "' is not supported; use yarn (the job's main runs in the"
                    + " ApplicationMaster)");
        }
        if (spec.startsWith("mars://")) {
            Matcher standalone = STANDALONE.matcher(spec);
            if (!standalone.matches() || Integer.parseInt(standalone.group(2)) < 1
                    || Integer.parseInt(standalone.group(2)) > 65535) {
                throw usage(source + ": malformed master '" + spec + "'; a standalone supervisor is mars://<host>:<port>"
                        + " with a port from 1 to 65535, as bin/mars-supervisor prints it");
            }
            return new Master(spec);
        }
        Matcher m = LOCAL.matcher(spec);
        if (!m.matches()) {
            throw usage(malformed(spec, source));
        }
        String workers = m.group(1);
        if (workers == null || workers.equals("*")) {
            return new Master(spec);
        }
        if (!workers.matches("[0-9]+")) {
            throw usage(malformed(spec, source));
        }
        int n;
        try {
            n = Integer.parseInt(workers);
        } catch (NumberFormatException e) {
            throw usage(source + " " + spec + ": the number of workers is too large");
        }
        if (n < 1) {
            throw usage(source + " " + spec + ": a local cluster needs at least 1 worker");
        }
        return new Master(spec);
    }

    /** Whether the job runs on YARN, its main inside the ApplicationMaster. */
    boolean isYarn() {
        return spec.equals(YARN);
    }

    /** Whether the job's graphs run on a standalone supervisor ({@code mars://host:port}) rather than in this JVM. */
    boolean isStandalone() {
        return spec.startsWith("mars://");
    }

    private static String malformed(String spec, String source) {
        return source + ": malformed master '" + spec + "'; expected local, local[N] with N >= 1, local[*], yarn or"
                + " mars://<host>:<port>";
    }

    private static MarsException usage(String message) {
        return new MarsException(ErrorCode.INVALID_ARGUMENT, message);
    }
}
