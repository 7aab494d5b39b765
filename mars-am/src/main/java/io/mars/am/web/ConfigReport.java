package io.mars.am.web;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.lang.management.ManagementFactory;
import java.lang.management.RuntimeMXBean;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * The {@code api/config} document: a process's effective {@code mars.*} settings (secrets shown as {@code ***}) and
 * its JVM's version, input arguments and heap limit, for a user asking "what did this run with?".
 */
public final class ConfigReport {
    static final String HIDDEN = "***";
    private static final JsonNodeFactory JSON = JsonNodeFactory.instance;

    private ConfigReport() {
    }

    static ObjectNode document(Map<String, String> settings) {
        ObjectNode out = recorded(settings);
        out.remove("jvm");
        RuntimeMXBean runtime = ManagementFactory.getRuntimeMXBean();
        ObjectNode jvm = out.putObject("jvm");
        jvm.put("known", true);
        jvm.put("version", Runtime.version().toString());
        jvm.put("maxHeapBytes", Runtime.getRuntime().maxMemory());
        jvm.put("availableProcessors", Runtime.getRuntime().availableProcessors());
        ArrayNode arguments = jvm.putArray("inputArguments");
        runtime.getInputArguments().forEach(a -> arguments.add(hideSecretOption(a)));
        return out;
    }

    /**
     * The document for an application known from its event log: its recorded settings, and no JVM figures (the log
     * does not keep them; this process's would be the history server's).
     */
    public static ObjectNode recorded(Map<String, String> settings) {
        ObjectNode out = JSON.objectNode();
        ObjectNode marsSettings = out.putObject("settings");
        new TreeMap<>(settings).forEach((key, value) -> {
            if (key.startsWith("mars.")) {
                marsSettings.put(key, secret(key) ? HIDDEN : value);
            }
        });
        ObjectNode jvm = out.putObject("jvm");
        jvm.put("known", false);
        jvm.putArray("inputArguments");
        return out;
    }

    /** Passwords, secrets, tokens and keytab contents never leave the process through the UI. */
    static boolean secret(String key) {
        String k = key.toLowerCase(Locale.ROOT);
        return k.contains("password") || k.contains("secret") || k.contains("token") || k.contains("credential");
    }

    private static String hideSecretOption(String argument) {
        int eq = argument.indexOf('=');
        return argument.startsWith("-D") && eq > 0 && secret(argument.substring(0, eq))
                ? argument.substring(0, eq + 1) + HIDDEN : argument;
    }
}
