package io.mars.it.yarn;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * The class path of the AMs the YARN tests launch on this machine: the mini cluster's configuration, the unshaded
 * web-proxy jar (which the pom keeps off the test JVM's own class path), then the test class path. The web-proxy jar
 * goes first so that its AmIpFilter wins over the shaded minicluster's relocated copy; the minicluster jar stays for
 * what the mini cluster's configuration names (e.g. its StaticMapping topology class).
 */
final class AmClasspath {
    private AmClasspath() {}

    static String of(Path confDir) {
        String webProxy = System.getProperty("mars.it.web-proxy-jar");
        if (webProxy == null || !Files.isRegularFile(Path.of(webProxy))) {
            throw new IllegalStateException("system property mars.it.web-proxy-jar names no jar: '" + webProxy
                    + "'; run the test through Maven (integration-tests/pom.xml sets it)");
        }
        List<String> entries = new java.util.ArrayList<>();
        entries.add(confDir.toString());
        entries.add(webProxy);
        entries.add(System.getProperty("surefire.test.class.path"));
        return String.join(File.pathSeparator, entries);
    }
}
