package io.mars.am.yarn;

import java.io.IOException;
import java.io.InputStream;
import java.net.JarURLConnection;
import java.net.URL;
import java.net.URLClassLoader;
import java.net.URISyntaxException;
import java.net.URLConnection;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.CodeSigner;
import java.security.CodeSource;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.jar.Manifest;

/**
 * The class loader of a job's jars (its app jar and {@code --jars}), parent-first like any {@link URLClassLoader}, that
 * rewrites the job's own calls to {@code System.exit}, {@code Runtime.exit} and {@code Runtime.halt} as its classes
 * load ({@link ExitCalls}): while {@link #trapExits(boolean) trapping}, such a call records its status here and throws
 * {@link JobExitTrap.JobExit} instead of ending the JVM (the submitter, or the ApplicationMaster) under the job. Classes
 * of the parent (Mars, Hadoop, the JDK) are not touched.
 */
public final class JobClassLoader extends URLClassLoader {
    static {
        ClassLoader.registerAsParallelCapable();
    }

    private final AtomicReference<Integer> exitStatus = new AtomicReference<>();
    /** The job's jars, each opened at its first class and closed by {@link #close}. */
    private final Map<URL, JarFile> jars = new HashMap<>();
    private boolean closed;
    private volatile boolean trapping;

    public JobClassLoader(URL[] urls, ClassLoader parent) {
        super("mars-job", urls, parent);
    }

    /** Whether the job's exit calls are caught (while its main runs) or end the JVM as written (before and after). */
    void trapExits(boolean on) {
        trapping = on;
    }

    /** The status of the first exit the job called while trapped, or null. */
    Integer exitStatus() {
        return exitStatus.get();
    }

    /** What a rewritten exit call does: records and throws while trapping, else exits (or halts) as written. */
    void exitCalled(int status, boolean halt) {
        if (!trapping) {
            JobExits.asWritten(status, halt);
        }
        exitStatus.compareAndSet(null, status);
        throw new JobExitTrap.JobExit(status);
    }

    @Override
    protected Class<?> findClass(String name) throws ClassNotFoundException {
        String path = name.replace('.', '/') + ".class";
        for (URL root : getURLs()) {
            Found found;
            try {
                found = find(root, path);
            } catch (IOException e) {
                throw new ClassNotFoundException(name + ": cannot read it from " + root, e);
            }
            if (found != null) {
                definePackageOf(name, found.manifest(), root);
                byte[] rewritten = ExitCalls.rewrite(found.bytes());
                return defineClass(name, rewritten, 0, rewritten.length, new CodeSource(root, (CodeSigner[]) null));
            }
        }
        throw new ClassNotFoundException(name);
    }

    /** A class file's bytes and the manifest of the jar holding it (null for a directory). */
    private record Found(byte[] bytes, Manifest manifest) {
    }

    /**
     * The class file at {@code path} under {@code root}, a jar (opened once, kept open until {@link #close}, as
     * URLClassLoader keeps its own) or a directory; null when it is not there.
     */
    private Found find(URL root, String path) throws IOException {
        if (!"file".equals(root.getProtocol())) {
            return findByConnection(root, path);
        }
        Path file;
        try {
            file = Path.of(root.toURI());
        } catch (URISyntaxException | IllegalArgumentException e) {
            return findByConnection(root, path);
        }
        if (Files.isDirectory(file)) {
            Path classFile = file.resolve(path);
            return Files.isRegularFile(classFile) ? new Found(Files.readAllBytes(classFile), null) : null;
        }
        JarFile jar = openJar(root, file);
        JarEntry entry = jar.getJarEntry(path);
        if (entry == null) {
            return null;
        }
        try (InputStream in = jar.getInputStream(entry)) {
            return new Found(in.readAllBytes(), jar.getManifest());
        }
    }

    private JarFile openJar(URL root, Path file) throws IOException {
        synchronized (jars) {
            if (closed) {
                throw new IOException("the job's class loader is closed");
            }
            JarFile jar = jars.get(root);
            if (jar == null) {
                jar = new JarFile(file.toFile());
                jars.put(root, jar);
            }
            return jar;
        }
    }

    /** A root that is not a local file: read through a connection that is not cached (and so not left open). */
    private static Found findByConnection(URL root, String path) throws IOException {
        URL url = new URL(root, path);
        URLConnection connection = url.openConnection();
        connection.setUseCaches(false);
        Manifest manifest = connection instanceof JarURLConnection jar ? jar.getManifest() : null;
        try (InputStream in = connection.getInputStream()) {
            return new Found(in.readAllBytes(), manifest);
        } catch (java.io.FileNotFoundException missing) {
            return null;
        }
    }

    /** Closes the jars this loader opened, then what URLClassLoader holds. */
    @Override
    public void close() throws IOException {
        IOException failed = null;
        synchronized (jars) {
            closed = true;
            for (JarFile jar : jars.values()) {
                try {
                    jar.close();
                } catch (IOException e) {
                    failed = failed == null ? e : failed;
                }
            }
            jars.clear();
        }
        super.close();
        if (failed != null) {
            throw failed;
        }
    }

    private void definePackageOf(String className, Manifest manifest, URL codeBase) {
        int dot = className.lastIndexOf('.');
        if (dot < 0) {
            return;
        }
        String pkg = className.substring(0, dot);
        if (getDefinedPackage(pkg) != null) {
            return;
        }
        try {
            if (manifest != null) {
                definePackage(pkg, manifest, codeBase);
            } else {
                definePackage(pkg, null, null, null, null, null, null, null);
            }
        } catch (IllegalArgumentException definedMeanwhile) {
            // another thread defined it first: the same package
        }
    }
}
