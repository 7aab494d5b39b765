package io.mars.common.config;

import io.mars.common.error.ErrorCode;
import io.mars.common.error.MarsException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The command line of a standalone daemon ({@code bin/mars-supervisor}, {@code bin/mars-worker}): options with one
 * value each, given as {@code --name value}, {@code --name=value} or a short alias ({@code -p 7103}); {@code --conf
 * key=value} repeatable for {@code mars.*} settings. A problem is an INVALID_ARGUMENT naming the option, for the
 * launcher's usage error (exit 2).
 */
public final class DaemonArguments {
    private static final String CONF = "--conf";
    private final Map<String, String> values;
    private final Map<String, String> conf;
    private final boolean help;

    private DaemonArguments(Map<String, String> values, Map<String, String> conf, boolean help) {
        this.values = values;
        this.conf = conf;
        this.help = help;
    }

    /**
     * Parses {@code args}; {@code options} are the long names ({@code --port}) this daemon takes, {@code aliases} maps
     * short names to them ({@code -p} to {@code --port}).
     */
    public static DaemonArguments parse(String[] args, Set<String> options, Map<String, String> aliases) {
        Map<String, String> values = new HashMap<>();
        Map<String, String> conf = new LinkedHashMap<>();
        boolean help = false;
        for (int i = 0; i < args.length; i++) {
            String arg = args[i];
            if (arg.equals("-h") || arg.equals("--help")) {
                help = true;
                continue;
            }
            String name = arg;
            String value = null;
            int eq = arg.indexOf('=');
            if (arg.startsWith("--") && eq > 0) {
                name = arg.substring(0, eq);
                value = arg.substring(eq + 1);
            }
            name = aliases.getOrDefault(name, name);
            if (!name.equals(CONF) && !options.contains(name)) {
                throw usage("unknown option '" + arg + "'; see --help");
            }
            if (value == null) {
                if (i + 1 >= args.length) {
                    throw usage(arg + " needs a value");
                }
                value = args[++i];
            }
            if (name.equals(CONF)) {
                int sep = value.indexOf('=');
                if (sep <= 0 || !value.startsWith("mars.")) {
                    throw usage("--conf " + value + ": expected mars.<key>=<value>");
                }
                conf.put(value.substring(0, sep).trim(), value.substring(sep + 1).trim());
            } else if (values.putIfAbsent(name, value) != null) {
                throw usage(name + " is given twice ('" + values.get(name) + "' and '" + value + "')");
            }
        }
        return new DaemonArguments(Map.copyOf(values), Map.copyOf(conf), help);
    }

    public boolean help() {
        return help;
    }

    public Optional<String> value(String option) {
        return Optional.ofNullable(values.get(option));
    }

    /** The {@code --conf} settings, in the order given (a later one for the same key wins). */
    public Map<String, String> conf() {
        return conf;
    }

    /** A host option, by default this machine's canonical host name. */
    public String host(String option) {
        String v = values.get(option);
        if (v != null) {
            return v;
        }
        try {
            return java.net.InetAddress.getLocalHost().getCanonicalHostName();
        } catch (java.net.UnknownHostException e) {
            throw usage("cannot find this machine's host name (" + e + "); give " + option);
        }
    }

    /**
     * A daemon's life once it serves: registers a shutdown hook (thread {@code hookName}) that runs {@code close},
     * runs {@code announce}, and waits until the JVM is asked to stop (SIGTERM, Ctrl-C) and {@code close} has run.
     */
    public static void serveUntilStopped(String hookName, Runnable close, Runnable announce) {
        java.util.concurrent.CountDownLatch stopped = new java.util.concurrent.CountDownLatch(1);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            close.run();
            stopped.countDown();
        }, hookName));
        announce.run();
        try {
            stopped.await(); // the shutdown hook ends the process
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** A port option: 0 (any free port) to 65535. */
    public int port(String option, int otherwise) {
        String v = values.get(option);
        if (v == null) {
            return otherwise;
        }
        try {
            int port = Integer.parseInt(v.trim());
            if (port >= 0 && port <= 65535) {
                return port;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw usage(option + " " + v + ": expected a port number from 0 (any free port) to 65535");
    }

    /** A positive whole number option. */
    public int positive(String option, int otherwise) {
        String v = values.get(option);
        if (v == null) {
            return otherwise;
        }
        try {
            int n = Integer.parseInt(v.trim());
            if (n > 0) {
                return n;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw usage(option + " " + v + ": expected a whole number of at least 1");
    }

    /**
     * A size option as a byte count: a number of bytes, or with a {@code k}, {@code m}, {@code g} or {@code t} suffix
     * (powers of 1024, case-insensitive), or a percentage of {@code of} bytes ({@code 90%}).
     */
    public long bytes(String option, String value, long of) {
        String v = value.trim().toLowerCase(Locale.ROOT);
        try {
            if (v.endsWith("%")) {
                double p = Double.parseDouble(v.substring(0, v.length() - 1));
                if (p > 0 && p <= 100) {
                    return (long) (of * p / 100);
                }
            } else {
                int shift = switch (v.isEmpty() ? ' ' : v.charAt(v.length() - 1)) {
                    case 'k' -> 10;
                    case 'm' -> 20;
                    case 'g' -> 30;
                    case 't' -> 40;
                    default -> 0;
                };
                long n = Long.parseLong(shift == 0 ? v : v.substring(0, v.length() - 1).trim());
                if (n > 0 && n <= (Long.MAX_VALUE >> shift)) {
                    return n << shift;
                }
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw usage(option + " " + value + ": expected a size (e.g. 4g, 512m, 1073741824) or a percentage (e.g. 50%)");
    }

    /** A list option split on {@code separator}, blanks dropped. */
    public List<String> list(String option, String separator) {
        List<String> out = new ArrayList<>();
        String v = values.get(option);
        if (v != null) {
            for (String part : v.split(java.util.regex.Pattern.quote(separator))) {
                if (!part.isBlank()) {
                    out.add(part.trim());
                }
            }
        }
        return out;
    }

    private static MarsException usage(String message) {
        return new MarsException(ErrorCode.INVALID_ARGUMENT, message);
    }
}
