package io.mars.am.yarn;

import java.io.IOException;
import java.io.InputStream;
import java.net.JarURLConnection;
import java.net.URL;
import java.net.URLClassLoader;
import java.net.URLConnection;
import java.security.CodeSigner;
import java.security.CodeSource;
import java.util.concurrent.atomic.AtomicReference;
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
        URL url = findResource(path);
        if (url == null) {
            throw new ClassNotFoundException(name);
        }
        byte[] bytes;
        Manifest manifest = null;
        URL codeBase;
        try {
            URLConnection connection = url.openConnection();
            connection.setUseCaches(false); // a cached JarFile would stay open after close()
            if (connection instanceof JarURLConnection jar) {
                codeBase = jar.getJarFileURL();
                manifest = jar.getManifest();
            } else {
                String s = url.toString();
                codeBase = new URL(s.substring(0, s.length() - path.length()));
            }
            try (InputStream in = connection.getInputStream()) {
                bytes = in.readAllBytes();
            }
        } catch (IOException e) {
            throw new ClassNotFoundException(name + ": cannot read " + url, e);
        }
        definePackageOf(name, manifest, codeBase);
        byte[] rewritten = ExitCalls.rewrite(bytes);
        return defineClass(name, rewritten, 0, rewritten.length, new CodeSource(codeBase, (CodeSigner[]) null));
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
