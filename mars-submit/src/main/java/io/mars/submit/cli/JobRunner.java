package io.mars.submit.cli;

import io.mars.am.yarn.JobClassLoader;
import io.mars.am.yarn.JobExitTrap;
import io.mars.common.error.ErrorCode;
import io.mars.common.error.MarsException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * A job's main class loaded from its jars in a class loader of its own ({@link JobClassLoader}; parent: mars-submit's
 * loader, so the job shares mars-submit's Mars classes and session providers), ready to run once. Closing it releases
 * the jars.
 */
final class JobRunner implements AutoCloseable {
    /**
     * System properties and the JVM are shared: two jobs run in one JVM (a library caller such as an Oozie action)
     * take turns rather than see each other's settings.
     */
    private static final Object SYSTEM_PROPERTIES_LOCK = new Object();

    private final SubmitRequest request;
    private final URLClassLoader loader;
    private final Method main;

    private JobRunner(SubmitRequest request, URLClassLoader loader, Method main) {
        this.request = request;
        this.loader = loader;
        this.main = main;
    }

    /**
     * Loads the job's main class (without initializing it) and finds its {@code main} method; a missing class or
     * method is a user {@link MarsException} naming {@code --class}.
     */
    static JobRunner load(SubmitRequest request, ClassLoader parent) {
        Objects.requireNonNull(request, "request");
        URLClassLoader loader = new JobClassLoader(urls(request), parent);
        try {
            return new JobRunner(request, loader, findMain(request, loader));
        } catch (RuntimeException | Error e) {
            closeQuietly(loader, e);
            throw e;
        }
    }

    /**
     * Runs the job's {@code main} with the request's system properties and this loader as the thread's context class
     * loader, then puts both back as they were. A throw from the job comes back as a
     * {@link ErrorCode#USER_CODE_FAILED} exception whose cause is what the job threw. A {@code System.exit(n)} by the
     * job (in any of its threads) does not end the JVM ({@link JobExitTrap}): {@code n = 0} is a
     * normal return, any other {@code n} a USER_CODE_FAILED naming it ("the job called System.exit(3)").
     */
    void run() {
        run(Map.of());
    }

    /** {@link #run()} with {@code overrides} replacing request properties (client mode: the master's address). */
    void run(Map<String, String> overrides) {
        String[] args = request.appArgs().toArray(new String[0]);
        Map<String, String> properties = new java.util.HashMap<>(request.properties());
        properties.putAll(overrides);
        synchronized (SYSTEM_PROPERTIES_LOCK) {
            Thread thread = Thread.currentThread();
            ClassLoader previousLoader = thread.getContextClassLoader();
            Map<String, String> previousProperties = setSystemProperties(properties);
            thread.setContextClassLoader(loader);
            Optional<JobExitTrap> trap = JobExitTrap.install(loader);
            Throwable thrown = null;
            try {
                main.invoke(null, (Object) args);
            } catch (InvocationTargetException e) {
                thrown = e.getCause() == null ? e : e.getCause();
            } catch (IllegalAccessException e) {
                throw new MarsException(ErrorCode.INTERNAL_ERROR, "main method became inaccessible: " + main, e);
            } catch (RuntimeException | Error e) {
                thrown = e; // static initializers run here: ExceptionInInitializerError is the job's failure too
            } finally {
                trap.ifPresent(JobExitTrap::close);
                thread.setContextClassLoader(previousLoader);
                restoreSystemProperties(previousProperties);
            }
            Throwable failure = JobExitTrap.outcome(trap, thrown);
            if (failure != null) {
                throw failed(failure);
            }
        }
    }

    @Override
    public void close() {
        try {
            loader.close();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot close the job's class loader", e);
        }
    }

    private MarsException failed(Throwable cause) {
        return new MarsException(ErrorCode.USER_CODE_FAILED, "job " + request.mainClass() + " failed", cause);
    }

    private static URL[] urls(SubmitRequest request) {
        List<Path> paths = new ArrayList<>();
        paths.add(request.appJar());
        paths.addAll(request.jars());
        URL[] urls = new URL[paths.size()];
        for (int i = 0; i < urls.length; i++) {
            try {
                urls[i] = paths.get(i).toUri().toURL();
            } catch (MalformedURLException e) {
                throw new MarsException(ErrorCode.INVALID_ARGUMENT, "cannot use " + paths.get(i) + " as a jar: "
                        + e.getMessage());
            }
        }
        return urls;
    }

    private static Method findMain(SubmitRequest request, ClassLoader loader) {
        String name = request.mainClass();
        Class<?> mainClass;
        try {
            mainClass = Class.forName(name, false, loader);
        } catch (ClassNotFoundException e) {
            throw usage("--class " + name + ": class not found in " + request.appJar().getFileName()
                    + (request.jars().isEmpty() ? "" : " or --jars") + "; check the name (package included)");
        } catch (LinkageError e) {
            throw usage("--class " + name + ": cannot load it: " + e
                    + "; are its dependencies in the app jar or --jars?");
        }
        Method main;
        try {
            main = mainClass.getMethod("main", String[].class);
        } catch (NoSuchMethodException e) {
            throw noMain(name);
        } catch (LinkageError e) {
            throw usage("--class " + name + ": cannot load it: " + e
                    + "; are its dependencies in the app jar or --jars?");
        }
        if (!Modifier.isStatic(main.getModifiers()) || main.getReturnType() != void.class) {
            throw noMain(name);
        }
        if (!main.trySetAccessible()) {
            throw usage("--class " + name + ": its main method is not accessible; make the class public");
        }
        return main;
    }

    private static MarsException noMain(String name) {
        return usage("--class " + name + ": has no public static void main(String[]) method");
    }

    private static Map<String, String> setSystemProperties(Map<String, String> properties) {
        Map<String, String> previous = new HashMap<>();
        for (Map.Entry<String, String> e : properties.entrySet()) {
            previous.put(e.getKey(), System.getProperty(e.getKey()));
            System.setProperty(e.getKey(), e.getValue());
        }
        return previous;
    }

    private static void restoreSystemProperties(Map<String, String> previous) {
        for (Map.Entry<String, String> e : previous.entrySet()) {
            if (e.getValue() == null) {
                System.clearProperty(e.getKey());
            } else {
                System.setProperty(e.getKey(), e.getValue());
            }
        }
    }

    private static void closeQuietly(URLClassLoader loader, Throwable failure) {
        try {
            loader.close();
        } catch (IOException e) {
            failure.addSuppressed(e);
        }
    }

    private static MarsException usage(String message) {
        return new MarsException(ErrorCode.INVALID_ARGUMENT, message);
    }
}
